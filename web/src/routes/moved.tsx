// Routes that moved: the warehouse area was at /storage before migration
// 0043. Old links and bookmarks land on the new pages. (The seed's paths of
// pages that live elsewhere here: utils/routeAliases.ts.)
import { Navigate, useLocation } from 'react-router'

const RENAMED: Record<string, string> = {
  otherIn_detail: 'warehouse_detail',
  otherOut_detail: 'exWarehouse_detail',
  assemble_detail: 'combination_detail',
  disassemble_detail: 'combination_detail',
}

/** The /warehouse path of an old /storage path (search kept by the caller). */
export function movedPath(pathname: string): string {
  const rest = pathname.replace(/^\/storage\/?/, '')
  const [name, ...tail] = rest.split('/')
  return ['/warehouse', RENAMED[name] ?? name, ...tail].filter((x, i) => i === 0 || x).join('/')
}

/** /storage/… → the same page under /warehouse. */
export function StorageRedirect() {
  const loc = useLocation()
  return <Navigate to={movedPath(loc.pathname) + loc.search} replace />
}
