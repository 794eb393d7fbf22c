// The goods document lists' "invoice" (开票) action: the selected audited
// documents of one contact open a new invoice with all their lines left to
// invoice; otherwise a message says why not.
import { useTranslation } from 'react-i18next'
import { Button } from 'antd'
import { useNavigate } from 'react-router'
import { feedback } from '@/app/feedback'
import { useSession } from '@/stores/session'
import { can } from '@/stores/permission'
import type { DocKind } from '@/features/document/kinds'
import type { Document } from '@/features/document/types'
import { invoiceKindOf } from '../kinds'
import { fromQuery, invoiceSelection } from '../lib/invoice'
import '../catalogue'

export function InvoiceAction({ kind, rows }: { kind: DocKind; rows: Document[] }) {
  const { t } = useTranslation('invoice')
  const navigate = useNavigate()
  const user = useSession((s) => s.user)
  const ik = invoiceKindOf(kind.name)
  if (!ik || !can(`${ik.perm}:add`, user)) return null
  const go = () => {
    const sel = invoiceSelection(rows)
    if (!sel.ok) {
      feedback.message.warning(t(`select.${sel.reason}`, { billNo: sel.billNo, contact: t(`document:contact.${kind.contact}`) }))
      return
    }
    navigate(`/${ik.section}/${ik.entry}?${fromQuery(kind.name, sel.ids)}`)
  }
  return (
    <Button disabled={!rows.length} onClick={go} data-testid="doc-list-invoice">
      {t('action.invoice')}
    </Button>
  )
}
