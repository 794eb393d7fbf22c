import { describe, expect, it } from 'vitest'
import { formatChanges, formatParams, timeRange } from './params'

describe('formatParams', () => {
  it('pretty-prints JSON', () => {
    expect(formatParams('{"a":1,"b":[2]}')).toBe('{\n  "a": 1,\n  "b": [\n    2\n  ]\n}')
  })
  it('keeps cut-off JSON as it is', () => {
    expect(formatParams('{"a":1,"b')).toBe('{"a":1,"b')
  })
  it('splits form strings into lines, decoded', () => {
    expect(formatParams('password=%2A%2A%2A&username=admin')).toBe('password=***\nusername=admin')
  })
  it('is empty for nothing', () => {
    expect(formatParams('  ')).toBe('')
  })
})

describe('timeRange', () => {
  it('joins the two ends', () => {
    expect(timeRange(['2026-01-01', '2026-01-31'])).toBe('2026-01-01,2026-01-31')
  })
  it('is undefined without a range', () => {
    expect(timeRange(undefined)).toBeUndefined()
    expect(timeRange([])).toBeUndefined()
  })
})

describe('formatChanges', () => {
  it('shows one field a line, old → new', () => {
    expect(formatChanges('[{"field":"entries[1].qty","old":2,"new":3},{"field":"description","new":"急"}]')).toEqual([
      'entries[1].qty: 2 → 3',
      'description: ∅ → 急',
    ])
  })
  it('is empty without changes', () => {
    expect(formatChanges('')).toEqual([])
    expect(formatChanges(undefined)).toEqual([])
  })
})
