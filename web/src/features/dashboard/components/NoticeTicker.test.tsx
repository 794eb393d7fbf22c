// The dashboard's notice ticker: hidden without notices, steps through
// several, holds under the pointer, opens a notice on click, and shows the
// latest only (never stepping) with reduced motion.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import MockAdapter from 'axios-mock-adapter'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router'
import { http, resetHttpState } from '@/api/http'
import { TICKER_MS } from '../lib/ticker'
import { NoticeTicker } from './NoticeTicker'

const ok = (data: unknown): [number, unknown] => [200, { status: 200, msg: 'ok', data }]
const notice = (id: number, title: string) => ({
  id,
  title,
  type: 1,
  level: 'L',
  publisherName: 'admin',
  publishTime: '2026-11-20 09:00:00',
  isRead: 0,
})

describe('<NoticeTicker>', () => {
  let mock: MockAdapter
  let qc: QueryClient
  let list: ReturnType<typeof notice>[] = []
  let reduced = false
  const matchMedia = window.matchMedia

  beforeEach(() => {
    resetHttpState()
    reduced = false
    list = [notice(3, 'Stocktake on Friday'), notice(2, 'New price list'), notice(1, 'Welcome')]
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    mock = new MockAdapter(http)
    mock.onGet('/notices/my-page').reply(() => ok({ list, total: list.length }))
    mock.onGet('/notices/2/detail').reply(() =>
      ok({
        id: 2,
        title: 'New price list',
        content: '<p>From Monday</p>',
        type: 1,
        level: 'L',
        publisherName: 'admin',
        publishTime: null,
        publishStatus: 1,
      }),
    )
    mock.onGet(/\/v1\/dicts\/.*\/items/).reply(() => ok([]))
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: query === '(prefers-reduced-motion: reduce)' && reduced,
    })) as typeof window.matchMedia
  })

  afterEach(() => {
    vi.useRealTimers()
    cleanup()
    mock.restore()
    qc.clear()
    window.matchMedia = matchMedia
  })

  const mount = () =>
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <NoticeTicker />
        </MemoryRouter>
      </QueryClientProvider>,
    )
  const shown = () => screen.getByTestId('dashboard-ticker-item').textContent
  const tick = () => act(() => vi.advanceTimersByTime(TICKER_MS))

  it('is hidden when there is no notice', async () => {
    list = []
    mount()
    await waitFor(() => expect(mock.history.get.length).toBe(1))
    expect(screen.queryByTestId('dashboard-ticker')).toBeNull()
  })

  it('steps through the notices, holds under the pointer, and opens one on click', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    mount()
    await screen.findByTestId('dashboard-ticker-item')
    expect(shown()).toContain('Stocktake on Friday')
    tick()
    expect(shown()).toContain('New price list')
    expect(screen.getByTestId('dashboard-ticker-count').textContent).toBe('2 / 3')
    fireEvent.mouseEnter(screen.getByTestId('dashboard-ticker-item'))
    tick()
    tick()
    expect(shown()).toContain('New price list')
    vi.useRealTimers()
    fireEvent.click(screen.getByTestId('dashboard-ticker-item'))
    expect((await screen.findByTestId('notice-detail-title')).textContent).toBe('New price list')
  })

  it('shows the latest only and never steps with reduced motion', async () => {
    reduced = true
    vi.useFakeTimers({ shouldAdvanceTime: true })
    mount()
    await screen.findByTestId('dashboard-ticker-item')
    tick()
    tick()
    expect(shown()).toContain('Stocktake on Friday')
    expect(screen.queryByTestId('dashboard-ticker-count')).toBeNull()
  })
})
