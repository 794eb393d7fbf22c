// Customers and suppliers (/api/contact) over the shared master-data calls
// (features/master): the list and the import take the type; suppliers export
// through /contact/exporterSupplier.
import { useQuery } from '@tanstack/react-query'
import { api } from '@/api/http'
import { gridParams, masterApi } from '@/features/master/api'
import type { CacheName } from '@/features/cache/types'
import { downloadFile } from '@/api/download'
import type { Contact, ContactBody, ContactFilters, ContactType } from './types'

export const contactApi = masterApi<Contact, ContactBody>('/contact')

export const contactKeys = {
  all: ['contacts'] as const,
  page: (type: ContactType) => ['contacts', 'page', type] as const,
}

/** The client cache fed by a type's records. */
export const contactCache = (type: ContactType): CacheName[] => [type === -10 ? 'customers' : 'suppliers']

export const exportContacts = (type: ContactType, f: ContactFilters, fallback: string) => {
  const { page: _p, rows: _r, ...params } = gridParams({ ...f, type })
  void _p
  void _r
  return downloadFile({ url: type === -10 ? '/contact/exporter' : '/contact/exporterSupplier', params }, fallback)
}

/** The next free number of a type ('' when the server has none to offer). */
export const useNextContactNumber = (type: ContactType, enabled: boolean) =>
  useQuery({
    queryKey: ['contacts', 'nextNumber', type],
    queryFn: () =>
      api
        .get<{ number: string }>('/contact/nextNumber', { params: { type }, silent: true })
        .then((r) => r?.number ?? '')
        .catch(() => ''),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })
