// antd Menu items from the server's route tree. A catalog with a single
// visible child (and no alwaysShow) shows the child in its place.
import type { MenuProps } from 'antd'
import type { RouteNode } from '@/api/types'
import { joinPath, LAYOUT } from '@/utils/routeTree'
import { menuIcon } from '@/components/menuIcons'

export type MenuItem = Required<MenuProps>['items'][number]

interface Entry {
  key: string
  title: string
  icon?: string
  children?: Entry[]
}

const isCatalog = (n: RouteNode) => n.component === LAYOUT || (!n.component && !!n.children?.length)

/** The visible menu entries under parent, with single-child catalogs folded. */
export function menuEntries(nodes: RouteNode[] | undefined, parent = ''): Entry[] {
  const out: Entry[] = []
  for (const n of nodes ?? []) {
    if (n.meta?.hidden) continue
    const path = joinPath(parent, n.path)
    if (isCatalog(n)) {
      const kids = menuEntries(n.children, path)
      if (kids.length === 0) continue
      if (kids.length === 1 && !n.meta?.alwaysShow && !kids[0].children) {
        out.push({ ...kids[0], icon: kids[0].icon || n.meta?.icon })
        continue
      }
      out.push({ key: path, title: n.meta?.title ?? path, icon: n.meta?.icon, children: kids })
    } else {
      out.push({ key: path, title: n.meta?.title ?? path, icon: n.meta?.icon })
    }
  }
  return out
}

export function toMenuItems(entries: Entry[], depth = 0): MenuItem[] {
  return entries.map((e) => ({
    key: e.key,
    icon: menuIcon(e.icon, depth === 0),
    // a label the sidebar cuts off ("销售汇总表（按…") shows in full on hover
    label: <span title={e.title}>{e.title}</span>,
    children: e.children ? toMenuItems(e.children, depth + 1) : undefined,
  }))
}

/**
 * The breadcrumb of a page: its parents' titles and its own, empty ones
 * left out and a title repeating the one before it once (the home page
 * under its own catalog read "首页 / 首页").
 */
export function crumbTitles(titles: string[]): string[] {
  return titles.filter((x, i, all) => x && x !== all[i - 1])
}

/** The top-level entry that holds pathname (for the mix layout). */
export function sectionOf(entries: Entry[], pathname: string): Entry | undefined {
  const holds = (e: Entry): boolean => e.key === pathname || !!e.children?.some(holds)
  return entries.find(holds)
}

/** The first page under an entry. */
export function firstLeaf(e: Entry): string {
  return e.children?.length ? firstLeaf(e.children[0]) : e.key
}

export type { Entry as MenuEntry }
