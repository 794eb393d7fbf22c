// Which columns the grid shows: system settings (tax, multi-unit, SKUs,
// serials, batches, a warehouse per line) and rights (money: prices and
// amounts; cost: unit cost and cost, only with money:cost:view on kinds
// that show costs).
import type { ColumnKey, GridColumn, GridSettings } from '../types'

const ALL: GridColumn[] = [
  { key: 'goods', title: 'col.goods', width: 220, editor: 'goods' },
  { key: 'spec', title: 'col.spec', width: 100, editor: 'none' },
  { key: 'unit', title: 'col.unit', width: 80, editor: 'choice' },
  { key: 'sku', title: 'col.sku', width: 120, editor: 'choice' },
  { key: 'entryType', title: 'col.entryType', width: 90, editor: 'choice' },
  { key: 'location', title: 'col.location', width: 110, editor: 'choice' },
  { key: 'inLocation', title: 'col.inLocation', width: 110, editor: 'choice' },
  { key: 'batch', title: 'col.batch', width: 100, editor: 'text' },
  { key: 'prodDate', title: 'col.prodDate', width: 110, editor: 'date' },
  { key: 'validDate', title: 'col.validDate', width: 110, editor: 'date' },
  { key: 'serials', title: 'col.serials', width: 90, editor: 'serials', align: 'center' },
  { key: 'qty', title: 'col.qty', width: 90, editor: 'decimal', align: 'right', total: true, places: 'qty' },
  { key: 'price', title: 'col.price', width: 100, editor: 'decimal', align: 'right', places: 'price' },
  { key: 'discountRate', title: 'col.discountRate', width: 80, editor: 'decimal', align: 'right', places: 'rate' },
  { key: 'deduction', title: 'col.deduction', width: 90, editor: 'decimal', align: 'right', total: true, places: 'amount' },
  { key: 'amount', title: 'col.amount', width: 110, editor: 'decimal', align: 'right', total: true, places: 'amount' },
  { key: 'taxRate', title: 'col.taxRate', width: 70, editor: 'decimal', align: 'right', places: 'rate' },
  { key: 'tax', title: 'col.tax', width: 90, editor: 'none', align: 'right', total: true, places: 'amount' },
  { key: 'taxAmount', title: 'col.taxAmount', width: 110, editor: 'decimal', align: 'right', total: true, places: 'amount' },
  { key: 'unitCost', title: 'col.unitCost', width: 100, editor: 'none', align: 'right', places: 'price' },
  { key: 'cost', title: 'col.cost', width: 110, editor: 'none', align: 'right', total: true, places: 'amount' },
  { key: 'description', title: 'col.description', width: 160, editor: 'text' },
]

const MONEY: ColumnKey[] = ['price', 'discountRate', 'deduction', 'amount', 'taxRate', 'tax', 'taxAmount']
const TAX: ColumnKey[] = ['taxRate', 'tax', 'taxAmount']

/** Columns only the kinds that ask for them show (transfers, combinations). */
export const OPT_IN: ColumnKey[] = ['inLocation', 'entryType']

/**
 * The grid's columns for the settings and rights. show: opt-in columns
 * (OPT_IN) the kind uses; titles: column titles of the kind (i18n keys).
 */
export function gridColumns(
  s: GridSettings,
  opts: { hide?: ColumnKey[]; show?: ColumnKey[]; titles?: Partial<Record<ColumnKey, string>>; readOnly?: boolean } = {},
): GridColumn[] {
  const hidden = new Set<ColumnKey>(opts.hide ?? [])
  OPT_IN.forEach((k) => !opts.show?.includes(k) && hidden.add(k))
  if (s.valueOnly)
    (
      ['unit', 'serials', 'batch', 'prodDate', 'validDate', 'qty', 'price', 'discountRate', 'deduction', 'unitCost', 'cost'] as ColumnKey[]
    ).forEach((k) => hidden.add(k))
  if (!s.multiUnit) hidden.add('unit')
  if (!s.skus) hidden.add('sku')
  if (!s.lineWarehouse) hidden.add('location')
  if (!s.batches) ['batch', 'prodDate', 'validDate'].forEach((k) => hidden.add(k as ColumnKey))
  if (!s.serials) hidden.add('serials')
  if (!s.taxOn) TAX.forEach((k) => hidden.add(k))
  if (!s.money) MONEY.forEach((k) => hidden.add(k))
  if (!s.money || !s.cost) {
    hidden.add('unitCost')
    hidden.add('cost')
  }
  return ALL.filter((c) => !hidden.has(c.key))
    .map((c) => (opts.titles?.[c.key] ? { ...c, title: opts.titles[c.key] as string } : c))
    .map((c) => (opts.readOnly ? { ...c, editor: c.editor === 'serials' ? c.editor : 'none' } : c))
}

/** The columns the cursor visits (editable ones); a read-only grid visits every column. */
export function cursorColumns(cols: GridColumn[], readOnly = false): GridColumn[] {
  return readOnly ? cols : cols.filter((c) => c.editor !== 'none')
}
