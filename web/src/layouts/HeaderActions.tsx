import { Button, Space } from 'antd'
import { QuestionCircleOutlined, SettingOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { LanguageSwitch } from '@/components/LanguageSwitch'
import { NoticeBadge } from '@/features/notice/components/NoticeBadge'
import { ShopSwitch } from './ShopSwitch'
import { SizeSwitch } from './SizeSwitch'
import { UserMenu } from './UserMenu'

/** Right side of the navbar: shop, notices, language, size, help, settings, the user's menu. */
export function HeaderActions({ compact, onSettings, onHelp }: { compact?: boolean; onSettings: () => void; onHelp: () => void }) {
  const { t } = useTranslation('layout')
  return (
    <Space size={4} wrap={false}>
      {!compact && <ShopSwitch />}
      <NoticeBadge />
      <LanguageSwitch />
      {!compact && <SizeSwitch />}
      <Button
        type="text"
        icon={<QuestionCircleOutlined />}
        aria-label={t('help')}
        title={t('help')}
        data-testid="help-button"
        onClick={onHelp}
      />
      <Button type="text" icon={<SettingOutlined />} aria-label={t('settings')} data-testid="settings-button" onClick={onSettings} />
      <UserMenu />
    </Space>
  )
}
