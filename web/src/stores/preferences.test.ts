import { afterEach, describe, expect, it } from 'vitest'
import { defaultPreferences, PREFERENCES_KEY, usePreferences } from './preferences'

describe('preferences', () => {
  afterEach(() => usePreferences.getState().reset())

  it("has the product's defaults", () => {
    expect(defaultPreferences).toEqual({
      layout: 'left',
      theme: 'light',
      colorPrimary: '#4080FF',
      size: 'default',
      tagsView: true,
      sidebarLogo: true,
      sidebarScheme: 'classic-blue',
      watermark: false,
      language: 'zh-CN',
    })
    const s = usePreferences.getState()
    for (const [k, v] of Object.entries(defaultPreferences)) expect(s[k as keyof typeof s], k).toEqual(v)
  })

  it('persists changes in localStorage, preferences only', () => {
    usePreferences.getState().set('layout', 'mix')
    usePreferences.getState().set('language', 'en')
    const saved = JSON.parse(localStorage.getItem(PREFERENCES_KEY)!)
    expect(saved.state).toEqual({ ...defaultPreferences, layout: 'mix', language: 'en' })
  })

  it('restores saved preferences and keeps defaults for the rest', async () => {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ state: { theme: 'dark', watermark: true }, version: 1 }))
    await usePreferences.persist.rehydrate()
    const s = usePreferences.getState()
    expect(s.theme).toBe('dark')
    expect(s.watermark).toBe(true)
    expect(s.colorPrimary).toBe('#4080FF')
    expect(s.layout).toBe('left')
  })

  it('resets to the defaults', () => {
    usePreferences.getState().set('size', 'small')
    usePreferences.getState().reset()
    expect(usePreferences.getState().size).toBe('default')
  })
})
