import { describe, expect, it } from 'vitest'
import { summarise } from './batch'
import { fromGrid, gridParams } from '../api'

describe('master data helpers', () => {
  it('counts batch results and names the refused ids', () => {
    const names: Record<number, string> = { 1: '主仓' }
    const s = summarise(
      [
        { id: 1, ok: false, msg: '商品 A 使用了它' },
        { id: 2, ok: true },
        { id: 3, ok: false },
      ],
      (id) => names[id],
    )
    expect(s.ok).toBe(1)
    expect(s.failed).toEqual([
      { id: 1, name: '主仓', msg: '商品 A 使用了它' },
      { id: 3, name: '#3', msg: '' },
    ])
    expect(summarise(undefined)).toEqual({ ok: 0, failed: [] })
  })

  it('maps list paging to page/rows and the answer to list/total', () => {
    expect(gridParams({ pageNum: 2, pageSize: 50, matchCon: 'a', disable: 0, sidx: undefined })).toEqual({
      page: 2,
      rows: 50,
      matchCon: 'a',
      disable: 0,
    })
    expect(fromGrid({ page: 1, records: 31, total: 4, rows: [{ id: 1 }] })).toEqual({ list: [{ id: 1 }], total: 31 })
    expect(fromGrid([{ id: 1 }, { id: 2 }])).toEqual({ list: [{ id: 1 }, { id: 2 }], total: 2 })
    expect(fromGrid(null)).toEqual({ list: [], total: 0 })
  })
})
