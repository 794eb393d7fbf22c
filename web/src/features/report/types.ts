// A report answer (GET /api/report/<name>): the list shape (docs/api.md §5) with
// the columns the caller may see (money columns without the right are absent
// from the spec, the rows and the totals row alike).
export type ColumnType = 'text' | 'date' | 'qty' | 'price' | 'amount' | 'percent' | 'int'

export interface ReportColumn {
  key: string
  label: string
  type: ColumnType
  sum?: boolean
  width?: number
}

export type ReportRow = Record<string, unknown> & {
  billId?: number
  transType?: number
  kind?: string
  invId?: number
  locationId?: number
  buId?: number
  salesId?: number
  rowType?: string
}

export interface ReportAnswer {
  page: number
  records: number
  total: number
  rows: ReportRow[]
  userdata: Record<string, unknown>
  columns: ReportColumn[]
  title: string
  drill?: string
  doc?: boolean
  filters: string[]
  beginDate: string
  endDate: string
}

/** Filters and paging as query parameters. */
export type ReportParams = Record<string, string | number | undefined>

export interface Dashboard {
  date: string
  today: Figures
  month: Figures
  stockValue?: number | string
  stockQty: number | string
  receivable?: number | string
  payable?: number | string
  lowStock: { invId: number; invName: string; locationName: string; qty: number | string; lowQty: number | string }[]
  topGoods?: Ranked[]
  topCustomers?: Ranked[]
  months?: { month: string; sales: number | string; profit?: number | string }[]
  locations: { id: number; name: string; qty: number | string; amount: number | string }[]
}

export interface Figures {
  sales?: number | string
  purchases?: number | string
  profit?: number | string
}

export interface Ranked {
  id: number
  name: string
  amount: number | string
}
