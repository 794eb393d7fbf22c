import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { useSession } from '@/stores/session'
import { loginPath } from '@/api/http'
import { GuestOnly, RequireAuth, redirectTarget } from './RequireAuth'

function Where() {
  const l = useLocation()
  return <div data-testid="where">{l.pathname + l.search}</div>
}

function app(initial: string) {
  return render(
    <MemoryRouter initialEntries={[initial]}>
      <Routes>
        <Route
          path="/login"
          element={
            <GuestOnly>
              <div>login page</div>
              <Where />
            </GuestOnly>
          }
        />
        <Route
          path="*"
          element={
            <RequireAuth>
              <div>private page</div>
              <Where />
            </RequireAuth>
          }
        />
      </Routes>
    </MemoryRouter>,
  )
}

describe('guard', () => {
  afterEach(() => {
    cleanup()
    useSession.getState().clear()
  })

  it('sends signed-out visitors to /login with the path and query as redirect', () => {
    app('/system/user?keywords=ab&pageNum=2')
    expect(screen.getByText('login page')).toBeTruthy()
    const where = screen.getByTestId('where').textContent!
    expect(where).toBe(`/login?redirect=${encodeURIComponent('/system/user?keywords=ab&pageNum=2')}`)
    expect(redirectTarget(new URL(where, 'http://x').search)).toBe('/system/user?keywords=ab&pageNum=2')
  })

  it('sends signed-out visitors of / to a plain /login', () => {
    app('/')
    expect(screen.getByTestId('where').textContent).toBe('/login')
  })

  it('sends users who signed out to a plain /login', () => {
    useSession.getState().clear(true)
    app('/system/user')
    expect(screen.getByTestId('where').textContent).toBe('/login')
  })

  it('lets signed-in users through', () => {
    useSession.getState().setTokens({ accessToken: 'a', refreshToken: 'r' })
    app('/purchase/purOrder?id=3')
    expect(screen.getByText('private page')).toBeTruthy()
    expect(screen.getByTestId('where').textContent).toBe('/purchase/purOrder?id=3')
  })

  it('sends signed-in users visiting /login to /', () => {
    useSession.getState().setTokens({ accessToken: 'a', refreshToken: 'r' })
    app('/login')
    expect(screen.getByText('private page')).toBeTruthy()
    expect(screen.getByTestId('where').textContent).toBe('/')
  })

  it('sends signed-in users on /login?redirect= to the redirect (how sign-in leaves the page)', () => {
    useSession.getState().setTokens({ accessToken: 'a', refreshToken: 'r' })
    app('/login?redirect=%2Fsystem%2Fuser%3Fa%3D1')
    expect(screen.getByTestId('where').textContent).toBe('/system/user?a=1')
  })

  it('accepts only in-app redirects', () => {
    expect(redirectTarget('?redirect=%2Fsales%2Fsales%3Fid%3D1')).toBe('/sales/sales?id=1')
    expect(redirectTarget('')).toBe('/')
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/')
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBe('/')
    expect(redirectTarget('?redirect=%2Flogin')).toBe('/')
    expect(loginPath('/')).toBe('/login')
  })
})
