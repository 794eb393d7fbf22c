// Money and quantities in the browser: decimal.js, never JS floating
// arithmetic. Values come as the server writes them (JSON numbers written
// exactly, or numeric strings from inputs in string mode) and go back as
// strings, which the server reads exactly. Rounding is half away from zero
// ("half-up" on magnitudes), like the server's dec.Round.
//
//   amount = round(mul(qty, unitCost), amountPlaces)   // '12.35'
//   format(amount, 2)                                   // '12.35'
import Decimal from 'decimal.js'

/** A value the helpers accept: a number, a numeric string, or empty (0). */
export type DecInput = string | number | Decimal | null | undefined

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP })

/** The value as a Decimal; empty is 0; null when it is not a number. */
export function toDec(v: DecInput): Decimal | null {
  if (v === null || v === undefined) return new D(0)
  if (v instanceof Decimal) return new D(v)
  const s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim()
  if (s === '') return typeof v === 'number' ? null : new D(0)
  try {
    const d = new D(s)
    return d.isFinite() ? d : null
  } catch {
    return null
  }
}

/** Whether v is a finite number (empty counts as 0). */
export const isDec = (v: DecInput) => toDec(v) !== null

const must = (v: DecInput) => toDec(v) ?? new D(0)

/** a × b, exact, as a string ('' when either is not a number). */
export function mul(a: DecInput, b: DecInput): string {
  const x = toDec(a)
  const y = toDec(b)
  return x && y ? x.mul(y).toFixed() : ''
}

/** a ÷ b rounded half away from zero to places decimals ('' when either is not a number or b is 0). */
export function div(a: DecInput, b: DecInput, places: number): string {
  const x = toDec(a)
  const y = toDec(b)
  return x && y && !y.isZero() ? x.div(y).toDecimalPlaces(Math.max(0, places), Decimal.ROUND_HALF_UP).toFixed() : ''
}

/** The exact sum; values that are not numbers count as 0. */
export function add(...values: DecInput[]): string {
  return values.reduce<Decimal>((s, v) => s.add(must(v)), new D(0)).toFixed()
}

/** Rounded half away from zero to places decimals; trailing zeros dropped ('' for a non-number). */
export function round(v: DecInput, places: number): string {
  const d = toDec(v)
  return d ? d.toDecimalPlaces(Math.max(0, places), Decimal.ROUND_HALF_UP).toFixed() : ''
}

/** Written with exactly places decimals, rounded half away from zero ('' for a non-number or empty). */
export function format(v: DecInput, places: number): string {
  if (v === null || v === undefined || v === '') return ''
  const d = toDec(v)
  return d ? d.toFixed(Math.max(0, places), Decimal.ROUND_HALF_UP) : ''
}

/** How many decimals v is written with (0 for integers and non-numbers). */
export function places(v: DecInput): number {
  const d = toDec(v)
  return d ? d.decimalPlaces() : 0
}

/** Compares a and b: -1, 0, 1 (non-numbers are 0). */
export function cmp(a: DecInput, b: DecInput): number {
  return must(a).comparedTo(must(b))
}

/** The value as the server wants it: a plain decimal string ('' and non-numbers → '0'). */
export function wire(v: DecInput): string {
  return must(v).toFixed()
}

export interface DecimalLimits {
  /** most decimals allowed */
  places?: number
  /** inclusive bounds; default 0 and 10^12 (dec.CheckNonNeg) */
  min?: DecInput
  max?: DecInput
}

/**
 * What is wrong with an entered decimal, like the server checks it: '' when
 * it is fine (empty is fine), else 'invalid', 'min', 'max' or 'places'.
 */
export function checkDecimal(
  v: DecInput,
  { places: p, min = 0, max = '1000000000000' }: DecimalLimits = {},
): '' | 'invalid' | 'min' | 'max' | 'places' {
  if (v === null || v === undefined || v === '') return ''
  const d = toDec(v)
  if (!d) return 'invalid'
  if (min !== null && min !== undefined && d.lessThan(must(min))) return 'min'
  if (max !== null && max !== undefined && d.greaterThan(must(max))) return 'max'
  if (p !== undefined && d.decimalPlaces() > p) return 'places'
  return ''
}
