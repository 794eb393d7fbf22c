// The DocGrid test harness: the grid on a state of its own, and keyboard
// helpers. Shared by DocGrid.test.tsx (behaviour) and DocGrid.bench.tsx
// (timings).
import { fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { DocGrid } from './DocGrid'
import type { DocLine, GridSettings } from './types'
import { emptyLine, pickGoods } from './lib/lines'
import { GoodsIndex } from './lib/goodsSearch'
import { goods, settings } from './lib/testFixtures'

const warehouses = [
  { id: 3, name: '总仓' },
  { id: 4, name: '分仓' },
]

// latest holds the lines of the last render (latest.lines).
export const latest: { lines: DocLine[] } = { lines: [] }

export function Harness({
  initial = [],
  s = settings,
  errors,
  readOnly,
}: {
  initial?: DocLine[]
  s?: GridSettings
  errors?: Record<string, string>
  readOnly?: boolean
}) {
  const [lines, setLines] = useState<DocLine[]>(initial)
  latest.lines = lines
  return (
    <DocGrid
      lines={lines}
      onChange={setLines}
      settings={s}
      goods={goods}
      warehouses={warehouses}
      defaultLocationId={3}
      priceField="salePrice"
      errors={errors}
      readOnly={readOnly}
      height={480}
    />
  )
}

export const grid = () => screen.getByTestId('docgrid-grid')
export const key = (k: string, o: Partial<{ ctrlKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => {
  const target = (document.activeElement as HTMLElement) ?? grid()
  fireEvent.keyDown(target, { key: k, ...o })
}
export const type = (text: string) => {
  // first key starts editing, the rest goes through the editor
  key(text[0])
  const input = screen.getByTestId('docgrid-editor') as HTMLInputElement
  fireEvent.change(input, { target: { value: text } })
}

export function manyLines(n: number): DocLine[] {
  const ix = new GoodsIndex(goods)
  return Array.from({ length: n }, (_, i) =>
    pickGoods(emptyLine(settings, 3), ix.exact(i % 2 ? '690024' : 'SP002')!, { settings, priceField: 'salePrice', defaultLocationId: 3 }),
  )
}
