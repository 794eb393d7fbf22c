// The location as seen by one cached page. Views kept alive in hidden tabs
// must read the location of their own tab, not the browser's: useTabRoute.
import { createContext, useContext } from 'react'
import type { FlatRoute } from '@/utils/routeTree'

export interface TabRoute {
  route: FlatRoute
  pathname: string
  search: string
  query: URLSearchParams
  title: string
  active: boolean
}

export const TabRouteContext = createContext<TabRoute | null>(null)

export function useTabRoute(): TabRoute {
  const r = useContext(TabRouteContext)
  if (!r) throw new Error('useTabRoute is used outside a page')
  return r
}
