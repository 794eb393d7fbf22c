// Coding rules, period close, backups and reset: query keys and hooks.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/api/http'
import { downloadFile } from '@/api/download'
import type { BackupFile, BackupSettings, CodingInput, CodingRule, PeriodState, ResetResult, RestoreResult } from './types'

export const settingsKeys = {
  coding: ['coding'] as const,
  preview: (v: CodingInput) => ['coding', 'preview', v] as const,
  period: ['period'] as const,
  backups: ['backup', 'list'] as const,
  backupSettings: ['backup', 'settings'] as const,
}
/** The shell's system info carries closeDate. */
const homeKey = ['home'] as const

export const useCodingRules = () =>
  useQuery({ queryKey: settingsKeys.coding, queryFn: () => api.get<CodingRule[]>('/coding/list'), staleTime: 0 })

/** The next number an edited rule would give (nothing saved); silent: the form shows errors. */
export const useCodingPreview = (v: CodingInput | undefined) =>
  useQuery({
    queryKey: settingsKeys.preview(v ?? ({} as CodingInput)),
    queryFn: () => api.get<CodingRule>('/coding/preview', { params: v, silent: true }),
    enabled: !!v,
    retry: false,
    placeholderData: keepPreviousData,
  })

export const useSaveCodingRule = () => {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (v: CodingInput) => api.post<CodingRule>('/coding/update', v, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.coding }),
  })
}

export const usePeriods = () =>
  useQuery({ queryKey: settingsKeys.period, queryFn: () => api.get<PeriodState>('/period/list'), staleTime: 0 })

function usePeriodMutation<V>(fn: (v: V) => Promise<PeriodState>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: settingsKeys.period }), qc.invalidateQueries({ queryKey: homeKey })]),
  })
}
export const useClosePeriod = () => usePeriodMutation((date: string) => api.post<PeriodState>('/period/close', { date }, { silent: true }))
export const useReopenPeriod = () => usePeriodMutation(() => api.post<PeriodState>('/period/open'))

export const useBackups = () =>
  useQuery({ queryKey: settingsKeys.backups, queryFn: () => api.get<BackupFile[]>('/backup/list'), staleTime: 0 })

function useBackupMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries() })
}
export const useAddBackup = () => useBackupMutation(() => api.post<BackupFile>('/backup/add', undefined, { timeout: 600000 }))
export const useDeleteBackup = () => useBackupMutation((name: string) => api.delete<void>('/backup/delete', { params: { name } }))
export const useRestoreBackup = () =>
  useBackupMutation((name: string) => api.post<RestoreResult>('/backup/restore', undefined, { params: { name }, timeout: 600000 }))
export const useUploadBackup = () =>
  useBackupMutation((file: File) => {
    const fd = new FormData()
    fd.append('file', file)
    return api.post<BackupFile>('/backup/upload', fd, { timeout: 600000 })
  })
export const downloadBackup = (name: string) => downloadFile({ url: '/backup/download', params: { name } }, name)

export const useBackupSettings = () =>
  useQuery({ queryKey: settingsKeys.backupSettings, queryFn: () => api.get<BackupSettings>('/backup/settings'), staleTime: 0 })
export const useSaveBackupSettings = () => {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (v: BackupSettings) => api.post<BackupSettings>('/backup/settings', v, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.backupSettings }),
  })
}

export const useResetData = () => {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (password: string) => api.post<ResetResult>('/home/reset', { password }, { silent: true, timeout: 600000 }),
    onSuccess: () => qc.invalidateQueries(),
  })
}
