// The operation log as log text: one tagged line per entry, oldest first,
// [time] [LEVEL] by the answer's status (5xx error, 4xx warning, otherwise
// info), the status in a level block (fclog), the request body folded under
// the line.
import { formatDateTime } from '@/utils/date'
import type { OpLogRow } from '../types'

export type RowLevel = 'ERROR' | 'WARN' | 'INFO'

export function rowLevel(status: number): RowLevel {
  if (status >= 500) return 'ERROR'
  if (status >= 400) return 'WARN'
  return 'INFO'
}

const blockLevel: Record<RowLevel, string> = { ERROR: 'error', WARN: 'warning', INFO: 'success' }

/** One entry as log lines (the line, then its request body indented). */
export function formatRow(r: OpLogRow): string {
  const level = rowLevel(r.status)
  const b = blockLevel[level]
  const who = r.createBy || '-'
  const what = [r.moduleName || r.module, r.content].filter(Boolean).join(' · ')
  const line =
    `[${formatDateTime(r.createTime)}] [${level.padEnd(5)}] ${who} ${r.ip || '-'} ${r.method} ${r.requestUri} ` +
    `#log${b}log#${r.status}#log${b}log# ${r.executionTime} ms${what ? `  ${what}` : ''}`
  const params = (r.params ?? '').trim()
  return params ? `${line}\n  ${params.replace(/\n/g, '\n  ')}` : line
}

/** Rows as the server pages them (newest first) → log text, oldest first. */
export function formatOpLog(rows: OpLogRow[]): string {
  return [...rows].reverse().map(formatRow).join('\n')
}
