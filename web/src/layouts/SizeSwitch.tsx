import { Button, Dropdown } from 'antd'
import { FontSizeOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { usePreferences, type SizeMode } from '@/stores/preferences'

const sizes: SizeMode[] = ['default', 'large', 'small']

export function SizeSwitch() {
  const { t } = useTranslation('layout')
  const size = usePreferences((s) => s.size)
  const set = usePreferences((s) => s.set)
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: sizes.map((s) => ({ key: s, label: t(`sizes.${s}`) })),
        onClick: ({ key }) => set('size', key as SizeMode),
      }}
    >
      <Button type="text" icon={<FontSizeOutlined />} aria-label={t('size')} data-testid="size-switch" />
    </Dropdown>
  )
}
