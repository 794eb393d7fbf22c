// The two invoice kinds (internal/fund: salesInvoice 153501, purInvoice
// 153502): the generic list page shows them (family 'invoice'); the entry
// page is this feature's. Each draws its lines from the audited goods
// documents of its contact: deliveries and sales returns, purchase receipts
// and purchase returns (returns negative).
import type { DocKind, DocKindName, InvoiceKindName } from '@/features/document/kinds'

export interface InvoiceKind extends DocKind {
  name: InvoiceKindName
  section: 'sales' | 'purchase'
  contact: 'customer' | 'supplier'
  /** the goods kinds its lines come from: [the kind, its return] */
  sources: readonly [DocKindName, DocKindName]
}

const base = { family: 'invoice', contactRequired: true, showCost: false, order: false, stock: 0 } as const

export const invoiceKinds: Record<InvoiceKindName, InvoiceKind> = {
  salesInvoice: {
    ...base,
    name: 'salesInvoice',
    section: 'sales',
    entry: 'salesInvoice_detail',
    api: '/salesInvoice',
    perm: 'sales:salesInvoice',
    contact: 'customer',
    contactType: -10,
    moneyRight: 'money:salesAmount:view',
    priceField: 'salePrice',
    sources: ['sales', 'reSales'],
  },
  purInvoice: {
    ...base,
    name: 'purInvoice',
    section: 'purchase',
    entry: 'purInvoice_detail',
    api: '/purInvoice',
    perm: 'purchase:purInvoice',
    contact: 'supplier',
    contactType: 10,
    moneyRight: 'money:purchaseAmount:view',
    priceField: 'purPrice',
    sources: ['purchase', 'rePurchase'],
  },
}

/** The invoice kind a goods kind is invoiced by (undefined: none). */
export function invoiceKindOf(goodsKind: string): InvoiceKind | undefined {
  return Object.values(invoiceKinds).find((k) => k.sources.includes(goodsKind as DocKindName))
}

/** Returns are invoiced negative. */
export const signOf = (goodsKind: string): 1 | -1 => (goodsKind === 'reSales' || goodsKind === 'rePurchase' ? -1 : 1)
