import { describe, expect, it } from 'vitest'
import { nextTick, TICKER_SIZE, tickerItems, tickerRuns } from './ticker'

describe('notice ticker', () => {
  const notices = Array.from({ length: 8 }, (_, i) => ({ id: i + 1 }))
  it('goes through the latest few, or only the latest with reduced motion', () => {
    expect(tickerItems(notices, false).map((n) => n.id)).toEqual([1, 2, 3, 4, 5].slice(0, TICKER_SIZE))
    expect(tickerItems(notices, true).map((n) => n.id)).toEqual([1])
    expect(tickerItems(undefined, false)).toEqual([])
    expect(tickerItems([], true)).toEqual([])
  })
  it.each([
    [0, false, false],
    [1, false, false],
    [2, false, true],
    [2, true, false],
    [5, true, false],
  ])('with %i notices, paused %s, it steps: %s', (n, paused, want) => {
    expect(tickerRuns(n, paused)).toBe(want)
  })
  it('steps round to the first after the last', () => {
    expect(nextTick(0, 3)).toBe(1)
    expect(nextTick(2, 3)).toBe(0)
    expect(nextTick(4, 2)).toBe(1)
    expect(nextTick(0, 0)).toBe(0)
  })
})
