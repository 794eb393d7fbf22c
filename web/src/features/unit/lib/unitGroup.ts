// The unit-group editor's rules and request: the first row is the base unit
// (rate 1); every other row says how many base units one of it holds
// (> 1, at most 6 decimals); names are required and unique in the group; a
// group has at least two units. Rates stay decimal strings (no floats).
import type { UnitGroupInput, UnitType } from '../types'

export const RATE_PLACES = 6
export const NAME_MAX = 100

export interface UnitRowValues {
  id?: number
  name?: string
  rate?: string | number | null
}

export interface UnitGroupValues {
  name?: string
  units?: UnitRowValues[]
}

/** Message keys (namespace basicData, under unit.errors). */
export type UnitError = 'required' | 'tooLong' | 'duplicate' | 'rateBase' | 'rateFormat' | 'ratePlaces' | 'rateOverOne' | 'atLeastTwo'

const RATE = /^(\d+)(?:\.(\d+))?$/

/** A rate as canonical text: '012.500' → '12.5'; '' for empty; undefined when not a plain decimal. */
export function rateText(v: string | number | null | undefined): string | undefined {
  if (v === null || v === undefined) return ''
  const s = String(v).trim()
  if (s === '') return ''
  const m = RATE.exec(s)
  if (!m) return undefined
  const int = m[1].replace(/^0+(?=\d)/, '')
  const frac = (m[2] ?? '').replace(/0+$/, '')
  return frac ? `${int}.${frac}` : int
}

/** Whether a canonical decimal is greater than 1. */
export function overOne(canon: string): boolean {
  const [int, frac = ''] = canon.split('.')
  if (int.length > 1) return true
  return int > '1' || (int === '1' && /[1-9]/.test(frac))
}

/** The error of row i's rate, or undefined. */
export function rateError(v: string | number | null | undefined, index: number): UnitError | undefined {
  const s = rateText(v)
  if (index === 0) return s === '1' || s === '' ? undefined : 'rateBase'
  if (s === '') return 'required'
  if (s === undefined) return 'rateFormat'
  const places = s.includes('.') ? s.split('.')[1].length : 0
  if (places > RATE_PLACES) return 'ratePlaces'
  return overOne(s) ? undefined : 'rateOverOne'
}

/** The error of row i's name among every row's names, or undefined. */
export function nameError(names: (string | undefined)[], index: number): UnitError | undefined {
  const n = (names[index] ?? '').trim()
  if (!n) return 'required'
  if (n.length > NAME_MAX) return 'tooLong'
  return names.some((o, j) => j < index && (o ?? '').trim() === n) ? 'duplicate' : undefined
}

/** Every error of the form, by field path ('name', 'units', 'units[1].rate'). */
export function validateUnitGroup(v: UnitGroupValues): Record<string, UnitError> {
  const out: Record<string, UnitError> = {}
  const name = (v.name ?? '').trim()
  if (!name) out.name = 'required'
  else if (name.length > NAME_MAX) out.name = 'tooLong'
  const rows = v.units ?? []
  if (rows.length < 2) out.units = 'atLeastTwo'
  const names = rows.map((r) => r.name)
  rows.forEach((r, i) => {
    const ne = nameError(names, i)
    if (ne) out[`units[${i}].name`] = ne
    const re = rateError(r.rate, i)
    if (re) out[`units[${i}].rate`] = re
  })
  return out
}

/** The add/update body (call after validateUnitGroup found nothing). */
export function toUnitGroupRequest(v: UnitGroupValues): UnitGroupInput {
  return {
    name: (v.name ?? '').trim(),
    units: (v.units ?? []).map((r, i) => ({
      ...(r.id ? { id: r.id } : {}),
      name: (r.name ?? '').trim(),
      rate: i === 0 ? '1' : (rateText(r.rate) ?? String(r.rate)),
    })),
  }
}

/** A new group: a base unit and one more row. */
export const emptyGroup = (): UnitGroupValues => ({
  name: '',
  units: [
    { name: '', rate: '1' },
    { name: '', rate: '' },
  ],
})

/** An existing group in the form: the base unit first, rates as text. */
export function fromUnitType(g: UnitType): UnitGroupValues {
  const units = [...(g.units ?? [])].sort((a, b) => (b.isBase ?? 0) - (a.isBase ?? 0))
  return { name: g.name, units: units.map((u) => ({ id: u.id, name: u.name, rate: u.isBase ? '1' : String(u.rate) })) }
}
