// Print preview: the document as printed (company header from the system
// parameters, contact, lines, totals, amount in Chinese capitals, maker,
// auditor, signatures), printed through the browser (only the sheet prints).
// The shop's print template of the kind (settings/printTemplate) picks the
// title, header lines, columns (in the template's order: the number, goods,
// quantity and a warehouse document's warehouse always print, placed where
// the default order has them when the template leaves them out), paper,
// lines per page, capitals and signatures;
// the customer's signature the document holds prints in the signature block
// (template's customerSignature, on by default).
import { useTranslation } from 'react-i18next'
import { Button, Modal, Space } from 'antd'
import { PrinterOutlined } from '@ant-design/icons'
import { useScreenParams } from '@/features/sysconf/api'
import { format } from '@/utils/decimal'
import type { GridSettings } from '@/components/DocGrid'
import type { HeaderFigures } from '@/components/DocGrid/lib/arithmetic'
import type { DocKind } from '../kinds'
import type { DocState } from '../types'
import { chineseCapitals } from '../lib/capitals'
import { FundPrint } from './FundPrint'
import { AttachmentImage } from './Attachments'
import '../catalogue'
import type { Attachment } from '../lib/attachments'
import { breakAfter, paperCss, paperWidth, usePrintTemplate } from '@/features/printTemplate/api'
import { printOrder, totalCells } from '@/features/printTemplate/lib/columns'

const SHEET_ID = 'doc-print-sheet'
// Only the sheet prints: everything else is hidden while printing.
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #${SHEET_ID}, #${SHEET_ID} * { visibility: visible !important; }
  #${SHEET_ID} { position: absolute; left: 0; top: 0; width: 100%; }
}
#${SHEET_ID} table { border-collapse: collapse; width: 100%; }
#${SHEET_ID} th, #${SHEET_ID} td { border: 1px solid currentColor; padding: 2px 6px; font-size: 12px; }
#${SHEET_ID} .num { text-align: right; }`

export interface PrintPreviewProps {
  kind: DocKind
  state: DocState
  figures: HeaderFigures
  settings: GridSettings
  contactName?: string
  /** the customer's signature the document holds */
  signature?: Attachment
  onClose: () => void
}

export function PrintPreview({ kind, state, figures, settings: s, contactName, signature, onClose }: PrintPreviewProps) {
  const { t } = useTranslation('document')
  const sys = useScreenParams().data
  const h = state.header
  const lines = state.lines.filter((l) => l.invId)
  // warehouse documents print prices only where the price is the cost in (other stock-in)
  const money = s.money && (kind.family === 'trade' || kind.lines === 'priced' || kind.lines === 'value')
  const trade = kind.family === 'trade'
  const A = s.amountPlaces
  const tpl = usePrintTemplate(kind.name)
  const cols = printOrder(
    tpl.columns,
    trade ? ['no', 'goods', 'qty'] : ['no', 'goods', 'location', 'qty'],
    (c) => money || (c !== 'price' && c !== 'amount'),
  )
  const heads: Record<string, string> = {
    no: t('print.no'),
    goods: t('print.goods'),
    spec: t('print.spec'),
    unit: t('print.unit'),
    location: t('field.location'),
    qty: t('print.qty'),
    price: t('print.price'),
    amount: t('print.amount'),
    description: t('field.description'),
  }
  const numeric = (c: string) => c === 'no' || c === 'qty' || c === 'price' || c === 'amount'
  return (
    <Modal
      open
      width={paperWidth(tpl) + 48}
      title={t('print.preview')}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('print.close')}</Button>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="doc-print-go">
            {t('print.print')}
          </Button>
        </Space>
      }
    >
      <style>{PRINT_CSS + paperCss(tpl)}</style>
      <div id={SHEET_ID} data-testid="doc-print-sheet">
        <div style={{ textAlign: 'center' }}>
          {tpl.showCompany && (
            <div style={{ fontSize: 18, fontWeight: 600 }} data-testid="print-company">
              {sys?.companyName}
            </div>
          )}
          <div style={{ fontSize: 16, margin: '4px 0' }} data-testid="print-title">
            {tpl.title || t(`kind.${kind.name}`)}
          </div>
          <div style={{ fontSize: 12 }}>
            {[tpl.showAddress && sys?.companyAddress, tpl.showPhone && sys?.companyPhone && `${t('print.phone')}: ${sys.companyPhone}`]
              .filter(Boolean)
              .join('  ')}
          </div>
        </div>
        <div style={{ display: 'flex', justifyContent: 'space-between', margin: '8px 0', fontSize: 12 }}>
          {kind.contact && (
            <span>
              {t(`contact.${kind.contact}`)}: {contactName}
            </span>
          )}
          <span>
            {t('field.date')}: {h.date}
          </span>
          <span>
            {t('field.billNo')}: {h.billNo}
          </span>
        </div>
        {state.fund ? (
          <FundPrint kind={kind} state={state} places={A} />
        ) : (
          <table>
            <thead>
              <tr>
                {cols.map((c) => (
                  <th key={c} data-testid="print-col">
                    {heads[c]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {lines.map((l, i) => {
                const cell: Record<string, React.ReactNode> = {
                  no: i + 1,
                  goods: `${l.invNumber} ${l.invName}${l.skuName ? ` (${l.skuName})` : ''}`,
                  spec: l.invSpec,
                  unit: l.unitName,
                  location: `${l.locationName ?? ''}${l.inLocationName ? ` → ${l.inLocationName}` : ''}`,
                  qty: l.qty,
                  price: format(l.price, s.pricePlaces),
                  amount: format(s.taxOn ? l.taxAmount : l.amount, A),
                  description: l.description,
                }
                return (
                  <tr key={l.key} style={breakAfter(tpl, i, lines.length)}>
                    {cols.map((c) => (
                      <td key={c} className={numeric(c) ? 'num' : undefined}>
                        {cell[c]}
                      </td>
                    ))}
                  </tr>
                )
              })}
              <tr>
                {totalCells(cols, money ? ['qty', 'amount'] : ['qty']).map((x) => (
                  <td key={x.column} colSpan={x.span} className={x.label ? undefined : 'num'}>
                    {x.label
                      ? t('print.total')
                      : x.column === 'qty'
                        ? figures.totalQty
                        : x.column === 'amount'
                          ? format(figures.totalAmount, A)
                          : ''}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        )}
        {money && trade && (
          <div style={{ margin: '8px 0', fontSize: 12, display: 'flex', gap: 24, flexWrap: 'wrap' }}>
            <span>
              {t('field.disAmount')}: {format(figures.disAmount, A)}
            </span>
            <span>
              {t('field.amount')}: {format(figures.amount, A)}
            </span>
            {tpl.capitals && (
              <span data-testid="print-capitals">
                {t('print.capitals')}: {chineseCapitals(figures.amount)}
              </span>
            )}
            {!kind.order && (
              <span>
                {t('field.arrears')}: {format(figures.arrears, A)}
              </span>
            )}
          </div>
        )}
        <div style={{ fontSize: 12 }}>{h.description && `${t('field.description')}: ${h.description}`}</div>
        <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 24, fontSize: 12 }}>
          <span>
            {t('field.maker')}: {h.userName}
          </span>
          <span>
            {t('field.checker')}: {h.checkName}
          </span>
          {(tpl.signatures.length ? tpl.signatures : [t('print.handler'), t('print.receiver')]).map((sig, i) => (
            <span key={i} data-testid="print-signature">
              {sig}: ________
            </span>
          ))}
        </div>
        {signature && tpl.customerSignature !== false && (
          <div style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'flex-end', gap: 8, marginTop: 8, fontSize: 12 }}>
            <span>{t('docFiles:sign.customer')}:</span>
            <span data-testid="print-customer-signature">
              <AttachmentImage kind={kind} a={signature} style={{ height: 56 }} />
            </span>
          </div>
        )}
      </div>
    </Modal>
  )
}
