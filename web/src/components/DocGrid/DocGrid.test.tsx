import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import '@/app/i18n'
import { Harness, grid, key, latest, manyLines, type } from './DocGrid.harness'
import { settings } from './lib/testFixtures'

afterEach(cleanup)

describe('DocGrid', () => {
  it('enters lines by keyboard: scanned barcode + Enter, quantity, totals', () => {
    render(<Harness />)
    grid().focus()
    type('690024') // the case barcode
    key('Enter')
    expect(latest.lines).toHaveLength(1)
    expect(latest.lines[0]).toMatchObject({ invId: 1, unitName: '箱', price: '80', taxAmount: '90.4', locationId: 3 })
    // the cursor went down to the new empty line's goods cell: pick by pinyin initials
    type('xb')
    expect(screen.getByTestId('docgrid-editor-list').textContent).toContain('雪碧')
    key('Enter')
    expect(latest.lines[1]).toMatchObject({ invId: 2, price: '3' })
    // back up, Tab across to the quantity, type 2, Enter
    key('ArrowUp')
    key('ArrowUp')
    for (let i = 0; i < 5; i++) key('Tab') // goods → unit → sku → location → batch → prodDate
    expect(screen.getByTestId('docgrid-cell-0-prodDate').getAttribute('aria-selected')).toBe('true')
    key('Tab') // validDate
    key('Tab') // serials
    key('Tab') // qty
    type('2')
    key('Enter')
    expect(latest.lines[0]).toMatchObject({ qty: '2', amount: '160', tax: '20.8', taxAmount: '180.8' })
    expect(screen.getByTestId('docgrid-total-taxAmount').textContent).toBe('184.19')
    expect(screen.getByTestId('docgrid-total-qty').textContent).toBe('3')
    // Esc cancels
    key('ArrowUp')
    type('9')
    key('Escape')
    expect(latest.lines[0].qty).toBe('2')
    // Ctrl+Delete deletes the line
    key('Delete', { ctrlKey: true })
    expect(latest.lines).toHaveLength(1)
    expect(latest.lines[0].invId).toBe(2)
  })

  it('moves lines by Alt+arrows and by dragging the line number; numbers follow the order', () => {
    const lines = manyLines(3)
    render(<Harness initial={lines} />)
    grid().focus()
    key('ArrowDown', { altKey: true })
    expect(latest.lines.map((l) => l.key)).toEqual([lines[1].key, lines[0].key, lines[2].key])
    // the cursor went with the line: once more down
    key('ArrowDown', { altKey: true })
    expect(latest.lines.map((l) => l.key)).toEqual([lines[1].key, lines[2].key, lines[0].key])
    // drag the last line by its number onto the first (rows are 34 px from the top: jsdom lays out nothing)
    fireEvent.pointerDown(screen.getByTestId('docgrid-handle-2'), { button: 0, clientY: 2 * 34 + 5 })
    fireEvent.pointerMove(window, { clientY: 5 })
    expect(screen.getByTestId('docgrid-row-0').style.boxShadow).toContain('inset')
    fireEvent.pointerUp(window, { clientY: 5 })
    expect(latest.lines.map((l) => l.key)).toEqual([lines[0].key, lines[1].key, lines[2].key])
    expect(screen.getByTestId('docgrid-handle-0').textContent).toBe('1')
    expect(screen.getByTestId('docgrid-row-0').style.boxShadow).toBe('')
    // a drag given up (pointer cancelled) moves nothing
    fireEvent.pointerDown(screen.getByTestId('docgrid-handle-0'), { button: 0, clientY: 5 })
    fireEvent.pointerMove(window, { clientY: 2 * 34 + 5 })
    fireEvent.pointerCancel(window, { clientY: 2 * 34 + 5 })
    fireEvent.pointerUp(window, { clientY: 2 * 34 + 5 })
    expect(latest.lines.map((l) => l.key)).toEqual([lines[0].key, lines[1].key, lines[2].key])
  })

  it('a read-only grid has no drag handle', () => {
    render(<Harness initial={manyLines(2)} readOnly />)
    const lines = latest.lines.map((l) => l.key)
    fireEvent.pointerDown(screen.getByTestId('docgrid-handle-1'), { button: 0, clientY: 34 + 5 })
    fireEvent.pointerUp(window, { clientY: 5 })
    expect(latest.lines.map((l) => l.key)).toEqual(lines)
    expect(screen.getByTestId('docgrid-handle-0').querySelector('[aria-label]')).toBeNull()
  })

  it('a bad quantity stays on its cell; an unknown code says so', () => {
    render(<Harness />)
    grid().focus()
    type('nothing')
    key('Enter')
    expect(latest.lines).toHaveLength(0)
    expect(screen.getByTestId('docgrid-cell-0-goods').getAttribute('aria-invalid')).toBe('true')
  })

  it('typing into the selected cell replaces its value (Excel): Enter, a click on the same cell, 4 gives 4', () => {
    render(<Harness initial={manyLines(2)} />)
    act(() => fireEvent.mouseDown(screen.getByTestId('docgrid-cell-0-qty')))
    grid().focus()
    type('2')
    key('Enter')
    // the cursor is on line 2's quantity (1); the user clicks it anyway and types 4
    const cell = screen.getByTestId('docgrid-cell-1-qty')
    expect(cell.getAttribute('aria-selected')).toBe('true')
    act(() => fireEvent.mouseDown(cell))
    key('4')
    expect((screen.getByTestId('docgrid-editor') as HTMLInputElement).value).toBe('4')
    key('Enter')
    expect(latest.lines.map((l) => l.qty)).toEqual(['2', '4'])
    // a double click edits the value in place (as F2)
    act(() => fireEvent.doubleClick(screen.getByTestId('docgrid-cell-0-qty')))
    expect((screen.getByTestId('docgrid-editor') as HTMLInputElement).value).toBe('2')
  })

  it('a refused value stays in its cell, marked; the click elsewhere and the keys typed next are not lost', () => {
    render(<Harness initial={manyLines(2)} />)
    act(() => fireEvent.mouseDown(screen.getByTestId('docgrid-cell-0-qty')))
    grid().focus()
    type('abc')
    act(() => fireEvent.mouseDown(screen.getByTestId('docgrid-cell-1-qty')))
    const bad = screen.getByTestId('docgrid-cell-0-qty')
    expect(screen.getByTestId('docgrid-cell-1-qty').getAttribute('aria-selected')).toBe('true')
    expect(bad.textContent).toBe('abc')
    expect(bad.getAttribute('aria-invalid')).toBe('true')
    grid().focus()
    type('7')
    key('Enter')
    expect(latest.lines.map((l) => l.qty)).toEqual(['1', '7'])
    // corrected: the cell takes the new value, the mark goes
    act(() => fireEvent.mouseDown(bad))
    grid().focus()
    type('3')
    key('Enter')
    expect(latest.lines.map((l) => l.qty)).toEqual(['3', '7'])
    expect(screen.getByTestId('docgrid-cell-0-qty').getAttribute('aria-invalid')).toBeNull()
    expect(screen.getByTestId('docgrid-cell-0-qty').textContent).not.toContain('abc')
  })

  it('no cost column without the cost right', () => {
    const lines = manyLines(2).map((l) => ({ ...l, unitCost: '2.5', cost: '5' }))
    render(<Harness initial={lines} />)
    expect(screen.queryByTestId('docgrid-cell-0-cost')?.textContent).toBe('5.00')
    cleanup()
    render(<Harness initial={lines} s={{ ...settings, cost: false }} />)
    expect(screen.queryByTestId('docgrid-cell-0-cost')).toBeNull()
    expect(screen.queryByTestId('docgrid-cell-0-unitCost')).toBeNull()
    expect(screen.queryByText('成本')).toBeNull()
    expect(screen.queryByTestId('docgrid-cell-0-amount')).not.toBeNull()
    cleanup()
    render(<Harness initial={lines} s={{ ...settings, money: false }} />)
    expect(screen.queryByTestId('docgrid-cell-0-price')).toBeNull()
    expect(screen.queryByTestId('docgrid-cell-0-cost')).toBeNull()
  })

  it("shows the server's field errors on the offending cells, counting saved lines only", () => {
    const lines = manyLines(3)
    render(
      <Harness initial={lines} errors={{ 'entries[2].qty': '数量必须大于 0', 'entries[0].skuId': '属性不存在', entries: '最多 500 行' }} />,
    )
    const cell = screen.getByTestId('docgrid-cell-2-qty')
    expect(cell.getAttribute('aria-invalid')).toBe('true')
    expect(cell.getAttribute('title')).toBe('数量必须大于 0')
    expect(screen.getByTestId('docgrid-cell-0-sku').getAttribute('title')).toBe('属性不存在')
    expect(screen.getByTestId('docgrid-status').textContent).toContain('最多 500 行')
    // the message of the active cell is spelled out below the grid
    act(() => fireEvent.mouseDown(cell))
    expect(screen.getByTestId('docgrid-error').textContent).toContain('第 3 行')
    // deleting line 1 keeps the error on its line; editing the cell clears it
    grid().focus()
    act(() => fireEvent.click(screen.getByTestId('docgrid-del-0')))
    expect(screen.getByTestId('docgrid-cell-1-qty').getAttribute('aria-invalid')).toBe('true')
    act(() => fireEvent.mouseDown(screen.getByTestId('docgrid-cell-1-qty')))
    grid().focus()
    type('5')
    key('Enter')
    expect(screen.getByTestId('docgrid-cell-1-qty').getAttribute('aria-invalid')).toBeNull()
  })

  // Timings of the same steps are in DocGrid.bench.tsx (npm run bench).
  it('500 lines: only the visible window renders; typing into line 400 commits there', () => {
    render(<Harness initial={manyLines(500)} />)
    const rendered = document.querySelectorAll('[data-testid^="docgrid-row-"]').length
    expect(rendered).toBeLessThan(40)
    expect(rendered).toBeGreaterThan(0)
    act(() => {
      grid().scrollTop = 399 * 34
      fireEvent.scroll(grid())
    })
    act(() => fireEvent.mouseDown(screen.getByTestId('docgrid-cell-399-qty')))
    grid().focus()
    type('12')
    key('Enter')
    expect(latest.lines[399].qty).toBe('12')
    // the cursor went down: the next key edits line 401
    type('3')
    key('Enter')
    expect(latest.lines[400].qty).toBe('3')
    expect(latest.lines).toHaveLength(500)
  })
})
