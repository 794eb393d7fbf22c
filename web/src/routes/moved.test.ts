// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { movedPath } from './moved'
import { aliasOf } from '@/utils/routeAliases'

describe('moved routes', () => {
  it('sends the old /storage pages to /warehouse', () => {
    expect(movedPath('/storage/invTf_detail')).toBe('/warehouse/invTf_detail')
    expect(movedPath('/storage/otherIn_detail')).toBe('/warehouse/warehouse_detail')
    expect(movedPath('/storage/otherOut_detail')).toBe('/warehouse/exWarehouse_detail')
    expect(movedPath('/storage/disassemble_detail')).toBe('/warehouse/combination_detail')
    expect(movedPath('/storage/stock')).toBe('/warehouse/stock')
    expect(movedPath('/storage')).toBe('/warehouse')
  })

  it("opens the seed's invoice entry paths (/fund/…) at their pages under /sales and /purchase", () => {
    expect(aliasOf('/fund/salesInvoice_detail')).toBe('/sales/salesInvoice_detail')
    expect(aliasOf('/fund/purInvoice_detail/')).toBe('/purchase/purInvoice_detail')
    expect(aliasOf('/fund/receipt_detail')).toBe('')
    expect(aliasOf('/sales/salesInvoice_detail')).toBe('')
  })
})
