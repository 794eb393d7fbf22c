import { describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { invalidateAfterDocument } from './affected'

describe('invalidateAfterDocument', () => {
  it('makes stale the documents of every kind, goods (stock), contacts and accounts — and not unrelated data', async () => {
    const qc = new QueryClient()
    const keys = [
      ['documents', 'salesOrder', 'one', 4],
      ['documents', 'purchase', 'list', { page: 1 }],
      ['goods', { pageNum: 1 }],
      ['contacts', 'list'],
      ['settAcct', { pageNum: 1 }],
      ['users', 'page'],
    ]
    for (const k of keys) qc.setQueryData(k, 1)
    await invalidateAfterDocument(qc)
    const stale = keys.map((k) => qc.getQueryState(k)?.isInvalidated)
    expect(stale).toEqual([true, true, true, true, true, false])
  })
})
