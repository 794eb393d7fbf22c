// Cost recalculation (settings/recost): replays the stock ledger since the
// last closed period (the server's job; the bar polls its progress) and
// lists the balances whose value or cost of goods out changed.
import '@/features/settings/catalogue'
import { useState } from 'react'
import { Alert, Button, Card, Descriptions, Progress, Table, Typography } from 'antd'
import { CalculatorOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Auth } from '@/components/Auth'
import { useSystemInfo } from '@/features/auth/api'
import { formatDateTime } from '@/utils/date'
import { format } from '@/utils/decimal'
import { useRecostChanges, useRecostJob, useStartRecost } from '../api'
import type { RecostChange } from '../types'

export default function CostRecalc() {
  const { t } = useTranslation('settings')
  const { data: job, isLoading } = useRecostJob()
  const start = useStartRecost()
  const { data: info } = useSystemInfo()
  const places = { qty: info?.qtyPlaces ?? 2, price: info?.pricePlaces ?? 2, amount: info?.amountPlaces ?? 2 }
  const [page, setPage] = useState({ page: 1, rows: 20 })
  const id = job?.status === 'done' ? job.id : 0
  const changes = useRecostChanges(id, page)
  const running = job?.status === 'running'
  const money = (v: unknown) => format(v as string, places.amount)
  const price = (v: unknown) => format(v as string, places.price)
  const pair = (a: keyof RecostChange, b: keyof RecostChange, fmt: (v: unknown) => string) => (_: unknown, r: RecostChange) => (
    <span>
      <Typography.Text delete type="secondary">
        {fmt(r[a])}
      </Typography.Text>{' '}
      → <Typography.Text strong>{fmt(r[b])}</Typography.Text>
    </span>
  )
  return (
    <Card data-view="settings/recost" data-testid="recost-view" title={t('recost.title')} loading={isLoading}>
      <Alert type="info" showIcon message={t('recost.hint')} style={{ marginBottom: 16 }} />
      <Auth perm="settings:recost:execute">
        <Button
          type="primary"
          icon={<CalculatorOutlined />}
          loading={start.isPending}
          disabled={running}
          onClick={() => start.mutate()}
          data-testid="recost-start"
        >
          {t('recost.start')}
        </Button>
      </Auth>
      {!!job?.id && (
        <>
          <Progress
            style={{ marginTop: 16 }}
            percent={job.percent}
            status={job.status === 'failed' ? 'exception' : running ? 'active' : 'success'}
            data-testid="recost-progress"
          />
          <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginTop: 8 }} data-testid="recost-job">
            <Descriptions.Item label={t('recost.status')}>
              <span data-testid="recost-status">{t(`recost.statuses.${job.status}`)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('recost.from')}>{job.fromDate || t('recost.whole')}</Descriptions.Item>
            <Descriptions.Item label={t('recost.balances')}>{`${job.done} / ${job.total}`}</Descriptions.Item>
            <Descriptions.Item label={t('recost.by')}>{job.userName}</Descriptions.Item>
            <Descriptions.Item label={t('recost.started')}>{formatDateTime(job.startTime)}</Descriptions.Item>
            <Descriptions.Item label={t('recost.changed')}>
              <span data-testid="recost-changed">{job.status === 'done' ? job.changed : '-'}</span>
            </Descriptions.Item>
          </Descriptions>
          {job.error && <Alert type="error" showIcon message={job.error} data-testid="recost-error" />}
        </>
      )}
      {job?.status === 'done' && (
        <Table<RecostChange>
          style={{ marginTop: 16 }}
          size="small"
          data-testid="recost-changes"
          rowKey={(r) => `${r.invId}-${r.skuName}-${r.locationId}-${r.batch}`}
          loading={changes.isLoading}
          dataSource={changes.data?.rows ?? []}
          locale={{ emptyText: t('recost.noChanges') }}
          pagination={{
            current: page.page,
            pageSize: page.rows,
            total: changes.data?.records ?? 0,
            onChange: (p, rows) => setPage({ page: p, rows }),
          }}
          columns={[
            { title: t('opening.col.invNumber'), dataIndex: 'invNumber' },
            { title: t('opening.col.invName'), dataIndex: 'invName', render: (v: string, r) => (r.skuName ? `${v} (${r.skuName})` : v) },
            { title: t('opening.col.location'), dataIndex: 'locationName' },
            { title: t('opening.col.qty'), dataIndex: 'qty', align: 'right', render: (v) => format(v as string, places.qty) },
            { title: t('recost.unitCost'), key: 'uc', render: pair('oldUnitCost', 'newUnitCost', price) },
            { title: t('recost.value'), key: 'v', render: pair('oldAmount', 'newAmount', money) },
            { title: t('recost.outCost'), key: 'o', render: pair('oldOutCost', 'newOutCost', money) },
          ]}
        />
      )}
    </Card>
  )
}
