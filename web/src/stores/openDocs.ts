// The document an entry tab shows, remembered for that tab only: a reload
// (F5) of a tab that saved its new document shows that document again. It
// lives as long as the tab: closing the tab (alone, with others, all of
// them, or by signing out) forgets it, and a list's 新增 asks for a blank
// document (the tab, if open, starts a new one when it holds no unsaved
// work). A new document is always blank; an unsaved draft is kept apart
// (features/document/lib/draft.ts) and a reload restores it.
import { create } from 'zustand'

export const OPEN_PREFIX = 'cangshu.docOpen:'

interface Who {
  username?: string
  shopId?: number | string
}

/** The key of a tab's remembered document: per user, shop and tab (pathname + search). */
export const openDocKey = (user: Who | null | undefined, tabKey: string) =>
  `${OPEN_PREFIX}${user?.username ?? ''}@${user?.shopId ?? ''}:${tabKey}`

/** The tab key a remembered document's key is for ('' when not one). */
export function tabKeyOf(storageKey: string): string {
  if (!storageKey.startsWith(OPEN_PREFIX)) return ''
  const at = storageKey.indexOf(':/', OPEN_PREFIX.length)
  return at < 0 ? '' : storageKey.slice(at + 1)
}

export function rememberOpen(key: string, id: number | undefined, storage: Storage = localStorage) {
  try {
    if (id) storage.setItem(key, String(id))
    else storage.removeItem(key)
  } catch {
    // storage unavailable: a reload shows a blank document
  }
}

export function rememberedOpen(key: string, storage: Storage = localStorage): number {
  try {
    return Number(storage.getItem(key) || 0) || 0
  } catch {
    return 0
  }
}

/** Forgets the documents remembered for tabs that are not open. */
export function forgetClosedTabs(open: Iterable<string>, storage: Storage = localStorage) {
  const keep = new Set(open)
  try {
    const gone: string[] = []
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i)
      if (k?.startsWith(OPEN_PREFIX) && !keep.has(tabKeyOf(k))) gone.push(k)
    }
    for (const k of gone) storage.removeItem(k)
  } catch {
    // storage unavailable: nothing kept to forget
  }
}

/**
 * Requests for a new document by tab key (a list's 新增): an entry page
 * already open in that tab starts a blank document unless it holds unsaved
 * work. Each request bumps the tab's number.
 */
export const useNewDocRequests = create<{ asked: Record<string, number>; ask: (tabKey: string) => void }>()((set) => ({
  asked: {},
  ask: (tabKey) => set((s) => ({ asked: { ...s.asked, [tabKey]: (s.asked[tabKey] ?? 0) + 1 } })),
}))

/** A list's 新增: the tab's remembered document is forgotten and an open entry page starts afresh. */
export function askNewDocument(user: Who | null | undefined, tabKey: string, storage: Storage = localStorage) {
  rememberOpen(openDocKey(user, tabKey), undefined, storage)
  useNewDocRequests.getState().ask(tabKey)
}
