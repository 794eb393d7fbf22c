// Tabs (tags view): the pages opened in this session, in order.
import { create } from 'zustand'

export interface Tab {
  /** pathname + search: one tab per distinct page */
  key: string
  pathname: string
  title: string
  /** pinned tabs (the dashboard) cannot be closed */
  affix: boolean
  keepAlive: boolean
  /** bumped by refresh: the view remounts */
  version: number
}

interface TabsState {
  tabs: Tab[]
  open: (t: Omit<Tab, 'version'>) => void
  retitle: (key: string, title: string) => void
  /** Each close returns the tabs left, so the caller can pick where to go. */
  close: (key: string) => Tab[]
  closeOthers: (key: string) => Tab[]
  closeLeft: (key: string) => Tab[]
  closeRight: (key: string) => Tab[]
  closeAll: () => Tab[]
  refresh: (key: string) => void
  reset: () => void
}

export const useTabs = create<TabsState>()((set, get) => {
  const keep = (pred: (t: Tab, i: number) => boolean) => {
    const tabs = get().tabs.filter((t, i) => t.affix || pred(t, i))
    set({ tabs })
    return tabs
  }
  const indexOf = (key: string) => get().tabs.findIndex((t) => t.key === key)
  return {
    tabs: [],
    open: (t) => {
      const tabs = get().tabs
      const i = tabs.findIndex((x) => x.key === t.key)
      if (i >= 0) {
        if (tabs[i].title !== t.title) set({ tabs: tabs.map((x, j) => (j === i ? { ...x, title: t.title } : x)) })
        return
      }
      const tab = { ...t, version: 0 }
      // Pinned tabs stay in front.
      set({ tabs: t.affix ? [...tabs.filter((x) => x.affix), tab, ...tabs.filter((x) => !x.affix)] : [...tabs, tab] })
    },
    retitle: (key, title) => set({ tabs: get().tabs.map((t) => (t.key === key ? { ...t, title } : t)) }),
    close: (key) => keep((t) => t.key !== key),
    closeOthers: (key) => keep((t) => t.key === key),
    closeLeft: (key) => {
      const at = indexOf(key)
      return keep((_, i) => i >= at)
    },
    closeRight: (key) => {
      const at = indexOf(key)
      return keep((_, i) => i <= at)
    },
    closeAll: () => keep(() => false),
    refresh: (key) => set({ tabs: get().tabs.map((t) => (t.key === key ? { ...t, version: t.version + 1 } : t)) }),
    reset: () => set({ tabs: [] }),
  }
})

// Close guards: a page with unsaved changes registers one under its tab key;
// the tags view asks before closing such tabs. A guard answers whether the
// page has unsaved changes; onDiscard (optional) runs when the user closes anyway.
interface TabGuard {
  dirty: () => boolean
  onDiscard?: () => void
}
const guards = new Map<string, TabGuard>()

export function setTabGuard(key: string, guard: TabGuard | null) {
  if (guard) guards.set(key, guard)
  else guards.delete(key)
}

/** The keys among keys whose pages have unsaved changes. */
export function dirtyTabs(keys: string[]): string[] {
  return keys.filter((k) => guards.get(k)?.dirty())
}

/** Tells the guards of keys that their tabs were closed without saving. */
export function discardTabs(keys: string[]) {
  for (const k of keys) guards.get(k)?.onDiscard?.()
}
