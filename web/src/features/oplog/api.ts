import type { PageResult } from '@/api/types'
import { api } from '@/api/http'
import type { PageParams } from '@/components/useListQuery'
import type { OpLog, OpLogFilters } from './types'

export const opLogKeys = {
  page: ['logs', 'page'] as const,
}

export const getOpLogPage = (p: OpLogFilters & PageParams) => api.get<PageResult<OpLog>>('/logs/page', { params: p })
