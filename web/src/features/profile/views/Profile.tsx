// My profile: the profile card, and tabs for editing the basic information
// and the security settings (password, mobile, e-mail). /profile?tab=security
// opens the security settings.
import { useState } from 'react'
import { Avatar, Card, Col, Descriptions, Divider, Flex, Row, Skeleton, Tabs, Typography } from 'antd'
import { UserOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useProfile, useSystemInfo, type Profile as ProfileData } from '@/features/auth/api'
import { DictTag } from '@/features/dict/components/DictTag'
import { useTabRoute } from '@/app/tabRoute'
import { formatDateTime } from '@/utils/date'
import { BindForm } from '../components/BindForm'
import { PasswordForm } from '../components/PasswordForm'
import { ProfileForm } from '../components/ProfileForm'

type TabKey = 'basic' | 'security'

function ProfileCard({ p, shopName }: { p: ProfileData; shopName?: string }) {
  const { t } = useTranslation('profile')
  return (
    <Card data-testid="profile">
      <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
        <Avatar size={88} src={p.avatar || undefined} icon={<UserOutlined />} />
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="profile-card-nickname">
          {p.nickname || p.username}
        </Typography.Title>
        <Typography.Text type="secondary">{p.username}</Typography.Text>
      </Flex>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('gender')}>
          <DictTag code="gender" value={p.gender ?? 0} />
        </Descriptions.Item>
        <Descriptions.Item label={t('mobile')}>{p.mobile || t('notBound')}</Descriptions.Item>
        <Descriptions.Item label={t('email')}>{p.email || t('notBound')}</Descriptions.Item>
        <Descriptions.Item label={t('dept')}>{p.deptName}</Descriptions.Item>
        <Descriptions.Item label={t('roles')}>{p.roleNames}</Descriptions.Item>
        <Descriptions.Item label={t('shop')}>{shopName}</Descriptions.Item>
        <Descriptions.Item label={t('createTime')}>{formatDateTime(p.createTime)}</Descriptions.Item>
      </Descriptions>
    </Card>
  )
}

function Security({ p }: { p: ProfileData }) {
  const { t } = useTranslation('profile')
  return (
    <div data-testid="security-settings">
      <Typography.Title level={5}>{t('password.title')}</Typography.Title>
      <PasswordForm />
      <Divider />
      <Typography.Title level={5}>{t('bind.mobileTitle')}</Typography.Title>
      <BindForm channel="mobile" current={p.mobile} />
      <Divider />
      <Typography.Title level={5}>{t('bind.emailTitle')}</Typography.Title>
      <BindForm channel="email" current={p.email} />
    </div>
  )
}

export default function Profile() {
  const { t } = useTranslation('profile')
  const { query } = useTabRoute()
  const { data: p, isLoading } = useProfile()
  const { data: info } = useSystemInfo()
  const [tab, setTab] = useState<TabKey>(() => (query.get('tab') === 'security' ? 'security' : 'basic'))
  if (isLoading || !p) {
    return (
      <Card data-testid="profile">
        <Skeleton active />
      </Card>
    )
  }
  return (
    <Row gutter={[16, 16]} data-view="profile">
      <Col xs={24} lg={8}>
        <ProfileCard p={p} shopName={info?.shopName} />
      </Col>
      <Col xs={24} lg={16}>
        <Card>
          <Tabs
            activeKey={tab}
            onChange={(k) => setTab(k as TabKey)}
            items={[
              {
                key: 'basic',
                label: <span data-testid="profile-tab-basic">{t('tabs.basic')}</span>,
                children: <ProfileForm profile={p} />,
              },
              {
                key: 'security',
                label: <span data-testid="profile-tab-security">{t('tabs.security')}</span>,
                children: <Security p={p} />,
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  )
}
