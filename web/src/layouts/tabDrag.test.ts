import { describe, expect, it } from 'vitest'
import { dropIndex } from './tabDrag'

describe('dropIndex', () => {
  // the other tabs' middles: the dashboard at 40, then tabs at 120, 260 and 330
  const middles = [40, 120, 260, 330]
  it.each([
    [10, 0],
    [41, 1],
    [119, 1],
    [121, 2],
    [300, 3],
    [1000, 4],
  ])('a pointer at %i lands at index %i', (x, want) => {
    expect(dropIndex(x, middles)).toBe(want)
  })
  it('does not swing a narrow tab back over a wide neighbour', () => {
    // tabs: dashboard [0,80], narrow A [80,120] dragged, wide B [120,320]
    // the pointer enters B's left half at 200: A stays before B until B's middle (220)
    expect(dropIndex(200, [40, 220])).toBe(1)
    // past B's middle A goes behind B; B now spans [80,280], its middle 180 < 230: A stays behind
    expect(dropIndex(230, [40, 220])).toBe(2)
    expect(dropIndex(230, [40, 180])).toBe(2)
  })
})
