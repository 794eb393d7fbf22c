// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { movedPath } from './moved'

describe('moved routes', () => {
  it('sends the old /storage pages to /warehouse', () => {
    expect(movedPath('/storage/invTf_detail')).toBe('/warehouse/invTf_detail')
    expect(movedPath('/storage/otherIn_detail')).toBe('/warehouse/warehouse_detail')
    expect(movedPath('/storage/otherOut_detail')).toBe('/warehouse/exWarehouse_detail')
    expect(movedPath('/storage/disassemble_detail')).toBe('/warehouse/combination_detail')
    expect(movedPath('/storage/stock')).toBe('/warehouse/stock')
    expect(movedPath('/storage')).toBe('/warehouse')
  })
})
