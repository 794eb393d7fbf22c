/** One row of GET /logs/page (the operation log), as the viewer formats it. */
export interface OpLogRow {
  id: number
  module: string
  moduleName: string
  content: string
  requestUri: string
  method: string
  params: string
  ip: string
  browser: string
  os: string
  executionTime: number
  status: number
  createBy: string
  createTime: string
}

/** Where the viewer's text comes from. */
export type LogSource = 'oplog' | 'local'
