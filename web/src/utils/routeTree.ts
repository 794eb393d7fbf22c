// The server's route tree (GET /menus/routes) as flat routes for matching
// and as the input of the menus.
import { matchPath } from 'react-router'
import type { RouteNode } from '@/api/types'

/** The component name of a catalog (and of the shell that draws them). */
export const LAYOUT = 'Layout'

export interface FlatRoute {
  /** absolute path, e.g. /purchase/purOrder */
  path: string
  component: string
  name: string
  title: string
  redirect?: string
  hidden: boolean
  keepAlive: boolean
  affix: boolean
  params: Record<string, string>
  /** a catalog (component Layout): no view of its own */
  catalog: boolean
  /** absolute paths of the catalogs above, outermost first */
  parents: string[]
}

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child
  if (child === '') return parent || '/'
  return `${parent.replace(/\/+$/, '')}/${child}`
}

export function flattenRoutes(tree: RouteNode[] | undefined): FlatRoute[] {
  const out: FlatRoute[] = []
  const walk = (nodes: RouteNode[], parent: string, parents: string[]) => {
    for (const n of nodes) {
      const path = joinPath(parent, n.path)
      const catalog = n.component === LAYOUT || (!n.component && !!n.children?.length)
      out.push({
        path,
        component: n.component ?? '',
        name: n.name ?? path,
        title: n.meta?.title ?? '',
        redirect: n.redirect || undefined,
        hidden: !!n.meta?.hidden,
        keepAlive: !!n.meta?.keepAlive,
        affix: !!n.meta?.affix,
        params: n.meta?.params ?? {},
        catalog,
        parents,
      })
      if (n.children?.length) walk(n.children, path, [...parents, path])
    }
  }
  walk(tree ?? [], '', [])
  return out
}

/** The route a pathname shows: exact paths first, then patterns (/x/:id). */
export function findRoute(routes: FlatRoute[], pathname: string): FlatRoute | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return routes.find((r) => r.path === clean) ?? routes.find((r) => r.path.includes(':') && matchPath({ path: r.path, end: true }, clean))
}

/** Where a catalog leads: its redirect, else its first visible page. */
export function catalogTarget(routes: FlatRoute[], catalog: FlatRoute): string | undefined {
  if (catalog.redirect) return catalog.redirect
  const leaf = routes.find((r) => !r.catalog && !r.hidden && r.parents.includes(catalog.path))
  return leaf?.path
}

/** The title of a page: a title query parameter, else a title route parameter, else the menu title. */
export function pageTitle(route: FlatRoute, search: string): string {
  const q = new URLSearchParams(search).get('title')
  return q || route.params.title || route.title
}
