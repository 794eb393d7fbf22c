// Timings of the 500-line grid in jsdom (npm run bench): figures for the
// report, not assertions. DocGrid.test.tsx checks the same steps' behaviour.
import { afterEach, bench, describe } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import '@/app/i18n'
import { Harness, grid, key, manyLines } from './DocGrid.harness'

afterEach(cleanup)

const lines = manyLines(500)

function openAt400() {
  render(<Harness initial={lines} />)
  act(() => {
    grid().scrollTop = 399 * 34
    fireEvent.scroll(grid())
  })
  act(() => fireEvent.mouseDown(screen.getByTestId('docgrid-cell-399-qty')))
  grid().focus()
}

describe('DocGrid 500 lines (jsdom)', () => {
  bench(
    'mount',
    () => {
      render(<Harness initial={lines} />)
      cleanup()
    },
    { iterations: 10 },
  )

  bench(
    'keystroke in the editor of line 400',
    () => {
      openAt400()
      key('1')
      const input = screen.getByTestId('docgrid-editor') as HTMLInputElement
      for (const v of ['12', '123', '1234', '12345', '123456']) fireEvent.change(input, { target: { value: v } })
      key('Enter')
      cleanup()
    },
    { iterations: 10 },
  )
})
