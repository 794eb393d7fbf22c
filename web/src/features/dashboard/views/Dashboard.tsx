// The dashboard: a welcome card with the user, the shop and the system info.
// Key figures and charts come as documents land.
import { Card, Descriptions, Flex, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSystemInfo } from '@/features/auth/api'
import { useSession } from '@/stores/session'

export default function Dashboard() {
  const { t } = useTranslation('dashboard')
  const user = useSession((s) => s.user)
  const { data: info } = useSystemInfo()
  const name = user?.nickname || user?.username || ''
  return (
    <Flex vertical gap={16}>
      <Card data-testid="dashboard-welcome">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('welcome', { name })}
        </Typography.Title>
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label={t('shop')}>
            <span data-testid="dashboard-shop">{info?.shopName}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('roles')}>
            {(user?.roles ?? []).map((r) => (
              <Tag key={r}>{r}</Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label={t('company')}>{info?.companyName}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('systemInfo')}>
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label={t('version')}>{info?.version}</Descriptions.Item>
          <Descriptions.Item label={t('startDate')}>{info?.startDate}</Descriptions.Item>
          <Descriptions.Item label={t('currency')}>{info?.currency}</Descriptions.Item>
          <Descriptions.Item label={t('places')}>
            {t('placesValue', { qty: info?.qtyPlaces, price: info?.pricePlaces, amount: info?.amountPlaces })}
          </Descriptions.Item>
          <Descriptions.Item label={t('valMethod')}>
            {info?.valMethods ? t(`valMethods.${info.valMethods}`, { defaultValue: info.valMethods }) : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('serverTime')}>
            {info?.serverTime ? new Date(info.serverTime).toLocaleString(info.language) : ''}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </Flex>
  )
}
