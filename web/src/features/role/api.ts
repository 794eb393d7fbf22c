// Roles: query keys and hooks (system/role), the grants of a role and the menu tree to grant from.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/api/http'
import type { PageResult } from '@/api/types'
import { compact, type PageParams } from '@/components/useListQuery'
import type { PermNode } from './lib/permTree'
import type { DataRights, DataRightsSubject, Role, RoleFilters, RoleForm } from './types'

export const roleKeys = {
  all: ['roles'] as const,
  page: ['roles', 'page'] as const,
  form: (id: number) => ['roles', 'form', id] as const,
  menuIds: (id: number) => ['roles', 'menuIds', id] as const,
  menuTree: (lang: string) => ['menus', 'options', 'all', lang] as const,
}

export const getRolePage = (p: RoleFilters & PageParams) => api.get<PageResult<Role>>('/roles/page', { params: compact(p) })

export const useRoleForm = (id: number | undefined) =>
  useQuery({
    queryKey: roleKeys.form(id ?? 0),
    queryFn: () => api.get<RoleForm>(`/roles/${id}/form`),
    enabled: !!id,
    staleTime: 0,
    gcTime: 0,
  })

export function useSaveRole() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: RoleForm) =>
      id ? api.post<unknown>(`/roles/${id}`, body, { silent: true }) : api.post<unknown>('/roles/', body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.all }),
  })
}

export function useDeleteRoles() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (ids: number[]) => api.delete<void>(`/roles/${ids.join(',')}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.all }),
  })
}

export function useSetRoleStatus() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: number }) => api.post<void>(`/roles/${id}/status`, null, { params: { status } }),
    onSettled: () => qc.invalidateQueries({ queryKey: roleKeys.all }),
  })
}

/** The whole menu tree with buttons, labels in the current language. */
export const useMenuTree = (lang: string, enabled = true) =>
  useQuery({
    queryKey: roleKeys.menuTree(lang),
    queryFn: () => api.get<PermNode[]>('/menus/options', { params: { onlyParent: false } }),
    enabled,
  })

export const useRoleMenuIds = (id: number | undefined) =>
  useQuery({
    queryKey: roleKeys.menuIds(id ?? 0),
    queryFn: () => api.get<number[]>(`/roles/${id}/menuIds`),
    enabled: !!id,
    staleTime: 0,
  })

export function useSaveRoleMenus() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, menuIds }: { id: number; menuIds: number[] }) => api.post<void>(`/roles/${id}/menus`, menuIds),
    onSuccess: (_, v) => qc.invalidateQueries({ queryKey: roleKeys.menuIds(v.id) }),
  })
}

const subjectParams = (s: DataRightsSubject) => ('roleId' in s ? { roleId: s.roleId } : { userId: s.userId })

/** The data rights of a role or a user (fresh each time the dialog opens). */
export const useDataRights = (s: DataRightsSubject | null) =>
  useQuery({
    queryKey: ['dataRights', s ? subjectParams(s) : null],
    queryFn: () => api.get<DataRights>('/dataRights', { params: subjectParams(s!) }),
    enabled: !!s,
    staleTime: 0,
    gcTime: 0,
  })

export function useSaveDataRights() {
  return useMutation({
    mutationFn: (body: DataRights) => api.post<DataRights>('/dataRights', body, { silent: true }),
  })
}
