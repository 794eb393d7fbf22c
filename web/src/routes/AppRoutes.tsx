// The route table: /login, /401, /404 and a shared customer statement
// (/statement/<token>, opened without signing in) public; everything else guarded and
// drawn by the shell from the server's route tree.
import { lazy, Suspense } from 'react'
import { Route, Routes } from 'react-router'
import { GuestOnly, RequireAuth } from './RequireAuth'
import { FullScreenSpin, SessionGate } from './SessionGate'
import { ViewResolverContext } from '@/app/viewResolver'
import { LAYOUT } from '@/utils/routeTree'
import { resolveView, viewLoader } from './viewRegistry'
import { StorageRedirect } from './moved'

const Login = lazy(() => import('@/features/auth/views/Login'))
const NotFound = lazy(() => import('./NotFound'))
const Unauthorized = lazy(() => import('./Unauthorized'))
const StatementPage = lazy(() => import('@/features/statement/views/StatementPage'))

/** Fetch the shell's code while the sign-in request runs. */
function preloadShell() {
  for (const name of [LAYOUT, 'dashboard']) void viewLoader(name)().catch(() => undefined)
}

export function AppRoutes() {
  const Shell = resolveView(LAYOUT)
  return (
    <ViewResolverContext.Provider value={resolveView}>
      <Suspense fallback={<FullScreenSpin />}>
        <Routes>
          <Route
            path="/login"
            element={
              <GuestOnly>
                <Login preload={preloadShell} />
              </GuestOnly>
            }
          />
          <Route path="/404" element={<NotFound />} />
          <Route path="/401" element={<Unauthorized />} />
          <Route path="/statement/:token" element={<StatementPage />} />
          <Route path="/storage/*" element={<StorageRedirect />} />
          <Route
            path="*"
            element={
              <RequireAuth>
                <SessionGate>
                  <Shell />
                </SessionGate>
              </RequireAuth>
            }
          />
        </Routes>
      </Suspense>
    </ViewResolverContext.Provider>
  )
}
