import { usePreferences } from '@/stores/preferences'
import { useMediaQuery } from './useMediaQuery'

/** Whether the dark theme is in force (dark, or auto with a dark system). */
export function useDarkMode(): boolean {
  const mode = usePreferences((s) => s.theme)
  const sys = useMediaQuery('(prefers-color-scheme: dark)')
  return mode === 'dark' || (mode === 'auto' && sys)
}
