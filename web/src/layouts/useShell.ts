import { useMemo } from 'react'
import { useRouteTree } from '@/features/auth/api'
import { flattenRoutes } from '@/utils/routeTree'
import { menuEntries } from './menuItems'

/** The route tree (loaded by the session gate) as flat routes and menu entries. */
export function useShell() {
  const { data: tree } = useRouteTree()
  const routes = useMemo(() => flattenRoutes(tree), [tree])
  const entries = useMemo(() => menuEntries(tree), [tree])
  return { tree, routes, entries }
}
