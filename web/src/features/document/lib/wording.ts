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

/**
 * The words of a kind's settlement columns (what was paid on the document
 * and settled since, what is open, the state): money coming in (sales,
 * purchase returns) is 收 / received, money going out (purchases, sales
 * returns) is 付 / paid. The namespace and prefix of the keys, for t():
 * `${settleWords(k)}.settled`, `.open`, `.state`, `.0` … `.2`.
 */
export function settleWords(kind: Pick<DocKind, 'contact' | 'returnOf'>): string {
  const moneyIn = (kind.contact === 'customer') !== !!kind.returnOf
  return moneyIn ? 'document:settle.in' : 'document:settle.out'
}
