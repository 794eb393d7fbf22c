import { describe, expect, it } from 'vitest'
import { compact, stateFromQuery } from './useListQuery'
import { normaliseFilters } from './SearchForm'
import { fileNameOf } from '@/api/download'

describe('list state', () => {
  it('reads paging and known filters from the page query', () => {
    const q = new URLSearchParams('pageNum=2&pageSize=50&status=1&keywords=bob&other=x')
    expect(stateFromQuery(q, { keywords: undefined, status: 0 }, 10)).toEqual({
      filters: { keywords: 'bob', status: 1 },
      pageNum: 2,
      pageSize: 50,
    })
    expect(stateFromQuery(new URLSearchParams('pageNum=-1&pageSize=abc'), {}, 20)).toEqual({ filters: {}, pageNum: 1, pageSize: 20 })
    expect(stateFromQuery(undefined, { a: 'x' }, 10)).toEqual({ filters: { a: 'x' }, pageNum: 1, pageSize: 10 })
  })

  it('sends no empty filters', () => {
    expect(compact({ a: undefined, b: null, c: '', d: [], e: 0, f: 'x', g: [1] })).toEqual({ e: 0, f: 'x', g: [1] })
  })

  it('normalises search form values for the API', () => {
    const day = (s: string) => ({ format: () => s, isValid: () => true })
    expect(
      normaliseFilters({ keywords: '  bob ', blank: '   ', status: 0, range: [day('2026-01-01'), day('2026-01-31')], none: null }),
    ).toEqual({ keywords: 'bob', blank: undefined, status: 0, range: ['2026-01-01', '2026-01-31'], none: undefined })
  })

  it('takes download names from Content-Disposition', () => {
    expect(fileNameOf(`attachment; filename="______.xlsx"; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx`, 'x.xlsx')).toBe('用户.xlsx')
    expect(fileNameOf('attachment; filename="users.xlsx"', 'x.xlsx')).toBe('users.xlsx')
    expect(fileNameOf(undefined, 'x.xlsx')).toBe('x.xlsx')
  })
})
