import { useSyncExternalStore } from 'react'

const subscribeTo = (query: string) => (onChange: () => void) => {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {}
  const m = window.matchMedia(query)
  m.addEventListener('change', onChange)
  return () => m.removeEventListener('change', onChange)
}
const subscriptions = new Map<string, (onChange: () => void) => () => void>()

/** Whether a media query matches now (and again whenever it changes). */
export function useMediaQuery(query: string): boolean {
  let subscribe = subscriptions.get(query)
  if (!subscribe) subscriptions.set(query, (subscribe = subscribeTo(query)))
  return useSyncExternalStore(
    subscribe,
    () => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches,
    () => false,
  )
}

/** Whether the user asked the system for less motion. */
export const useReducedMotion = () => useMediaQuery('(prefers-reduced-motion: reduce)')
