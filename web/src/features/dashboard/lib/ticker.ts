// The dashboard's notice ticker: the latest notices meant for the user, one
// line at a time; it steps to the next every TICKER_MS while not paused.

/** How many of the latest notices the ticker goes through. */
export const TICKER_SIZE = 5
/** How long (ms) each notice stays before the next comes up. */
export const TICKER_MS = 4000

/** The notices the ticker shows: the latest only when the user asked for less motion. */
export function tickerItems<T>(notices: readonly T[] | undefined, reducedMotion: boolean): T[] {
  const all = (notices ?? []).slice(0, TICKER_SIZE)
  return reducedMotion ? all.slice(0, 1) : all
}

/** Whether the ticker steps by itself: several notices, not paused (hover, focus, an open notice). */
export const tickerRuns = (count: number, paused: boolean) => count > 1 && !paused

/** The next notice's index, back to the first after the last (and within the list if it shrank). */
export const nextTick = (i: number, count: number) => (count > 0 ? (i + 1) % count : 0)
