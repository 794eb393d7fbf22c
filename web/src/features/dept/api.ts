// Departments: query keys and hooks.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/api/http'
import { compact } from '@/components/useListQuery'
import type { Dept, DeptFilters, DeptForm, DeptOption } from './types'

export const deptKeys = {
  all: ['depts'] as const,
  list: (f: DeptFilters) => ['depts', 'list', f] as const,
  options: ['depts', 'options'] as const,
  form: (id: number) => ['depts', 'form', id] as const,
}

export const useDeptList = (f: DeptFilters) =>
  useQuery({ queryKey: deptKeys.list(f), queryFn: () => api.get<Dept[]>('/depts', { params: compact(f) }) })

/** Enabled departments as an option tree (the users' tree, the parent select). */
export const useDeptOptions = () => useQuery({ queryKey: deptKeys.options, queryFn: () => api.get<DeptOption[]>('/depts/options') })

export const useDeptForm = (id: number | undefined) =>
  useQuery({
    queryKey: deptKeys.form(id ?? 0),
    queryFn: () => api.get<DeptForm>(`/depts/${id}/form`),
    enabled: !!id,
    staleTime: 0,
    gcTime: 0,
  })

export function useSaveDept() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: DeptForm) =>
      id ? api.post<unknown>(`/depts/${id}`, body, { silent: true }) : api.post<unknown>('/depts/', body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: deptKeys.all }),
  })
}

export function useDeleteDepts() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (ids: number[]) => api.delete<void>(`/depts/${ids.join(',')}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: deptKeys.all }),
  })
}
