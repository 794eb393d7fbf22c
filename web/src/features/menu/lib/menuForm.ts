// Between the server's menu entry and the dialog's values: params are a map
// on the server and a key/value list in the form; only the fields of the
// chosen type are sent.
import type { MenuFormValues, MenuInput, MenuType } from '../types'

/** The fields each type shows (besides parent, type, name, nameEn, sort). */
export const FIELDS_BY_TYPE: Record<MenuType, (keyof MenuInput)[]> = {
  CATALOG: ['routeName', 'routePath', 'icon', 'redirect', 'alwaysShow', 'visible'],
  MENU: ['routeName', 'routePath', 'component', 'icon', 'keepAlive', 'visible', 'params'],
  BUTTON: ['perm'],
  EXTLINK: ['routePath', 'icon', 'visible'],
}

export function toFormValues(m: MenuInput): MenuFormValues {
  return { ...m, params: Object.entries(m.params ?? {}).map(([key, value]) => ({ key, value })) }
}

export function toInput(v: MenuFormValues): MenuInput {
  const keep = new Set<string>(['id', 'parentId', 'type', 'name', 'nameEn', 'sort', ...FIELDS_BY_TYPE[v.type]])
  const out: Record<string, unknown> = {}
  for (const [k, val] of Object.entries(v)) if (keep.has(k) && k !== 'params') out[k] = val
  if (keep.has('params')) {
    const params: Record<string, string> = {}
    for (const p of v.params ?? []) if (p?.key?.trim()) params[p.key.trim()] = p.value ?? ''
    out.params = params
  }
  return out as unknown as MenuInput
}
