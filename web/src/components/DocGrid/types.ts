// The document line grid's shapes (docs/api.md §4 "Document JSON", entries).
// Figures travel as strings (decimal.js on the client, exact on the wire).

/** One document line as the grid edits it. */
export interface DocLine {
  /** client-only stable key (React key, error mapping survives deletes) */
  key: string
  id?: number
  invId: number
  invNumber: string
  invName: string
  invSpec: string
  skuId: number
  skuName: string
  unitId: number
  unitName: string
  locationId: number
  locationName: string
  qty: string
  price: string
  /** where the price came from: 'level' | 'last' | 'goods' | 'manual' | '' */
  priceSource?: string
  discountRate: string
  deduction: string
  amount: string
  taxRate: string
  tax: string
  taxAmount: string
  batch: string
  prodDate: string
  validDate: string
  serNumList: { serNum: string }[]
  srcOrderId?: number
  srcOrderEntryId?: number
  srcOrderNo?: string
  unitCost?: string
  cost?: string
  description: string
  /** stock transfers: the warehouse the goods go into (locationId is the one they leave); 0/absent: the header's */
  inLocationId?: number
  inLocationName?: string
  /** assembly and disassembly: 1 the product (组合件), 2 a part (子件) */
  entryType?: number
}

/** The system settings and rights the grid follows (the entry page passes them). */
export interface GridSettings {
  /** taxRequiredCheck: lines carry a tax rate */
  taxOn: boolean
  /** invPriceIsTax: entered prices include tax */
  priceIsTax: boolean
  /** taxRequiredInput: a new line's tax rate */
  defaultTaxRate: string
  qtyPlaces: number
  pricePlaces: number
  amountPlaces: number
  /** columns by system settings */
  multiUnit: boolean
  skus: boolean
  serials: boolean
  batches: boolean
  /** a warehouse per line (off: the header warehouse) */
  lineWarehouse: boolean
  /** the user may see prices and amounts of this kind (its money right) */
  money: boolean
  /** the kind shows costs (outbound lines) and the user holds money:cost:view */
  cost: boolean
  /** value-only lines (cost adjustment): the amount is typed, signed, without quantity or price */
  valueOnly?: boolean
}

/** The line fields a column shows. */
export type ColumnKey =
  | 'goods'
  | 'spec'
  | 'unit'
  | 'sku'
  | 'location'
  | 'inLocation'
  | 'entryType'
  | 'qty'
  | 'price'
  | 'discountRate'
  | 'deduction'
  | 'amount'
  | 'taxRate'
  | 'tax'
  | 'taxAmount'
  | 'unitCost'
  | 'cost'
  | 'batch'
  | 'prodDate'
  | 'validDate'
  | 'serials'
  | 'description'

export type EditorKind = 'goods' | 'choice' | 'decimal' | 'text' | 'date' | 'serials' | 'none'

export interface GridColumn {
  key: ColumnKey
  /** i18n key in the docGrid namespace */
  title: string
  width: number
  align?: 'left' | 'right' | 'center'
  editor: EditorKind
  /** summed in the totals row */
  total?: boolean
  /** places to format with: qty, price or amount places */
  places?: 'qty' | 'price' | 'amount' | 'rate'
}
