import { describe, expect, it } from 'vitest'
import { groups, toInput } from './params'
import type { SystemParams } from '../types'

describe('system parameters', () => {
  it('groups the main parameters, each once', () => {
    const all = groups.flatMap((g) => g.fields)
    for (const k of [
      'valMethods',
      'requiredCheckStore',
      'taxRequiredCheck',
      'taxRequiredInput',
      'invPriceIsTax',
      'multiUnit',
      'enableAssistingProp',
      'ISSERNUM',
      'ISWARRANTY',
      'allowRegister',
      'showAgreement',
      'qtyPlaces',
      'companyName',
    ] as const) {
      expect(all).toContain(k)
    }
    expect(new Set(all).size).toBe(all.length)
  })

  it('sends the edited parameters only, never the closing date', () => {
    const v = { companyName: 'X', qtyPlaces: 3, closeDate: '2026-01-31', priceSequence: 'lastPrice' } as Partial<SystemParams>
    expect(toInput(v)).toEqual({ companyName: 'X', qtyPlaces: 3 })
  })

  it('sends cleared switches as 0, cleared places as null (the server asks for them), cleared text as empty', () => {
    const v = { multiUnit: undefined, qtyPlaces: undefined, companyFax: undefined } as unknown as Partial<SystemParams>
    expect(toInput(v)).toEqual({ multiUnit: 0, qtyPlaces: null, companyFax: '' })
  })
})
