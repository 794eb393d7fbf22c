// Settlement accounts: the master-data calls.
import { masterApi } from '@/features/master/api'
import type { CacheName } from '@/features/cache/types'
import type { Account, AccountInput } from './types'

export const accountApi = masterApi<Account, AccountInput>('/settAcct')
export const accountKeys = { all: ['settAcct'] as const }
export const accountCaches: CacheName[] = ['accounts']
