// The one HTTP client of the app (docs/style.md): base /prod-api, 50 s time-out,
// bearer token, the {status, msg, data} envelope, downloads passed through,
// and the access-token refresh: on 401 A0230 the token is refreshed once
// while every other failing request waits in the queue, then all of them are
// replayed with the new token. A0231 or a failed refresh ends the session.
import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios'
import i18n from '@/app/i18n'
import { feedback } from '@/app/feedback'
import { useSession, type Tokens } from '@/stores/session'
import { currentLanguage } from '@/stores/preferences'

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Send no Authorization header (sign-in, captcha, refresh). */
    anonymous?: boolean
    /** Do not pop up the error message: the caller shows it. */
    silent?: boolean
    /** Internal: already replayed after a token refresh. */
    _replayed?: boolean
    /** Internal: the access token the request went out with. */
    _token?: string
  }
}

export const BASE_URL = '/prod-api'
export const TIMEOUT = 50000
export const CODE_TOKEN_EXPIRED = 'A0230'
export const CODE_REFRESH_INVALID = 'A0231'
export const CODE_MUST_CHANGE_PASSWORD = 'A0232'

/** Every rejected request rejects with an ApiError. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status (0 without a response) */
    public httpStatus: number,
    /** error code of the envelope, e.g. A0230 */
    public code?: string,
    /** field errors: path → message */
    public errors?: Record<string, string>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

interface ErrorBody {
  status?: number
  code?: string
  msg?: string
  errors?: Record<string, string>
}

export const http = axios.create({ baseURL: BASE_URL, timeout: TIMEOUT })

let refreshing: Promise<string> | null = null
let expiring = false

http.interceptors.request.use(async (config) => {
  if (!config.anonymous && refreshing) {
    // A refresh is under way: go out with the new token.
    await refreshing.catch(() => undefined)
  }
  config.headers.set('Accept-Language', currentLanguage())
  if (!config.anonymous) {
    const { accessToken, tokenType } = useSession.getState()
    if (accessToken) {
      config.headers.set('Authorization', `${tokenType || 'Bearer'} ${accessToken}`)
      config._token = accessToken
    }
  }
  return config
})

const isDownload = (c: AxiosRequestConfig) => c.responseType === 'blob' || c.responseType === 'arraybuffer'

http.interceptors.response.use(
  (res: AxiosResponse) => {
    if (isDownload(res.config)) return res // the caller reads the bytes and Content-Disposition
    const body = res.data
    if (body && typeof body === 'object' && 'status' in body) {
      if (body.status === 200) return body.data
      const e = body as ErrorBody
      return Promise.reject(fail(new ApiError(e.msg || t('systemError'), res.status, e.code, e.errors), res.config))
    }
    return body
  },
  async (error: AxiosError) => {
    const config = error.config
    const res = error.response
    const body = await errorBody(res?.data)
    if (!config) return Promise.reject(new ApiError(body.msg || t('systemError'), res?.status ?? 0, body.code))
    if (res?.status === 401 && !config.anonymous) {
      const current = useSession.getState().accessToken
      // A request of a session that has ended since it went out (signed out,
      // or the password changed and the user signed in anew) ends nothing:
      // no dialog over the sign-in page or the new session.
      const ended = !current || (!!config._token && current !== config._token && body.code !== CODE_TOKEN_EXPIRED)
      if (ended) return Promise.reject(new ApiError(body.msg || t('sessionExpired'), 401, body.code))
      if (body.code === CODE_TOKEN_EXPIRED && !config._replayed) {
        await freshToken(config._token) // rejects (and ends the session) when the refresh fails
        config._replayed = true
        return http.request(config)
      }
      expireSession()
      return Promise.reject(new ApiError(body.msg || t('sessionExpired'), 401, body.code))
    }
    let msg = body.msg
    if (!msg) {
      if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) msg = t('timeout')
      else if (!res) msg = t('networkError')
      else msg = t('systemError')
    }
    return Promise.reject(fail(new ApiError(msg, res?.status ?? 0, body.code, body.errors), config))
  },
)

function t(key: string) {
  return i18n.t(key, { ns: 'common' })
}

function fail(err: ApiError, config: AxiosRequestConfig) {
  if (!config.silent) feedback.message.error(err.message)
  return err
}

async function errorBody(data: unknown): Promise<ErrorBody> {
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    // A failed download carries the JSON error as bytes.
    try {
      return JSON.parse(await data.text()) as ErrorBody
    } catch {
      return {}
    }
  }
  return data && typeof data === 'object' ? (data as ErrorBody) : {}
}

/**
 * The access token to replay with. A request that went out with an older
 * token than the current one replays at once; otherwise it joins the one
 * refresh under way, or starts it.
 */
export function freshToken(sentWith?: string): Promise<string> {
  const current = useSession.getState().accessToken
  if (sentWith && current && current !== sentWith) return Promise.resolve(current)
  if (!refreshing) {
    refreshing = refreshTokens().finally(() => {
      refreshing = null
    })
  }
  return refreshing
}

async function refreshTokens(): Promise<string> {
  const refreshToken = useSession.getState().refreshToken
  if (!refreshToken) {
    expireSession()
    throw new ApiError(t('sessionExpired'), 401, CODE_REFRESH_INVALID)
  }
  try {
    const tokens = await request<Tokens>({
      method: 'post',
      url: '/auth/refreshToken',
      params: { refreshToken },
      anonymous: true,
      silent: true,
    })
    useSession.getState().setTokens(tokens)
    return tokens.accessToken
  } catch (e) {
    expireSession()
    throw e
  }
}

/**
 * Ends the session once however many requests fail together: the "session
 * expired" dialog, the session cleared (listeners drop caches and tabs), and
 * the sign-in page with the current page as the redirect.
 */
export function expireSession() {
  if (expiring) return
  expiring = true
  useSession.getState().clear()
  feedback.modal.info({
    title: t('notice'),
    content: t('sessionExpired'),
    okText: t('ok'),
    afterClose: () => {
      expiring = false
    },
  })
  goToLogin()
}

export function goToLogin() {
  if (typeof window === 'undefined') return
  const current = window.location.hash.replace(/^#/, '') || '/'
  if (current.startsWith('/login')) return
  window.location.hash = loginPath(current)
}

/** The sign-in route that comes back to target (path + query) afterwards. */
export function loginPath(target: string) {
  return target && target !== '/' ? `/login?redirect=${encodeURIComponent(target)}` : '/login'
}

/** For tests: forget a refresh or an expiry under way. */
export function resetHttpState() {
  refreshing = null
  expiring = false
}

/** A request answering the envelope's data. */
export function request<T>(config: AxiosRequestConfig): Promise<T> {
  return http.request(config) as unknown as Promise<T>
}

export const api = {
  get: <T>(url: string, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'get', url }),
  post: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'post', url, data }),
  put: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'put', url, data }),
  delete: <T>(url: string, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'delete', url }),
}

/** A file download: the raw response (bytes in data, headers for the name). */
export function download(config: AxiosRequestConfig): Promise<AxiosResponse<Blob>> {
  return http.request({ ...config, responseType: 'blob' }) as Promise<AxiosResponse<Blob>>
}
