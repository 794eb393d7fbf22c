// Whether the server's copy of an open document moved on from what the page
// shows (saved elsewhere, audited, an order's fulfilment by a delivery).
import type { DocState } from '../types'

const watched = ['version', 'checked', 'billStatus', 'hxStateCode', 'modifyTime', 'checkName'] as const

export function changedOnServer(shown: DocState, server: DocState): boolean {
  const a = shown.header as unknown as Record<string, unknown>
  const b = server.header as unknown as Record<string, unknown>
  return watched.some((k) => (a[k] ?? null) !== (b[k] ?? null))
}
