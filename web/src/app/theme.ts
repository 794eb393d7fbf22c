// The antd theme from a few preferences (colour, dark, size, sidebar scheme).
// Colour values live here and nowhere else.
import { theme as antdTheme, type ThemeConfig } from 'antd'
import type { Preferences } from '@/stores/preferences'

/** The classic-blue sidebar: a deep navy, a deeper shade for open sub-menus. */
export const sidebarPalette = {
  classicBlue: '#001529',
  classicBlueDeep: '#000c17',
}

/** Theme colours offered in the settings drawer (the first is the default). */
export const colorPresets = ['#4080FF', '#1677FF', '#13C2C2', '#52C41A', '#FA8C16', '#F5222D', '#722ED1']

/** Watermark font colour: grey at 0.15 opacity; white on dark. */
export const watermarkColor = (dark: boolean) => (dark ? 'rgba(255, 255, 255, 0.15)' : 'rgba(0, 0, 0, 0.15)')

export function buildTheme(p: Pick<Preferences, 'colorPrimary' | 'sidebarScheme'>, dark: boolean): ThemeConfig {
  const classic = p.sidebarScheme === 'classic-blue'
  return {
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: { colorPrimary: p.colorPrimary, borderRadius: 4 },
    components: {
      Layout: classic && !dark ? { siderBg: sidebarPalette.classicBlue, triggerBg: sidebarPalette.classicBlueDeep } : {},
      Menu:
        classic && !dark
          ? {
              darkItemBg: sidebarPalette.classicBlue,
              darkSubMenuItemBg: sidebarPalette.classicBlueDeep,
              darkPopupBg: sidebarPalette.classicBlue,
            }
          : {},
    },
  }
}

export const antdSize = (size: Preferences['size']) => (size === 'default' ? 'middle' : size)
