import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { PUBLISH_STATUS } from '../types'

const colors: Record<number, string> = {
  [PUBLISH_STATUS.draft]: 'default',
  [PUBLISH_STATUS.published]: 'success',
  [PUBLISH_STATUS.revoked]: 'warning',
}

export function PublishStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('notice')
  return <Tag color={colors[status] ?? 'default'}>{t(`publishStatus.${status}`, { defaultValue: String(status) })}</Tag>
}
