// The document an entry tab remembers for a reload goes with its tab: a new
// document (新增, or the entry route opened again) is always blank.
import { beforeEach, describe, expect, it } from 'vitest'
import { useTabs } from '@/stores/tabs'
import { askNewDocument, forgetClosedTabs, openDocKey, rememberOpen, rememberedOpen, tabKeyOf, useNewDocRequests } from '@/stores/openDocs'
import './AppProviders' // wires the tabs to forgetClosedTabs
import { useSession } from '@/stores/session'

const clerk = { username: 'clerk', shopId: 1 }
const tab = (key: string) => ({ key, pathname: key.split('?')[0], title: key, affix: false, keepAlive: true })

describe('the document an entry tab remembers', () => {
  beforeEach(() => {
    localStorage.clear()
    useTabs.setState({ tabs: [{ ...tab('/dashboard'), affix: true, version: 0 }], owner: 'clerk' })
  })

  it('is per user, shop and tab', () => {
    expect(openDocKey(clerk, '/sales/sales_detail')).toBe('cangshu.docOpen:clerk@1:/sales/sales_detail')
    expect(tabKeyOf('cangshu.docOpen:clerk@1:/sales/sales_detail?id=3')).toBe('/sales/sales_detail?id=3')
    expect(tabKeyOf('cangshu.draft:clerk@1:/sales/sales_detail')).toBe('')
  })

  it('survives a reload while the tab is open, and is forgotten when the tab closes', () => {
    useTabs.getState().open(tab('/sales/sales_detail'))
    const key = openDocKey(clerk, '/sales/sales_detail')
    rememberOpen(key, 42) // saved from 新增
    forgetClosedTabs(useTabs.getState().tabs.map((t) => t.key)) // what a reload runs
    expect(rememberedOpen(key)).toBe(42)
    useTabs.getState().close('/sales/sales_detail')
    expect(rememberedOpen(key)).toBe(0)
  })

  it('is forgotten by 关闭所有 and by signing out', () => {
    const key = openDocKey(clerk, '/purchase/purchase_detail')
    useTabs.getState().open(tab('/purchase/purchase_detail'))
    rememberOpen(key, 7)
    useTabs.getState().closeAll()
    expect(rememberedOpen(key)).toBe(0)

    useTabs.getState().open(tab('/purchase/purchase_detail'))
    rememberOpen(key, 7)
    useTabs.getState().reset() // what signing out does to the tabs
    expect(rememberedOpen(key)).toBe(0)
  })

  it('signing out (the session ends) forgets it', async () => {
    useSession.setState({ accessToken: 'a' } as never)
    useTabs.getState().open(tab('/sales/reSales_detail'))
    const key = openDocKey(clerk, '/sales/reSales_detail')
    rememberOpen(key, 9)
    useSession.setState({ accessToken: '' } as never)
    await new Promise((r) => setTimeout(r, 0))
    expect(rememberedOpen(key)).toBe(0)
  })

  it("a list's 新增 forgets it at once and asks an open entry tab for a blank document", () => {
    useTabs.getState().open(tab('/sales/sales_detail'))
    const key = openDocKey(clerk, '/sales/sales_detail')
    rememberOpen(key, 42)
    const before = useNewDocRequests.getState().asked['/sales/sales_detail'] ?? 0
    askNewDocument(clerk, '/sales/sales_detail')
    expect(rememberedOpen(key)).toBe(0)
    expect(useNewDocRequests.getState().asked['/sales/sales_detail']).toBe(before + 1)
  })

  it("leaves other tabs' documents and other keys alone", () => {
    useTabs.getState().open(tab('/sales/sales_detail'))
    useTabs.getState().open(tab('/sales/sales_detail?id=5'))
    rememberOpen(openDocKey(clerk, '/sales/sales_detail'), 1)
    rememberOpen(openDocKey(clerk, '/sales/sales_detail?id=5'), 5)
    localStorage.setItem('cangshu.draft:clerk@1:/sales/sales_detail', '{}')
    useTabs.getState().close('/sales/sales_detail')
    expect(rememberedOpen(openDocKey(clerk, '/sales/sales_detail'))).toBe(0)
    expect(rememberedOpen(openDocKey(clerk, '/sales/sales_detail?id=5'))).toBe(5)
    expect(localStorage.getItem('cangshu.draft:clerk@1:/sales/sales_detail')).toBe('{}')
  })
})
