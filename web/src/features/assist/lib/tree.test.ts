import { describe, expect, it } from 'vitest'
import { buildTree, keepWithAncestors, subtreeIds, toTreeOptions } from './tree'
import { toAssistInput } from './form'

const row = (id: number, parentId: number, name: string, sort = 0, disable = 0) => ({ id, parentId, name, sort, disable, level: 0 })

// 1 食品 ─ 2 饮料 ─ 4 果汁
//        └ 3 零食
// 5 日用
const flat = [row(1, 0, '食品'), row(2, 1, '饮料', 2), row(4, 2, '果汁'), row(3, 1, '零食', 1), row(5, 0, '日用', 0, 1)]

const names = (t: { name: string; children?: unknown[] }[]): unknown =>
  t.map((n) => (n.children ? { [n.name]: names(n.children as never) } : n.name))

describe('category trees', () => {
  it('builds the tree from the flat list by parentId, each level by sort then id', () => {
    const tree = buildTree(flat)
    expect(names(tree)).toEqual([{ 食品: ['零食', { 饮料: ['果汁'] }] }, '日用'])
    expect(tree[1].children).toBeUndefined()
  })

  it('does not depend on parents coming first', () => {
    expect(names(buildTree([...flat].reverse()))).toEqual([{ 食品: ['零食', { 饮料: ['果汁'] }] }, '日用'])
  })

  it('makes rows with a missing parent roots and survives cycles', () => {
    expect(names(buildTree([row(4, 2, '果汁'), row(9, 9, '自己')]))).toEqual(['果汁', '自己'])
    expect(buildTree([row(1, 2, 'a'), row(2, 1, 'b')]).length).toBeGreaterThan(0)
  })

  it('finds a node with its descendants (not allowed as its new parent)', () => {
    expect([...subtreeIds(flat, 1)].sort()).toEqual([1, 2, 3, 4])
    expect([...subtreeIds(flat, 2)].sort()).toEqual([2, 4])
    expect([...subtreeIds(flat, 5)]).toEqual([5])
  })

  it('keeps matches with their ancestors', () => {
    expect(keepWithAncestors(flat, (r) => r.name === '果汁').map((r) => r.id)).toEqual([1, 2, 4])
    expect(keepWithAncestors(flat, () => false)).toEqual([])
  })

  it('turns a tree into TreeSelect options without the excluded subtree', () => {
    const opts = toTreeOptions(buildTree(flat), { exclude: subtreeIds(flat, 2), disabled: (n) => n.disable === 1 })
    expect(opts).toEqual([
      { value: 1, title: '食品', children: [{ value: 3, title: '零食' }] },
      { value: 5, title: '日用', disabled: true },
    ])
  })

  it('maps the dialog to the request', () => {
    expect(toAssistInput({ parentId: 2, name: ' 果汁 ', number: ' ', sort: 3, remark: 'r' }, 'trade')).toEqual({
      typeNumber: 'trade',
      parentId: 2,
      name: '果汁',
      number: undefined,
      sort: 3,
      remark: 'r',
    })
    expect(toAssistInput({ parentId: undefined, name: '红' }, 'color').parentId).toBe(0)
    expect(toAssistInput({ parentId: 7, name: '现金' }, 'PayMethod', true).parentId).toBe(0)
  })
})
