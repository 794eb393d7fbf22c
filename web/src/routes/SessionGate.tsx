// After sign-in: the user (failure: "Verification failed"), then the system
// info and the route tree. A failure ends the session and returns to the
// sign-in page with the redirect; a user who must change the password sees
// only that form.
import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { Spin } from 'antd'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { feedback } from '@/app/feedback'
import { ApiError, CODE_MUST_CHANGE_PASSWORD, loginPath } from '@/api/http'
import { useMe, useRouteTree, useSystemInfo } from '@/features/auth/api'
import { useSession } from '@/stores/session'

const ChangePassword = lazy(() => import('@/features/auth/views/ChangePassword'))

export function FullScreenSpin() {
  return (
    <div style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  )
}

/** A 401 has already ended the session through the HTTP client. */
const sessionEnded = (e: unknown) => e instanceof ApiError && e.httpStatus === 401

export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  // All three at once; home and routes fail with A0232 while a new password is due.
  const me = useMe()
  const home = useSystemInfo()
  const routes = useRouteTree()
  const mustChange = me.isSuccess && !!me.data.mustChangePassword
  const ready = me.isSuccess && !mustChange
  const failed = me.error ?? (mustChange ? null : (home.error ?? routes.error))

  useEffect(() => {
    if (!failed) return
    if (!sessionEnded(failed)) {
      if (me.error) feedback.message.error(t('verifyFailed'))
      else if (!(failed instanceof ApiError && failed.code === CODE_MUST_CHANGE_PASSWORD)) feedback.message.error(failed.message)
      useSession.getState().clear()
    }
    navigate(loginPath(location.pathname + location.search), { replace: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed])

  if (failed) return <FullScreenSpin />
  if (mustChange) {
    return (
      <Suspense fallback={<FullScreenSpin />}>
        <ChangePassword />
      </Suspense>
    )
  }
  if (!ready || !home.data || !routes.data) return <FullScreenSpin />
  return <>{children}</>
}
