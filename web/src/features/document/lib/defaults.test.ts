import { beforeEach, describe, expect, it } from 'vitest'
import { defaultLocation, fromOrderPath, lastLocationKey, rememberLocation } from './defaults'

const whs = [{ id: 3 }, { id: 5 }, { id: 9 }]
const key = lastLocationKey('clerk', 1)

describe('defaultLocation', () => {
  beforeEach(() => localStorage.clear())
  it('takes the last choice of this user and shop first', () => {
    rememberLocation(key, 9)
    expect(defaultLocation(key, 5, whs)).toBe(9)
    expect(defaultLocation(lastLocationKey('clerk', 2), 5, whs)).toBe(5)
  })
  it('ignores a remembered warehouse that is no longer usable', () => {
    rememberLocation(key, 42)
    expect(defaultLocation(key, 5, whs)).toBe(5)
  })
  it('falls back to the system default, then the first warehouse, then none', () => {
    expect(defaultLocation(key, 5, whs)).toBe(5)
    expect(defaultLocation(key, 77, whs)).toBe(3)
    expect(defaultLocation(key, 0, [])).toBe(0)
  })
})

describe('fromOrderPath', () => {
  it('is a new tab each time for the same order', () => {
    const a = fromOrderPath('/sales/sales_detail', 12, 1000)
    const b = fromOrderPath('/sales/sales_detail', 12, 2000)
    expect(a).not.toBe(b)
    expect(new URLSearchParams(a.split('?')[1]).get('fromOrder')).toBe('12')
  })
})
