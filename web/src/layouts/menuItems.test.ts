// The route tree as the shell reads it: flat routes (utils/routeTree) and the menu.
import { describe, expect, it } from 'vitest'
import type { RouteNode } from '@/api/types'
import { crumbTitles, menuEntries, toMenuItems } from './menuItems'
import { catalogTarget, findRoute, flattenRoutes, joinPath, pageTitle } from '@/utils/routeTree'

const tree: RouteNode[] = [
  {
    path: '/',
    component: 'Layout',
    redirect: '/dashboard',
    meta: { title: '首页', icon: 'homepage' },
    children: [
      { path: 'dashboard', component: 'dashboard', meta: { title: '首页', affix: true, keepAlive: true } },
      { path: 'profile', component: 'profile', meta: { title: '个人中心', hidden: true } },
    ],
  },
  {
    path: '/purchase',
    component: 'Layout',
    meta: { title: '购货', icon: 'purchase', alwaysShow: true },
    children: [
      { path: 'purOrder_detail', component: 'purchase/purOrder_detail', meta: { title: '录入购货订单', hidden: true, keepAlive: true } },
      { path: 'purOrder', component: 'purchase/purOrder', meta: { title: '购货订单记录', keepAlive: true } },
    ],
  },
  {
    path: '/report',
    component: 'Layout',
    meta: { title: '报表' },
    children: [
      {
        path: 'purchase',
        component: 'Layout',
        meta: { title: '采购报表' },
        children: [{ path: 'puDetail', component: 'report/puDetail', meta: { title: '采购明细表', params: { title: 'X' } } }],
      },
    ],
  },
]

describe('route tree', () => {
  it('joins paths', () => {
    expect(joinPath('', '/')).toBe('/')
    expect(joinPath('/', 'dashboard')).toBe('/dashboard')
    expect(joinPath('/report', 'purchase')).toBe('/report/purchase')
    expect(joinPath('/report/purchase', '/abs')).toBe('/abs')
  })

  it('flattens nested catalogs to absolute paths', () => {
    const flat = flattenRoutes(tree)
    expect(flat.map((r) => r.path)).toEqual([
      '/',
      '/dashboard',
      '/profile',
      '/purchase',
      '/purchase/purOrder_detail',
      '/purchase/purOrder',
      '/report',
      '/report/purchase',
      '/report/purchase/puDetail',
    ])
    const pu = findRoute(flat, '/report/purchase/puDetail/')!
    expect(pu.parents).toEqual(['/report', '/report/purchase'])
    expect(pu.catalog).toBe(false)
    expect(findRoute(flat, '/report/purchase')!.catalog).toBe(true)
    expect(findRoute(flat, '/nope')).toBeUndefined()
  })

  it('leads catalogs to their redirect or first visible page', () => {
    const flat = flattenRoutes(tree)
    expect(catalogTarget(flat, flat[0])).toBe('/dashboard')
    expect(catalogTarget(flat, findRoute(flat, '/purchase')!)).toBe('/purchase/purOrder')
  })

  it('lets a title query or route parameter override the title', () => {
    const flat = flattenRoutes(tree)
    expect(pageTitle(findRoute(flat, '/purchase/purOrder')!, '')).toBe('购货订单记录')
    expect(pageTitle(findRoute(flat, '/purchase/purOrder')!, '?title=Mine')).toBe('Mine')
    expect(pageTitle(findRoute(flat, '/report/purchase/puDetail')!, '')).toBe('X')
  })

  it('builds the menu: hidden pages out, a single-child catalog folded', () => {
    const e = menuEntries(tree)
    expect(e.map((x) => x.key)).toEqual(['/dashboard', '/purchase', '/report/purchase/puDetail'])
    expect(e[0].icon).toBe('homepage')
    expect(e[1].children!.map((x) => x.key)).toEqual(['/purchase/purOrder'])
    // /report holds one catalog holding one page: both fold into the page
    expect(e[2].children).toBeUndefined()
  })

  it('folds a catalog with one visible page unless alwaysShow', () => {
    const one: RouteNode[] = [{ ...tree[1], meta: { title: '购货' } }]
    expect(menuEntries(one).map((x) => x.key)).toEqual(['/purchase/purOrder'])
  })
})

describe('breadcrumb and menu labels', () => {
  it('the home page reads 首页 once; empty titles are left out', () => {
    expect(crumbTitles(['首页', '首页'])).toEqual(['首页'])
    expect(crumbTitles(['', '购货', '购货单'])).toEqual(['购货', '购货单'])
    expect(crumbTitles(['报表', '报表', '销售汇总表'])).toEqual(['报表', '销售汇总表'])
  })
  it('a menu label carries its whole text as a tooltip', () => {
    const [item] = toMenuItems([{ key: '/r', title: '销售汇总表（按商品）' }]) as { label: { props: { title: string } } }[]
    expect(item.label.props.title).toBe('销售汇总表（按商品）')
  })
})
