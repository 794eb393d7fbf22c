// Invoice shapes on the wire (internal/bill/doc.go, docs/money.md "Sales and
// purchase invoices") and as the entry page edits them.
import type { CustomBody, CustomValues } from '@/features/customField/types'
import type { Dec, Document } from '@/features/document/types'

/** 1 普通 ordinary, 2 专用 special */
export type InvoiceType = 1 | 2

export interface InvoiceEntry {
  id?: number
  srcBillId: number
  srcBillNo: string
  srcEntryId: number
  invId: number
  invNumber: string
  invName: string
  /** absent without the money right */
  qty: Dec
  amount?: Dec
  tax?: Dec
  taxAmount?: Dec
  description?: string
}

export interface Invoice extends Omit<Document, 'entries'> {
  invoiceNo?: string
  invoiceTitle?: string
  invoiceType?: InvoiceType
  entries?: InvoiceEntry[]
}

export interface InvoiceHeader {
  /** the documents' custom fields, as entered (features/customField) */
  custom?: CustomValues
  id?: number
  version?: number
  billNo: string
  date: string
  buId?: number
  contactName?: string
  invoiceNo: string
  invoiceTitle: string
  invoiceType: InvoiceType
  description: string
  checked: 0 | 1
  userName?: string
  checkName?: string
}

/** A line as the page edits it: figures signed (returns negative), as text. */
export interface InvoiceLine {
  key: string
  srcBillId: number
  srcBillNo: string
  /** the source document's kind (sales, reSales, …) when known */
  srcKind?: string
  srcEntryId: number
  invNumber: string
  invName: string
  unitName?: string
  qty: string
  amount: string
  tax: string
  description: string
  /** the source line's tax rate (%): a typed amount brings its tax */
  taxRate?: string
  /** what was left to invoice of the source line when it was picked (signed, with tax) */
  left?: string
}

export interface InvoiceState {
  header: InvoiceHeader
  lines: InvoiceLine[]
}

/** What add/update take. */
export interface InvoiceInput {
  /** the custom fields' values by code; absent keeps them */
  custom?: CustomBody
  id?: number
  version?: number
  date: string
  buId: number
  invoiceNo: string
  invoiceTitle: string
  invoiceType: InvoiceType
  description: string
  entries: { srcBillId: number; srcEntryId: number; qty: string; amount: string; tax: string; description: string }[]
}
