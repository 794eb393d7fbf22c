// A draft in progress survives a page reload: the entry page's state is kept
// in localStorage under its tab (the tab key: pathname + search), written as
// the user types (debounced by the caller) and removed when the document is
// saved, discarded or the tab closed.
import type { DocState } from '../types'

const PREFIX = 'cangshu.draft:'
const VERSION = 1

interface Stored {
  v: number
  at: number
  state: DocState
}

export const draftKey = (tabKey: string) => PREFIX + tabKey

export function saveDraft(tabKey: string, state: DocState, storage: Storage = localStorage) {
  try {
    storage.setItem(draftKey(tabKey), JSON.stringify({ v: VERSION, at: Date.now(), state } satisfies Stored))
  } catch {
    // storage full or unavailable: the draft is not kept, nothing else breaks
  }
}

/** The tab's draft, if any and well formed. */
export function loadDraft(tabKey: string, storage: Storage = localStorage): { state: DocState; at: number } | null {
  try {
    const raw = storage.getItem(draftKey(tabKey))
    if (!raw) return null
    const d = JSON.parse(raw) as Stored
    if (d?.v !== VERSION || !d.state?.header || !Array.isArray(d.state.lines) || !Array.isArray(d.state.accounts)) return null
    return { state: d.state, at: d.at }
  } catch {
    return null
  }
}

export function clearDraft(tabKey: string, storage: Storage = localStorage) {
  try {
    storage.removeItem(draftKey(tabKey))
  } catch {
    // ignore
  }
}
