// The grid's keyboard model: a pure state machine. The grid feeds it every
// key pressed on the grid or in a cell editor and performs the actions it
// returns; `handled` false leaves the key to the editor (caret moves, …).
//
// Keys (documented in the docGrid.keys help string):
//   a click selects a cell (a click on the selected cell keeps it selected);
//     a double click edits its value in place, as F2 does.
//   not editing: a printable key starts editing with it (replacing the cell);
//     F2 edits the cell's current value; Enter moves down (past the last
//     line it appends one); arrows move; Tab / Shift+Tab move across the
//     editable cells, wrapping to the next / previous line (Tab past the
//     last cell appends a line); Home / End go to the first / last cell of
//     the line; Delete or Backspace clears the cell; Ctrl+Delete (or
//     Ctrl+Backspace / Cmd+Backspace) deletes the line; Ctrl+Insert inserts a line above;
//     Alt+ArrowUp / Alt+ArrowDown move the line up / down (the cursor goes
//     with it; dragging a line by its number does the same).
//   editing: Enter commits and moves down (appending after the last line);
//     Tab / Shift+Tab commit and move across; Esc cancels; Ctrl+Delete
//     deletes the line; other keys belong to the editor.

export interface GridCursor {
  row: number
  /** index into the editable columns */
  col: number
  editing: boolean
  /** the editor's text while editing */
  draft: string
}

export interface GridKey {
  key: string
  ctrl?: boolean
  meta?: boolean
  shift?: boolean
  alt?: boolean
}

export interface GridShape {
  rows: number
  cols: number
  /** the cell's current text (F2 starts from it) */
  valueAt?: (row: number, col: number) => string
  /** a read-only grid: moving only */
  readOnly?: boolean
}

export type GridAction =
  /** write the draft into the cell (before any move) */
  | { type: 'commit'; row: number; col: number; value: string }
  /** clear the cell */
  | { type: 'clear'; row: number; col: number }
  /** append an empty line at the end */
  | { type: 'append' }
  /** insert an empty line at row */
  | { type: 'insert'; row: number }
  | { type: 'delete'; row: number }
  /** move the line at from to index to (the lines between shift) */
  | { type: 'move'; from: number; to: number }

export interface KeyResult {
  state: GridCursor
  actions: GridAction[]
  handled: boolean
}

export const initialCursor: GridCursor = { row: 0, col: 0, editing: false, draft: '' }

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v))

/** Whether a key event is a printable character that starts editing. */
export function isPrintable(k: GridKey): boolean {
  return k.key.length === 1 && !k.ctrl && !k.meta && !k.alt
}

const isDeleteLine = (k: GridKey) => (k.ctrl || k.meta) && (k.key === 'Delete' || k.key === 'Backspace')

/** Keeps the cursor inside the grid (after lines were removed, columns changed). */
export function clampCursor(s: GridCursor, g: GridShape): GridCursor {
  const row = clamp(s.row, 0, Math.max(0, g.rows - 1))
  const col = clamp(s.col, 0, Math.max(0, g.cols - 1))
  return row === s.row && col === s.col ? s : { ...s, row, col }
}

/** The next state and the actions for one key. */
export function gridKey(s: GridCursor, k: GridKey, g: GridShape): KeyResult {
  const last = g.rows - 1
  const done = (state: GridCursor, actions: GridAction[] = []): KeyResult => ({ state, actions, handled: true })
  const idle = (row: number, col: number): GridCursor => ({ row, col, editing: false, draft: '' })
  const commit: GridAction[] = s.editing ? [{ type: 'commit', row: s.row, col: s.col, value: s.draft }] : []
  const canAppend = !g.readOnly

  // Moves shared by both modes.
  const down = (): KeyResult => {
    if (s.row >= last) {
      if (!canAppend) return done(idle(s.row, s.col), commit)
      return done(idle(s.row + 1, s.col), [...commit, { type: 'append' }])
    }
    return done(idle(s.row + 1, s.col), commit)
  }
  const across = (back: boolean): KeyResult => {
    if (g.cols === 0) return done(s)
    if (!back) {
      if (s.col < g.cols - 1) return done(idle(s.row, s.col + 1), commit)
      if (s.row < last) return done(idle(s.row + 1, 0), commit)
      if (!canAppend) return done(idle(s.row, s.col), commit)
      return done(idle(s.row + 1, 0), [...commit, { type: 'append' }])
    }
    if (s.col > 0) return done(idle(s.row, s.col - 1), commit)
    if (s.row > 0) return done(idle(s.row - 1, g.cols - 1), commit)
    return done(idle(s.row, s.col), commit)
  }

  if (isDeleteLine(k)) {
    if (g.readOnly || g.rows === 0) return done(s)
    const row = clamp(s.row, 0, Math.max(0, g.rows - 2))
    return done(idle(row, s.col), [{ type: 'delete', row: s.row }])
  }

  if (s.editing) {
    switch (k.key) {
      case 'Enter':
        return down()
      case 'Tab':
        return across(!!k.shift)
      case 'Escape':
        return done(idle(s.row, s.col))
      default:
        return { state: s, actions: [], handled: false }
    }
  }

  if (isPrintable(k)) {
    if (g.readOnly || g.rows === 0) return { state: s, actions: [], handled: false }
    return done({ ...s, editing: true, draft: k.key })
  }
  if (k.alt && (k.key === 'ArrowUp' || k.key === 'ArrowDown')) {
    if (g.readOnly) return done(s)
    const to = k.key === 'ArrowUp' ? s.row - 1 : s.row + 1
    if (to < 0 || to > last) return done(s)
    return done(idle(to, s.col), [{ type: 'move', from: s.row, to }])
  }
  switch (k.key) {
    case 'F2':
      if (g.readOnly || g.rows === 0) return done(s)
      return done({ ...s, editing: true, draft: g.valueAt?.(s.row, s.col) ?? '' })
    case 'Enter':
      return down()
    case 'Tab':
      return across(!!k.shift)
    case 'ArrowDown':
      return done(idle(clamp(s.row + 1, 0, Math.max(0, last)), s.col))
    case 'ArrowUp':
      return done(idle(clamp(s.row - 1, 0, Math.max(0, last)), s.col))
    case 'ArrowRight':
      return done(idle(s.row, clamp(s.col + 1, 0, Math.max(0, g.cols - 1))))
    case 'ArrowLeft':
      return done(idle(s.row, clamp(s.col - 1, 0, Math.max(0, g.cols - 1))))
    case 'Home':
      return done(idle(k.ctrl ? 0 : s.row, 0))
    case 'End':
      return done(idle(k.ctrl ? Math.max(0, last) : s.row, Math.max(0, g.cols - 1)))
    case 'PageDown':
      return done(idle(clamp(s.row + 10, 0, Math.max(0, last)), s.col))
    case 'PageUp':
      return done(idle(clamp(s.row - 10, 0, Math.max(0, last)), s.col))
    case 'Insert':
      if (g.readOnly || !k.ctrl) return { state: s, actions: [], handled: false }
      return done(idle(s.row, s.col), [{ type: 'insert', row: s.row }])
    case 'Delete':
    case 'Backspace':
      if (g.readOnly || g.rows === 0) return done(s)
      return done(s, [{ type: 'clear', row: s.row, col: s.col }])
    default:
      return { state: s, actions: [], handled: false }
  }
}

/** The editor's text changed. */
export function setDraft(s: GridCursor, draft: string): GridCursor {
  return s.editing ? { ...s, draft } : s
}

/**
 * A click on a cell selects it, as in Excel: a click on the cell already
 * selected keeps it selected (typing then replaces its value, it does not
 * append to it); a double click (or F2) edits the value in place.
 */
export function clickCell(s: GridCursor, row: number, col: number, _g?: GridShape): GridCursor {
  if (s.row === row && s.col === col) return s
  return { row, col, editing: false, draft: '' }
}

/** A double click on a cell: select it and edit its current value (as F2). */
export function doubleClickCell(s: GridCursor, row: number, col: number, g: GridShape): GridCursor {
  if (g.readOnly) return clickCell(s, row, col)
  if (s.row === row && s.col === col && s.editing) return s
  return { row, col, editing: true, draft: g.valueAt?.(row, col) ?? '' }
}
