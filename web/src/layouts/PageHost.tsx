// The content area: the page of the current route, and the pages of the
// other open tabs that are kept alive (hidden, state intact).
import { memo, Suspense, useEffect, useLayoutEffect, useMemo, type RefObject } from 'react'
import { Empty, Spin } from 'antd'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation } from 'react-router'
import { catalogTarget, findRoute, pageTitle, type FlatRoute } from '@/utils/routeTree'
import { TabRouteContext, type TabRoute } from '@/app/tabRoute'
import { useResolveView } from '@/app/viewResolver'
import { doneProgress, startProgress } from '@/app/progress'
import { useTabs } from '@/stores/tabs'
import { aliasOf } from '@/utils/routeAliases'

function ViewFallback() {
  useEffect(() => {
    startProgress()
    return doneProgress
  }, [])
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  )
}

interface Page {
  key: string
  version: number
  route: FlatRoute
  pathname: string
  search: string
  title: string
}

export function PageHost({ routes, scrollRef }: { routes: FlatRoute[]; scrollRef: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation()
  const location = useLocation()
  const tabs = useTabs((s) => s.tabs)
  const open = useTabs((s) => s.open)
  const route = findRoute(routes, location.pathname)
  const key = location.pathname + location.search
  const title = route ? pageTitle(route, location.search) : ''

  // Titles follow the route tree (a language switch loads it again): every
  // open tab, not only the active one.
  const retitleAll = useTabs((s) => s.retitleAll)
  useEffect(() => {
    retitleAll((tab) => {
      const r = findRoute(routes, tab.pathname)
      return r && !r.catalog ? pageTitle(r, tab.key.slice(tab.pathname.length)) : undefined
    })
  }, [routes, retitleAll])

  // Pinned pages (the dashboard) are always open.
  useEffect(() => {
    for (const r of routes) {
      if (r.affix && !r.catalog) open({ key: r.path, pathname: r.path, title: r.title, affix: true, keepAlive: r.keepAlive })
    }
  }, [routes, open])

  useEffect(() => {
    if (!route || route.catalog) return
    open({ key, pathname: location.pathname, title, affix: route.affix && location.search === '', keepAlive: route.keepAlive })
    document.title = `${title} - ${t('appName')}`
  }, [key, route, title, location.pathname, location.search, open, t])

  // Progress bar and scroll to top on every navigation.
  useLayoutEffect(() => {
    startProgress()
    scrollRef.current?.scrollTo?.({ top: 0 })
    window.scrollTo?.({ top: 0 })
    const id = setTimeout(doneProgress, 0)
    return () => clearTimeout(id)
  }, [key, scrollRef])

  const pages = useMemo(() => {
    const out: Page[] = []
    for (const tab of tabs) {
      if (!tab.keepAlive && tab.key !== key) continue
      const r = findRoute(routes, tab.pathname)
      if (!r || r.catalog) continue
      const search = tab.key.slice(tab.pathname.length)
      out.push({ key: tab.key, version: tab.version, route: r, pathname: tab.pathname, search, title: tab.title })
    }
    if (route && !route.catalog && !out.some((p) => p.key === key)) {
      out.push({ key, version: 0, route, pathname: location.pathname, search: location.search, title })
    }
    return out
  }, [tabs, routes, key, route, location.pathname, location.search, title])

  if (routes.length === 0) {
    // An account without roles (e.g. just registered) has no menus at all.
    return <Empty style={{ padding: 48 }} description={t('error:noMenus')} data-testid="no-menus" />
  }
  if (location.pathname === '/' || (route && route.catalog)) {
    const root = route ?? routes.find((r) => r.path === '/')
    const target = (root && catalogTarget(routes, root)) || '/dashboard'
    return <Navigate to={target} replace />
  }
  if (!route) {
    // the seed's path of a page that lives elsewhere here (the invoice entry pages under /fund)
    const alias = aliasOf(location.pathname)
    if (alias && findRoute(routes, alias)) return <Navigate to={alias + location.search} replace />
    return <Navigate to="/404" replace />
  }

  return (
    <>
      {pages.map((p) => (
        <CachedPage
          key={`${p.key}#${p.version}`}
          pageKey={p.key}
          route={p.route}
          pathname={p.pathname}
          search={p.search}
          title={p.title}
          active={p.key === key}
        />
      ))}
    </>
  )
}

interface CachedPageProps {
  pageKey: string
  route: FlatRoute
  pathname: string
  search: string
  title: string
  active: boolean
}

/** One page; hidden while its tab is not active. Re-renders only when its own props change. */
const CachedPage = memo(function CachedPage({ pageKey, route, pathname, search, title, active }: CachedPageProps) {
  const View = useResolveView()(route.component)
  const value = useMemo<TabRoute>(
    () => ({ route, pathname, search, query: new URLSearchParams(search), title, active }),
    [route, pathname, search, title, active],
  )
  return (
    <div style={{ display: active ? undefined : 'none' }} data-page={pageKey}>
      <TabRouteContext.Provider value={value}>
        <Suspense fallback={<ViewFallback />}>
          <View />
        </Suspense>
      </TabRouteContext.Provider>
    </div>
  )
})
