import { beforeEach, describe, expect, it } from 'vitest'
import { TABS_KEY, useTabs } from './tabs'

const open = (key: string, affix = false) =>
  useTabs.getState().open({ key, pathname: key.split('?')[0], title: key, affix, keepAlive: true })

describe('tabs', () => {
  beforeEach(() => {
    useTabs.getState().reset()
    open('/dashboard', true)
    open('/a')
    open('/b?id=1')
    open('/c')
  })
  const keys = () => useTabs.getState().tabs.map((t) => t.key)

  it('opens each page once, pinned tabs first', () => {
    open('/a')
    open('/z', true)
    expect(keys()).toEqual(['/dashboard', '/z', '/a', '/b?id=1', '/c'])
  })
  it('never closes the pinned dashboard', () => {
    expect(
      useTabs
        .getState()
        .close('/dashboard')
        .map((t) => t.key),
    ).toContain('/dashboard')
    expect(
      useTabs
        .getState()
        .closeAll()
        .map((t) => t.key),
    ).toEqual(['/dashboard'])
  })
  it('closes others, left and right', () => {
    useTabs.getState().closeRight('/a')
    expect(keys()).toEqual(['/dashboard', '/a'])
    open('/b?id=1')
    useTabs.getState().closeLeft('/b?id=1')
    expect(keys()).toEqual(['/dashboard', '/b?id=1'])
    open('/c')
    useTabs.getState().closeOthers('/c')
    expect(keys()).toEqual(['/dashboard', '/c'])
  })
  it('moves a tab by drag, behind the pinned dashboard and within the tabs', () => {
    const s = useTabs.getState()
    s.move('/c', 1)
    expect(keys()).toEqual(['/dashboard', '/c', '/a', '/b?id=1'])
    s.move('/c', 3)
    expect(keys()).toEqual(['/dashboard', '/a', '/b?id=1', '/c'])
    s.move('/a', 0) // never in front of the pinned tab
    expect(keys()).toEqual(['/dashboard', '/a', '/b?id=1', '/c'])
    s.move('/a', 99)
    expect(keys()).toEqual(['/dashboard', '/b?id=1', '/c', '/a'])
    s.move('/dashboard', 2) // the pinned tab stays first
    s.move('/nowhere', 1)
    expect(keys()).toEqual(['/dashboard', '/b?id=1', '/c', '/a'])
  })
  it('keeps the moved order over a reload', () => {
    useTabs.getState().move('/c', 1)
    const kept = JSON.parse(localStorage.getItem(TABS_KEY)!).state
    expect(kept.tabs.map((t: { key: string }) => t.key)).toEqual(['/dashboard', '/c', '/a', '/b?id=1'])
  })
  it('refresh bumps the version', () => {
    useTabs.getState().refresh('/a')
    expect(useTabs.getState().tabs.find((t) => t.key === '/a')?.version).toBe(1)
  })
})

describe('tabs over a reload and a language switch', () => {
  beforeEach(() => {
    useTabs.getState().reset()
    useTabs.setState({ owner: '' })
  })
  it('are kept in localStorage with their owner', () => {
    useTabs.getState().own('clerk')
    open('/purchase/purchase_detail?id=3')
    const kept = JSON.parse(localStorage.getItem(TABS_KEY)!).state
    expect(kept.owner).toBe('clerk')
    expect(kept.tabs.map((t: { key: string }) => t.key)).toEqual(['/purchase/purchase_detail?id=3'])
  })
  it('another user starts with the pinned tabs only; the first keeps what is open', () => {
    open('/dashboard', true)
    open('/sales/sales')
    useTabs.getState().own('clerk')
    expect(useTabs.getState().tabs.map((t) => t.key)).toEqual(['/dashboard', '/sales/sales'])
    useTabs.getState().own('keeper')
    expect(useTabs.getState().tabs.map((t) => t.key)).toEqual(['/dashboard'])
  })
  it('every tab takes its new title', () => {
    open('/a')
    open('/b')
    useTabs.getState().retitleAll((t) => (t.key === '/a' ? 'Purchases' : undefined))
    expect(useTabs.getState().tabs.map((t) => t.title)).toEqual(['Purchases', '/b'])
  })
})
