// The errors an entry page shows, kept only while they still apply: a header
// field's error goes once that field changes, the "no lines" error once the
// lines change, a settlement error once the settlement lines change. Line
// cells clear themselves in the grid as they are edited.
import type { DocState } from '../types'

/** The errors of one save, with the state they were made for. */
export interface ErrorsAt {
  map: Record<string, string>
  state: DocState
}

export function errorsAt(map: Record<string, string> | null | undefined, state: DocState): ErrorsAt | null {
  return map && Object.keys(map).length ? { map, state } : null
}

/** The header and settlement errors that still apply to the state now. */
export function liveHeaderErrors(e: ErrorsAt | null, now: DocState): Record<string, string> {
  const out: Record<string, string> = {}
  if (!e) return out
  const was = e.state.header as unknown as Record<string, unknown>
  const is = now.header as unknown as Record<string, unknown>
  for (const [path, msg] of Object.entries(e.map)) {
    if (path === 'entries' || path.startsWith('entries[')) continue
    if (path === 'accounts' || path.startsWith('accounts[')) {
      if (now.accounts === e.state.accounts) out[path] = msg
      continue
    }
    const field = path.split(/[.[]/)[0]
    if (was[field] === is[field]) out[path] = msg
  }
  return out
}

/**
 * The errors for the grid: the same object while it applies (the grid maps
 * line errors onto the lines as they were saved, once per new object), without
 * the whole-grid error ("at least one line") once the lines changed.
 */
export function gridErrors(e: ErrorsAt | null, linesChanged: boolean): Record<string, string> | null {
  if (!e) return null
  if (!linesChanged || !('entries' in e.map)) return e.map
  const { entries: _gone, ...rest } = e.map
  return rest
}
