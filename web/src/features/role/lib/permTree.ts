// The check logic of the permission tree (the "assign permissions" drawer).
// The server's grant list holds menus with their ancestors; antd's Tree, in
// its conducted mode, is driven by the checked leaves (it derives the full and
// half-checked parents). Saving sends the checked keys plus every ancestor of
// them (the half-checked parents); the server adds ancestors too.
import type { Option } from '@/api/types'

export type PermNode = Option<number>

function walk(nodes: PermNode[], fn: (n: PermNode, ancestors: number[]) => void, ancestors: number[] = []) {
  for (const n of nodes) {
    fn(n, ancestors)
    if (n.children?.length) walk(n.children, fn, [...ancestors, n.value])
  }
}

/** Ids of the nodes without children. */
export function leafIds(tree: PermNode[]): number[] {
  const out: number[] = []
  walk(tree, (n) => {
    if (!n.children?.length) out.push(n.value)
  })
  return out
}

/** Ids of the nodes with children (what "expand all" opens). */
export function parentIds(tree: PermNode[]): number[] {
  const out: number[] = []
  walk(tree, (n) => {
    if (n.children?.length) out.push(n.value)
  })
  return out
}

/** The leaves to check for a role's granted ids (parents follow from them). */
export function checkedLeaves(tree: PermNode[], granted: number[]): number[] {
  const g = new Set(granted)
  return leafIds(tree).filter((id) => g.has(id))
}

/** The ids to save: the checked ones and all their ancestors (half-checked included), sorted. */
export function idsToSave(tree: PermNode[], checked: number[]): number[] {
  const c = new Set(checked)
  const out = new Set<number>()
  walk(tree, (n, ancestors) => {
    if (c.has(n.value)) {
      out.add(n.value)
      for (const a of ancestors) out.add(a)
    }
  })
  return [...out].sort((a, b) => a - b)
}

export type CheckState = 'none' | 'some' | 'all'

/** The state of the "check all" box for the checked leaves. */
export function checkAllState(tree: PermNode[], checked: number[]): CheckState {
  const leaves = leafIds(tree)
  const c = new Set(checked)
  const n = leaves.filter((id) => c.has(id)).length
  return n === 0 ? 'none' : n === leaves.length ? 'all' : 'some'
}

/** Keeps the leaves of a conducted check (antd's onCheck gives parents too). */
export function onlyLeaves(tree: PermNode[], keys: number[]): number[] {
  const leaves = new Set(leafIds(tree))
  return keys.filter((k) => leaves.has(k))
}
