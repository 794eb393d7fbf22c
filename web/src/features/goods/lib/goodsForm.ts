// The goods dialog's values ↔ the add/update body, the multi-unit rows of a
// unit group, and the checks of SKUs and openings the server also makes.
import { cmp, isDec, wire } from '@/utils/decimal'
import type { Decimal, Goods, GoodsBody, GoodsSku, UnitGroup } from '../types'
import { customBody, customFormValues } from '@/features/customField/lib/values'
import type { CustomField } from '@/features/customField/types'

export interface UnitRowValues {
  unitId: number
  unitName?: string
  rate?: Decimal
  barCode?: string
  purPrice?: Decimal | null
  salePrice?: Decimal | null
  wholesalePrice?: Decimal | null
  vipPrice?: Decimal | null
}

export interface SkuRowValues {
  /** saved SKUs only */
  id?: number
  skuName?: string
  /** one value per attribute group, in the order of skuTypeIds */
  assistIds?: (number | null | undefined)[]
  barCode?: string
}

export interface GoodsValues {
  number?: string
  name?: string
  spec?: string
  barCode?: string
  categoryId?: number | null
  /** false: one stand-alone unit (unitId); true: a unit group (unitTypeId) */
  multiUnit?: boolean
  unitId?: number | null
  unitTypeId?: number | null
  locationId?: number | null
  isSerNum?: boolean
  isWarranty?: boolean
  safeDays?: number | null
  advanceDay?: number | null
  remark?: string
  purPrice?: Decimal | null
  salePrice?: Decimal | null
  wholesalePrice?: Decimal | null
  vipPrice?: Decimal | null
  discountRate1?: Decimal | null
  discountRate2?: Decimal | null
  units?: UnitRowValues[]
  skuTypeIds?: number[]
  skus?: SkuRowValues[]
  warnings?: { locationId?: number | null; lowQty?: Decimal | null; highQty?: Decimal | null }[]
  openings?: { locationId?: number | null; skuId?: number | null; qty?: Decimal | null; unitCost?: Decimal | null }[]
  /** the custom fields, by code (features/customField) */
  custom?: Record<string, string | number>
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : String(v))
const decStr = (v: Decimal | null | undefined) => (v === null || v === undefined || v === '' ? undefined : String(v))
const int = (v: unknown) => {
  const n = Number(v)
  return Number.isFinite(n) ? Math.trunc(n) : 0
}
const filled = (v: Decimal | null | undefined) => v !== null && v !== undefined && v !== ''

/** The base unit of a group (the isBase one, else the first). */
export function baseUnit(group: UnitGroup | undefined) {
  if (!group?.units?.length) return undefined
  return group.units.find((u) => u.isBase === 1) ?? group.units[0]
}

/**
 * The multi-unit rows of a group: every non-base unit, keeping what was
 * entered for a unit already in the rows.
 */
export function unitRows(group: UnitGroup | undefined, current: UnitRowValues[] = []): UnitRowValues[] {
  const base = baseUnit(group)
  if (!group || !base) return []
  const byId = new Map(current.map((r) => [r.unitId, r]))
  return group.units.filter((u) => u.id !== base.id).map((u) => ({ ...byId.get(u.id), unitId: u.id, unitName: u.name, rate: u.rate }))
}

/** The value ids of a saved SKU ("3,12") aligned to skuTypeIds by each value's group. */
export function alignSku(
  skuAssistId: string,
  skuTypeIds: number[],
  groupOf: (valueId: number) => number | undefined,
): (number | undefined)[] {
  const ids = str(skuAssistId)
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0)
  const out: (number | undefined)[] = skuTypeIds.map(() => undefined)
  const rest: number[] = []
  for (const id of ids) {
    const g = groupOf(id)
    const at = g === undefined ? -1 : skuTypeIds.indexOf(g)
    if (at >= 0 && out[at] === undefined) out[at] = id
    else rest.push(id)
  }
  // values of unknown groups fill the gaps in order (the server writes them in group order)
  for (let i = 0; i < out.length && rest.length; i++) if (out[i] === undefined) out[i] = rest.shift()
  return out
}

/** The dialog's values of a goods record (get_update), or of a new one. */
export function goodsValues(
  g: Goods | undefined,
  groupOf: (valueId: number) => number | undefined,
  defaults?: { number?: string; categoryId?: number },
  fields: CustomField[] = [],
): GoodsValues {
  if (!g) {
    return {
      custom: customFormValues(fields, undefined),
      number: defaults?.number,
      categoryId: defaults?.categoryId,
      multiUnit: false,
      isSerNum: false,
      isWarranty: false,
      safeDays: undefined,
      units: [],
      skuTypeIds: [],
      skus: [],
      warnings: [],
      openings: [],
    }
  }
  const skuTypeIds = g.skuTypeIds ?? []
  return {
    custom: customFormValues(fields, g.custom),
    number: g.number,
    name: g.name,
    spec: g.spec,
    barCode: g.barCode,
    categoryId: g.categoryId || undefined,
    multiUnit: g.unitTypeId > 0,
    unitId: g.unitId || undefined,
    unitTypeId: g.unitTypeId || undefined,
    locationId: g.locationId || undefined,
    isSerNum: g.isSerNum === 1,
    isWarranty: g.isWarranty === 1,
    safeDays: g.isWarranty === 1 ? g.safeDays : undefined,
    advanceDay: g.isWarranty === 1 ? g.advanceDay : undefined,
    remark: g.remark,
    purPrice: decStr(g.purPrice),
    salePrice: decStr(g.salePrice),
    wholesalePrice: decStr(g.wholesalePrice),
    vipPrice: decStr(g.vipPrice),
    discountRate1: decStr(g.discountRate1),
    discountRate2: decStr(g.discountRate2),
    units: g.unitTypeId
      ? (g.units ?? [])
          .filter((u) => !u.isBase)
          .map((u) => ({
            unitId: u.unitId,
            unitName: u.unitName,
            rate: u.rate,
            barCode: u.barCode,
            purPrice: decStr(u.purPrice),
            salePrice: decStr(u.salePrice),
            wholesalePrice: decStr(u.wholesalePrice),
            vipPrice: decStr(u.vipPrice),
          }))
      : [],
    skuTypeIds,
    skus: (g.skus ?? []).map((s: GoodsSku) => ({
      id: s.id,
      skuName: s.skuName,
      assistIds: alignSku(s.skuAssistId, skuTypeIds, groupOf),
      barCode: s.barCode,
    })),
    warnings: (g.warnings ?? []).map((w) => ({ locationId: w.locationId, lowQty: decStr(w.lowQty), highQty: decStr(w.highQty) })),
    openings: (g.openings ?? []).map((o) => ({
      locationId: o.locationId,
      skuId: o.skuId || undefined,
      qty: decStr(o.qty),
      unitCost: decStr(o.unitCost),
    })),
  }
}

/** The body of POST /inventory/add (no id) or /inventory/update. */
export function goodsBody(v: GoodsValues, groups: UnitGroup[], id?: number, fields: CustomField[] = []): GoodsBody {
  const group = v.multiUnit ? groups.find((g) => g.id === v.unitTypeId) : undefined
  const base = baseUnit(group)
  const multi = !!v.multiUnit && !!v.unitTypeId
  const warranty = !!v.isWarranty
  const skuTypeIds = v.skuTypeIds ?? []
  return {
    ...(id ? { id } : {}),
    ...(fields.length ? { custom: customBody(fields, v.custom) } : {}),
    number: str(v.number),
    name: str(v.name),
    spec: str(v.spec),
    barCode: str(v.barCode),
    categoryId: v.categoryId ?? 0,
    unitTypeId: multi ? (v.unitTypeId ?? 0) : 0,
    unitId: multi ? (base?.id ?? 0) : (v.unitId ?? 0),
    purPrice: wire(v.purPrice),
    salePrice: wire(v.salePrice),
    wholesalePrice: wire(v.wholesalePrice),
    vipPrice: wire(v.vipPrice),
    discountRate1: wire(v.discountRate1),
    discountRate2: wire(v.discountRate2),
    locationId: v.locationId ?? 0,
    isSerNum: v.isSerNum ? 1 : 0,
    isWarranty: warranty ? 1 : 0,
    safeDays: warranty ? int(v.safeDays) : 0,
    advanceDay: warranty ? int(v.advanceDay) : 0,
    skuTypeIds,
    remark: str(v.remark),
    ...(multi
      ? {
          units: (v.units ?? [])
            .filter((u) => !base || u.unitId !== base.id)
            .map((u) => ({
              unitId: u.unitId,
              barCode: str(u.barCode),
              purPrice: wire(u.purPrice),
              salePrice: wire(u.salePrice),
              wholesalePrice: wire(u.wholesalePrice),
              vipPrice: wire(u.vipPrice),
            })),
        }
      : {}),
    skus: skuTypeIds.length
      ? (v.skus ?? []).map((s) => ({
          ...(s.id ? { id: s.id } : {}),
          assistIds: (s.assistIds ?? []).slice(0, skuTypeIds.length).map((a) => a ?? 0),
          barCode: str(s.barCode),
        }))
      : [],
    warnings: (v.warnings ?? [])
      .filter((w) => w.locationId)
      .map((w) => ({
        locationId: w.locationId as number,
        lowQty: filled(w.lowQty) ? wire(w.lowQty) : null,
        highQty: filled(w.highQty) ? wire(w.highQty) : null,
      })),
    openings: (v.openings ?? [])
      .filter((o) => o.locationId && filled(o.qty))
      .map((o) => ({ locationId: o.locationId as number, skuId: o.skuId ?? 0, qty: wire(o.qty), unitCost: wire(o.unitCost) })),
  }
}

export type SkuProblem =
  | { kind: 'serNum' }
  | { kind: 'noGroups' }
  | { kind: 'missing'; row: number; group: number }
  | { kind: 'wrongGroup'; row: number; group: number }
  | { kind: 'duplicate'; row: number; of: number }

/**
 * What is wrong with the SKUs: each takes exactly one value of each of the
 * goods' attribute groups (in order), no two SKUs the same combination, and
 * serial numbers do not combine with attribute groups or SKUs. row and group
 * are 0-based.
 */
export function skuProblems(
  skuTypeIds: number[],
  skus: SkuRowValues[],
  groupOf: (valueId: number) => number | undefined,
  isSerNum = false,
): SkuProblem[] {
  const out: SkuProblem[] = []
  if (isSerNum && (skus.length || skuTypeIds.length)) out.push({ kind: 'serNum' })
  if (!skus.length) return out
  if (!skuTypeIds.length) {
    out.push({ kind: 'noGroups' })
    return out
  }
  const seen = new Map<string, number>()
  skus.forEach((s, row) => {
    const ids = s.assistIds ?? []
    let complete = true
    skuTypeIds.forEach((typeId, group) => {
      const id = ids[group]
      if (!id) {
        complete = false
        out.push({ kind: 'missing', row, group })
      } else if (groupOf(id) !== typeId) {
        complete = false
        out.push({ kind: 'wrongGroup', row, group })
      }
    })
    if (!complete) return
    const key = skuTypeIds.map((_, g) => ids[g]).join(',')
    const first = seen.get(key)
    if (first !== undefined) out.push({ kind: 'duplicate', row, of: first })
    else seen.set(key, row)
  })
  return out
}

export type OpeningProblem = { kind: 'duplicate'; row: number; of: number } | { kind: 'skuNeeded'; row: number }

/** Openings: one row per warehouse and SKU; goods with saved SKUs need the SKU on each row. */
export function openingProblems(openings: GoodsValues['openings'], savedSkus: number): OpeningProblem[] {
  const out: OpeningProblem[] = []
  const seen = new Map<string, number>()
  ;(openings ?? []).forEach((o, row) => {
    if (!o.locationId) return
    if (savedSkus > 0 && !o.skuId) out.push({ kind: 'skuNeeded', row })
    const key = `${o.locationId}:${o.skuId ?? 0}`
    const first = seen.get(key)
    if (first !== undefined) out.push({ kind: 'duplicate', row, of: first })
    else seen.set(key, row)
  })
  return out
}

/** A warning row's quantities are fine unless both are given and low > high. */
export function warningOk(low: Decimal | null | undefined, high: Decimal | null | undefined): boolean {
  if (!filled(low) || !filled(high) || !isDec(low) || !isDec(high)) return true
  return cmp(low, high) <= 0
}

/** A SKU's name from its values (names joined by '/'). */
export function skuLabel(ids: (number | null | undefined)[], nameOf: (id: number) => string | undefined): string {
  return ids.map((id) => (id ? (nameOf(id) ?? `#${id}`) : '?')).join('/')
}

/** The name of a unit group's base unit among the goods' unit rows: the one of rate 1 ("瓶" in "1 箱 = 24 瓶"). */
export function baseUnitName(units: Pick<UnitRowValues, 'unitName' | 'rate'>[]): string {
  return units.find((u) => Number(u.rate) === 1)?.unitName ?? ''
}
