// The invoice resources (/api/salesInvoice, /api/purInvoice): the document
// calls of features/document, typed with the invoice shapes.
import { docApi } from '@/features/document/api'
import type { DocInput } from '@/features/document/types'
import type { InvoiceKind } from './kinds'
import type { Invoice, InvoiceInput } from './types'

export const invoiceApi = (k: InvoiceKind) => {
  const d = docApi(k)
  return {
    ...d,
    get: (id: number) => d.get(id) as Promise<unknown> as Promise<Invoice>,
    /** save (add or update by body.id); check: save and audit in one go. Field errors come back on ApiError.errors. */
    save: (body: InvoiceInput, check: boolean) => d.save(body as unknown as DocInput, check) as Promise<unknown> as Promise<Invoice>,
  }
}
