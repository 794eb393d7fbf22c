// Option trees ({value, label, children}) as the server sends them for departments and menus.
import type { Option } from '@/api/types'

/** The tree keeping only nodes whose label contains q (case-insensitive), with their ancestors. */
export function filterTree<V>(nodes: Option<V>[], q: string): Option<V>[] {
  if (!q) return nodes
  const needle = q.toLowerCase()
  const out: Option<V>[] = []
  for (const n of nodes) {
    const kids = filterTree(n.children ?? [], q)
    if (n.label.toLowerCase().includes(needle) || kids.length) out.push({ ...n, children: kids })
  }
  return out
}

/** The tree with empty children arrays removed (antd tables show an expander for []). */
export function pruneChildren<T extends { children?: T[] }>(nodes: T[]): T[] {
  return nodes.map((n) => (n.children?.length ? { ...n, children: pruneChildren(n.children) } : { ...n, children: undefined }))
}
