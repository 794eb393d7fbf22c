import { describe, expect, it } from 'vitest'
import { contactSide } from './FundFilters'

describe('contactSide', () => {
  it('lists suppliers on purchase and payable reports, customers on sales and receivable ones', () => {
    for (const r of ['puDetail', 'puSummarySupplier', 'payableDetail', 'supplierReconciliation']) expect(contactSide(r), r).toBe('supplier')
    for (const r of ['salesDetail', 'receivableDetail', 'customerReconciliation', 'receivableAgeing', 'collectionOverview'])
      expect(contactSide(r), r).toBe('customer')
    for (const r of ['contactDebt', 'oriDetail', 'deliverDetail']) expect(contactSide(r), r).toBe('both')
  })
})
