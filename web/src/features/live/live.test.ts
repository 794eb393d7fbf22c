import { describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { parseEvents } from '@/api/stream'
import { applyEvents, type LiveEvent } from './live'

const ev = (module: string): LiveEvent => ({ id: 1, module, action: `log.${module}.add`, userId: 2 })

const keys = [
  ['documents', 'sales', 'list', { page: 1 }], // 0
  ['report', 'salesDetail', {}], // 1
  ['contacts', 'list'], // 2
  ['cache', 'customers'], // 3
  ['cache', 'goods'], // 4
  ['goods', { pageNum: 1 }], // 5
  ['notices', 'mine'], // 6
  ['users', 'page'], // 7
]

async function staleAfter(events: LiveEvent[]) {
  const qc = new QueryClient()
  for (const k of keys) qc.setQueryData(k, 1)
  await applyEvents(qc, events)
  return keys.map((k, i) => (qc.getQueryState(k)?.isInvalidated ? i : -1)).filter((i) => i >= 0)
}

describe('live updates', () => {
  it('a document saved elsewhere refreshes lists, reports, balances and stock — not the master data caches or users', async () => {
    expect(await staleAfter([ev('sales')])).toEqual([0, 1, 2, 5])
  })
  it('a customer changed elsewhere refreshes the contact screens and the customer cache only', async () => {
    expect(await staleAfter([ev('contact')])).toEqual([2, 3])
  })
  it('a notice refreshes the notices; sign-ins refresh nothing', async () => {
    expect(await staleAfter([ev('notice'), ev('auth')])).toEqual([6])
  })
  it('events lost by a slow reader refresh everything', async () => {
    expect(await staleAfter([ev('contact'), ev('*')])).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
  })
})

describe('parseEvents', () => {
  it('reads events split anywhere across chunks, skipping comments', () => {
    const text = 'retry: 3000\n: live\n\nevent: change\ndata: {"id":1}\n\n: beat\n\nevent: end\ndata: {"reason":"renew"}\n\n'
    for (let cut = 0; cut <= text.length; cut++) {
      const a = parseEvents(text.slice(0, cut))
      const b = parseEvents(a.rest + text.slice(cut))
      expect([...a.events, ...b.events]).toEqual([
        { event: 'change', data: '{"id":1}' },
        { event: 'end', data: '{"reason":"renew"}' },
      ])
      expect(b.rest).toBe('')
    }
  })
})
