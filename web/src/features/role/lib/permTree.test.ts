import { describe, expect, it } from 'vitest'
import { checkAllState, checkedLeaves, idsToSave, leafIds, onlyLeaves, parentIds, type PermNode } from './permTree'

// 1 System
//   2 Users
//     3 query  4 add
//   5 Roles
//     6 query
// 7 Dashboard
const tree: PermNode[] = [
  {
    value: 1,
    label: 'System',
    children: [
      {
        value: 2,
        label: 'Users',
        children: [
          { value: 3, label: 'query' },
          { value: 4, label: 'add' },
        ],
      },
      { value: 5, label: 'Roles', children: [{ value: 6, label: 'query' }] },
    ],
  },
  { value: 7, label: 'Dashboard' },
]

describe('permission tree', () => {
  it('knows leaves and parents', () => {
    expect(leafIds(tree)).toEqual([3, 4, 6, 7])
    expect(parentIds(tree)).toEqual([1, 2, 5])
  })

  it('checks only the granted leaves (the server lists ancestors too)', () => {
    // users:query granted: the server answers with its ancestors 1 and 2
    expect(checkedLeaves(tree, [1, 2, 3])).toEqual([3])
    expect(checkedLeaves(tree, [1, 2, 3, 4, 5, 6, 7])).toEqual([3, 4, 6, 7])
    expect(checkedLeaves(tree, [])).toEqual([])
  })

  it('saves the checked ids with their half-checked ancestors', () => {
    expect(idsToSave(tree, [3])).toEqual([1, 2, 3])
    expect(idsToSave(tree, [6, 7])).toEqual([1, 5, 6, 7])
    // a conducted check (parents fully checked) gives the same set
    expect(idsToSave(tree, [2, 3, 4])).toEqual([1, 2, 3, 4])
    expect(idsToSave(tree, [])).toEqual([])
  })

  it('keeps the leaves of a conducted check', () => {
    expect(onlyLeaves(tree, [1, 2, 3, 4, 5, 6])).toEqual([3, 4, 6])
  })

  it('says whether all, some or none are checked', () => {
    expect(checkAllState(tree, [])).toBe('none')
    expect(checkAllState(tree, [3])).toBe('some')
    expect(checkAllState(tree, [3, 4, 6, 7])).toBe('all')
    expect(checkAllState(tree, [1, 2])).toBe('none') // parents alone check nothing
  })

  it('round-trips: load the grants, save them unchanged', () => {
    const granted = [1, 2, 3, 5, 6]
    expect(idsToSave(tree, checkedLeaves(tree, granted))).toEqual(granted)
  })
})
