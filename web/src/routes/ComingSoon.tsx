import { Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { useTabRoute } from '@/app/tabRoute'

/** Every seeded screen that is not built yet. */
export default function ComingSoon() {
  const { t } = useTranslation()
  const { title, route } = useTabRoute()
  // the view name is for developers: in the page's data, not its text
  return (
    <Result
      status="info"
      title={t('error:comingSoon', { title })}
      subTitle={t('error:comingSoonHint')}
      data-testid="coming-soon"
      data-component={route.component}
    />
  )
}
