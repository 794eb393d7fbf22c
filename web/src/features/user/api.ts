// Users: query keys and hooks (system/user).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/api/http'
import type { Option, PageResult } from '@/api/types'
import { downloadFile } from '@/api/download'
import { compact, type PageParams } from '@/components/useListQuery'
import type { DictItem, ImportResult, User, UserFilters, UserForm } from './types'

export const userKeys = {
  all: ['users'] as const,
  page: ['users', 'page'] as const,
  form: (id: number) => ['users', 'form', id] as const,
}

export const optionKeys = {
  roles: ['roles', 'options'] as const,
  shops: ['shops', 'options'] as const,
  dict: (code: string) => ['dicts', code, 'items'] as const,
}

export const getUserPage = (p: UserFilters & PageParams) => api.get<PageResult<User>>('/users/page', { params: compact(p) })

export const useUserForm = (id: number | undefined) =>
  useQuery({
    queryKey: userKeys.form(id ?? 0),
    queryFn: () => api.get<UserForm>(`/users/${id}/form`),
    enabled: !!id,
    staleTime: 0,
    gcTime: 0,
  })

export const useRoleOptions = () => useQuery({ queryKey: optionKeys.roles, queryFn: () => api.get<Option<number>[]>('/roles/options') })

export const useShopOptions = () => useQuery({ queryKey: optionKeys.shops, queryFn: () => api.get<Option<number>[]>('/shops/options') })

/** Enabled items of a dictionary, labels in the current language. */
export const useDictItems = (code: string, lang?: string) =>
  useQuery({
    queryKey: [...optionKeys.dict(code), lang ?? ''],
    queryFn: () => api.get<DictItem[]>(`/v1/dicts/${code}/items`),
    staleTime: 5 * 60_000,
  })

function useInvalidateUsers() {
  const qc = useQueryClient()
  return () => qc.invalidateQueries({ queryKey: userKeys.all })
}

export function useSaveUser() {
  const done = useInvalidateUsers()
  return useMutation({
    mutationFn: ({ id, ...body }: UserForm) =>
      id ? api.post<unknown>(`/users/${id}`, body, { silent: true }) : api.post<unknown>('/users/', body, { silent: true }),
    onSuccess: done,
  })
}

/** Enables or disables a user: the edit form with the new status. */
export function useSetUserStatus() {
  const done = useInvalidateUsers()
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: number }) => {
      const { id: _id, ...form } = await api.get<UserForm>(`/users/${id}/form`)
      void _id
      return api.post<unknown>(`/users/${id}`, { ...form, status })
    },
    onSettled: done,
  })
}

export function useDeleteUsers() {
  const done = useInvalidateUsers()
  return useMutation({
    mutationFn: (ids: number[]) => api.delete<void>(`/users/${ids.join(',')}`),
    onSuccess: done,
  })
}

export const resetPassword = (id: number, password: string) => api.post<void>(`/users/${id}/password/reset`, { password }, { silent: true })

export function useImportUsers() {
  const done = useInvalidateUsers()
  return useMutation({
    mutationFn: ({ file, deptId }: { file: File; deptId?: number }) => {
      const form = new FormData()
      form.append('file', file)
      return api.post<ImportResult>('/users/import', form, { params: compact({ deptId }) })
    },
    onSuccess: (r) => {
      if (r.importedCount > 0) void done()
    },
  })
}

export const downloadTemplate = (fallback: string) => downloadFile({ url: '/users/template' }, fallback)

export const exportUsers = (f: UserFilters, fallback: string) => downloadFile({ url: '/users/export', params: compact(f) }, fallback)
