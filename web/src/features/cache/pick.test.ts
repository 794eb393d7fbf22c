// The pickers of master data match what is typed on the server's search
// text, as the lists' own search (matchCon) does: "xhb" and "xihubian"
// find 西湖边小卖部 in every picker, the goods grid's included.
import { describe, expect, it } from 'vitest'
import { GoodsIndex } from '@/components/DocGrid/lib/goodsSearch'
import { pickFilter, pickOptions } from './pick'

// as /contact/list answers it (internal/search.Text)
const shop = { id: 7, number: 'KH901', name: '西湖边小卖部', search: '\nkh901\n西湖边小卖部\nxhbxmb\nxihubianxiaomaibu\n' }
const other = { id: 8, number: 'KH902', name: '可口可乐', search: '\nkh902\n可口可乐\nkkkl\nkekoukele\n' }

describe('master data pickers', () => {
  const options = pickOptions([shop, other])
  const found = (q: string) => options.filter((o) => pickFilter(q, o)).map((o) => o.value)

  it('label "number name" and the search text of each record', () => {
    expect(options[0]).toEqual({ value: 7, label: 'KH901 西湖边小卖部', search: shop.search })
    expect(pickOptions([shop], (x) => x.name)[0].label).toBe('西湖边小卖部')
  })
  it('find by number, a part of the name, pinyin initials and full pinyin', () => {
    for (const q of ['kh901', 'KH901', '湖边', 'xhb', 'XHBXMB', 'xihubian', 'xihubianxiaomaibu', ' xhb ']) expect(found(q), q).toEqual([7])
    expect(found('kekou')).toEqual([8])
    expect(found('')).toEqual([7, 8])
  })
  it('never across two parts of the text, nor by nothing', () => {
    for (const q of ['xhbz', '湖西', 'xihux', 'xmbxihu']) expect(found(q), q).toEqual([])
  })
  it('a record without a search text is still found by its label', () => {
    const bare = pickOptions([{ id: 1, number: 'CK001', name: '总仓' }])
    expect(bare.filter((o) => pickFilter('总', o))).toHaveLength(1)
    expect(bare.filter((o) => pickFilter('zc', o))).toHaveLength(0)
  })
  it('the goods grid finds a goods by its full pinyin', () => {
    const ix = new GoodsIndex([{ ...shop, id: 1, number: 'SP901' }])
    expect(ix.search('xihubian').map((h) => h.goods.id)).toEqual([1])
    expect(ix.search('xhb').map((h) => h.goods.id)).toEqual([1])
  })
})
