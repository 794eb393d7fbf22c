// Document shapes on the wire (docs/api.md §4, internal/bill/doc.go).
import type { CustomBody, CustomValues } from '@/features/customField/types'
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
  /** goods documents: invoiced (with tax) by audited invoices (absent without the money right) */
  invoicedAmount?: Dec
  description: string
  /** transfers */
  outLocationId?: number
  inLocationId?: number
  inLocationName?: string
  /** assembly and disassembly: 1 product, 2 part */
  entryType?: number
  /** fund lines: income and expense items, transfers' accounts */
  itemId?: number
  itemName?: string
  outAccId?: number
  outAccName?: string
  inAccId?: number
  inAccName?: string
  wayId?: number
  wayName?: string
  settlement?: string
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
  /** the custom fields' values by code (features/customField) */
  custom?: CustomValues
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
  /** purchases, sales and returns: paid on the document and settled since by receipts, payments, verifications (absent without the money right) */
  settledAmount?: Dec
  /** purchases, sales and returns: what is still open (arrears less what was settled since) */
  openAmount?: Dec
  /** goods documents: invoiced (with tax) by audited invoices (absent without the money right) */
  invoicedAmount?: Dec
  /** goods documents: 0 none, 1 partly, 2 fully invoiced */
  invoiceState?: number
  checked: 0 | 1
  checkName: string
  userName: string
  createTime?: string
  modifyTime?: string
  version: number
  entries?: DocEntry[]
  accounts?: DocAccount[]
  /** fund documents (docs/money.md) */
  accId?: number
  accName?: string
  discount?: Dec
  /** receipts and payments: the advance left */
  payment?: Dec
  checks?: (UnsettledDoc & { nowCheck: Dec })[]
  toBuId?: number
  toContactName?: string
  toChecks?: (UnsettledDoc & { nowCheck: Dec })[]
}

/** An audited document with money open (GET /receipt/unsettled; returns negative). */
export interface UnsettledDoc {
  billId: number
  billNo: string
  transType: number
  billDate: string
  billPrice: Dec
  hasCheck: Dec
  notCheck: Dec
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

/** The list's answer (docs/api.md §2). */
export interface DocListResult {
  page: number
  records: number
  total: number
  rows: Document[]
  userdata?: Partial<
    Record<
      | 'totalQty'
      | 'totalAmount'
      | 'disAmount'
      | 'amount'
      | 'totalTax'
      | 'totalTaxAmount'
      | 'rpAmount'
      | 'arrears'
      | 'settledAmount'
      | 'openAmount',
      Dec
    >
  >
}

export interface BatchResult {
  id: number
  ok: boolean
  msg?: string
}

/** The header as the entry page edits it. */
export interface DocHeader {
  /** the custom fields' values by code, as entered (features/customField) */
  custom?: CustomValues
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
  /** sales and purchases: 0 open, 1 partly, 2 settled */
  hxStateCode?: number
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

/** A document a receipt, payment or verification settles, as the page edits it. */
export interface CheckLine {
  billId: number
  billNo: string
  transType: number
  billDate: string
  billPrice: string
  hasCheck: string
  notCheck: string
  /** settled by this document ('' none) */
  nowCheck: string
  /** typed by the user: the automatic allocation leaves it */
  manual?: boolean
}

/** A line of other income or expense (itemId) or of a fund transfer (accounts). */
export interface FundLine {
  key: string
  itemId?: number
  outAccId?: number
  inAccId?: number
  amount: string
  wayId?: number
  settlement: string
  description: string
}

/** The money documents' part of the state (lib/fund.ts). */
export interface FundState {
  /** receipts and payments: 整单折扣 */
  discount: string
  /** income and expense: the account */
  accId?: number
  /** verification: the amount to apply (typed; what is sent is Σ checks) */
  amount: string
  checks: CheckLine[]
  /** the contact the checks are of (they are listed again when it changes) */
  checksFor?: number
  /** verification: the other contact and its documents */
  toBuId?: number
  toChecks: CheckLine[]
  toChecksFor?: number
  lines: FundLine[]
  /** documents checked in full once the contact's open documents arrive (?billIds=) */
  preselect?: number[]
}

/** Everything the entry page edits (also what a draft keeps). */
export interface DocState {
  header: DocHeader
  lines: DocLine[]
  accounts: AccountLine[]
  /** money documents only */
  fund?: FundState
}

/** What add/update take (internal/bill/doc.go Input). */
export interface DocInput {
  /** the custom fields' values by code; absent keeps them */
  custom?: CustomBody
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
