import { Button, Space } from 'antd'
import { SettingOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { LanguageSwitch } from '@/components/LanguageSwitch'
import { NoticeBadge } from '@/features/notice/components/NoticeBadge'
import { ShopSwitch } from './ShopSwitch'
import { SizeSwitch } from './SizeSwitch'
import { UserMenu } from './UserMenu'

/** Right side of the navbar: shop, notices, language, size, settings, the user's menu. */
export function HeaderActions({ compact, onSettings }: { compact?: boolean; onSettings: () => void }) {
  const { t } = useTranslation('layout')
  return (
    <Space size={4} wrap={false}>
      {!compact && <ShopSwitch />}
      <NoticeBadge />
      <LanguageSwitch />
      {!compact && <SizeSwitch />}
      <Button type="text" icon={<SettingOutlined />} aria-label={t('settings')} data-testid="settings-button" onClick={onSettings} />
      <UserMenu />
    </Space>
  )
}
