// Categories and assisting attributes: /assist (categories, payment methods,
// attribute values) and /assistType (category types, attribute groups).
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { masterApi, useMasterMutations } from '@/features/master/api'
import type { CacheName } from '@/features/cache/types'
import { TYPE_PAY_METHOD, type Assist, type AssistInput, type AssistType, type AssistTypeInput } from './types'

export const assistApi = masterApi<Assist, AssistInput>('/assist')
export const assistTypeApi = masterApi<AssistType, AssistTypeInput>('/assistType')

export const assistKeys = {
  all: ['assist'] as const,
  list: (typeNumber: string) => ['assist', 'list', typeNumber] as const,
}
export const assistTypeKeys = {
  all: ['assistType'] as const,
  list: (kind: number, lang: string) => ['assistType', 'list', kind, lang] as const,
}

/** The caches a change of a type's categories or values touches. */
export const assistCaches = (typeNumber: string): CacheName[] => (typeNumber === TYPE_PAY_METHOD ? ['assists', 'payMethods'] : ['assists'])
export const assistTypeCaches: CacheName[] = ['assistTypes', 'assists']

/** Every category (or value) of one type, parents before children. */
export const useAssistList = (typeNumber: string) =>
  useQuery({ queryKey: assistKeys.list(typeNumber), queryFn: () => assistApi.all({ typeNumber }), enabled: !!typeNumber })

/** Category types (kind 0) or attribute groups (kind 1); built-in names in the UI language. */
export function useAssistTypes(kind: 0 | 1) {
  const { i18n } = useTranslation()
  return useQuery({ queryKey: assistTypeKeys.list(kind, i18n.language), queryFn: () => assistTypeApi.all({ kind }) })
}

export const useAssistMutations = (typeNumber: string) => useMasterMutations(assistApi, assistKeys.all, assistCaches(typeNumber))
export const useAssistTypeMutations = () => useMasterMutations(assistTypeApi, assistTypeKeys.all, assistTypeCaches)
