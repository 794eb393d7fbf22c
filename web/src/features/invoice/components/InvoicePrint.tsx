// Print preview of an invoice: title, contact, invoice number and type, the
// lines with their source documents, totals; printed through the browser
// (only the sheet prints).
import { useTranslation } from 'react-i18next'
import { Button, Modal } from 'antd'
import { PrinterOutlined } from '@ant-design/icons'
import { format } from '@/utils/decimal'
import { useScreenParams } from '@/features/sysconf/api'
import type { InvoiceKind } from '../kinds'
import { taxAmountOf, totalsOf } from '../lib/invoice'
import type { InvoiceState } from '../types'

const SHEET = 'invoice-print-sheet'
const CSS = `@media print { body * { visibility: hidden !important; }
  #${SHEET}, #${SHEET} * { visibility: visible !important; } #${SHEET} { position: absolute; left: 0; top: 0; width: 100%; } }
#${SHEET} table { border-collapse: collapse; width: 100%; }
#${SHEET} th, #${SHEET} td { border: 1px solid currentColor; padding: 2px 6px; font-size: 12px; }
#${SHEET} td.num { text-align: right; }`

export function InvoicePrint(props: { kind: InvoiceKind; state: InvoiceState; contactName: string; money: boolean; onClose: () => void }) {
  const { kind, state, contactName, money, onClose } = props
  const { t } = useTranslation('invoice')
  const sys = useScreenParams().data
  const A = Number(sys?.amountPlaces ?? 2)
  const Q = Number(sys?.qtyPlaces ?? 2)
  const h = state.header
  const sum = totalsOf(state.lines)
  const figures = (v: { amount: string; tax: string; taxAmount: string }) =>
    money
      ? [v.amount, v.tax, v.taxAmount].map((x, i) => (
          <td key={i} className="num">
            {format(x, A)}
          </td>
        ))
      : null
  return (
    <Modal
      open
      width={860}
      title={t('document:print.preview')}
      onCancel={onClose}
      footer={
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="doc-print-go">
          {t('document:print.print')}
        </Button>
      }
    >
      <style>{CSS}</style>
      <div id={SHEET} data-testid="invoice-print-sheet">
        <h3 style={{ textAlign: 'center' }}>
          {String(sys?.companyName ?? '')} {t(`kind.${kind.name}`)}
        </h3>
        <p>
          {t(`document:contact.${kind.contact}`)}: {contactName} &nbsp; {t('document:field.date')}: {h.date} &nbsp;
          {t('document:field.billNo')}: {h.billNo} &nbsp; {t('field.invoiceNo')}: {h.invoiceNo} &nbsp; {t(`type.${h.invoiceType}`)}
          {h.invoiceTitle ? ` · ${t('field.invoiceTitle')}: ${h.invoiceTitle}` : ''}
        </p>
        <table>
          <thead>
            <tr>
              {['srcBill', 'goods', 'qty', ...(money ? ['amount', 'tax', 'taxAmount'] : []), 'description'].map((c) => (
                <th key={c}>{t(`field.${c}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {state.lines.map((l) => (
              <tr key={l.key}>
                <td>{l.srcBillNo}</td>
                <td>
                  {l.invNumber} {l.invName}
                </td>
                <td className="num">{format(l.qty, Q)}</td>
                {figures({ ...l, taxAmount: taxAmountOf(l) })}
                <td>{l.description}</td>
              </tr>
            ))}
            <tr>
              <td colSpan={2}>{t('field.total')}</td>
              <td className="num">{format(sum.qty, Q)}</td>
              {figures(sum)}
              <td />
            </tr>
          </tbody>
        </table>
        <p>
          {t('document:field.maker')}: {h.userName ?? ''} &nbsp; {t('document:field.checker')}: {h.checkName ?? ''} &nbsp; {h.description}
        </p>
      </div>
    </Modal>
  )
}
