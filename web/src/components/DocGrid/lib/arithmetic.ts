// Line and header figures exactly as the server computes them
// (docs/stock.md "Documents", internal/bill/doc.go lineFigures/header):
// products exact, every division carried to 10 places half-up (the
// server's dec.Div: Scale+4) and the result rounded half-up (away from
// zero) to the system's amount places.
//
//   deduction = round(qty × price × discountRate / 100, A)
//   amount    = round(qty × price, A) − deduction
//   tax       = round(amount × taxRate / 100, A)
//   taxAmount = amount + tax
// tax-inclusive prices (invPriceIsTax):
//   taxAmount = round(qty × price, A) − deduction
//   amount    = round(taxAmount × 100 / (100 + taxRate), A)
//   tax       = taxAmount − amount
// header: totalAmount = Σ amount (Σ taxAmount when tax is on),
//   disAmount = round(totalAmount × disRate / 100, A) unless given,
//   amount = totalAmount − disAmount, rpAmount = Σ payments,
//   arrears = amount − rpAmount.
import Decimal from 'decimal.js'
import type { DecInput } from '@/utils/decimal'

/** Exact arithmetic; divisions truncate far beyond 10 places, then round like the server. */
const X = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_DOWN })
const HUNDRED = new X(100)
/** dec.Scale + 4 */
const DIV_PLACES = 10

function d(v: DecInput): Decimal {
  if (v === null || v === undefined) return new X(0)
  if (v instanceof Decimal) return new X(v)
  const s = typeof v === 'number' ? String(v) : v.trim()
  if (s === '') return new X(0)
  try {
    const r = new X(s)
    return r.isFinite() ? r : new X(0)
  } catch {
    return new X(0)
  }
}

/** a / b to 10 places, half away from zero (shopspring DivRound). */
function div(a: Decimal, b: Decimal): Decimal {
  // Truncating 80 significant digits keeps every digit that decides the
  // half-up rounding at 10 places, so the result is exact.
  return a.div(b).toDecimalPlaces(DIV_PLACES, Decimal.ROUND_HALF_UP)
}

const round = (v: Decimal, places: number) => v.toDecimalPlaces(Math.max(0, places), Decimal.ROUND_HALF_UP)
/** The server's writing: plain, trailing zeros dropped ("3.7", "200"). */
const str = (v: Decimal) => (v.isZero() ? '0' : v.toFixed())

export interface TaxMode {
  /** taxRequiredCheck */
  on: boolean
  /** invPriceIsTax */
  priceIsTax: boolean
  amountPlaces: number
}

export interface LineFigures {
  deduction: string
  amount: string
  tax: string
  taxAmount: string
}

/** One line's derived figures (with tax off the rate counts as 0). */
export function lineFigures(qty: DecInput, price: DecInput, discountRate: DecInput, taxRate: DecInput, t: TaxMode): LineFigures {
  const a = t.amountPlaces
  const gross = d(qty).mul(d(price))
  const deduction = round(div(gross.mul(d(discountRate)), HUNDRED), a)
  const rate = t.on ? d(taxRate) : new X(0)
  if (t.priceIsTax) {
    const taxAmount = round(gross, a).sub(deduction)
    const amount = round(div(taxAmount.mul(HUNDRED), HUNDRED.add(rate)), a)
    return { deduction: str(deduction), amount: str(amount), tax: str(taxAmount.sub(amount)), taxAmount: str(taxAmount) }
  }
  const amount = round(gross, a).sub(deduction)
  const tax = round(div(amount.mul(rate), HUNDRED), a)
  return { deduction: str(deduction), amount: str(amount), tax: str(tax), taxAmount: str(amount.add(tax)) }
}

export interface HeaderInput {
  disRate?: DecInput
  /** a given document discount (kept as given); absent: from disRate */
  disAmount?: DecInput
  /** the settlement lines' payments */
  payments?: DecInput[]
}

export interface HeaderFigures {
  totalQty: string
  totalAmount: string
  totalTax: string
  totalTaxAmount: string
  disAmount: string
  amount: string
  rpAmount: string
  arrears: string
  /** 0 nothing paid of a debt, 1 partly, 2 settled */
  hxStateCode: 0 | 1 | 2
}

export interface FigureLine {
  qty: DecInput
  amount: DecInput
  tax: DecInput
  taxAmount: DecInput
}

/** The header's figures from the lines (as they will be stored) and the payments. */
export function headerFigures(lines: FigureLine[], h: HeaderInput, t: TaxMode): HeaderFigures {
  let totalQty = new X(0)
  let totalAmount = new X(0)
  let totalTax = new X(0)
  let totalTaxAmount = new X(0)
  for (const e of lines) {
    totalQty = totalQty.add(d(e.qty))
    totalTax = totalTax.add(d(e.tax))
    totalTaxAmount = totalTaxAmount.add(d(e.taxAmount))
    totalAmount = totalAmount.add(d(t.on ? e.taxAmount : e.amount))
  }
  const given = h.disAmount !== undefined && h.disAmount !== null && h.disAmount !== ''
  const disAmount = given ? d(h.disAmount) : round(div(totalAmount.mul(d(h.disRate)), HUNDRED), t.amountPlaces)
  const amount = totalAmount.sub(disAmount)
  const rpAmount = (h.payments ?? []).reduce<Decimal>((s, p) => s.add(d(p)), new X(0))
  const arrears = amount.sub(rpAmount)
  const hxStateCode = arrears.lte(0) ? 2 : rpAmount.gt(0) ? 1 : 0
  return {
    totalQty: str(totalQty),
    totalAmount: str(totalAmount),
    totalTax: str(totalTax),
    totalTaxAmount: str(totalTaxAmount),
    disAmount: str(disAmount),
    amount: str(amount),
    rpAmount: str(rpAmount),
    arrears: str(arrears),
    hxStateCode,
  }
}

/** The discount rate a given discount amount means on a gross (qty × price), to ratePlaces (2). */
export function rateFromDeduction(qty: DecInput, price: DecInput, deduction: DecInput, ratePlaces = 2): string {
  const gross = d(qty).mul(d(price))
  if (gross.isZero()) return '0'
  return str(round(div(d(deduction).mul(HUNDRED), gross), ratePlaces))
}

/**
 * The price that gives a wanted line total (amount, or taxAmount with
 * tax-inclusive prices) after the line discount, to pricePlaces: the
 * server recomputes the figures from this price.
 */
export function priceFromTotal(qty: DecInput, total: DecInput, discountRate: DecInput, pricePlaces: number): string {
  const q = d(qty)
  const keep = HUNDRED.sub(d(discountRate))
  if (q.isZero() || keep.lte(0)) return '0'
  return str(round(div(div(d(total).mul(HUNDRED), keep), q), pricePlaces))
}

/**
 * A purchase receipt's document discount allocated to its lines
 * (docs/stock.md): net = round(disAmount × Σ amount / Σ taxAmount, A),
 * shared in proportion to the line amounts, the last non-zero line taking
 * the remainder. Exact: round(a × b / c) without intermediate rounding.
 */
export function discountShares(disAmount: DecInput, amounts: DecInput[], taxAmounts: DecInput[], places: number): string[] {
  const shares = amounts.map(() => new X(0))
  const net = amounts.reduce<Decimal>((s, a) => s.add(d(a)), new X(0))
  const total = taxAmounts.reduce<Decimal>((s, a) => s.add(d(a)), new X(0))
  const dis = d(disAmount)
  if (dis.lte(0) || net.lte(0) || total.lte(0)) return shares.map(str)
  const mulDivRound = (a: Decimal, b: Decimal, c: Decimal) => round(a.mul(b).div(c), places)
  const netDis = mulDivRound(dis, net, total)
  let last = -1
  amounts.forEach((a, i) => {
    if (d(a).gt(0)) last = i
  })
  let given = new X(0)
  amounts.forEach((a0, i) => {
    const a = d(a0)
    if (a.lte(0)) return
    if (i === last) shares[i] = netDis.sub(given)
    else {
      shares[i] = mulDivRound(netDis, a, net)
      given = given.add(shares[i])
    }
  })
  return shares.map(str)
}

/** v × (100 + rate) / 100 (toTax) or v × 100 / (100 + rate), to 10 places like the server's divisions. */
export function withTax(v: DecInput, taxRate: DecInput, toTax: boolean): string {
  const r = HUNDRED.add(d(taxRate))
  return str(toTax ? div(d(v).mul(r), HUNDRED) : div(d(v).mul(HUNDRED), r))
}
