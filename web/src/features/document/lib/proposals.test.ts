import { describe, expect, it } from 'vitest'
import { docKinds } from '../kinds'
import { proposalAsks } from './proposals'

const line = (invId: number, locationId = 0, priceSource = 'goods') => ({ invId, locationId, priceSource })

describe('price proposals an entry page asks for', () => {
  it('other stock-in asks for the unit cost in each line’s warehouse, not for a contact’s sale price', () => {
    const asks = proposalAsks(
      docKinds.otherIn,
      [line(1, 3), line(2), line(1, 3), line(4, 0, 'manual')],
      { buId: 9, locationId: 5 },
      new Set(),
    )
    expect(asks).toEqual([
      { bu: 0, loc: 3, ids: [1] },
      { bu: 0, loc: 5, ids: [2] },
    ])
  })

  it('trading documents ask for the contact’s prices', () => {
    expect(proposalAsks(docKinds.sales, [line(1, 3), line(2, 4)], { buId: 9, locationId: 5 }, new Set())).toEqual([
      { bu: 9, loc: 0, ids: [1, 2] },
    ])
    expect(proposalAsks(docKinds.purchase, [line(1, 3)], { buId: 7 }, new Set(['7:0:1']))).toEqual([])
  })
})
