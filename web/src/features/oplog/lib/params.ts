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
