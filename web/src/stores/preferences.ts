// Preferences: how the shell looks. Persisted in localStorage; nothing else.
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { Language } from '@/locales'

export type LayoutMode = 'left' | 'top' | 'mix'
export type ThemeMode = 'light' | 'dark' | 'auto'
export type SizeMode = 'default' | 'large' | 'small'
export type SidebarScheme = 'classic-blue' | 'minimal-white'

export interface Preferences {
  layout: LayoutMode
  theme: ThemeMode
  colorPrimary: string
  size: SizeMode
  tagsView: boolean
  sidebarLogo: boolean
  sidebarScheme: SidebarScheme
  watermark: boolean
  language: Language
}

/** The product's defaults. */
export const defaultPreferences: Preferences = {
  layout: 'left',
  theme: 'light',
  colorPrimary: '#4080FF',
  size: 'default',
  tagsView: true,
  sidebarLogo: true,
  sidebarScheme: 'classic-blue',
  watermark: false,
  language: 'zh-CN',
}

export const PREFERENCES_KEY = 'cangshu.preferences'

interface PreferencesState extends Preferences {
  set: <K extends keyof Preferences>(key: K, value: Preferences[K]) => void
  reset: () => void
}

export const usePreferences = create<PreferencesState>()(
  persist(
    (set) => ({
      ...defaultPreferences,
      set: (key, value) => set({ [key]: value } as Partial<Preferences>),
      reset: () => set({ ...defaultPreferences }),
    }),
    {
      name: PREFERENCES_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => {
        const out = {} as Record<string, unknown>
        for (const k of Object.keys(defaultPreferences) as (keyof Preferences)[]) out[k] = s[k]
        return out as unknown as PreferencesState
      },
    },
  ),
)

/** The language requests are sent in (Accept-Language). */
export function currentLanguage(): Language {
  return usePreferences.getState().language
}
