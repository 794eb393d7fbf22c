import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import MockAdapter from 'axios-mock-adapter'
import { feedback } from '@/app/feedback'
import { useSession } from '@/stores/session'
import { usePreferences } from '@/stores/preferences'
import { ApiError, api, BASE_URL, download, http, resetHttpState, TIMEOUT } from './http'

const expired = { status: -1, code: 'A0230', msg: 'token expired' }

describe('http', () => {
  let mock: MockAdapter
  let info: ReturnType<typeof vi.spyOn>
  let error: ReturnType<typeof vi.spyOn>

  beforeEach(() => {
    mock = new MockAdapter(http, { delayResponse: 5 })
    resetHttpState()
    useSession.getState().setTokens({ accessToken: 'old', refreshToken: 'r1' })
    info = vi.spyOn(feedback.modal, 'info').mockImplementation(() => ({}) as never)
    error = vi.spyOn(feedback.message, 'error').mockImplementation(() => ({}) as never)
    window.location.hash = '#/purchase/purOrder?x=1'
  })

  afterEach(() => {
    mock.restore()
    vi.restoreAllMocks()
    useSession.getState().clear()
    usePreferences.getState().reset()
  })

  it('is the one instance: /prod-api, 50 s', () => {
    expect(http.defaults.baseURL).toBe('/prod-api')
    expect(BASE_URL).toBe('/prod-api')
    expect(http.defaults.timeout).toBe(50000)
    expect(TIMEOUT).toBe(50000)
  })

  it('sends the bearer token and the language, and unwraps the envelope', async () => {
    usePreferences.getState().set('language', 'en')
    mock.onGet('/users/me').reply((c) => {
      expect(c.headers?.Authorization).toBe('Bearer old')
      expect(c.headers?.['Accept-Language']).toBe('en')
      return [200, { status: 200, msg: 'ok', data: { userId: 1 } }]
    })
    await expect(api.get('/users/me')).resolves.toEqual({ userId: 1 })
  })

  it('sends no token on anonymous requests', async () => {
    mock.onGet('/auth/captcha').reply((c) => {
      expect(c.headers?.Authorization).toBeUndefined()
      return [200, { status: 200, msg: 'ok', data: {} }]
    })
    await api.get('/auth/captcha', { anonymous: true })
  })

  it('rejects a non-200 envelope with the server message, shown once', async () => {
    mock.onPost('/x').reply(400, { status: -1, code: 'A0400', msg: '参数错误', errors: { name: 'required' } })
    const e = await api.post('/x', {}).catch((x) => x)
    expect(e).toBeInstanceOf(ApiError)
    expect(e).toMatchObject({ message: '参数错误', httpStatus: 400, code: 'A0400', errors: { name: 'required' } })
    expect(error).toHaveBeenCalledWith('参数错误')
  })

  it('falls back to "System error" and can stay silent', async () => {
    usePreferences.getState().set('language', 'en')
    mock.onGet('/a').reply(500, 'oops')
    mock.onGet('/b').reply(200, { status: 500 })
    await expect(api.get('/a')).rejects.toThrow('System error')
    await expect(api.get('/b', { silent: true })).rejects.toThrow('System error')
    expect(error).toHaveBeenCalledTimes(1)
  })

  it('passes downloads through with their headers', async () => {
    mock.onGet('/users/export').reply(200, new Blob(['x']), { 'content-disposition': 'attachment; filename="u.xlsx"' })
    const res = await download({ url: '/users/export' })
    expect(res.headers['content-disposition']).toContain('u.xlsx')
    expect(res.data).toBeInstanceOf(Blob)
  })

  it('refreshes once when three requests fail with A0230 together, and replays all three', async () => {
    let refreshes = 0
    const seen: string[] = []
    mock.onPost('/auth/refreshToken').reply((c) => {
      refreshes++
      expect(c.params).toEqual({ refreshToken: 'r1' })
      expect(c.headers?.Authorization).toBeUndefined()
      return [200, { status: 200, msg: 'ok', data: { tokenType: 'Bearer', accessToken: 'new', refreshToken: 'r2', expiresIn: 1800 } }]
    })
    mock.onGet(/\/item\/\d/).reply((c) => {
      const auth = String(c.headers?.Authorization)
      seen.push(`${c.url} ${auth}`)
      if (auth === 'Bearer old') return [401, expired]
      return [200, { status: 200, msg: 'ok', data: c.url }]
    })

    const results = await Promise.all([api.get('/item/1'), api.get('/item/2'), api.get('/item/3')])

    expect(results).toEqual(['/item/1', '/item/2', '/item/3'])
    expect(refreshes).toBe(1)
    expect(seen.filter((s) => s.endsWith('Bearer old'))).toHaveLength(3)
    expect(seen.filter((s) => s.endsWith('Bearer new')).sort()).toEqual(['/item/1 Bearer new', '/item/2 Bearer new', '/item/3 Bearer new'])
    expect(useSession.getState()).toMatchObject({ accessToken: 'new', refreshToken: 'r2' })
    expect(info).not.toHaveBeenCalled()
    expect(error).not.toHaveBeenCalled()
  })

  it('holds a request that starts during a refresh until the new token is there', async () => {
    let refreshes = 0
    mock.onPost('/auth/refreshToken').reply(() => {
      refreshes++
      return new Promise((resolve) =>
        setTimeout(() => resolve([200, { status: 200, data: { accessToken: 'new', refreshToken: 'r2' } }]), 30),
      )
    })
    const auths: string[] = []
    mock.onGet('/late').reply((c) => {
      auths.push(String(c.headers?.Authorization))
      return [200, { status: 200, data: 'late' }]
    })
    mock.onGet('/first').reply((c) => (c.headers?.Authorization === 'Bearer old' ? [401, expired] : [200, { status: 200, data: 'first' }]))
    const first = api.get('/first')
    await new Promise((r) => setTimeout(r, 15)) // the refresh is under way
    const late = api.get('/late')
    await expect(Promise.all([first, late])).resolves.toEqual(['first', 'late'])
    expect(auths).toEqual(['Bearer new'])
    expect(refreshes).toBe(1)
  })

  it('ends the session once when the refresh fails (A0231)', async () => {
    mock.onPost('/auth/refreshToken').reply(401, { status: -1, code: 'A0231', msg: 'refresh invalid' })
    mock.onGet(/\/item\/\d/).reply(401, expired)

    const outcomes = await Promise.allSettled([api.get('/item/1'), api.get('/item/2'), api.get('/item/3')])

    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true)
    expect(mock.history.post.filter((r) => r.url === '/auth/refreshToken')).toHaveLength(1)
    expect(info).toHaveBeenCalledTimes(1)
    expect(info.mock.calls[0][0]).toMatchObject({ title: '提示', content: '您的会话已过期，请重新登录' })
    expect(useSession.getState().accessToken).toBe('')
    expect(window.location.hash).toBe(`#/login?redirect=${encodeURIComponent('/purchase/purOrder?x=1')}`)
  })

  it('a 401 for a request of a session that has ended since shows no dialog', async () => {
    let answer: (v: [number, unknown]) => void = () => {}
    mock.onGet('/slow').reply(() => new Promise((resolve) => (answer = resolve)))
    const slow = api.get('/slow') // sent with the session's token
    await new Promise((r) => setTimeout(r, 10))
    useSession.getState().clear() // signed out meanwhile (the password was changed)
    answer([401, { status: -1, code: 'A0231', msg: 'revoked' }])
    await expect(slow).rejects.toBeInstanceOf(ApiError)
    expect(info).not.toHaveBeenCalled()
    expect(mock.history.post).toHaveLength(0) // no refresh either

    // signed in anew before the old session's answer came back
    useSession.getState().setTokens({ accessToken: 'other', refreshToken: 'r9' })
    const older = api.get('/slow')
    await new Promise((r) => setTimeout(r, 10))
    useSession.getState().setTokens({ accessToken: 'newest', refreshToken: 'r10' })
    answer([401, { status: -1, code: 'A0231', msg: 'revoked' }])
    await expect(older).rejects.toBeInstanceOf(ApiError)
    expect(info).not.toHaveBeenCalled()
    expect(useSession.getState().accessToken).toBe('newest')
  })

  it('ends the session on A0231 from any request, in English too', async () => {
    usePreferences.getState().set('language', 'en')
    const { default: i18n } = await import('@/app/i18n')
    await i18n.changeLanguage('en')
    mock.onGet('/x').reply(401, { status: -1, code: 'A0231', msg: 'bad' })
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError)
    expect(mock.history.post).toHaveLength(0)
    expect(info.mock.calls[0][0]).toMatchObject({
      title: 'Notice',
      content: 'Your session has expired, please sign in again',
    })
    await i18n.changeLanguage('zh-CN')
  })

  it('does not refresh the same request twice', async () => {
    let refreshes = 0
    mock.onPost('/auth/refreshToken').reply(() => {
      refreshes++
      return [200, { status: 200, data: { accessToken: 'new', refreshToken: 'r2' } }]
    })
    mock.onGet('/always').reply(401, expired)
    await expect(api.get('/always')).rejects.toBeInstanceOf(ApiError)
    expect(refreshes).toBe(1)
    expect(mock.history.get).toHaveLength(2)
    expect(info).toHaveBeenCalledTimes(1)
  })
})
