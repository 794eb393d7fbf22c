import { describe, expect, it } from 'vitest'
import type { ReactNode } from 'react'
import { renderHook } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cacheKeys, keyById } from '@/features/cache/api'
import { useCategoryOptions } from './CategoryTreeSelect'

describe('category picker options', () => {
  it('builds the tree of one type from the categories cache, disabled ones not pickable', () => {
    const list = [
      { id: 1, typeNumber: 'trade', parentId: 0, name: '食品', sort: 0, disable: 0 },
      { id: 2, typeNumber: 'trade', parentId: 1, name: '饮料', sort: 0, disable: 1 },
      { id: 3, typeNumber: 'customertype', parentId: 0, name: '批发客户', sort: 0, disable: 0 },
      { id: 4, typeNumber: 'trade', parentId: 0, name: '日用', sort: -1, disable: 0 },
    ]
    const qc = new QueryClient()
    qc.setQueryData(cacheKeys.one('assists'), { list, byId: keyById(list), available: true })
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>
    const { result } = renderHook(() => useCategoryOptions('trade'), { wrapper })
    expect(result.current.options).toEqual([
      { value: 4, title: '日用' },
      { value: 1, title: '食品', children: [{ value: 2, title: '饮料', disabled: true }] },
    ])
  })
})
