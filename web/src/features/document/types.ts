// Document shapes on the wire (api.md §4, internal/bill/doc.go).
import type { DocLine } from '@/components/DocGrid'

export type Dec = string | number

export interface DocEntry {
  id?: number
  invId: number
  invNumber: string
  invName: string
  invSpec: string
  skuId: number
  skuName: string
  unitId: number
  unitName: string
  qty: Dec
  price: Dec
  discountRate: Dec
  deduction: Dec
  amount: Dec
  taxRate: Dec
  tax: Dec
  taxAmount: Dec
  locationId: number
  locationName: string
  batch: string
  prodDate: string
  validDate: string
  serNumList?: { serNum: string }[] | null
  srcEntryId?: number
  srcOrderId?: number
  srcOrderEntryId?: number
  srcOrderNo?: string
  unitCost?: Dec
  cost?: Dec
  description: string
  /** transfers */
  outLocationId?: number
  inLocationId?: number
  inLocationName?: string
  /** assembly and disassembly: 1 product, 2 part */
  entryType?: number
}

export interface DocAccount {
  id?: number
  accId: number
  accName?: string
  payment: Dec
  wayId: number
  wayName?: string
  settlement: string
  remark: string
}

export interface Document {
  id: number
  billNo: string
  transType: number
  date: string
  buId: number
  contactName: string
  salesId: number
  salesName?: string
  locationId: number
  locationName?: string
  srcBillId?: number
  srcBillNo?: string
  description: string
  deliveryDate: string
  /** transfers: the first line's warehouses */
  outLocationId?: number
  inLocationId?: number
  /** assembly and disassembly */
  fee?: Dec
  billStatus: number
  totalQty: Dec
  totalAmount: Dec
  disRate: Dec
  disAmount: Dec
  amount: Dec
  totalTax: Dec
  totalTaxAmount: Dec
  rpAmount: Dec
  arrears: Dec
  hxStateCode: number
  checked: 0 | 1
  checkName: string
  userName: string
  createTime?: string
  modifyTime?: string
  version: number
  entries?: DocEntry[]
  accounts?: DocAccount[]
}

export interface PendingLine {
  srcOrderId: number
  srcOrderEntryId: number
  lineNo: number
  invId: number
  invNumber: string
  invName: string
  invSpec: string
  skuId: number
  skuName: string
  unitId: number
  unitName: string
  qty: Dec
  fulfilledQty: Dec
  remainingQty: Dec
  price: Dec
  discountRate: Dec
  taxRate: Dec
  locationId: number
  locationName?: string
  description?: string
}

export interface Pending {
  id: number
  billNo: string
  date: string
  deliveryDate: string
  buId: number
  contactName: string
  salesId: number
  locationId: number
  checked: number
  billStatus: number
  entries: PendingLine[]
}

/** The list's answer (api.md §2). */
export interface DocListResult {
  page: number
  records: number
  total: number
  rows: Document[]
  userdata?: Partial<
    Record<'totalQty' | 'totalAmount' | 'disAmount' | 'amount' | 'totalTax' | 'totalTaxAmount' | 'rpAmount' | 'arrears', Dec>
  >
}

export interface BatchResult {
  id: number
  ok: boolean
  msg?: string
}

/** The header as the entry page edits it. */
export interface DocHeader {
  id?: number
  version?: number
  billNo: string
  date: string
  buId?: number
  contactName?: string
  salesId?: number
  locationId?: number
  deliveryDate: string
  description: string
  disRate: string
  /** '' = from disRate */
  disAmount: string
  srcBillId?: number
  srcBillNo?: string
  srcOrderId?: number
  /** the sub-type (other stock-in/out, assembly/disassembly) */
  transType?: number
  /** transfers: the lines' default in warehouse (locationId: the out warehouse) */
  inLocationId?: number
  /** assembly and disassembly: the fee added to the cost */
  fee?: string
  checked: 0 | 1
  billStatus?: number
  userName?: string
  checkName?: string
}

/** A settlement line as the entry page edits it. */
export interface AccountLine {
  key: string
  accId?: number
  payment: string
  wayId?: number
  settlement: string
  remark: string
}

/** Everything the entry page edits (also what a draft keeps). */
export interface DocState {
  header: DocHeader
  lines: DocLine[]
  accounts: AccountLine[]
}

/** What add/update take (internal/bill/doc.go Input). */
export interface DocInput {
  id?: number
  version?: number
  billNo?: string
  date: string
  buId: number
  salesId: number
  locationId: number
  srcBillId?: number
  srcOrderId?: number
  description: string
  deliveryDate?: string
  transType?: number
  outLocationId?: number
  inLocationId?: number
  fee?: string
  disRate: string
  disAmount?: string
  entries: Record<string, unknown>[]
  accounts: { accId: number; payment: string; wayId: number; settlement: string; remark: string }[]
}
