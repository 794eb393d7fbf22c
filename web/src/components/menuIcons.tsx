// Menu icons by the server's icon names.
import type { ReactNode } from 'react'
import {
  AccountBookOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  ControlOutlined,
  DatabaseOutlined,
  HomeOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons'

const icons: Record<string, ReactNode> = {
  homepage: <HomeOutlined />,
  purchase: <ShoppingCartOutlined />,
  sales: <ShopOutlined />,
  storage: <DatabaseOutlined />,
  fund: <AccountBookOutlined />,
  report: <BarChartOutlined />,
  setting: <SettingOutlined />,
  system: <ControlOutlined />,
}

/** The icon names the menus may use. */
export const menuIconNames = Object.keys(icons)

/** The icon of a menu entry; top-level entries without a known icon get a default one. */
export function menuIcon(name: string | undefined, topLevel: boolean): ReactNode {
  if (name && icons[name]) return icons[name]
  return topLevel ? <AppstoreOutlined /> : undefined
}
