// Income/expense items: the master-data calls.
import { masterApi } from '@/features/master/api'
import type { CacheName } from '@/features/cache/types'
import { TYPE_EXPENSE, TYPE_INCOME } from '@/features/assist/types'
import { INCOME, type Item, type ItemInput } from './types'

export const itemApi = masterApi<Item, ItemInput>('/item')
export const itemKeys = { all: ['item'] as const }
export const itemCaches: CacheName[] = ['items']

/** The category type of an item type: raccttype (income) or paccttype (expense). */
export const categoryTypeOf = (type: number) => (type === INCOME ? TYPE_INCOME : TYPE_EXPENSE)
