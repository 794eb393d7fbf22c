// Which view draws a menu's component name. The registry (routes/viewRegistry)
// lazy-loads the shell and every view, so nothing it loads may import it:
// AppRoutes provides resolveView here and the shell's PageHost reads it.
import { createContext, useContext, type ComponentType } from 'react'

export type ResolveView = (name: string | undefined) => ComponentType

export const ViewResolverContext = createContext<ResolveView | null>(null)

export function useResolveView(): ResolveView {
  const resolve = useContext(ViewResolverContext)
  if (!resolve) throw new Error('useResolveView is used outside AppRoutes')
  return resolve
}
