import { describe, expect, it } from 'vitest'
import { emptyLine, pickGoods } from './lines'
import { goods, settings } from './testFixtures'

const names = (id: number) => ({ 3: '一号仓', 8: '二号仓' })[id] ?? ''

describe('a new line takes a warehouse', () => {
  const withDefault = { ...goods[0], locationId: 8 }
  it("from the goods' default warehouse first, over the header's", () => {
    const l = pickGoods(
      emptyLine(settings, 3),
      { goods: withDefault, exact: true },
      { settings, defaultLocationId: 3, locationName: names },
    )
    expect([l.locationId, l.locationName]).toEqual([8, '二号仓'])
  })
  it("else the header's (the user's last choice or the system default)", () => {
    const l = pickGoods(
      emptyLine(settings, 3),
      { goods: { ...goods[0], locationId: 0 }, exact: true },
      { settings, defaultLocationId: 3, locationName: names },
    )
    expect([l.locationId, l.locationName]).toEqual([3, '一号仓'])
    const bare = pickGoods(
      emptyLine(settings),
      { goods: { ...goods[0], locationId: 0 }, exact: true },
      { settings, defaultLocationId: 3, locationName: names },
    )
    expect(bare.locationId).toBe(3)
  })
  it("never the goods' own warehouse when the user may not use it (data rights): the header's", () => {
    const l = pickGoods(
      emptyLine(settings, 3),
      { goods: withDefault, exact: true },
      { settings, defaultLocationId: 3, locationName: names, usable: (id) => id === 3 },
    )
    expect([l.locationId, l.locationName]).toEqual([3, '一号仓'])
  })
  it('other goods on a line keep the warehouse the line has', () => {
    const first = pickGoods(
      emptyLine(settings, 3),
      { goods: { ...goods[0], locationId: 0 }, exact: true },
      { settings, defaultLocationId: 3 },
    )
    const again = pickGoods(first, { goods: withDefault, exact: true }, { settings, defaultLocationId: 3 })
    expect(again.locationId).toBe(3)
  })
})
