import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import i18n from '@/app/i18n'
import { ImportReport } from './ImportReport'

afterEach(cleanup)

describe('import report', () => {
  it('lists every row error and says nothing was imported', async () => {
    await i18n.changeLanguage('en')
    render(
      <ImportReport
        result={{
          validCount: 1,
          invalidCount: 2,
          importedCount: 0,
          messageList: [],
          errors: [
            { row: 3, column: 'Username', message: 'Username "bob" already exists' },
            { row: 4, column: 'Roles', message: 'Unknown role: BOSS' },
            { row: 4, column: 'Mobile', message: 'Not a valid mobile number' },
          ],
        }}
      />,
    )
    const report = screen.getByTestId('import-report')
    expect(within(report).getByText('The file has errors; nothing was imported')).toBeTruthy()
    expect(within(report).getByText(/2 rows with errors, 1 valid rows/)).toBeTruthy()
    const rows = within(report).getAllByRole('row').slice(1) // the header first
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['3', 'Username', 'Username "bob" already exists'],
      ['4', 'Roles', 'Unknown role: BOSS'],
      ['4', 'Mobile', 'Not a valid mobile number'],
    ])
    expect(within(report).getByText('Row')).toBeTruthy()
    expect(within(report).getByText('Column')).toBeTruthy()
  })

  it('reports the count when every row was imported', async () => {
    await i18n.changeLanguage('zh-CN')
    render(<ImportReport result={{ validCount: 5, invalidCount: 0, importedCount: 5, messageList: [], errors: [] }} />)
    expect(screen.getByTestId('import-done').textContent).toContain('成功导入 5 个用户')
    expect(screen.queryByTestId('import-report')).toBeNull()
  })
})
