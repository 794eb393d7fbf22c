import { describe, expect, it } from 'vitest'
import { chineseCapitals } from './capitals'

describe('chineseCapitals', () => {
  it.each([
    ['0', '零元整'],
    ['1', '壹元整'],
    ['10', '壹拾元整'],
    ['100', '壹佰元整'],
    ['105', '壹佰零伍元整'],
    ['1234.56', '壹仟贰佰叁拾肆元伍角陆分'],
    ['1000001', '壹佰万零壹元整'],
    ['10000', '壹万元整'],
    ['100100', '壹拾万零壹佰元整'],
    ['1010', '壹仟零壹拾元整'],
    ['200000000', '贰亿元整'],
    ['300000005', '叁亿零伍元整'],
    ['0.05', '伍分'],
    ['0.5', '伍角整'],
    ['1.05', '壹元零伍分'],
    ['12.3', '壹拾贰元叁角整'],
    ['-12', '负壹拾贰元整'],
    ['1.005', '壹元零壹分'],
    ['90.4', '玖拾元肆角整'],
    ['12345678.9', '壹仟贰佰叁拾肆万伍仟陆佰柒拾捌元玖角整'],
  ])('%s → %s', (v, want) => {
    expect(chineseCapitals(v)).toBe(want)
  })
  it('takes numbers and rejects junk', () => {
    expect(chineseCapitals(3.5)).toBe('叁元伍角整')
    expect(chineseCapitals('abc')).toBe('')
  })
})
