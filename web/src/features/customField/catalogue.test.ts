// @vitest-environment node
import { describe, expect, it } from 'vitest'
import en from './locales/en.json'
import zh from './locales/zh-CN.json'

function keys(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [prefix]
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

function values(obj: unknown): unknown[] {
  return obj !== null && typeof obj === 'object' ? Object.values(obj as object).flatMap(values) : [obj]
}

describe('custom fields catalogue', () => {
  it('has the same keys in zh-CN and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort())
  })
  it('has no empty message', () => {
    for (const v of [...values(en), ...values(zh)]) expect(typeof v === 'string' && v.trim() !== '').toBe(true)
  })
})
