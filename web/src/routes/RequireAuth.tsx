import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useSession } from '@/stores/session'
import { loginPath } from '@/api/http'

/** Everything but /login: signed-out visitors go to /login?redirect=<path+query>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.accessToken)
  const signedOut = useSession((s) => s.signedOut)
  const location = useLocation()
  if (!token) return <Navigate to={signedOut ? '/login' : loginPath(location.pathname + location.search)} replace />
  return <>{children}</>
}

/**
 * /login: signed-in visitors go to / (or to the redirect the URL carries:
 * this is also how a successful sign-in leaves the page).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.accessToken)
  const location = useLocation()
  if (token) return <Navigate to={redirectTarget(location.search)} replace />
  return <>{children}</>
}

/** Where to go after signing in: the redirect query, when it is a path of the app. */
export function redirectTarget(search: string): string {
  const r = new URLSearchParams(search).get('redirect')
  if (!r || !r.startsWith('/') || r.startsWith('//') || r.startsWith('/login')) return '/'
  return r
}
