// The one permission check of the app. Buttons: ROOT or any listed
// permission passes (the all-permission *:*:* too). Roles: any listed role
// name, with no ROOT bypass. Hiding a button is convenience; the server
// enforces every permission.
import { useSession, type UserInfo } from './session'

export const ROOT_ROLE = 'ROOT'
export const ALL_PERMISSION = '*:*:*'

type Who = Pick<UserInfo, 'roles' | 'perms'> | null | undefined

function identifiers(value: string | string[] | undefined, example: string): string[] {
  const list = (Array.isArray(value) ? value : value ? [value] : []).filter((v) => v && v.trim() !== '')
  if (list.length === 0) throw new Error(`identifiers are needed, e.g. ${example}`)
  return list
}

/** Whether the user may use a button needing any of perms. */
export function can(perms: string | string[], who: Who = useSession.getState().user): boolean {
  const list = identifiers(perms, `can('sys:user:add')`)
  if (!who) return false
  if (who.roles?.includes(ROOT_ROLE)) return true
  const own = who.perms ?? []
  if (own.includes(ALL_PERMISSION)) return true
  return list.some((p) => own.includes(p))
}

/** Whether the user holds any of roles (ROOT is not special here). */
export function hasRole(roles: string | string[], who: Who = useSession.getState().user): boolean {
  const list = identifiers(roles, `hasRole('ADMIN')`)
  if (!who) return false
  return list.some((r) => who.roles?.includes(r))
}
