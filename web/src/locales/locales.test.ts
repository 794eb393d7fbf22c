// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { appNamespaces, appResources } from './app'
import { namespaces as coreNamespaces, resources as coreResources } from './index'

const namespaces = [...coreNamespaces, ...appNamespaces]
const resources = {
  'zh-CN': { ...coreResources['zh-CN'], ...appResources['zh-CN'] },
  en: { ...coreResources.en, ...appResources.en },
} as Record<'zh-CN' | 'en', Record<string, unknown>>

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

  // a feature's own catalogue (features/<name>/locales/{zh-CN,en}.json)
  const features = fileURLToPath(new URL('../features', import.meta.url))
  for (const f of readdirSync(features).filter((f) => existsSync(`${features}/${f}/locales/zh-CN.json`))) {
    it(`has the same keys, none empty, in zh-CN and en: features/${f}`, () => {
      const [zh, en] = ['zh-CN', 'en'].map((l) => JSON.parse(readFileSync(`${features}/${f}/locales/${l}.json`, 'utf8')))
      expect(keys(en).sort()).toEqual(keys(zh).sort())
      for (const k of keys(zh)) {
        for (const cat of [zh, en]) {
          const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], cat)
          expect(typeof v === 'string' && v.trim() !== '', `features/${f}:${k}`).toBe(true)
        }
      }
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
