// The status bar of the active line shows the stock on hand on every kind
// with goods lines — a sales order as the delivery screen does — asked from
// the server, not an old answer kept from an earlier screen.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import MockAdapter from 'axios-mock-adapter'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import '@/app/i18n'
import { http, resetHttpState } from '@/api/http'
import type { DocLine, GridSettings } from '@/components/DocGrid'
import { cacheKeys, keyById } from '@/features/cache/api'
import type { CacheName, CacheRecord } from '@/features/cache/types'
import { LineInfo } from './LineInfo'

const ok = (data: unknown): [number, unknown] => [200, { status: 200, msg: 'ok', data }]

const settings = { qtyPlaces: 2, pricePlaces: 2, amountPlaces: 2, money: false } as GridSettings
const line = { key: 'a', invId: 1, unitId: 5, unitName: '瓶', skuId: 0, locationId: 0, qty: '1', price: '0' } as DocLine

describe('<LineInfo> available stock', () => {
  let mock: MockAdapter
  let qc: QueryClient
  beforeEach(() => {
    resetHttpState()
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const caches: Partial<Record<CacheName, CacheRecord[]>> = {
      goods: [{ id: 1, number: 'SP001', name: '可乐', unitId: 5, unitName: '瓶', units: [{ unitId: 5, unitName: '瓶', rate: 1 }] }],
      warehouses: [{ id: 3, number: 'CK001', name: '总仓' }],
    }
    for (const name of ['goods', 'warehouses'] as CacheName[]) {
      const list = caches[name] ?? []
      qc.setQueryData(cacheKeys.one(name), { list, byId: keyById(list), available: true })
    }
    mock = new MockAdapter(http)
    mock.onGet('/inventory/available').reply(() => ok([{ invId: 1, skuId: 0, locationId: 3, qty: '240' }]))
  })
  afterEach(() => {
    mock.restore()
    cleanup()
  })

  it('shows the stock on hand on any kind (a sales order as a delivery), asked anew', async () => {
    // an answer from before the goods were bought, kept by an earlier screen
    qc.setQueryData(['stock', 'available', 1], [], { updatedAt: Date.now() - 60_000 })
    render(
      <QueryClientProvider client={qc}>
        <LineInfo line={line} settings={settings} />
      </QueryClientProvider>,
    )
    await waitFor(() => expect(screen.getByTestId('doc-line-available').textContent).toMatch(/240\.00 瓶/))
  })
})
