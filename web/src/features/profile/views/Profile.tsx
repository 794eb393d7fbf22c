// My profile, read-only for now (editing and security settings come later).
import { Card, Descriptions, Skeleton } from 'antd'
import { useTranslation } from 'react-i18next'
import { useProfile, useSystemInfo } from '@/features/auth/api'

export default function Profile() {
  const { t } = useTranslation('profile')
  const { data: p, isLoading } = useProfile()
  const { data: info } = useSystemInfo()
  return (
    <Card title={t('title')} data-testid="profile">
      {isLoading || !p ? (
        <Skeleton active />
      ) : (
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
          <Descriptions.Item label={t('username')}>{p.username}</Descriptions.Item>
          <Descriptions.Item label={t('nickname')}>{p.nickname}</Descriptions.Item>
          <Descriptions.Item label={t('gender')}>{t(`genders.${p.gender ?? 0}`, { defaultValue: '' })}</Descriptions.Item>
          <Descriptions.Item label={t('mobile')}>{p.mobile}</Descriptions.Item>
          <Descriptions.Item label={t('email')}>{p.email}</Descriptions.Item>
          <Descriptions.Item label={t('dept')}>{p.deptName}</Descriptions.Item>
          <Descriptions.Item label={t('roles')}>{p.roleNames}</Descriptions.Item>
          <Descriptions.Item label={t('shop')}>{info?.shopName}</Descriptions.Item>
          <Descriptions.Item label={t('createTime')}>
            {p.createTime ? new Date(p.createTime).toLocaleString() : ''}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  )
}
