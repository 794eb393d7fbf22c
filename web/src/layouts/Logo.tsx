import { theme, Typography } from 'antd'
import { ShoppingOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'

export function Logo({ collapsed, dark }: { collapsed?: boolean; dark: boolean }) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  return (
    <div
      style={{
        height: 56,
        display: 'flex',
        alignItems: 'center',
        justifyContent: collapsed ? 'center' : 'flex-start',
        gap: token.marginXS,
        padding: collapsed ? 0 : `0 ${token.paddingLG}px`,
        overflow: 'hidden',
        whiteSpace: 'nowrap',
      }}
    >
      <ShoppingOutlined style={{ fontSize: token.fontSizeXL, color: token.colorPrimary }} />
      {!collapsed && (
        <Typography.Text strong style={{ fontSize: token.fontSizeLG, color: dark ? token.colorWhite : undefined }}>
          {t('appName')}
        </Typography.Text>
      )}
    </div>
  )
}
