// The operation log (GET /api/logs/page).

export interface OpLog {
  id: number
  module: string
  moduleName: string
  content: string
  requestUri: string
  method: string
  params: string
  /** The changed fields (JSON [{field, old, new}]), '' when the change did not say. */
  changes?: string
  ip: string
  browser: string
  os: string
  executionTime: number
  status: number
  createBy: string
  createTime: string
}

export interface OpLogFilters extends Record<string, unknown> {
  keywords?: string
  /** "from,to" (YYYY-MM-DD, either may be empty) */
  createTime?: string
}
