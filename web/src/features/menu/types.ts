export type MenuType = 'CATALOG' | 'MENU' | 'BUTTON' | 'EXTLINK'

export const MENU_TYPES: MenuType[] = ['CATALOG', 'MENU', 'BUTTON', 'EXTLINK']

export interface Menu {
  id: number
  parentId: number
  name: string
  nameEn: string
  type: MenuType
  routeName: string
  routePath: string
  component: string
  perm: string
  visible: number
  sort: number
  icon: string
  redirect: string
  keepAlive: number
  alwaysShow: number
  params: Record<string, string>
  children?: Menu[]
}

/** GET /menus/get_update and the body of create/update. */
export interface MenuInput {
  id?: number
  parentId: number
  name: string
  nameEn?: string
  type: MenuType
  routeName?: string
  routePath?: string
  component?: string
  perm?: string
  visible?: number
  sort?: number
  icon?: string
  redirect?: string
  keepAlive?: number
  alwaysShow?: number
  params?: Record<string, string>
}

/** The dialog's values: params as a key/value list. */
export type MenuFormValues = Omit<MenuInput, 'params'> & { params?: { key: string; value: string }[] }
