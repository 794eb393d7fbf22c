import { describe, expect, it } from 'vitest'
import { emptyGroup, fromUnitType, nameError, overOne, rateError, rateText, toUnitGroupRequest, validateUnitGroup } from './unitGroup'

describe('unit group form', () => {
  it('reads rates as exact decimal text', () => {
    expect(rateText('012.500')).toBe('12.5')
    expect(rateText(' 12 ')).toBe('12')
    expect(rateText(0.5)).toBe('0.5')
    expect(rateText('')).toBe('')
    expect(rateText(null)).toBe('')
    expect(rateText('1e3')).toBeUndefined()
    expect(rateText('-2')).toBeUndefined()
    expect(rateText('1.2.3')).toBeUndefined()
  })

  it('compares with 1 without floats', () => {
    expect(overOne('1')).toBe(false)
    expect(overOne('1.000001')).toBe(true)
    expect(overOne('0.9')).toBe(false)
    expect(overOne('2')).toBe(true)
    expect(overOne('10')).toBe(true)
    expect(overOne('0')).toBe(false)
  })

  it('checks the rates: base 1, others > 1 with at most 6 decimals', () => {
    expect(rateError('1', 0)).toBeUndefined()
    expect(rateError('2', 0)).toBe('rateBase')
    expect(rateError('12', 1)).toBeUndefined()
    expect(rateError('1.5', 1)).toBeUndefined()
    expect(rateError('1.0000001', 1)).toBe('ratePlaces')
    expect(rateError('1', 1)).toBe('rateOverOne')
    expect(rateError('1.000', 2)).toBe('rateOverOne')
    expect(rateError('0.5', 1)).toBe('rateOverOne')
    expect(rateError('', 1)).toBe('required')
    expect(rateError('abc', 1)).toBe('rateFormat')
  })

  it('checks the names: required and unique in the group', () => {
    expect(nameError(['个', '箱'], 1)).toBeUndefined()
    expect(nameError(['个', ' 个 '], 1)).toBe('duplicate')
    expect(nameError(['个', ' 个 '], 0)).toBeUndefined()
    expect(nameError(['个', '  '], 1)).toBe('required')
    expect(nameError(['x'.repeat(101)], 0)).toBe('tooLong')
  })

  it('validates the whole form by field path', () => {
    expect(validateUnitGroup(emptyGroup())).toEqual({
      name: 'required',
      'units[0].name': 'required',
      'units[1].name': 'required',
      'units[1].rate': 'required',
    })
    expect(validateUnitGroup({ name: '箱/个', units: [{ name: '个', rate: '1' }] })).toEqual({ units: 'atLeastTwo' })
    expect(
      validateUnitGroup({
        name: '箱/个',
        units: [
          { name: '个', rate: '1' },
          { name: '箱', rate: '12' },
          { name: '箱', rate: '1' },
        ],
      }),
    ).toEqual({ 'units[2].name': 'duplicate', 'units[2].rate': 'rateOverOne' })
  })

  it('maps the form to the request: base rate 1, canonical rates, ids kept', () => {
    expect(
      toUnitGroupRequest({
        name: ' 箱/个 ',
        units: [
          { id: 3, name: ' 个 ', rate: '' },
          { name: '箱', rate: '12.50' },
          { id: 9, name: '托', rate: 240 },
        ],
      }),
    ).toEqual({
      name: '箱/个',
      units: [
        { id: 3, name: '个', rate: '1' },
        { name: '箱', rate: '12.5' },
        { id: 9, name: '托', rate: '240' },
      ],
    })
  })

  it('reads a group with its base unit first', () => {
    expect(
      fromUnitType({
        id: 1,
        name: '箱/个',
        units: [
          { id: 5, name: '箱', unitTypeId: 1, unitTypeName: '箱/个', rate: 12, isBase: 0, disable: 0 },
          { id: 4, name: '个', unitTypeId: 1, unitTypeName: '箱/个', rate: 1, isBase: 1, disable: 0 },
        ],
      }),
    ).toEqual({
      name: '箱/个',
      units: [
        { id: 4, name: '个', rate: '1' },
        { id: 5, name: '箱', rate: '12' },
      ],
    })
  })
})
