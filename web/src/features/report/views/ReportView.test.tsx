// The report view: the filter bar's pickers narrow the answer (the query
// asks with the picked goods and customer), an open report refetches when a
// document changes, and a drill into an already open tab applies its filters.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import MockAdapter from 'axios-mock-adapter'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router'
import { http, resetHttpState } from '@/api/http'
import { TabRouteContext, type TabRoute } from '@/app/tabRoute'
import { cacheKeys, keyById } from '@/features/cache/api'
import type { CacheName, CacheRecord } from '@/features/cache/types'
import { invalidateAfterDocument } from '@/features/document/lib/affected'
import { useSession } from '@/stores/session'
import { ReportView } from './ReportView'

// the chart's canvas is the browser suite's; here only what it is asked
vi.mock('@/components/EChart', () => ({ default: () => <div data-testid="echart" /> }))

const ok = (data: unknown): [number, unknown] => [200, { status: 200, msg: 'ok', data }]

const answer = (rows: Record<string, unknown>[]) => ({
  page: 1,
  records: rows.length,
  total: 1,
  rows,
  userdata: {},
  columns: [
    { key: 'billNo', label: 'No.', type: 'text' },
    { key: 'invName', label: 'Goods', type: 'text' },
  ],
  title: 'Sales detail',
  doc: true,
  filters: ['beginDate', 'endDate', 'buId', 'salesId', 'invId', 'locationId', 'catId', 'matchCon'],
  beginDate: '2026-11-01',
  endDate: '2026-11-26',
})

describe('<ReportView>', () => {
  let mock: MockAdapter
  let qc: QueryClient
  let asked: Record<string, unknown>[]
  let charts: Record<string, unknown>[]

  beforeEach(() => {
    resetHttpState()
    useSession
      .getState()
      .setUser({ userId: 2, username: 'u', nickname: 'u', avatar: '', roles: ['CLERK'], perms: ['report:salesDetail:print'] })
    asked = []
    charts = []
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const caches: Partial<Record<CacheName, CacheRecord[]>> = {
      goods: Array.from({ length: 8 }, (_, i) => ({ id: i + 1, number: `G${i + 1}`, name: `商品${i + 1}` })),
      customers: [
        { id: 7, number: 'KH7', name: '张三超市' },
        { id: 8, number: 'KH8', name: '李四商行' },
      ],
    }
    for (const name of ['warehouses', 'goods', 'customers', 'suppliers', 'staff', 'shops', 'assists'] as CacheName[]) {
      const list = caches[name] ?? []
      qc.setQueryData(cacheKeys.one(name), { list, byId: keyById(list), available: true })
    }
    mock = new MockAdapter(http, { delayResponse: 5 })
    mock.onGet('/report/salesDetail').reply((cfg) => {
      const p = { ...(cfg.params as Record<string, unknown>) }
      asked.push(p)
      const all = [
        { billId: 1, billNo: 'XS-1', invId: 3, buId: 7, invName: '商品3' },
        { billId: 2, billNo: 'XS-2', invId: 4, buId: 8, invName: '商品4' },
      ]
      return ok(answer(all.filter((r) => (!p.invId || r.invId === Number(p.invId)) && (!p.buId || r.buId === Number(p.buId)))))
    })
    mock.onGet('/report/salesDetail/chart').reply((cfg) => {
      charts.push({ ...(cfg.params as Record<string, unknown>) })
      return ok({ months: [{ month: '2026-11', sales: 48, profit: 28 }] })
    })
    mock.onAny().reply(() => ok(null))
  })

  afterEach(() => {
    cleanup()
    useSession.getState().clear()
    mock.restore()
    qc.clear()
  })

  const tab = (search = '', active = true): TabRoute => ({
    route: { path: '/report/sales/salesDetail', component: 'report/salesDetail' } as TabRoute['route'],
    pathname: '/report/sales/salesDetail',
    search,
    query: new URLSearchParams(search),
    title: 'Sales detail',
    active,
  })
  let go: NavigateFunction = () => undefined
  function Nav() {
    go = useNavigate()
    return null
  }
  const view = (t: TabRoute, state?: unknown) => (
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[{ pathname: t.pathname, search: t.search, state }]}>
        <Nav />
        <TabRouteContext.Provider value={t}>
          <ReportView name="salesDetail" />
        </TabRouteContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>
  )
  const rows = () => document.querySelectorAll('[data-testid="report-row"]').length

  const pickIn = async (testId: string, text: string) => {
    const sel = screen.getByTestId(testId)
    const input = sel.querySelector('input')!
    fireEvent.mouseDown(sel.querySelector('.ant-select-selector') ?? sel)
    fireEvent.change(input, { target: { value: text } })
    const option = await waitFor(() => {
      const o = [...document.querySelectorAll('.ant-select-item-option')].find((x) => x.textContent?.includes(text))
      if (!o) throw new Error(`no option ${text}`)
      return o
    })
    fireEvent.click(option)
  }

  it('the goods and customer pickers narrow the answer', async () => {
    render(view(tab()))
    await waitFor(() => expect(rows()).toBe(2))
    await pickIn('report-goods', '商品3')
    await pickIn('report-contact', '张三超市')
    fireEvent.click(screen.getByTestId('report-query'))
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ invId: 3, buId: 7 }))
    await waitFor(() => expect(rows()).toBe(1))
    // the chart asks with the same filters, without paging
    await waitFor(() => expect(charts.at(-1)).toMatchObject({ invId: 3, buId: 7 }))
    expect(charts.at(-1)).not.toHaveProperty('page')
  }, 120_000) // antd's searchable selects are slow in jsdom on a loaded machine

  it('the print has every row of the filters and the totals row, not only the page', async () => {
    render(view(tab('?buId=7')))
    await waitFor(() => expect(rows()).toBe(1))
    fireEvent.click(screen.getByTestId('report-print'))
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ buId: '7', page: 1, rows: 10000 }))
    const sheet = await screen.findByTestId('report-print-sheet')
    await waitFor(() => expect(sheet.querySelectorAll('tbody tr').length).toBe(2)) // the row and the totals row
    expect(sheet.textContent).toContain('XS-1')
  })

  it('查询 with the same filters asks the server again', async () => {
    render(view(tab()))
    await waitFor(() => expect(rows()).toBe(2))
    const n = asked.length
    fireEvent.click(screen.getByTestId('report-query'))
    await waitFor(() => expect(asked.length).toBe(n + 1))
  })

  it('an open report, even in a hidden tab, refetches when a document changes', async () => {
    render(view(tab('', false)))
    await waitFor(() => expect(asked.length).toBe(1))
    await act(() => invalidateAfterDocument(qc))
    await waitFor(() => expect(asked.length).toBe(2))
  })

  it('a tab left open asks again when it is shown (documents saved in another browser)', async () => {
    const r = render(view(tab('', true)))
    await waitFor(() => expect(asked.length).toBe(1))
    r.rerender(view(tab('', false)))
    r.rerender(view(tab('', true)))
    await waitFor(() => expect(asked.length).toBe(2))
  })

  it('a drill into the already open tab applies its filters', async () => {
    const t = tab('?buId=7')
    render(view(t, { drill: 1 }))
    await waitFor(() => expect(rows()).toBe(1))
    // the user widens the filter in the tab
    await pickIn('report-contact', '李四商行')
    fireEvent.click(screen.getByTestId('report-query'))
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ buId: 8 }))
    // the same drill again: the tab shows the drill's customer
    act(() => void go(`${t.pathname}${t.search}`, { state: { drill: 2 } }))
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ buId: '7' }))
  })
})
