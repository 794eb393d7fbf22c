// The log viewer's data: for now the operation log as text (the server has
// no log file API yet).
import { useQuery } from '@tanstack/react-query'
import { api } from '@/api/http'
import type { PageResult } from '@/api/types'
import { formatOpLog } from './lib/format'
import type { OpLogRow } from './types'

/** How many of the latest operation log entries the viewer shows. */
export const OPLOG_LINES = 500

export const logViewerKeys = {
  oplog: ['logViewer', 'oplog'] as const,
}

export async function getOpLogText(): Promise<{ text: string; count: number; total: number }> {
  const page = await api.get<PageResult<OpLogRow>>('/logs/page', { params: { pageNum: 1, pageSize: OPLOG_LINES } })
  return { text: formatOpLog(page.list), count: page.list.length, total: page.total }
}

export const useOpLogText = (enabled: boolean) => useQuery({ queryKey: logViewerKeys.oplog, queryFn: getOpLogText, enabled, staleTime: 0 })
