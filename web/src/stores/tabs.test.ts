import { beforeEach, describe, expect, it } from 'vitest'
import { useTabs } from './tabs'

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
  it('refresh bumps the version', () => {
    useTabs.getState().refresh('/a')
    expect(useTabs.getState().tabs.find((t) => t.key === '/a')?.version).toBe(1)
  })
})
