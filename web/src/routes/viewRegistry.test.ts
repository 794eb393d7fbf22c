// @vitest-environment node
// Every component name in the seeded menus (internal/menu/seed.go) must
// resolve to a view. seed.go builds most names through helpers, so this reads
// the literal names and the helper calls; it fails when seed.go starts
// building names another way, so that this test is taught the new way.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LAYOUT } from '@/utils/routeTree'
import { comingSoonViews, hasView, isComingSoon, resolveView, viewLoader } from './viewRegistry'

const seedPath = fileURLToPath(new URL('../../../internal/menu/seed.go', import.meta.url))
const seed = readFileSync(seedPath, 'utf8')

const all = (re: RegExp) => [...seed.matchAll(re)]

function seededComponents(): Set<string> {
  const names = new Set<string>()
  for (const m of all(/Component:\s*"([^"]*)"/g)) if (m[1]) names.add(m[1])
  for (const m of all(/\bscreen\(\s*"(\w+)",\s*"(\w+)"/g)) names.add(`${m[1]}/${m[2]}`)
  for (const m of all(/\bdocMenus\(\s*"(\w+)",\s*"(\w+)"/g)) {
    names.add(`${m[1]}/${m[2]}`)
    names.add(`${m[1]}/${m[2]}_detail`)
  }
  // docMenusAt(section, kind, entry, …): the list <kind>, the entry page at <entry>
  for (const m of all(/\bdocMenusAt\(\s*"(\w+)",\s*"(\w+)",\s*"(\w+)"/g)) {
    names.add(`${m[1]}/${m[2]}`)
    names.add(`${m[1]}/${m[3]}`)
  }
  for (const m of all(/\bentryPage\(\s*"(\w+)",\s*"(\w+)"/g)) names.add(`${m[1]}/${m[2]}_detail`)
  for (const m of all(/\breport\(\s*"(\w+)"/g)) names.add(`report/${m[1]}`)
  return names
}

describe('view registry', () => {
  it('knows how seed.go builds component names', () => {
    // Component: <literal> or one of the two helper forms; nothing else.
    const exprs = all(/\bComponent:\s*([^,}\n]+)/g).map((m) => m[1].trim())
    const unknown = exprs.filter((e) => !/^"[^"]*"$/.test(e) && e !== 'section + "/" + name')
    expect(unknown, 'seed.go builds a component name in a new way: teach viewRegistry.test.ts').toEqual([])
    expect(exprs.filter((e) => e === 'section + "/" + name')).toHaveLength(2) // screen() and entryPage()
  })

  it('resolves every seeded component name', () => {
    const names = seededComponents()
    expect(names.size).toBeGreaterThan(90)
    for (const n of [
      'Layout',
      'dashboard',
      'profile',
      'purchase/purOrder',
      'purchase/purOrder_detail',
      'warehouse/combination_detail',
      'warehouse/combination',
      'warehouse/warehouse_detail',
      'warehouse/otherIn',
      'warehouse/exWarehouse_detail',
      'warehouse/stocktake_detail',
      'warehouse/stock',
      'report/puDetail',
      'system/user',
      'fund/fundTf_detail',
    ]) {
      expect(names, n).toContain(n)
    }
    const missing = [...names].filter((n) => !hasView(n))
    expect(missing, 'seeded menus name views that do not exist').toEqual([])
  })

  it('registers no placeholder twice and none for real views', () => {
    expect(new Set(comingSoonViews).size).toBe(comingSoonViews.length)
    expect(isComingSoon('dashboard')).toBe(false)
    expect(isComingSoon('profile')).toBe(false)
    expect(isComingSoon('system/user')).toBe(false)
    // any name still waiting for its screen
    for (const n of comingSoonViews) expect(isComingSoon(n), n).toBe(true)
  })

  it('maps Layout to the shell, unknown names to the 404 page', async () => {
    expect(hasView(LAYOUT)).toBe(true)
    expect(hasView('nope/nothing')).toBe(false)
    expect(hasView(undefined)).toBe(false)
    const shell = await viewLoader(LAYOUT)()
    const notFound = await viewLoader('nope/nothing')()
    const real404 = await import('./NotFound')
    expect(notFound.default).toBe(real404.default)
    expect(shell.default.name).toBe('AppLayout')
    if (comingSoonViews.length) {
      expect((await viewLoader(comingSoonViews[0])()).default).toBe((await import('./ComingSoon')).default)
    }
  }, 20_000)

  it('hands out one lazy component per name', () => {
    expect(resolveView('dashboard')).toBe(resolveView('dashboard'))
    expect(resolveView('x/y')).toBe(resolveView('z/w'))
  })
})
