// The shell ("Layout" in the server's menus): left, top or mix navigation,
// navbar, tags view and the content area. Mobile widths get a drawer menu.
// It brings the signed-in app's catalogues (app/appCatalogues).
import '@/app/appCatalogues'
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Breadcrumb, Button, Drawer, Grid, Layout, Menu, theme, Watermark, type MenuProps } from 'antd'
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { watermarkColor } from '@/app/theme'
import { useDarkMode } from '@/app/useDarkMode'
import { useClientCaches } from '@/features/cache/api'
import { useLiveUpdates } from '@/features/live/useLiveUpdates'
import { findRoute } from '@/utils/routeTree'
import { usePreferences } from '@/stores/preferences'
import { HeaderActions } from './HeaderActions'
import { Logo } from './Logo'
import { crumbTitles, firstLeaf, sectionOf, toMenuItems, type MenuEntry } from './menuItems'
import { PageHost } from './PageHost'
import { TagsView } from './TagsView'
import { useShell } from './useShell'

const { Header, Sider, Content } = Layout
const SettingsDrawer = lazy(() => import('./SettingsDrawer'))
const HelpDrawer = lazy(() => import('@/features/help/HelpDrawer'))
const HEADER_HEIGHT = 56

export default function AppLayout() {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const prefs = usePreferences()
  const dark = useDarkMode()
  const navigate = useNavigate()
  const location = useLocation()
  const screens = Grid.useBreakpoint()
  const mobile = screens.md === false
  const { routes, entries } = useShell()
  useClientCaches() // master data caches: loaded after sign-in, cleared on sign-out
  useLiveUpdates() // what others change reaches the open screens
  const [collapsed, setCollapsed] = useState(false)
  const [drawer, setDrawer] = useState(false)
  const [settings, setSettings] = useState<boolean | null>(null) // null: never opened, not loaded
  const [help, setHelp] = useState<boolean | null>(null) // null: never opened, not loaded
  const scrollRef = useRef<HTMLDivElement>(null)
  const current = findRoute(routes, location.pathname)

  // F1: the current screen's help (not the browser's)
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      if (e.key !== 'F1') return
      e.preventDefault()
      setHelp(true)
    }
    window.addEventListener('keydown', on)
    return () => window.removeEventListener('keydown', on)
  }, [])

  // The sub-menus holding the current page open as one navigates.
  const [openKeys, setOpenKeys] = useState<string[]>(current?.parents ?? [])
  useEffect(() => {
    const parents = current?.parents ?? []
    setOpenKeys((keys) => [...new Set([...keys, ...parents])])
    setDrawer(false)
  }, [current])

  const section = sectionOf(entries, location.pathname) ?? sectionOf(entries, current?.parents[0] ?? '')
  const mode = mobile ? 'left' : prefs.layout
  const sideItems = useMemo(() => {
    const sideEntries: MenuEntry[] = mode === 'mix' ? (section?.children ?? []) : entries
    return toMenuItems(sideEntries, mode === 'mix' ? 1 : 0)
  }, [section, entries, mode])
  const allItems = useMemo(() => toMenuItems(entries), [entries])
  const sectionItems = useMemo(() => toMenuItems(entries.map((e) => ({ ...e, children: undefined }))), [entries])
  const siderDark = prefs.sidebarScheme === 'classic-blue' || dark
  const menuTheme = siderDark ? 'dark' : 'light'
  const selected = [location.pathname]
  const go: MenuProps['onClick'] = ({ key }) => navigate(key)

  const sideMenu = (
    <Menu
      mode="inline"
      theme={menuTheme}
      items={sideItems}
      selectedKeys={selected}
      openKeys={collapsed && !mobile ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      onClick={go}
      style={{ borderInlineEnd: 0 }}
      data-testid="side-menu"
    />
  )

  const crumbs = current
    ? crumbTitles([...current.parents.map((p) => routes.find((r) => r.path === p)?.title ?? ''), current.title]).map((title) => ({ title }))
    : []

  const headerStyle = {
    height: HEADER_HEIGHT,
    lineHeight: `${HEADER_HEIGHT}px`,
    padding: `0 ${token.paddingSM}px`,
    background: token.colorBgContainer,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    display: 'flex',
    alignItems: 'center',
    gap: token.marginSM,
  }

  const toggle = (
    <Button
      type="text"
      icon={collapsed || mobile ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      aria-label={collapsed ? t('layout:expand') : t('layout:collapse')}
      onClick={() => (mobile ? setDrawer(true) : setCollapsed(!collapsed))}
      data-testid="menu-toggle"
    />
  )

  const content = (
    <div ref={scrollRef} style={{ flex: 1, overflow: 'auto', padding: token.padding }} data-testid="content">
      <PageHost routes={routes} scrollRef={scrollRef} />
    </div>
  )

  const body = (
    <Layout style={{ minWidth: 0 }}>
      {mode === 'left' && (
        <Header style={headerStyle}>
          {toggle}
          {!mobile && <Breadcrumb items={crumbs} />}
          <div style={{ flex: 1 }} />
          <HeaderActions compact={mobile} onSettings={() => setSettings(true)} onHelp={() => setHelp(true)} />
        </Header>
      )}
      {prefs.tagsView && <TagsView />}
      <Content style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        {prefs.watermark ? (
          <Watermark
            content={t('appName')}
            zIndex={9999}
            gap={[100, 100]}
            rotate={-22}
            font={{ color: watermarkColor(dark) }}
            style={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}
          >
            {content}
          </Watermark>
        ) : (
          content
        )}
      </Content>
    </Layout>
  )

  const showSider = !mobile && mode !== 'top' && sideItems.length > 0
  const withSider = (
    <Layout style={{ height: '100%', minHeight: 0 }} hasSider={showSider}>
      {showSider && (
        <Sider
          theme={menuTheme}
          collapsible
          trigger={mode === 'mix' ? undefined : null}
          collapsed={collapsed}
          onCollapse={setCollapsed}
          width={220}
          style={{ overflow: 'auto', borderInlineEnd: siderDark ? undefined : `1px solid ${token.colorBorderSecondary}` }}
        >
          {prefs.sidebarLogo && mode === 'left' && <Logo collapsed={collapsed} dark={siderDark} />}
          {sideMenu}
        </Sider>
      )}
      {mobile && (
        <Drawer
          placement="left"
          open={drawer}
          onClose={() => setDrawer(false)}
          width={240}
          title={t('layout:menu')}
          styles={{ body: { padding: 0 } }}
        >
          {sideMenu}
        </Drawer>
      )}
      {body}
    </Layout>
  )

  const drawers = (node: ReactNode) => (
    <>
      {node}
      {settings !== null && (
        <Suspense fallback={null}>
          <SettingsDrawer open={settings} onClose={() => setSettings(false)} />
        </Suspense>
      )}
      {help !== null && (
        <Suspense fallback={null}>
          <HelpDrawer open={help} component={current?.component} onClose={() => setHelp(false)} />
        </Suspense>
      )}
    </>
  )

  if (mode === 'left') return drawers(withSider)

  // top and mix: one header across the page
  return drawers(
    <Layout style={{ height: '100%' }}>
      <Header style={headerStyle}>
        {prefs.sidebarLogo && <Logo dark={false} />}
        <Menu
          mode="horizontal"
          items={mode === 'top' ? allItems : sectionItems}
          selectedKeys={mode === 'top' ? selected : section ? [section.key] : []}
          onClick={({ key }) => {
            if (mode === 'top') return navigate(key)
            const e = entries.find((x) => x.key === key)
            if (e) navigate(firstLeaf(e))
          }}
          style={{ flex: 1, minWidth: 0, borderBottom: 0 }}
          data-testid="top-menu"
        />
        <HeaderActions onSettings={() => setSettings(true)} onHelp={() => setHelp(true)} />
      </Header>
      {withSider}
    </Layout>,
  )
}
