import { describe, expect, it } from 'vitest'
import { cellText, docPath, drillParams, DEFAULT_PLACES } from './format'

describe('report cells', () => {
  it('formats exact decimals with the places of their type', () => {
    expect(cellText({ key: 'qty', label: '', type: 'qty' }, 3, DEFAULT_PLACES)).toBe('3.00')
    expect(cellText({ key: 'a', label: '', type: 'amount' }, '0.125', DEFAULT_PLACES)).toBe('0.13')
    expect(cellText({ key: 'a', label: '', type: 'amount' }, '-0.125', DEFAULT_PLACES)).toBe('-0.13')
    expect(cellText({ key: 'a', label: '', type: 'amount' }, 0.1 + 0.2, { ...DEFAULT_PLACES, amountPlaces: 2 })).toBe('0.30')
    expect(cellText({ key: 'm', label: '', type: 'percent' }, 33.333, DEFAULT_PLACES)).toBe('33.33')
    expect(cellText({ key: 'n', label: '', type: 'text' }, '可乐', DEFAULT_PLACES)).toBe('可乐')
    expect(cellText({ key: 'n', label: '', type: 'amount' }, undefined, DEFAULT_PLACES)).toBe('')
  })
  it('drills down with the same filters and the row keys, without paging or sort', () => {
    expect(drillParams({ invId: 7, buId: 0, locationId: 3 }, { beginDate: '2026-01-01', page: 2, sidx: 'qty', matchCon: '' })).toEqual({
      beginDate: '2026-01-01',
      invId: '7',
      locationId: '3',
    })
  })
  it('opens trade and warehouse documents by kind', () => {
    expect(docPath({ billId: 5, kind: 'sales', transType: 150601 })).toBe('/sales/sales_detail?id=5')
    expect(docPath({ billId: 6, kind: 'invTf', transType: 103091 })).toBe('/warehouse/invTf_detail?id=6')
    expect(docPath({ billId: 7, kind: 'otherIn', transType: 150701 })).toBe('/warehouse/warehouse_detail?id=7')
    expect(docPath({ billId: 8, kind: 'combination', transType: 153301 })).toBe('/warehouse/combination_detail?id=8')
    expect(docPath({ billId: 9, kind: 'combination', transType: 153302 })).toBe('/warehouse/combination_detail?id=9')
    expect(docPath({ billId: 10, kind: 'opening' })).toBe('')
    expect(docPath({ kind: 'sales' })).toBe('')
  })
})
