// The OpenAPI description (GET /api/openapi.json) flattened into rows the
// API doc page lists and searches.

export interface ApiOperation {
  key: string
  method: string
  path: string
  summary: string
  tag: string
  permission: string // "" = any signed-in user
  public: boolean
  log: string
  params: { name: string; in: string; required: boolean }[]
}

interface OpenAPIOperation {
  summary?: string
  tags?: string[]
  'x-permission'?: string
  'x-operation-log'?: string
  security?: unknown[]
  parameters?: { name: string; in: string; required?: boolean }[]
}

export interface OpenAPIDoc {
  info?: { title?: string; version?: string; description?: string }
  paths: Record<string, Record<string, OpenAPIOperation>>
}

/** Query parameters a summary names: "(?name=)", "?id=&type=". */
function queryParams(summary: string): string[] {
  const out: string[] = []
  for (const m of summary.matchAll(/[?&]([A-Za-z][A-Za-z0-9]*)=/g)) if (!out.includes(m[1])) out.push(m[1])
  return out
}

export function operations(doc: OpenAPIDoc): ApiOperation[] {
  const rows: ApiOperation[] = []
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(ops)) {
      const summary = op.summary ?? ''
      const params = (op.parameters ?? []).map((p) => ({ name: p.name, in: p.in, required: !!p.required }))
      for (const q of queryParams(summary)) if (!params.some((p) => p.name === q)) params.push({ name: q, in: 'query', required: false })
      rows.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        summary,
        tag: op.tags?.[0] ?? '',
        permission: op['x-permission'] ?? '',
        public: Array.isArray(op.security) && op.security.length === 0,
        log: op['x-operation-log'] ?? '',
        params,
      })
    }
  }
  return rows.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
}

/** Rows whose path, summary, permission, tag or parameters contain every word of q (any case). */
export function search(rows: ApiOperation[], q: string): ApiOperation[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean)
  if (!words.length) return rows
  return rows.filter((r) => {
    const text = [r.method, r.path, r.summary, r.permission, r.tag, ...r.params.map((p) => p.name)].join(' ').toLowerCase()
    return words.every((w) => text.includes(w))
  })
}

/** The example answers every route shares: the envelope and the error body. */
export const exampleOk = { status: 200, msg: 'ok', data: {} }
export const exampleError = { status: -1, code: 'A0400', msg: '…', errors: { field: '…' }, requestId: '…' }
