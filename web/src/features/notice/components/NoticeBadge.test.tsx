// The header's notice badge: unread count capped at 99+, the latest unread
// in its dropdown, reading one lowers the count.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import MockAdapter from 'axios-mock-adapter'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router'
import { http, resetHttpState } from '@/api/http'
import { UNREAD_REFRESH_MS } from '../api'
import { NoticeBadge } from './NoticeBadge'

const ok = (data: unknown): [number, unknown] => [200, { status: 200, msg: 'ok', data }]

describe('<NoticeBadge>', () => {
  let mock: MockAdapter
  let qc: QueryClient
  let unread = 0

  beforeEach(() => {
    resetHttpState()
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    mock = new MockAdapter(http, { delayResponse: 5 })
    mock.onGet('/notices/unread-count').reply(() => ok(unread))
    mock.onGet('/notices/my-page').reply(() =>
      ok({
        list: [{ id: 7, title: 'Stocktake on Friday', type: 1, level: 'H', publisherName: 'admin', publishTime: null, isRead: 0 }],
        total: 1,
      }),
    )
    mock.onGet('/notices/7/detail').reply(() => {
      unread -= 1
      return ok({
        id: 7,
        title: 'Stocktake on Friday',
        content: '<p>All hands</p>',
        type: 1,
        level: 'H',
        publisherName: 'admin',
        publishTime: null,
        publishStatus: 1,
      })
    })
    mock.onGet(/\/v1\/dicts\/.*\/items/).reply(() => ok([]))
  })

  afterEach(() => {
    cleanup()
    mock.restore()
    qc.clear()
  })

  const mount = () =>
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <NoticeBadge />
        </MemoryRouter>
      </QueryClientProvider>,
    )

  it('caps the count at 99+', async () => {
    unread = 150
    mount()
    await waitFor(() => expect(screen.getByTestId('notice-badge').getAttribute('data-count')).toBe('150'))
    expect(screen.getByTestId('notice-badge').textContent).toContain('99+')
  })

  it('shows nothing without unread notices', async () => {
    unread = 0
    mount()
    await waitFor(() => expect(screen.getByTestId('notice-badge').getAttribute('data-count')).toBe('0'))
    expect(screen.getByTestId('notice-badge').querySelector('.ant-badge-count')).toBeNull()
  })

  it('lists the latest unread; reading one lowers the count', async () => {
    unread = 3
    mount()
    await waitFor(() => expect(screen.getByTestId('notice-badge').textContent).toContain('3'))
    fireEvent.click(screen.getByTestId('notice-badge'))
    const item = await screen.findByText('Stocktake on Friday')
    fireEvent.click(item)
    await screen.findByText('All hands')
    await waitFor(() => expect(screen.getByTestId('notice-badge').getAttribute('data-count')).toBe('2'))
  })

  it('refreshes every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      unread = 1
      mount()
      await waitFor(() => expect(screen.getByTestId('notice-badge').getAttribute('data-count')).toBe('1'))
      unread = 5
      await act(async () => {
        await vi.advanceTimersByTimeAsync(UNREAD_REFRESH_MS - 1000)
      })
      expect(screen.getByTestId('notice-badge').getAttribute('data-count')).toBe('1')
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1500)
      })
      await waitFor(() => expect(screen.getByTestId('notice-badge').getAttribute('data-count')).toBe('5'))
    } finally {
      vi.useRealTimers()
    }
  })
})
