import { describe, expect, it } from 'vitest'
import { emptyLine } from './lines'
import { firstProblem, withoutCell } from './problems'
import type { ColumnKey } from '../types'

const s = { defaultTaxRate: '0', taxOn: false }
const lines = [emptyLine(s), emptyLine(s), emptyLine(s)]
const cols: ColumnKey[] = ['goods', 'qty', 'price']

describe('firstProblem', () => {
  it('is null without refused cells', () => {
    expect(firstProblem(lines, new Map(), cols)).toBeNull()
  })
  it('answers the first line, then the first column, in error', () => {
    const p = new Map([
      [lines[2].key, new Map<ColumnKey, string>([['qty', 'too big']])],
      [
        lines[1].key,
        new Map<ColumnKey, string>([
          ['price', 'not below 0'],
          ['qty', 'not below 0'],
        ]),
      ],
    ])
    expect(firstProblem(lines, p, cols)).toEqual({ row: 1, col: 'qty', msg: 'not below 0' })
  })
  it('ignores problems of lines no longer there and empty maps', () => {
    const p = new Map([
      ['gone', new Map<ColumnKey, string>([['qty', 'x']])],
      [lines[0].key, new Map<ColumnKey, string>()],
    ])
    expect(firstProblem(lines, p, cols)).toBeNull()
  })
})

describe('withoutCell', () => {
  it('drops one cell and the line once it has none', () => {
    const p = new Map([
      [
        lines[0].key,
        new Map<ColumnKey, string>([
          ['qty', 'a'],
          ['price', 'b'],
        ]),
      ],
    ])
    const a = withoutCell(p, lines[0].key, 'qty')
    expect(a.get(lines[0].key)?.has('qty')).toBe(false)
    expect(p.get(lines[0].key)?.has('qty')).toBe(true) // not changed in place
    expect(withoutCell(a, lines[0].key, 'price').has(lines[0].key)).toBe(false)
    expect(withoutCell(a, 'other', 'qty')).toBe(a)
  })
})
