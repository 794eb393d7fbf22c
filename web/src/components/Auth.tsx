import type { ReactNode } from 'react'
import { useSession } from '@/stores/session'
import { can, hasRole } from '@/stores/permission'

interface AuthProps {
  /** permission(s): shown for ROOT, *:*:* or any of them */
  perm?: string | string[]
  /** role name(s): shown for any of them, no ROOT bypass */
  role?: string | string[]
  children: ReactNode
  fallback?: ReactNode
}

/** Shows children when the signed-in user passes the check. */
export function Auth({ perm, role, children, fallback = null }: AuthProps) {
  if (perm === undefined && role === undefined) throw new Error('identifiers are needed: <Auth perm="…"> or <Auth role="…">')
  const user = useSession((s) => s.user)
  const ok = (perm === undefined || can(perm, user)) && (role === undefined || hasRole(role, user))
  return <>{ok ? children : fallback}</>
}
