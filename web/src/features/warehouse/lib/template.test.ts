import { describe, expect, it } from 'vitest'
import { goods } from '@/components/DocGrid/lib/testFixtures'
import type { CachedGoods } from '@/components/DocGrid/lib/goodsSearch'
import { linesFromTemplate } from './template'

describe('lines from a template', () => {
  it('names the goods and units from the cache, in the default warehouse', () => {
    const byId = new Map<number, CachedGoods>(goods.map((g) => [g.id, g]))
    const lines = linesFromTemplate(
      [
        { entryType: 1, invId: 1, skuId: 0, unitId: 10, qty: 3 },
        { entryType: 2, invId: 1, skuId: 0, unitId: 10, qty: '4.5' },
      ],
      byId,
      3,
      '总仓',
    )
    expect(lines.map((l) => [l.entryType, l.invName, l.unitName, l.qty, l.locationId, l.locationName])).toEqual([
      [1, '可口可乐', '瓶', '3', 3, '总仓'],
      [2, '可口可乐', '瓶', '4.5', 3, '总仓'],
    ])
    expect(new Set(lines.map((l) => l.key)).size).toBe(2)
  })
})
