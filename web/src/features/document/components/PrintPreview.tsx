// Print preview: the document as printed (company header from the system
// parameters, contact, lines, totals, amount in Chinese capitals, maker,
// auditor, signatures), printed through the browser (only the sheet prints).
// The shop's print template of the kind (settings/printTemplate) picks the
// title, header lines, columns, paper, lines per page, capitals and signatures.
import { useTranslation } from 'react-i18next'
import { Button, Modal, Space } from 'antd'
import { PrinterOutlined } from '@ant-design/icons'
import { useSystemParams } from '@/features/sysconf/api'
import { format } from '@/utils/decimal'
import type { GridSettings } from '@/components/DocGrid'
import type { HeaderFigures } from '@/components/DocGrid/lib/arithmetic'
import type { DocKind } from '../kinds'
import type { DocState } from '../types'
import { chineseCapitals } from '../lib/capitals'
import { breakAfter, paperCss, paperWidth, prints, usePrintTemplate } from '@/features/printTemplate/api'

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
  onClose: () => void
}

export function PrintPreview({ kind, state, figures, settings: s, contactName, onClose }: PrintPreviewProps) {
  const { t } = useTranslation('document')
  const sys = useSystemParams().data
  const h = state.header
  const lines = state.lines.filter((l) => l.invId)
  // warehouse documents print prices only where the price is the cost in (other stock-in)
  const money = s.money && (kind.family === 'trade' || kind.lines === 'priced' || kind.lines === 'value')
  const trade = kind.family === 'trade'
  const A = s.amountPlaces
  const tpl = usePrintTemplate(kind.name)
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
        <table>
          <thead>
            <tr>
              <th>{t('print.no')}</th>
              <th>{t('print.goods')}</th>
              {prints(tpl, 'spec') && <th>{t('print.spec')}</th>}
              {prints(tpl, 'unit') && <th>{t('print.unit')}</th>}
              {!trade && <th>{t('field.location')}</th>}
              <th>{t('print.qty')}</th>
              {money && prints(tpl, 'price') && <th>{t('print.price')}</th>}
              {money && prints(tpl, 'amount') && <th>{t('print.amount')}</th>}
              {prints(tpl, 'description') && <th>{t('field.description')}</th>}
            </tr>
          </thead>
          <tbody>
            {lines.map((l, i) => (
              <tr key={l.key} style={breakAfter(tpl, i, lines.length)}>
                <td className="num">{i + 1}</td>
                <td>
                  {l.invNumber} {l.invName}
                  {l.skuName ? ` (${l.skuName})` : ''}
                </td>
                {prints(tpl, 'spec') && <td>{l.invSpec}</td>}
                {prints(tpl, 'unit') && <td>{l.unitName}</td>}
                {!trade && (
                  <td>
                    {l.locationName}
                    {l.inLocationName ? ` → ${l.inLocationName}` : ''}
                  </td>
                )}
                <td className="num">{l.qty}</td>
                {money && prints(tpl, 'price') && <td className="num">{format(l.price, s.pricePlaces)}</td>}
                {money && prints(tpl, 'amount') && <td className="num">{format(s.taxOn ? l.taxAmount : l.amount, A)}</td>}
                {prints(tpl, 'description') && <td>{l.description}</td>}
              </tr>
            ))}
            <tr>
              <td colSpan={2 + (prints(tpl, 'spec') ? 1 : 0) + (prints(tpl, 'unit') ? 1 : 0) + (trade ? 0 : 1)}>{t('print.total')}</td>
              <td className="num">{figures.totalQty}</td>
              {money && prints(tpl, 'price') && <td />}
              {money && prints(tpl, 'amount') && <td className="num">{format(figures.totalAmount, A)}</td>}
              {prints(tpl, 'description') && <td />}
            </tr>
          </tbody>
        </table>
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
      </div>
    </Modal>
  )
}
