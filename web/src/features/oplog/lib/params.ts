// How the log shows a request's captured parameters: JSON pretty-printed,
// form and query strings one pair a line, anything else as it is.

export function formatParams(raw: string): string {
  const s = raw.trim()
  if (!s) return ''
  if (s.startsWith('{') || s.startsWith('[')) {
    try {
      return JSON.stringify(JSON.parse(s), null, 2)
    } catch {
      return s // cut off or not JSON
    }
  }
  if (/^[^\s=&]+=[^\s]*(&[^\s=&]+=[^\s]*)*$/.test(s)) {
    try {
      return Array.from(new URLSearchParams(s))
        .map(([k, v]) => `${k}=${v}`)
        .join('\n')
    } catch {
      return s
    }
  }
  return s
}

/** The createTime filter the server reads: "from,to" (either may be empty). */
export function timeRange(range: unknown): string | undefined {
  if (!Array.isArray(range) || range.length === 0) return undefined
  const [from = '', to = ''] = range.map((v) => (typeof v === 'string' ? v : ''))
  return from || to ? `${from},${to}` : undefined
}

/** One changed field of a change, as the server logs it. */
export interface FieldChange {
  field: string
  old?: unknown
  new?: unknown
}

/** The changed fields of a log entry, one "field: old → new" a line ([] when none or unreadable). */
export function formatChanges(raw: string | undefined): string[] {
  if (!raw || !raw.trim()) return []
  try {
    const list = JSON.parse(raw) as FieldChange[]
    if (!Array.isArray(list)) return []
    const show = (v: unknown) => (v === undefined || v === null || v === '' ? '∅' : typeof v === 'string' ? v : JSON.stringify(v))
    return list.map((c) => `${c.field}: ${show(c.old)} → ${show(c.new)}`)
  } catch {
    return [raw]
  }
}
