// Shapes shared by many features (docs/api.md §1–2).

/** System pages (users, roles, …): youlai's pageNum/pageSize → {list, total}. */
export interface PageResult<T> {
  list: T[]
  total: number
}

/** Business lists: page/rows → {page, records, total, rows, userdata}. */
export interface GridResult<T> {
  page: number
  records: number
  total: number
  rows: T[]
  userdata?: Record<string, unknown>
}

export interface Option<V = string | number> {
  value: V
  label: string
  children?: Option<V>[]
}

export interface RouteMeta {
  title: string
  icon?: string
  hidden?: boolean
  keepAlive?: boolean
  alwaysShow?: boolean
  affix?: boolean
  params?: Record<string, string> | null
}

/** One node of GET /menus/routes. */
export interface RouteNode {
  path: string
  component?: string
  redirect?: string
  name?: string
  meta: RouteMeta
  children?: RouteNode[]
}
