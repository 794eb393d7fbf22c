// Which words a kind's money fields take: a sale receives (收款), a purchase
// pays (付款), a sales return pays money back (退款) and a purchase return
// gets money back (收回退款). Keys with their namespace, for t().
import type { DocKind } from '../kinds'

export function moneyWords(kind: Pick<DocKind, 'contact' | 'returnOf'>): { rpAmount: string; accounts: string } {
  if (kind.returnOf)
    return kind.contact === 'customer'
      ? { rpAmount: 'entry:refund.rpAmount', accounts: 'entry:refund.accounts' }
      : { rpAmount: 'entry:refundIn.rpAmount', accounts: 'entry:refundIn.accounts' }
  return kind.contact === 'customer'
    ? { rpAmount: 'document:field.received', accounts: 'document:accounts.received' }
    : { rpAmount: 'document:field.paid', accounts: 'document:accounts.paid' }
}
