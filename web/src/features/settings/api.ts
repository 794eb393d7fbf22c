// Coding rules, period close, backups and reset: query keys and hooks.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/api/http'
import { downloadFile } from '@/api/download'
import type { GridResult } from '@/api/types'
import type { ImportResult } from '@/features/master/types'
import type {
  BackupFile,
  BackupSettings,
  CodingInput,
  CodingRule,
  OpeningAccountRow,
  OpeningContactRow,
  OpeningKind,
  OpeningStockInput,
  OpeningStockRow,
  OpeningSummary,
  PeriodState,
  RecostChange,
  RecostJob,
  ResetResult,
  RestoreResult,
} from './types'

export const settingsKeys = {
  coding: ['coding'] as const,
  preview: (v: CodingInput) => ['coding', 'preview', v] as const,
  period: ['period'] as const,
  backups: ['backup', 'list'] as const,
  backupSettings: ['backup', 'settings'] as const,
  opening: ['opening'] as const,
  openingList: (kind: OpeningKind, p: Record<string, unknown>) => ['opening', kind, p] as const,
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
/** Restore a backup; confirm: restore a backup of another installation (the server refuses it otherwise, naming the field confirm). */
export const useRestoreBackup = () =>
  useBackupMutation(({ name, confirm }: { name: string; confirm?: boolean }) =>
    api.post<RestoreResult>('/backup/restore', undefined, {
      params: confirm ? { name, confirm: 1 } : { name },
      timeout: 600000,
      silent: !confirm,
    }),
  )
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

// Opening balances (settings/opening).
export const useOpeningSummary = () =>
  useQuery({ queryKey: [...settingsKeys.opening, 'summary'], queryFn: () => api.get<OpeningSummary>('/opening/summary'), staleTime: 0 })

const openingPath = (kind: OpeningKind) => (kind === 'customer' || kind === 'supplier' ? '/opening/contact' : `/opening/${kind}`)
const contactType = (kind: OpeningKind) => (kind === 'customer' ? -10 : kind === 'supplier' ? 10 : undefined)

type OpeningRowOf<K extends OpeningKind> = K extends 'stock' ? OpeningStockRow : K extends 'account' ? OpeningAccountRow : OpeningContactRow

export const useOpeningList = <K extends OpeningKind>(kind: K, p: { page: number; rows: number; matchCon?: string }) =>
  useQuery({
    queryKey: settingsKeys.openingList(kind, p),
    queryFn: () =>
      api.get<GridResult<OpeningRowOf<K>>>(openingPath(kind), {
        params: { ...p, matchCon: p.matchCon || undefined, type: contactType(kind) },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

function useOpeningMutation<V>(fn: (v: V) => Promise<OpeningSummary>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.opening }) })
}
export const useSaveOpeningStock = () =>
  useOpeningMutation((v: OpeningStockInput) => api.post<OpeningSummary>('/opening/stock', v, { silent: true }))
export const useSaveOpeningContact = () =>
  useOpeningMutation((v: { id: number; amount: number | string; periodMoney: number | string }) =>
    api.post<OpeningSummary>('/opening/contact', v, { silent: true }),
  )
export const useSaveOpeningAccount = () =>
  useOpeningMutation((v: { id: number; amount: number | string }) => api.post<OpeningSummary>('/opening/account', v, { silent: true }))

export const openingTemplate = (kind: OpeningKind, name: string) => downloadFile({ url: '/opening/template', params: { kind } }, name)
export const useImportOpening = () => {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ file, dryRun, params }: { file: File; dryRun: boolean; params?: Record<string, unknown> }) => {
      const fd = new FormData()
      fd.append('file', file)
      return api.post<ImportResult>('/opening/import', fd, { params: { ...params, dryRun: dryRun ? 1 : undefined } })
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.opening }),
  })
}

// Cost recalculation (settings/recost): the progress is polled while a job runs.
export const useRecostJob = () =>
  useQuery({
    queryKey: ['recost', 'status'],
    queryFn: () => api.get<RecostJob>('/recost/status'),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 1000 : false),
  })
export const useRecostChanges = (id: number, p: { page: number; rows: number }) =>
  useQuery({
    queryKey: ['recost', 'changes', id, p],
    queryFn: () => api.get<GridResult<RecostChange>>('/recost/changes', { params: { id, ...p } }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  })
export const useStartRecost = () => {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<RecostJob>('/recost/start'),
    onSuccess: (job) => qc.setQueryData(['recost', 'status'], job),
  })
}
