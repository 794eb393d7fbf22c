// The system parameters page: which parameters it edits, in which group,
// and what a save sends.
import type { SystemParams } from '../types'

export type Key = keyof SystemParams

/** The parameters this page edits, by group (closeDate is shown, not sent). */
export const groups: { key: string; fields: Key[] }[] = [
  {
    key: 'company',
    fields: [
      'companyName',
      'companyAddress',
      'companyPhone',
      'companyFax',
      'companyPostcode',
      'companyTaxNo',
      'companyBank',
      'companyAccount',
      'startDate',
      'currency',
    ],
  },
  { key: 'places', fields: ['qtyPlaces', 'pricePlaces', 'amountPlaces'] },
  { key: 'stock', fields: ['valMethods', 'requiredCheckStore', 'allowOverFulfil', 'defaultLocationId'] },
  { key: 'tax', fields: ['taxRequiredCheck', 'taxRequiredInput', 'invPriceIsTax'] },
  { key: 'features', fields: ['multiUnit', 'enableAssistingProp', 'ISSERNUM', 'ISWARRANTY'] },
  { key: 'signIn', fields: ['allowRegister', 'showAgreement'] },
]

export const flags = new Set<Key>([
  'requiredCheckStore',
  'allowOverFulfil',
  'taxRequiredCheck',
  'invPriceIsTax',
  'multiUnit',
  'enableAssistingProp',
  'ISSERNUM',
  'ISWARRANTY',
  'allowRegister',
  'showAgreement',
])
export const places = new Set<Key>(['qtyPlaces', 'pricePlaces', 'amountPlaces'])

/** What the form sends: every edited parameter, nothing else. */
export function toInput(v: Partial<SystemParams>): Partial<SystemParams> {
  const out: Record<string, unknown> = {}
  for (const g of groups)
    for (const k of g.fields) if (k in v) out[k] = v[k] ?? (flags.has(k) || k === 'defaultLocationId' ? 0 : places.has(k) ? null : '')
  return out as Partial<SystemParams>
}
