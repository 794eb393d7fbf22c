// Custom fields: query keys and hooks.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/api/http'
import type { CustomField, CustomFieldBody, CustomTarget } from './types'

export const customFieldKeys = {
  all: ['customField'] as const,
  fields: (target: CustomTarget) => ['customField', 'fields', target] as const,
  list: ['customField', 'list'] as const,
}

/** The enabled fields of a target, in order (forms and list columns); every signed-in user may read them. */
export const useCustomFields = (target: CustomTarget) =>
  useQuery({
    queryKey: customFieldKeys.fields(target),
    queryFn: () => api.get<CustomField[]>('/customField/fields', { params: { target } }),
    staleTime: 60_000,
  })

/** Every definition, enabled or not (the settings screen). */
export const useCustomFieldDefs = () =>
  useQuery({ queryKey: customFieldKeys.list, queryFn: () => api.get<CustomField[]>('/customField/list'), staleTime: 0 })

export const useCustomFieldMutations = () => {
  const qc = useQueryClient()
  const done = () => qc.invalidateQueries({ queryKey: customFieldKeys.all })
  return {
    save: useMutation({
      mutationFn: (b: CustomFieldBody) => api.post<CustomField>(b.id ? '/customField/update' : '/customField/add', b, { silent: true }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete<{ id: number; ok: boolean; msg: string }[]>('/customField/delete', { params: { id } }),
      onSuccess: done,
    }),
  }
}
