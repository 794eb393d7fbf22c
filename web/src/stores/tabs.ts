// Tabs (tags view): the pages opened, in order. Kept in localStorage with
// the user they belong to, so a reload (F5) reopens them; each page restores
// its own state (lists from their location, documents from drafts).
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

export const TABS_KEY = 'cangshu.tabs'

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
  /** the user the tabs were opened by (another user starts with none) */
  owner: string
  own: (user: string) => void
  /** every tab's title again (after a language switch) */
  retitleAll: (title: (t: Tab) => string | undefined) => void
  open: (t: Omit<Tab, 'version'>) => void
  retitle: (key: string, title: string) => void
  /** Each close returns the tabs left, so the caller can pick where to go. */
  close: (key: string) => Tab[]
  closeOthers: (key: string) => Tab[]
  closeLeft: (key: string) => Tab[]
  closeRight: (key: string) => Tab[]
  closeAll: () => Tab[]
  refresh: (key: string) => void
  /** Moves an unpinned tab to index to (clamped behind the pinned tabs); pinned tabs stay. */
  move: (key: string, to: number) => void
  reset: () => void
}

/** The tabs with the unpinned one of key at index to, clamped behind the pinned
 * tabs and to the end (the same array when nothing moves). */
export function moveTab(tabs: Tab[], key: string, to: number): Tab[] {
  const from = tabs.findIndex((t) => t.key === key)
  if (from < 0 || tabs[from].affix) return tabs
  const pinned = tabs.filter((t) => t.affix).length
  const at = Math.max(pinned, Math.min(tabs.length - 1, Math.trunc(to)))
  if (at === from || Number.isNaN(at)) return tabs
  const out = tabs.slice()
  out.splice(from, 1)
  out.splice(at, 0, tabs[from])
  return out
}

export const useTabs = create<TabsState>()(
  persist(
    (set, get) => {
      const keep = (pred: (t: Tab, i: number) => boolean) => {
        const tabs = get().tabs.filter((t, i) => t.affix || pred(t, i))
        set({ tabs })
        return tabs
      }
      const indexOf = (key: string) => get().tabs.findIndex((t) => t.key === key)
      return {
        tabs: [],
        owner: '',
        own: (user) => {
          const was = get().owner
          if (was === user) return
          // the first user of this browser keeps what is open; another starts afresh
          set({ owner: user, tabs: was ? get().tabs.filter((t) => t.affix) : get().tabs })
        },
        retitleAll: (title) => {
          let changed = false
          const tabs = get().tabs.map((t) => {
            const next = title(t)
            if (next === undefined || next === t.title) return t
            changed = true
            return { ...t, title: next }
          })
          if (changed) set({ tabs })
        },
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
        move: (key, to) => {
          const tabs = get().tabs
          const next = moveTab(tabs, key, to)
          if (next !== tabs) set({ tabs: next })
        },
        reset: () => set({ tabs: [] }),
      }
    },
    {
      name: TABS_KEY,
      storage: createJSONStorage(() => localStorage),
      // versions restart at 0: a remount after reload is a fresh page anyway
      partialize: (s) => ({ owner: s.owner, tabs: s.tabs.map((t) => ({ ...t, version: 0 })) }),
    },
  ),
)

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
