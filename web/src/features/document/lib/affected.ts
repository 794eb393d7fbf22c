// What a change of a document touches, as react-query key prefixes: every
// open screen under them refetches (lists, orders and their statuses, goods
// with their stock, contacts with their balances, accounts, stock queries and
// reports), so no tab shows what was true before the save, audit, un-audit or
// delete.
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { accountKeys } from '@/features/account/api'
import { contactKeys } from '@/features/contact/api'
import { goodsKeys } from '@/features/goods/api'

export const affectedByDocuments: QueryKey[] = [
  ['documents'],
  goodsKeys.all,
  contactKeys.all,
  accountKeys.all,
  // the dashboard's business figures
  ['dashboard', 'figure'],
  // the stock query and report screens (warehouse and reports work) key under these
  ['stock'],
  ['report'],
]

/** Marks everything a document change touches as stale (open screens refetch now). */
export function invalidateAfterDocument(qc: QueryClient): Promise<void> {
  return Promise.all(affectedByDocuments.map((queryKey) => qc.invalidateQueries({ queryKey }))).then(() => undefined)
}
