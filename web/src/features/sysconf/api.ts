// Config keys and system parameters.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/api/http'
import { useSystemInfo } from '@/features/auth/api'
import type { PageResult } from '@/api/types'
import type { PageParams } from '@/components/useListQuery'
import type { ConfigFilters, ConfigForm, ConfigInput, ConfigKey, SystemParams } from './types'

export const configKeys = {
  all: ['config'] as const,
  page: ['config', 'page'] as const,
  form: (id: number) => ['config', 'form', id] as const,
  system: ['config', 'system'] as const,
}

/** The shell's system info (GET /home) carries the places and sign-in switches. */
const homeKey = ['home'] as const

export const getConfigPage = (p: ConfigFilters & PageParams) => api.get<PageResult<ConfigKey>>('/config/page', { params: p })
export const getConfigForm = (id: number) => api.get<ConfigForm>(`/config/${id}/form`)
export const getSystemParams = () => api.get<SystemParams>('/config/system')

export const useConfigForm = (id: number | undefined) =>
  useQuery({ queryKey: configKeys.form(id ?? 0), queryFn: () => getConfigForm(id!), enabled: !!id, staleTime: 0, gcTime: 0 })

/** Every system parameter (GET /config/system, behind settings:parameter:query): the parameter page's. */
export const useSystemParams = () => useQuery({ queryKey: configKeys.system, queryFn: getSystemParams, staleTime: 0 })

/**
 * What the screens need of the system parameters (places, units, tax,
 * defaults, the company for print-outs): the parameters of GET /home, which
 * every signed-in user reads (without the initial password), whatever their
 * role or data rights. Changing the parameters refreshes it (homeKey).
 */
export function useScreenParams(): { data: SystemParams | undefined; isLoading: boolean } {
  const info = useSystemInfo()
  return { data: info.data as unknown as SystemParams | undefined, isLoading: info.isLoading }
}

function useConfigMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: configKeys.all }), qc.invalidateQueries({ queryKey: homeKey })]),
  })
}

export const useSaveConfig = () =>
  useConfigMutation(({ id, input }: { id?: number; input: ConfigInput }) =>
    id ? api.post<unknown>(`/config/${id}`, input, { silent: true }) : api.post<unknown>('/config/', input, { silent: true }),
  )
export const useDeleteConfigs = () => useConfigMutation((ids: number[]) => api.delete<void>(`/config/${ids.join(',')}`))
export const useRefreshConfig = () => useConfigMutation(() => api.post<void>('/config/refresh'))
/** Silent: the page shows the field errors. */
export const useSaveSystemParams = () =>
  useConfigMutation((v: Partial<SystemParams>) => api.post<SystemParams>('/config/system', v, { silent: true }))
