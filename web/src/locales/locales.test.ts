// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { namespaces, resources } from './index'

const dir = fileURLToPath(new URL('.', import.meta.url))

function keys(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [prefix]
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('locales', () => {
  it('has the same namespace files in zh-CN and en', () => {
    const zh = readdirSync(`${dir}/zh-CN`).sort()
    const en = readdirSync(`${dir}/en`).sort()
    expect(en).toEqual(zh)
    expect(zh.map((f) => f.replace(/\.json$/, '')).sort()).toEqual([...namespaces].sort())
  })

  for (const file of readdirSync(`${dir}/zh-CN`)) {
    it(`has the same keys in zh-CN and en: ${file}`, () => {
      const zh = JSON.parse(readFileSync(`${dir}/zh-CN/${file}`, 'utf8'))
      const en = JSON.parse(readFileSync(`${dir}/en/${file}`, 'utf8'))
      const zk = keys(zh).sort()
      const ek = keys(en).sort()
      expect(
        ek.filter((k) => !zk.includes(k)),
        `only in en/${file}`,
      ).toEqual([])
      expect(
        zk.filter((k) => !ek.includes(k)),
        `only in zh-CN/${file}`,
      ).toEqual([])
    })
  }

  it('has no empty message', () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      for (const ns of namespaces) {
        const flat = keys(resources[lang][ns])
        for (const k of flat) {
          const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], resources[lang][ns])
          expect(typeof v === 'string' && v.trim() !== '', `${lang}/${ns}:${k}`).toBe(true)
        }
      }
    }
  })
})
