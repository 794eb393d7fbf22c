// Inventory warnings (report/stockWarning): goods whose on-hand quantity in
// a warehouse is below the low level or above the high level set on the
// goods, with how far; filtered by state, warehouse and goods; Excel export.
import '@/features/settings/catalogue'
import { useState } from 'react'
import { Button, Card, Input, Segmented, Select, Space, Table, Tag } from 'antd'
import { DownloadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Auth } from '@/components/Auth'
import { useSystemInfo } from '@/features/auth/api'
import { useCache } from '@/features/cache/api'
import { format } from '@/utils/decimal'
import { exportWarnings, useStockWarnings, type StockWarning, type WarningFilters } from '../api'

export default function StockWarnings() {
  const { t } = useTranslation('settings')
  const [params] = useSearchParams()
  const initial = params.get('state')
  const [filters, setFilters] = useState<WarningFilters>({ state: initial === 'low' || initial === 'high' ? initial : '' })
  const [page, setPage] = useState({ page: 1, rows: 20 })
  const list = useStockWarnings(filters, page)
  const warehouses = useCache<{ id: number; name: string }>('warehouses')
  const { data: info } = useSystemInfo()
  const qty = (v: unknown) => (v === null || v === undefined ? '' : format(v as string, info?.qtyPlaces ?? 2))
  const set = (f: Partial<WarningFilters>) => {
    setFilters({ ...filters, ...f })
    setPage({ ...page, page: 1 })
  }
  return (
    <Card data-view="report/stockWarning" data-testid="warning-view" title={t('warning.title')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          value={filters.state ?? ''}
          onChange={(v) => set({ state: v as WarningFilters['state'] })}
          options={[
            { value: '', label: t('warning.states.all') },
            { value: 'low', label: t('warning.states.low') },
            { value: 'high', label: t('warning.states.high') },
          ]}
          data-testid="warning-state"
        />
        <Select
          allowClear
          placeholder={t('warning.col.location')}
          style={{ width: 180 }}
          value={filters.locationId}
          onChange={(v) => set({ locationId: v })}
          options={warehouses.list.map((w) => ({ value: w.id, label: w.name }))}
          data-testid="warning-location"
        />
        <Input.Search allowClear placeholder={t('warning.search')} onSearch={(v) => set({ matchCon: v.trim() })} style={{ width: 220 }} />
        <Auth perm="report:stockWarning:export">
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void exportWarnings(filters, `${t('warning.title')}.xlsx`).catch(() => undefined)}
            data-testid="warning-export"
          >
            {t('warning.export')}
          </Button>
        </Auth>
      </Space>
      <Table<StockWarning>
        size="small"
        data-testid="warning-table"
        rowKey={(r) => `${r.invId}-${r.locationId}`}
        loading={list.isLoading}
        dataSource={list.data?.rows ?? []}
        pagination={{
          current: page.page,
          pageSize: page.rows,
          total: list.data?.records ?? 0,
          onChange: (p, rows) => setPage({ page: p, rows }),
        }}
        columns={[
          { title: t('warning.col.invNumber'), dataIndex: 'invNumber' },
          { title: t('warning.col.invName'), dataIndex: 'invName' },
          { title: t('warning.col.invSpec'), dataIndex: 'invSpec' },
          { title: t('warning.col.unit'), dataIndex: 'unitName' },
          { title: t('warning.col.location'), dataIndex: 'locationName' },
          { title: t('warning.col.qty'), dataIndex: 'qty', align: 'right', render: qty },
          { title: t('warning.col.lowQty'), dataIndex: 'lowQty', align: 'right', render: qty },
          { title: t('warning.col.highQty'), dataIndex: 'highQty', align: 'right', render: qty },
          {
            title: t('warning.col.state'),
            dataIndex: 'state',
            render: (v: string) => <Tag color={v === 'low' ? 'error' : 'warning'}>{t(`warning.states.${v}`)}</Tag>,
          },
          { title: t('warning.col.gap'), dataIndex: 'gap', align: 'right', render: qty },
        ]}
      />
    </Card>
  )
}
