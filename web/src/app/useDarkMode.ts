import { useSyncExternalStore } from 'react'
import { usePreferences } from '@/stores/preferences'

const query = '(prefers-color-scheme: dark)'

function subscribe(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {}
  const m = window.matchMedia(query)
  m.addEventListener('change', onChange)
  return () => m.removeEventListener('change', onChange)
}

const systemDark = () => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches

/** Whether the dark theme is in force (dark, or auto with a dark system). */
export function useDarkMode(): boolean {
  const mode = usePreferences((s) => s.theme)
  const sys = useSyncExternalStore(subscribe, systemDark, () => false)
  return mode === 'dark' || (mode === 'auto' && sys)
}
