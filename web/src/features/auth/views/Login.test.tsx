import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import MockAdapter from 'axios-mock-adapter'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { feedback } from '@/app/feedback'
import { http, resetHttpState } from '@/api/http'
import { useSession } from '@/stores/session'
import Login from './Login'

const ok = (data: unknown) => [200, { status: 200, msg: 'ok', data }] as [number, unknown]
const config = (over: object = {}) => ({
  captchaEnabled: false,
  allowRegister: 0,
  showAgreement: 0,
  companyName: '仓鼠商贸',
  version: 'dev',
  ...over,
})

function page() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={qc}>
      <Login />
    </QueryClientProvider>,
  )
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } })

// The forms load lazily: allow for a slow first import when the whole suite runs.
const slow = { timeout: 10_000 }

describe('sign-in page extras', { timeout: 30_000 }, () => {
  let mock: MockAdapter
  beforeEach(() => {
    mock = new MockAdapter(http)
    resetHttpState()
    mock.onGet('/auth/captcha').reply(...ok({ captchaKey: 'k', captchaBase64: '', captchaEnabled: false }))
    vi.spyOn(feedback.message, 'success').mockImplementation(() => ({}) as never)
    vi.spyOn(feedback.message, 'error').mockImplementation(() => ({}) as never)
  })
  afterEach(() => {
    cleanup()
    mock.restore()
    vi.restoreAllMocks()
    useSession.getState().clear()
  })

  it('offers the forgotten password, and registration only when the server allows it', async () => {
    mock.onGet('/auth/config').reply(...ok(config()))
    page()
    await screen.findByTestId('login-forgot', {}, slow)
    expect(screen.queryByTestId('login-register')).toBeNull()
    fireEvent.click(screen.getByTestId('login-forgot'))
    await screen.findByTestId('reset-form', {}, slow)
    fireEvent.click(screen.getByTestId('reset-back'))
    expect(screen.getByTestId('login-submit')).toBeTruthy()
  })

  it('registers: checks the confirmation and the agreement, then returns to sign-in with the username', async () => {
    mock.onGet('/auth/config').reply(...ok(config({ allowRegister: 1, showAgreement: 1 })))
    let sent: Record<string, unknown> | undefined
    mock.onPost('/auth/register').reply((c) => {
      sent = JSON.parse(c.data)
      return ok({ userId: 5, username: 'newbie' })
    })
    page()
    fireEvent.click(await screen.findByTestId('login-register', {}, slow))
    await screen.findByTestId('register-form', {}, slow)
    type('register-username', 'newbie')
    type('register-password', 'Velvet-Harbor-86')
    type('register-confirm', 'Velvet-Harbor-87')
    await act(async () => {
      fireEvent.click(screen.getByTestId('register-submit'))
    })
    await screen.findByText('两次输入的密码不一致')
    await screen.findByText('请阅读并同意用户协议')
    expect(sent).toBeUndefined()
    type('register-confirm', 'Velvet-Harbor-86')
    const agree = screen.getByTestId('register-agree')
    fireEvent.click(agree.tagName === 'INPUT' ? agree : agree.querySelector('input')!)
    await act(async () => {
      fireEvent.click(screen.getByTestId('register-submit'))
    })
    await waitFor(() => expect(sent).toEqual({ username: 'newbie', password: 'Velvet-Harbor-86', confirmPassword: 'Velvet-Harbor-86' }))
    await waitFor(() => expect((screen.getByTestId('login-username') as HTMLInputElement).value).toBe('newbie'))
  })

  it("shows the server's field errors on the register form", async () => {
    mock.onGet('/auth/config').reply(...ok(config({ allowRegister: 1 })))
    mock.onPost('/auth/register').reply(409, {
      status: -1,
      code: 'A0409',
      msg: '用户名“newbie”已存在',
      errors: { username: '用户名“newbie”已存在' },
    })
    page()
    fireEvent.click(await screen.findByTestId('login-register', {}, slow))
    await screen.findByTestId('register-form', {}, slow)
    expect(screen.queryByTestId('register-agree')).toBeNull()
    type('register-username', 'newbie')
    type('register-password', 'Velvet-Harbor-86')
    type('register-confirm', 'Velvet-Harbor-86')
    await act(async () => {
      fireEvent.click(screen.getByTestId('register-submit'))
    })
    expect((await screen.findAllByText('用户名“newbie”已存在')).length).toBeGreaterThan(0)
  })
})
