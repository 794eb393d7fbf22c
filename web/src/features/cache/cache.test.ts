import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import MockAdapter from 'axios-mock-adapter'
import { QueryClient } from '@tanstack/react-query'
import { feedback } from '@/app/feedback'
import { http, resetHttpState } from '@/api/http'
import { usePreferences } from '@/stores/preferences'
import { useSession } from '@/stores/session'
import { cacheKeys, clearCaches, clearCachesOnSignOut, keyById, loadCache, prefetchCaches, rowsOf } from './api'
import { cacheSources, GOODS_PAGE_ROWS } from './sources'
import type { CacheData } from './types'

const ok = (data: unknown) => [200, { status: 200, msg: 'ok', data }] as [number, unknown]
const grid = (rows: unknown[]) => ok({ page: 1, records: rows.length, total: 1, rows })
const notFound = [404, { status: -1, code: 'A0404', msg: 'not found' }] as [number, unknown]

describe('client caches', () => {
  let mock: MockAdapter
  let error: ReturnType<typeof vi.spyOn>
  let qc: QueryClient

  beforeEach(() => {
    mock = new MockAdapter(http)
    resetHttpState()
    useSession.getState().setTokens({ accessToken: 'a', refreshToken: 'r' })
    error = vi.spyOn(feedback.message, 'error').mockImplementation(() => ({}) as never)
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  })

  afterEach(() => {
    mock.restore()
    vi.restoreAllMocks()
    useSession.getState().clear()
    usePreferences.getState().reset()
    qc.clear()
  })

  it('loads a list with status 1, page 1, rows 10000, keyed by id', async () => {
    mock.onGet('/invlocation/list').reply((c) => {
      expect(c.params).toEqual({ status: 1, page: 1, rows: 10000 })
      return grid([
        { id: 3, name: '主仓' },
        { id: 7, name: '二仓' },
      ])
    })
    const c = await loadCache('warehouses')
    expect(c.available).toBe(true)
    expect(c.list.map((w) => w.name)).toEqual(['主仓', '二仓'])
    expect(c.byId.get(7)?.name).toBe('二仓')
    expect(c.byId.size).toBe(2)
  })

  it('asks for customers (type -10), suppliers (type 10) and payment methods by their filters', async () => {
    mock.onGet('/contact/list').reply((c) => grid([{ id: c.params.type, name: `type ${c.params.type}` }]))
    mock.onGet('/assist/list').reply((c) => {
      expect(c.params).toMatchObject({ status: 1, page: 1, rows: 10000, typeNumber: 'PayMethod' })
      return grid([{ id: 1, name: '现金' }])
    })
    expect((await loadCache('customers')).byId.get(-10)?.name).toBe('type -10')
    expect((await loadCache('suppliers')).byId.get(10)?.name).toBe('type 10')
    expect((await loadCache('payMethods')).list).toEqual([{ id: 1, name: '现金' }])
  })

  it('loads shops from the options list', async () => {
    mock.onGet('/shops/options').reply(
      ...ok([
        { value: 1, label: '总店' },
        { value: 2, label: '二号店' },
      ]),
    )
    const c = await loadCache('shops')
    expect(c.byId.get(2)).toEqual({ id: 2, name: '二号店' })
  })

  it('pages goods by 5000 (isDelete 2, disable 1) while a page comes back full', async () => {
    const pages: number[] = []
    mock.onGet('/inventory/list').reply((c) => {
      expect(c.params).toMatchObject({ isDelete: 2, disable: 1, rows: GOODS_PAGE_ROWS })
      const page = c.params.page as number
      pages.push(page)
      const n = page < 3 ? GOODS_PAGE_ROWS : 2
      return grid(Array.from({ length: n }, (_, i) => ({ id: (page - 1) * GOODS_PAGE_ROWS + i + 1 })))
    })
    const c = await loadCache('goods')
    expect(pages).toEqual([1, 2, 3])
    expect(c.list).toHaveLength(2 * GOODS_PAGE_ROWS + 2)
    expect(c.byId.get(GOODS_PAGE_ROWS + 1)?.id).toBe(GOODS_PAGE_ROWS + 1)
    expect(c.byId.get(2 * GOODS_PAGE_ROWS + 2)).toBeDefined()
  })

  it('stops after one page when the first comes back short (even empty)', async () => {
    let calls = 0
    mock.onGet('/inventory/list').reply(() => {
      calls++
      return grid([])
    })
    const c = await loadCache('goods')
    expect(calls).toBe(1)
    expect(c.list).toEqual([])
    expect(c.available).toBe(true)
  })

  it('treats a 404 as "not available yet", without a popup', async () => {
    mock.onGet('/unit/list').reply(...notFound)
    const c = await loadCache('units')
    expect(c).toEqual({ list: [], byId: new Map(), available: false })
    expect(error).not.toHaveBeenCalled()
  })

  it('treats a 403 (a list the role may not read) as not available, without a popup', async () => {
    mock.onGet('/settAcct/list').reply(403, { status: -1, code: 'A0301', msg: '没有权限' })
    const c = await loadCache('accounts')
    expect(c.available).toBe(false)
    expect(error).not.toHaveBeenCalled()
  })

  it("shows the server's message on a failure", async () => {
    mock.onGet('/inventory/list').reply(500, { status: -1, code: 'B0001', msg: '数据库忙' })
    await expect(loadCache('goods')).rejects.toThrow('数据库忙')
    expect(error).toHaveBeenCalledTimes(1)
    expect(error).toHaveBeenCalledWith('数据库忙')
  })

  it('shows "failed to get goods cache" without a server message, in both languages', async () => {
    mock.onGet('/inventory/list').networkError()
    await expect(loadCache('goods')).rejects.toBeTruthy()
    expect(error).toHaveBeenLastCalledWith('获取商品缓存失败')
    usePreferences.getState().set('language', 'en')
    const i18n = (await import('@/app/i18n')).default
    await i18n.changeLanguage('en')
    mock.onGet('/inventory/list').reply(200, { status: 500 }) // an envelope without a message
    await expect(loadCache('goods')).rejects.toBeTruthy()
    expect(error).toHaveBeenLastCalledWith('Failed to get goods cache')
    await i18n.changeLanguage('zh-CN')
  })

  it('prefetches every cache; available ones are kept, missing ones are empty', async () => {
    mock.onGet('/employee/list').reply(...grid([{ id: 1, name: '张三' }]))
    mock.onGet('/shops/options').reply(...ok([{ value: 1, label: '总店' }]))
    mock.onAny().reply(...notFound)
    await prefetchCaches(qc)
    const requested = new Set(mock.history.get.map((r) => r.url))
    // a list the user may not read is not asked for (no 403 seen by the page): empty
    for (const s of cacheSources) expect(requested.has(s.url), s.url).toBe(!s.perm)
    expect(qc.getQueryData<CacheData>(cacheKeys.one('items'))?.available).toBe(false)
    expect(qc.getQueryData<CacheData>(cacheKeys.one('staff'))?.byId.get(1)?.name).toBe('张三')
    expect(qc.getQueryData<CacheData>(cacheKeys.one('shops'))?.available).toBe(true)
    expect(qc.getQueryData<CacheData>(cacheKeys.one('goods'))?.available).toBe(false)
    expect(error).not.toHaveBeenCalled()
  })

  it('asks for the lists that need a permission when the user holds it', async () => {
    useSession.setState({ user: { username: 'books', roles: ['BOOKKEEPER'], perms: ['settings:item:query'] } as never })
    mock.onGet('/item/list').reply(...grid([{ id: 7, name: '房租' }]))
    mock.onAny().reply(...notFound)
    await prefetchCaches(qc)
    expect(qc.getQueryData<CacheData>(cacheKeys.one('items'))?.byId.get(7)?.name).toBe('房租')
    expect(mock.history.get.some((r) => r.url === '/settAcct/list')).toBe(false)
  })

  it('clears every cache, and on sign-out', async () => {
    mock.onAny().reply(...grid([{ id: 1 }]))
    await prefetchCaches(qc)
    expect(qc.getQueryCache().findAll({ queryKey: cacheKeys.all })).toHaveLength(cacheSources.length)
    clearCaches(qc)
    expect(qc.getQueryCache().findAll({ queryKey: cacheKeys.all })).toHaveLength(0)

    await prefetchCaches(qc)
    const stop = clearCachesOnSignOut(qc)
    useSession.getState().setTokens({ accessToken: 'b', refreshToken: 'r' }) // a refresh keeps them
    expect(qc.getQueryData(cacheKeys.one('goods'))).toBeDefined()
    useSession.getState().clear(true)
    expect(qc.getQueryData(cacheKeys.one('goods'))).toBeUndefined()
    stop()
  })

  it('reads rows from the usual answer shapes and keys by numeric id', () => {
    expect(rowsOf({ rows: [{ id: 1 }] })).toEqual([{ id: 1 }])
    expect(rowsOf({ items: [{ id: 2 }], totalsize: 1 })).toEqual([{ id: 2 }])
    expect(rowsOf([{ id: 3 }])).toEqual([{ id: 3 }])
    expect(rowsOf(null)).toEqual([])
    const m = keyById([{ id: 1 }, { id: '2' as unknown as number }, { id: Number.NaN }])
    expect([...m.keys()]).toEqual([1, 2])
  })
})
