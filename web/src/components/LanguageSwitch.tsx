import { Button, Dropdown } from 'antd'
import { TranslationOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { languages } from '@/locales'
import { usePreferences } from '@/stores/preferences'

/** The language menu (zh-CN / en), kept in the preferences. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation()
  const language = usePreferences((s) => s.language)
  const set = usePreferences((s) => s.set)
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: languages.map((l) => ({ key: l, label: <span data-testid={`lang-${l}`}>{t(`languages.${l}`)}</span> })),
        onClick: ({ key }) => set('language', key as (typeof languages)[number]),
      }}
    >
      <Button type="text" className={className} icon={<TranslationOutlined />} aria-label={t('language')} data-testid="lang-switch" />
    </Dropdown>
  )
}
