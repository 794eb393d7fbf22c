import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/api/http'
import type { GridResult } from '@/api/types'
import type { Answer, CreatedShare, ShareItem, StatementView } from './types'

export const statementKeys = {
  // under ['report']: refreshed with the reports after document changes
  list: (buId?: number) => ['report', 'statementShares', buId ?? 0] as const,
  view: (token: string) => ['statementView', token] as const,
}

/** The statement of a token, without sign-in (404: unknown, expired or revoked). */
export function useStatementView(token: string) {
  return useQuery({
    queryKey: statementKeys.view(token),
    queryFn: () => api.get<StatementView>('/statement/view', { params: { token }, anonymous: true, silent: true }),
    retry: false,
  })
}

export function useAnswerStatement(token: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (v: { answer: Answer; comment: string }) =>
      api.post<StatementView>('/statement/answer', { token, ...v }, { anonymous: true, silent: true }),
    onSuccess: (data) => qc.setQueryData(statementKeys.view(token), data),
  })
}

export function useStatementShares(buId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: statementKeys.list(buId),
    queryFn: () => api.get<GridResult<ShareItem>>('/statement/list', { params: { buId, page: 1, rows: 50 } }),
    enabled,
  })
}

export function useShareStatement() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (v: { buId: number; beginDate: string; endDate: string; showGoods: boolean; expiresDays: number }) =>
      api.post<CreatedShare>('/statement/add', v),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['report', 'statementShares'] }),
  })
}

export function useRevokeStatement() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.post<null>(`/statement/revoke?id=${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['report', 'statementShares'] }),
  })
}
