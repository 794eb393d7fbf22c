// Category trees from the flat list /assist/list answers (parentId, 0 = top;
// parents before children). Nodes whose parent is not in the list become
// roots, so a filtered or partial list still shows.

export interface FlatNode {
  id: number
  parentId?: number | null
  sort?: number
}

export type TreeNode<T> = T & { children?: TreeNode<T>[] }

const bySortThenId = (a: FlatNode, b: FlatNode) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id

/** The tree of a flat list: children under their parents, each level by sort then id; leaves have no children array. */
export function buildTree<T extends FlatNode>(rows: T[]): TreeNode<T>[] {
  const nodes = new Map<number, TreeNode<T>>()
  for (const r of rows) nodes.set(r.id, { ...r })
  const roots: TreeNode<T>[] = []
  for (const r of rows) {
    const node = nodes.get(r.id)!
    const pid = r.parentId ?? 0
    const parent = pid && pid !== r.id ? nodes.get(pid) : undefined
    if (parent && !isAncestor(nodes, r.id, pid)) (parent.children ??= []).push(node)
    else roots.push(node)
  }
  const sort = (list: TreeNode<T>[]) => {
    list.sort(bySortThenId)
    for (const n of list) if (n.children) sort(n.children)
  }
  sort(roots)
  return roots
}

/** Whether id is an ancestor of (or is) node (a cycle guard). */
function isAncestor<T extends FlatNode>(nodes: Map<number, T>, id: number, node: number): boolean {
  const seen = new Set<number>()
  let cur: number | undefined = node
  while (cur && !seen.has(cur)) {
    if (cur === id) return true
    seen.add(cur)
    cur = nodes.get(cur)?.parentId ?? undefined
  }
  return false
}

/** The id and every descendant's (what a node may not be moved under). */
export function subtreeIds<T extends FlatNode>(rows: T[], id: number): Set<number> {
  const kids = new Map<number, number[]>()
  for (const r of rows) {
    const p = r.parentId ?? 0
    if (!kids.has(p)) kids.set(p, [])
    kids.get(p)!.push(r.id)
  }
  const out = new Set<number>()
  const stack = [id]
  while (stack.length) {
    const cur = stack.pop()!
    if (out.has(cur)) continue
    out.add(cur)
    stack.push(...(kids.get(cur) ?? []))
  }
  return out
}

/**
 * The rows matching keep, with every ancestor of a match (in the input order),
 * so the filtered tree still shows where the matches sit.
 */
export function keepWithAncestors<T extends FlatNode>(rows: T[], keep: (r: T) => boolean): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]))
  const wanted = new Set<number>()
  for (const r of rows) {
    if (!keep(r)) continue
    let cur: T | undefined = r
    while (cur && !wanted.has(cur.id)) {
      wanted.add(cur.id)
      cur = cur.parentId ? byId.get(cur.parentId) : undefined
    }
  }
  return rows.filter((r) => wanted.has(r.id))
}

export interface TreeOption {
  value: number
  title: string
  disabled?: boolean
  children?: TreeOption[]
}

/**
 * TreeSelect data of a tree: exclude drops nodes (and their subtrees),
 * disabled marks nodes that cannot be picked (still shown).
 */
export function toTreeOptions<T extends FlatNode & { name: string }>(
  tree: TreeNode<T>[],
  opts: { exclude?: Set<number>; disabled?: (n: T) => boolean } = {},
): TreeOption[] {
  const out: TreeOption[] = []
  for (const n of tree) {
    if (opts.exclude?.has(n.id)) continue
    const children = n.children ? toTreeOptions(n.children, opts) : []
    out.push({
      value: n.id,
      title: n.name,
      ...(opts.disabled?.(n) ? { disabled: true } : {}),
      ...(children.length ? { children } : {}),
    })
  }
  return out
}
