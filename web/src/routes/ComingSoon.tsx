import { Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { useTabRoute } from './tabRoute'

/** Every seeded screen that is not built yet. */
export default function ComingSoon() {
  const { t } = useTranslation()
  const { title, route } = useTabRoute()
  return (
    <Result
      status="info"
      title={t('error:comingSoon', { title })}
      subTitle={t('error:comingSoonHint', { component: route.component })}
      data-testid="coming-soon"
    />
  )
}
