// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { appResources as resources } from '@/locales/app'
import { businessFigures, growth, trendRange } from './figures'

describe('dashboard figures', () => {
  it('ranges the trend over the last days, today included', () => {
    const today = new Date(2026, 2, 3)
    expect(trendRange(7, today)).toEqual({ startDate: '2026-02-25', endDate: '2026-03-03' })
    expect(trendRange(30, today)).toEqual({ startDate: '2026-02-02', endDate: '2026-03-03' })
    expect(trendRange(1, today)).toEqual({ startDate: '2026-03-03', endDate: '2026-03-03' })
  })

  it('shows growth as a signed percentage', () => {
    expect(growth('0.25')).toEqual({ text: '+25%', trend: 'up' })
    expect(growth('-0.13')).toEqual({ text: '-13%', trend: 'down' })
    expect(growth('1.07')).toEqual({ text: '+107%', trend: 'up' })
    expect(growth('0.00')).toEqual({ text: '0%', trend: 'flat' })
    expect(growth('')).toBeNull()
    expect(growth(undefined)).toBeNull()
    expect(growth('x')).toBeNull()
  })

  it('names every business figure in both languages, once', () => {
    const keys = businessFigures.map((f) => f.key)
    expect(new Set(keys).size).toBe(keys.length)
    for (const lang of ['zh-CN', 'en'] as const) {
      const figures = resources[lang].dashboard.figures as unknown as Record<string, { title: string; hint: string }>
      for (const k of keys) {
        expect(figures[k]?.title, `${lang} ${k}`).toBeTruthy()
        expect(figures[k]?.hint, `${lang} ${k}`).toBeTruthy()
      }
    }
  })
})
