import { describe, expect, it } from 'vitest'
import { availableFor, type AvailableRow } from './lineInfo'

const rows: AvailableRow[] = [
  { invId: 1, skuId: 0, locationId: 10, qty: 1240 },
  { invId: 1, skuId: 0, locationId: 11, qty: '7.5' },
  { invId: 2, skuId: 5, locationId: 10, qty: 3 },
  { invId: 2, skuId: 6, locationId: 10, qty: 4 },
]

describe('availableFor', () => {
  it('is the stock of the line warehouse in the line unit, exact, with the quantity places', () => {
    expect(availableFor(rows, { invId: 1, skuId: 0, locationId: 10 }, '1', 2)).toBe('1240.00')
    // boxes of 24
    expect(availableFor(rows, { invId: 1, skuId: 0, locationId: 10 }, '24', 2)).toBe('51.67')
  })
  it('sums the shop warehouses when the line has none, and the SKUs when it names none', () => {
    expect(availableFor(rows, { invId: 1, skuId: 0, locationId: 0 }, 1, 1)).toBe('1247.5')
    expect(availableFor(rows, { invId: 2, skuId: 0, locationId: 10 }, 1, 0)).toBe('7')
    expect(availableFor(rows, { invId: 2, skuId: 6, locationId: 10 }, 1, 0)).toBe('4')
  })
  it('is 0 without stock', () => {
    expect(availableFor(rows, { invId: 9, skuId: 0, locationId: 10 }, 1, 2)).toBe('0.00')
  })
})
