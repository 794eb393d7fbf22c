// The list pages of sales and purchase invoices: the generic document list.
import { DocList } from '@/features/document/views/DocList'
import { invoiceKinds } from '../kinds'
import '../catalogue'

/** One stable view component per kind (the view registry's lazy views). */
export const SalesInvoiceList = () => <DocList kind={invoiceKinds.salesInvoice} />
export const PurInvoiceList = () => <DocList kind={invoiceKinds.purInvoice} />
