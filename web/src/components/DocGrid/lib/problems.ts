// Cells the grid refused (a typed value it would not take): while one is
// open the document must not be saved, since the line still holds its
// previous value. The entry page asks the grid before saving.
import type { ColumnKey, DocLine } from '../types'

export interface CellProblemAt {
  row: number
  col: ColumnKey
  msg: string
}

/** The first refused cell, in line then column order; null when none. */
export function firstProblem(lines: DocLine[], problems: Map<string, Map<ColumnKey, string>>, columns: ColumnKey[]): CellProblemAt | null {
  for (let row = 0; row < lines.length; row++) {
    const m = problems.get(lines[row].key)
    if (!m || m.size === 0) continue
    for (const col of columns) {
      const msg = m.get(col)
      if (msg) return { row, col, msg }
    }
    const [col, msg] = m.entries().next().value as [ColumnKey, string]
    return { row, col, msg }
  }
  return null
}

/** The problems without one cell's (its edit was taken or cancelled). */
export function withoutCell(
  problems: Map<string, Map<ColumnKey, string>>,
  key: string,
  col: ColumnKey,
): Map<string, Map<ColumnKey, string>> {
  if (!problems.get(key)?.has(col)) return problems
  const next = new Map(problems)
  const m = new Map(next.get(key))
  m.delete(col)
  if (m.size) next.set(key, m)
  else next.delete(key)
  return next
}
