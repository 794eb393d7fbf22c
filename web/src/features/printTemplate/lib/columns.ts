// The order of a print template's line columns: the template keeps the
// columns it prints in the order they print (the server stores the list as
// given); the editor shows every column, the chosen ones first in their
// order, and moves them up and down (or by dragging); the print follows
// the order and adds the columns a document always prints where they sit
// in the default order.

/** The default order of every line column (location: warehouse documents). */
export const defaultOrder = ['no', 'goods', 'spec', 'unit', 'location', 'qty', 'price', 'amount', 'description'] as const

/** editorOrder is every column of all, the chosen ones first in their order, then the others in all's order. */
export function editorOrder(chosen: readonly string[], all: readonly string[]): string[] {
  const first = chosen.filter((c, i) => all.includes(c) && chosen.indexOf(c) === i)
  return [...first, ...all.filter((c) => !first.includes(c))]
}

/** moveColumn moves the column at from to index to (clamped); the same list when nothing moves. */
export function moveColumn(order: readonly string[], from: number, to: number): string[] {
  const target = Math.max(0, Math.min(order.length - 1, to))
  if (from < 0 || from >= order.length || from === target) return [...order]
  const next = [...order]
  const [c] = next.splice(from, 1)
  next.splice(target, 0, c)
  return next
}

/** chosenInOrder is the chosen columns in the editor's order: what the template saves. */
export function chosenInOrder(order: readonly string[], chosen: readonly string[]): string[] {
  return order.filter((c) => chosen.includes(c))
}

/**
 * printOrder is the columns a document prints: the template's columns in
 * their order, less those not allowed, plus each required column the
 * template leaves out, placed before the first printed column that follows
 * it in the default order (at the end when none does).
 */
export function printOrder(
  columns: readonly string[],
  required: readonly string[],
  allowed: (c: string) => boolean = () => true,
  order: readonly string[] = defaultOrder,
): string[] {
  const out = columns.filter((c, i) => order.includes(c) && columns.indexOf(c) === i && (required.includes(c) || allowed(c)))
  for (const r of order.filter((c) => required.includes(c) && !out.includes(c))) {
    const after = order.slice(order.indexOf(r) + 1)
    const at = out.findIndex((c) => after.includes(c))
    out.splice(at < 0 ? out.length : at, 0, r)
  }
  return out
}

/** A cell of the totals row: the columns it spans and whether it holds the label. */
export interface TotalCell {
  column: string
  span: number
  label: boolean
}

/**
 * totalCells lays out the totals row under the printed columns: each
 * figure column (totalled) its own cell; the label in the first other
 * column, spanning the other columns that follow it up to the next figure
 * column; every other column an empty cell.
 */
export function totalCells(columns: readonly string[], figures: readonly string[]): TotalCell[] {
  const out: TotalCell[] = []
  let state: 'before' | 'spanning' | 'after' = 'before'
  for (const c of columns) {
    if (figures.includes(c)) {
      out.push({ column: c, span: 1, label: false })
      if (state === 'spanning') state = 'after'
    } else if (state === 'before') {
      out.push({ column: c, span: 1, label: true })
      state = 'spanning'
    } else if (state === 'spanning') {
      out[out.length - 1].span++
    } else {
      out.push({ column: c, span: 1, label: false })
    }
  }
  return out
}
