import { describe, expect, it } from 'vitest'
import { clampCursor, clickCell, doubleClickCell, gridKey, initialCursor, setDraft, type GridCursor, type GridShape } from './keyboard'

const g: GridShape = { rows: 3, cols: 4, valueAt: (r, c) => `v${r}${c}` }
const at = (row: number, col: number, editing = false, draft = ''): GridCursor => ({ row, col, editing, draft })

describe('grid keyboard model', () => {
  it('Alt+ArrowUp / Alt+ArrowDown move the line, the cursor goes with it', () => {
    expect(gridKey(at(1, 2), { key: 'ArrowUp', alt: true }, g)).toEqual({
      state: at(0, 2),
      actions: [{ type: 'move', from: 1, to: 0 }],
      handled: true,
    })
    expect(gridKey(at(1, 2), { key: 'ArrowDown', alt: true }, g).actions).toEqual([{ type: 'move', from: 1, to: 2 }])
    // not past either end, not in a read-only grid
    expect(gridKey(at(0, 2), { key: 'ArrowUp', alt: true }, g).actions).toEqual([])
    expect(gridKey(at(2, 2), { key: 'ArrowDown', alt: true }, g).actions).toEqual([])
    expect(gridKey(at(1, 2), { key: 'ArrowUp', alt: true }, { ...g, readOnly: true }).actions).toEqual([])
  })
  it('typing starts editing with the key, replacing the cell', () => {
    const r = gridKey(initialCursor, { key: '7' }, g)
    expect(r).toEqual({ state: at(0, 0, true, '7'), actions: [], handled: true })
    expect(setDraft(r.state, '75').draft).toBe('75')
    // modified keys do not start editing
    expect(gridKey(initialCursor, { key: 'c', ctrl: true }, g).handled).toBe(false)
  })
  it('F2 edits the current value', () => {
    expect(gridKey(at(1, 2), { key: 'F2' }, g).state).toEqual(at(1, 2, true, 'v12'))
  })
  it('Enter commits and moves down', () => {
    const r = gridKey(at(0, 1, true, '5'), { key: 'Enter' }, g)
    expect(r.state).toEqual(at(1, 1))
    expect(r.actions).toEqual([{ type: 'commit', row: 0, col: 1, value: '5' }])
  })
  it('Enter on the last line commits and appends a line', () => {
    const r = gridKey(at(2, 1, true, '5'), { key: 'Enter' }, g)
    expect(r.state).toEqual(at(3, 1))
    expect(r.actions).toEqual([{ type: 'commit', row: 2, col: 1, value: '5' }, { type: 'append' }])
    // not editing: moves down / appends too
    expect(gridKey(at(2, 1), { key: 'Enter' }, g).actions).toEqual([{ type: 'append' }])
    expect(gridKey(at(0, 1), { key: 'Enter' }, g)).toEqual({ state: at(1, 1), actions: [], handled: true })
  })
  it('Tab and Shift+Tab move across, wrapping lines', () => {
    expect(gridKey(at(0, 1, true, 'x'), { key: 'Tab' }, g)).toEqual({
      state: at(0, 2),
      actions: [{ type: 'commit', row: 0, col: 1, value: 'x' }],
      handled: true,
    })
    expect(gridKey(at(0, 3), { key: 'Tab' }, g).state).toEqual(at(1, 0))
    expect(gridKey(at(1, 0), { key: 'Tab', shift: true }, g).state).toEqual(at(0, 3))
    expect(gridKey(at(0, 0), { key: 'Tab', shift: true }, g).state).toEqual(at(0, 0))
    const end = gridKey(at(2, 3), { key: 'Tab' }, g)
    expect(end.state).toEqual(at(3, 0))
    expect(end.actions).toEqual([{ type: 'append' }])
  })
  it('Esc cancels the edit without committing', () => {
    expect(gridKey(at(1, 1, true, 'typo'), { key: 'Escape' }, g)).toEqual({ state: at(1, 1), actions: [], handled: true })
  })
  it('Ctrl+Delete deletes the line, editing or not', () => {
    expect(gridKey(at(1, 2, true, 'x'), { key: 'Delete', ctrl: true }, g)).toEqual({
      state: at(1, 2),
      actions: [{ type: 'delete', row: 1 }],
      handled: true,
    })
    // the last line: the cursor steps up
    expect(gridKey(at(2, 0), { key: 'Delete', ctrl: true }, g).state).toEqual(at(1, 0))
    expect(gridKey(at(2, 0), { key: 'Backspace', meta: true }, g).actions).toEqual([{ type: 'delete', row: 2 }])
  })
  it('Delete clears the cell, Ctrl+Insert inserts a line', () => {
    expect(gridKey(at(1, 2), { key: 'Delete' }, g).actions).toEqual([{ type: 'clear', row: 1, col: 2 }])
    expect(gridKey(at(1, 2), { key: 'Insert', ctrl: true }, g).actions).toEqual([{ type: 'insert', row: 1 }])
  })
  it('arrows move when not editing and stay inside', () => {
    expect(gridKey(at(0, 0), { key: 'ArrowDown' }, g).state).toEqual(at(1, 0))
    expect(gridKey(at(2, 0), { key: 'ArrowDown' }, g).state).toEqual(at(2, 0))
    expect(gridKey(at(0, 0), { key: 'ArrowUp' }, g).state).toEqual(at(0, 0))
    expect(gridKey(at(0, 3), { key: 'ArrowRight' }, g).state).toEqual(at(0, 3))
    expect(gridKey(at(0, 3), { key: 'ArrowLeft' }, g).state).toEqual(at(0, 2))
    expect(gridKey(at(1, 1), { key: 'End' }, g).state).toEqual(at(1, 3))
    expect(gridKey(at(1, 1), { key: 'Home', ctrl: true }, g).state).toEqual(at(0, 0))
  })
  it('arrows belong to the editor while editing', () => {
    const s = at(1, 1, true, 'ab')
    expect(gridKey(s, { key: 'ArrowLeft' }, g)).toEqual({ state: s, actions: [], handled: false })
  })
  it('a read-only grid only moves', () => {
    const ro = { ...g, readOnly: true }
    expect(gridKey(at(0, 0), { key: '7' }, ro).handled).toBe(false)
    expect(gridKey(at(2, 0), { key: 'Enter' }, ro).actions).toEqual([])
    expect(gridKey(at(1, 0), { key: 'Delete', ctrl: true }, ro).actions).toEqual([])
    expect(gridKey(at(1, 0), { key: 'ArrowDown' }, ro).state).toEqual(at(2, 0))
  })
  it('clicks select; a click on the selected cell keeps it selected, so typing replaces; a double click edits', () => {
    const s = clickCell(initialCursor, 1, 2, g)
    expect(s).toEqual(at(1, 2))
    // Enter moved down to (1, 2); clicking it again and typing 4 gives "4", not "v124"
    const again = clickCell(s, 1, 2, g)
    expect(again).toEqual(at(1, 2))
    expect(gridKey(again, { key: '4' }, g).state).toEqual(at(1, 2, true, '4'))
    expect(doubleClickCell(s, 1, 2, g)).toEqual(at(1, 2, true, 'v12'))
    expect(doubleClickCell(at(0, 0), 2, 1, { ...g, readOnly: true })).toEqual(at(2, 1))
    expect(clampCursor(at(5, 9), g)).toEqual(at(2, 3))
  })
})
