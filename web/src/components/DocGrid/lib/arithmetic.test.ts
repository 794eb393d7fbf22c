// The server's worked examples (internal/bill/figures_test.go,
// internal/trade/money_test.go, docs/stock.md), reproduced to the cent and
// in the server's writing ("3.7", "200").
import { describe, expect, it } from 'vitest'
import { discountShares, headerFigures, lineFigures, priceFromTotal, rateFromDeduction, type TaxMode } from './arithmetic'

const f = (qty: string, price: string, disc: string, rate: string, t: TaxMode) => {
  const r = lineFigures(qty, price, disc, rate, t)
  return [r.deduction, r.amount, r.tax, r.taxAmount]
}

describe('lineFigures (figures_test.go TestLineFigures)', () => {
  it('half up, no tax', () => {
    expect(f('1', '0.125', '0', '13', { on: false, priceIsTax: false, amountPlaces: 2 })).toEqual(['0', '0.13', '0', '0.13'])
  })
  it('tax-exclusive with a line discount', () => {
    expect(f('3', '3.35', '15', '13', { on: true, priceIsTax: false, amountPlaces: 2 })).toEqual(['1.51', '8.54', '1.11', '9.65'])
  })
  it('tax-inclusive', () => {
    expect(f('2', '5.65', '0', '13', { on: true, priceIsTax: true, amountPlaces: 2 })).toEqual(['0', '10', '1.3', '11.3'])
  })
  it('whole amounts (0 places)', () => {
    expect(f('7', '1.5', '0', '6', { on: true, priceIsTax: true, amountPlaces: 0 })).toEqual(['0', '10', '1', '11'])
  })
})

describe('documents (money_test.go)', () => {
  it('TestTaxExclusive: line and document discounts, payments', () => {
    const t = { on: true, priceIsTax: false, amountPlaces: 2 }
    // line 1 takes the default rate 13 (taxRequiredInput)
    const l1 = lineFigures('3', '10.55', '10', '13', t)
    const l2 = lineFigures('2', '100', '0', '6', t)
    expect([l1.deduction, l1.amount, l1.tax, l1.taxAmount]).toEqual(['3.17', '28.48', '3.7', '32.18'])
    expect([l2.amount, l2.tax, l2.taxAmount]).toEqual(['200', '12', '212'])
    const h = headerFigures(
      [
        { qty: '3', ...l1 },
        { qty: '2', ...l2 },
      ],
      { disRate: '5', payments: ['100'] },
      t,
    )
    expect(h).toEqual({
      totalQty: '5',
      totalAmount: '244.18',
      totalTax: '15.7',
      totalTaxAmount: '244.18',
      disAmount: '12.21',
      amount: '231.97',
      rpAmount: '100',
      arrears: '131.97',
      hxStateCode: 1,
    })
  })
  it('TestTaxInclusive: a given document discount is kept', () => {
    const t = { on: true, priceIsTax: true, amountPlaces: 2 }
    const l = lineFigures('7', '9.99', '5', '13', t)
    expect([l.deduction, l.taxAmount, l.amount, l.tax]).toEqual(['3.5', '66.43', '58.79', '7.64'])
    const h = headerFigures([{ qty: '7', ...l }], { disAmount: '0.43' }, t)
    expect([h.totalAmount, h.disAmount, h.amount, h.arrears, h.hxStateCode]).toEqual(['66.43', '0.43', '66', '66', 0])
  })
  it('TestTaxInclusive, tax off: no tax whatever the line says; settled', () => {
    const t = { on: false, priceIsTax: true, amountPlaces: 2 }
    const l = lineFigures('7', '9.99', '5', '13', t)
    expect([l.tax, l.amount]).toEqual(['0', '66.43'])
    const h = headerFigures([{ qty: '7', ...l }], { payments: ['66.43'] }, t)
    expect([h.amount, h.arrears, h.hxStateCode]).toEqual(['66.43', '0', 2])
  })
  it('tax off sums amounts, not amounts with tax', () => {
    const t = { on: false, priceIsTax: false, amountPlaces: 2 }
    const l = lineFigures('4', '12.5', '0', '0', t)
    const h = headerFigures([{ qty: '4', ...l }], { payments: ['20'] }, t)
    expect([h.totalAmount, h.arrears, h.hxStateCode]).toEqual(['50', '30', 1])
  })
})

describe('document discount allocation (docs/stock.md worked example)', () => {
  it('prices including tax, 13% and 6%', () => {
    const t = { on: true, priceIsTax: true, amountPlaces: 2 }
    const ls = [lineFigures('3', '11.30', '0', '13', t), lineFigures('7', '2.26', '0', '13', t), lineFigures('1', '10.60', '0', '6', t)]
    expect(ls.map((l) => [l.taxAmount, l.amount])).toEqual([
      ['33.9', '30'],
      ['15.82', '14'],
      ['10.6', '10'],
    ])
    const h = headerFigures(
      ls.map((l) => ({ qty: '1', ...l })),
      { disAmount: '8.00' },
      t,
    )
    expect([h.totalAmount, h.amount]).toEqual(['60.32', '52.32'])
    expect(
      discountShares(
        '8',
        ls.map((l) => l.amount),
        ls.map((l) => l.taxAmount),
        2,
      ),
    ).toEqual(['3.98', '1.86', '1.32'])
  })
  it('tax off', () => {
    expect(discountShares('10', ['30', '21.7', '13.3'], ['30', '21.7', '13.3'], 2)).toEqual(['4.62', '3.34', '2.04'])
  })
  it('the edge: the last line takes more than its amount', () => {
    const a = ['1', '1', '1', '1', '1', '0.01']
    expect(discountShares('0.07', a, a, 2)).toEqual(['0.01', '0.01', '0.01', '0.01', '0.01', '0.02'])
  })
})

describe('rounding is half away from zero and exact', () => {
  it('deduction exactly at half a cent rounds up', () => {
    // 31.65 × 10% = 3.165 → 3.17 (binary floating point would give 3.16)
    expect(lineFigures('3', '10.55', '10', '0', { on: false, priceIsTax: false, amountPlaces: 2 }).deduction).toBe('3.17')
  })
  it('long divisions round like dec.Div (10 places) then to places', () => {
    const r = lineFigures('1', '1', '0', '3', { on: true, priceIsTax: true, amountPlaces: 4 })
    // 100 / 103 = 0.97087378640… → 0.9709
    expect([r.amount, r.tax]).toEqual(['0.9709', '0.0291'])
  })
})

describe('entering a discount amount or a total', () => {
  it('derives the rate and the price', () => {
    expect(rateFromDeduction('3', '10.55', '3.17')).toBe('10.02')
    expect(priceFromTotal('3', '28.48', '10', 4)).toBe('10.5481')
    expect(priceFromTotal('0', '28.48', '10', 4)).toBe('0')
  })
})
