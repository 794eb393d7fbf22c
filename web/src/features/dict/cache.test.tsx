// The dictionary cache: once per code, concurrent loads shared, cleared per
// code or wholly, per language.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ReactNode } from 'react'
import MockAdapter from 'axios-mock-adapter'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { http, resetHttpState } from '@/api/http'
import { usePreferences } from '@/stores/preferences'
import { clearDictCache, findDictItem, loadDictItems, useDictItems } from './cache'

const items = (code: string, lang = 'zh-CN') => [
  { value: '1', label: `${code}-1-${lang}`, tagType: 'success' },
  { value: '2', label: `${code}-2-${lang}`, tagType: '' },
]

function Labels({ code }: { code: string }) {
  const { data } = useDictItems(code)
  return <div data-testid={`labels-${code}`}>{data?.map((i) => i.label).join(',') ?? ''}</div>
}

describe('dictionary cache', () => {
  let mock: MockAdapter
  let qc: QueryClient
  const calls: string[] = []

  beforeEach(() => {
    resetHttpState()
    calls.length = 0
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    mock = new MockAdapter(http, { delayResponse: 20 })
    mock.onGet(/\/v1\/dicts\/([^/]+)\/items$/).reply((c) => {
      const code = decodeURIComponent(c.url!.split('/')[3])
      const lang = String(c.headers?.['Accept-Language'])
      calls.push(`${code}:${lang}`)
      if (code === 'broken' && calls.filter((x) => x.startsWith('broken')).length === 1) return [500, { status: -1, msg: 'boom' }]
      return [200, { status: 200, msg: 'ok', data: items(code, lang) }]
    })
  })

  afterEach(() => {
    cleanup()
    mock.restore()
    qc.clear()
    usePreferences.getState().reset()
  })

  const mount = (node: ReactNode) => render(<QueryClientProvider client={qc}>{node}</QueryClientProvider>)

  it('loads a code once for every component using it at the same time', async () => {
    mount(
      <>
        <Labels code="gender" />
        <Labels code="gender" />
        <Labels code="notice_type" />
      </>,
    )
    await waitFor(() => expect(screen.getAllByTestId('labels-gender')[1].textContent).toBe('gender-1-zh-CN,gender-2-zh-CN'))
    await waitFor(() => expect(screen.getByTestId('labels-notice_type').textContent).not.toBe(''))
    expect(calls.sort()).toEqual(['gender:zh-CN', 'notice_type:zh-CN'])
  })

  it('shares concurrent loads outside components and serves later ones from the cache', async () => {
    const [a, b, c] = await Promise.all([loadDictItems(qc, 'gender'), loadDictItems(qc, 'gender'), loadDictItems(qc, 'gender')])
    expect(a).toEqual(b)
    expect(b).toEqual(c)
    await loadDictItems(qc, 'gender')
    mount(<Labels code="gender" />)
    expect(screen.getByTestId('labels-gender').textContent).toBe('gender-1-zh-CN,gender-2-zh-CN')
    expect(calls).toEqual(['gender:zh-CN'])
  })

  it('clears one code: only that code loads again', async () => {
    await Promise.all([loadDictItems(qc, 'gender'), loadDictItems(qc, 'notice_level')])
    await clearDictCache(qc, 'gender')
    await loadDictItems(qc, 'gender')
    await loadDictItems(qc, 'notice_level')
    expect(calls.filter((c) => c.startsWith('gender'))).toHaveLength(2)
    expect(calls.filter((c) => c.startsWith('notice_level'))).toHaveLength(1)
  })

  it('clears everything: every code loads again, shown ones at once', async () => {
    mount(<Labels code="gender" />)
    await waitFor(() => expect(screen.getByTestId('labels-gender').textContent).not.toBe(''))
    await loadDictItems(qc, 'notice_level')
    await act(async () => {
      await clearDictCache(qc)
    })
    await waitFor(() => expect(calls.filter((c) => c.startsWith('gender'))).toHaveLength(2))
    await loadDictItems(qc, 'notice_level')
    expect(calls.filter((c) => c.startsWith('notice_level'))).toHaveLength(2)
  })

  it('keeps the labels of each language apart', async () => {
    mount(<Labels code="gender" />)
    await waitFor(() => expect(screen.getByTestId('labels-gender').textContent).toContain('zh-CN'))
    act(() => usePreferences.getState().set('language', 'en'))
    await waitFor(() => expect(screen.getByTestId('labels-gender').textContent).toBe('gender-1-en,gender-2-en'))
    act(() => usePreferences.getState().set('language', 'zh-CN'))
    await waitFor(() => expect(screen.getByTestId('labels-gender').textContent).toContain('zh-CN'))
    expect(calls).toEqual(['gender:zh-CN', 'gender:en'])
  })

  it('a failed load is not cached', async () => {
    await expect(loadDictItems(qc, 'broken')).rejects.toThrow('boom')
    const again = await loadDictItems(qc, 'broken')
    expect(again).toHaveLength(2)
  })

  it('finds items by value as text', () => {
    const list = items('x') as never
    expect(findDictItem(list, 1)?.label).toBe('x-1-zh-CN')
    expect(findDictItem(list, '2')?.label).toBe('x-2-zh-CN')
    expect(findDictItem(list, '')).toBeUndefined()
    expect(findDictItem(list, 3)).toBeUndefined()
  })
})
