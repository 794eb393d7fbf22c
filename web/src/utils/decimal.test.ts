import { describe, expect, it } from 'vitest'
import { add, cmp, format, isDec, mul, places, round, toDec, wire } from './decimal'

describe('decimal helper', () => {
  it('multiplies exactly where floats do not', () => {
    expect(0.1 * 3).not.toBe(0.3)
    expect(mul('0.1', 3)).toBe('0.3')
    expect(mul(1.15, 100)).toBe('115')
    expect(mul('3', '19.99')).toBe('59.97')
    expect(mul('2.5', '')).toBe('0')
    expect(mul('x', 2)).toBe('')
  })

  it('adds exactly', () => {
    expect(add(0.1, 0.2)).toBe('0.3')
    expect(add('1.005', '2', undefined, null)).toBe('3.005')
    expect(add()).toBe('0')
  })

  it('rounds half away from zero', () => {
    expect(round('2.345', 2)).toBe('2.35')
    expect(round('2.344', 2)).toBe('2.34')
    expect(round('-2.345', 2)).toBe('-2.35')
    expect(round('1.005', 2)).toBe('1.01') // 1.005 as a float is 1.00499…
    expect(round(1.005, 2)).toBe('1.01')
    expect(round('0.5', 0)).toBe('1')
    expect(round('2.5', 0)).toBe('3') // not banker's rounding
    expect(round('7.10', 2)).toBe('7.1')
    expect(round('abc', 2)).toBe('')
  })

  it('computes an opening amount: qty × unit cost rounded to the amount places', () => {
    expect(round(mul('3', '3.335'), 2)).toBe('10.01') // 10.005 → 10.01
    expect(round(mul('0.333', '3'), 2)).toBe('1')
    expect(round(mul('12.5', '0.1'), 2)).toBe('1.25')
    expect(round(mul('1.5', '2.675'), 2)).toBe('4.01') // 4.0125
  })

  it('formats with fixed places', () => {
    expect(format('1.005', 2)).toBe('1.01')
    expect(format(3, 2)).toBe('3.00')
    expect(format('', 2)).toBe('')
    expect(format(undefined, 2)).toBe('')
    expect(format('12345678901234.5678', 3)).toBe('12345678901234.568')
  })

  it('parses and compares', () => {
    expect(toDec('')?.toFixed()).toBe('0')
    expect(toDec('1e3')?.toFixed()).toBe('1000')
    expect(toDec(NaN)).toBeNull()
    expect(isDec('1.2.3')).toBe(false)
    expect(places('1.250')).toBe(2)
    expect(places('10')).toBe(0)
    expect(cmp('2', '10')).toBe(-1)
    expect(cmp('10.0', 10)).toBe(0)
    expect(wire('')).toBe('0')
    expect(wire('0012.50')).toBe('12.5')
  })
})

describe('checkDecimal', () => {
  it('checks like the server', async () => {
    const { checkDecimal } = await import('./decimal')
    expect(checkDecimal('', { places: 2 })).toBe('')
    expect(checkDecimal('1.25', { places: 2 })).toBe('')
    expect(checkDecimal('1.255', { places: 2 })).toBe('places')
    expect(checkDecimal('-1')).toBe('min')
    expect(checkDecimal('1000000000000.01')).toBe('max')
    expect(checkDecimal('101', { max: 100 })).toBe('max')
    expect(checkDecimal('abc')).toBe('invalid')
  })
})
