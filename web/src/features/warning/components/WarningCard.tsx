// The dashboard's inventory warnings: how many goods × warehouses are below
// their low level and above their high level, linking to the list.
import '@/features/settings/catalogue'
import { Card, Col, Row, Statistic } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useSession } from '@/stores/session'
import { can } from '@/stores/permission'
import { useWarningCounts } from '../api'

export default function WarningCard() {
  const { t } = useTranslation('settings')
  const navigate = useNavigate()
  const user = useSession((s) => s.user)
  const may = can('report:stockWarning:query', user)
  const counts = useWarningCounts(may)
  if (!may) return null
  const open = (state: string) => navigate(`/report/stock/stockWarning?state=${state}`)
  return (
    <Card size="small" title={t('warning.title')} data-testid="dashboard-warnings">
      <Row gutter={16}>
        <Col span={12} style={{ cursor: 'pointer' }} onClick={() => open('low')}>
          <Statistic
            title={t('warning.states.low')}
            value={counts.data?.low ?? '-'}
            loading={counts.isLoading}
            prefix={<ArrowDownOutlined />}
            data-testid="dashboard-warnings-low"
          />
        </Col>
        <Col span={12} style={{ cursor: 'pointer' }} onClick={() => open('high')}>
          <Statistic
            title={t('warning.states.high')}
            value={counts.data?.high ?? '-'}
            loading={counts.isLoading}
            prefix={<ArrowUpOutlined />}
            data-testid="dashboard-warnings-high"
          />
        </Col>
      </Row>
    </Card>
  )
}
