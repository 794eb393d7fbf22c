// Stock query (库存查询): on-hand stock per goods and warehouse of the active
// shop, by goods, warehouse or category (GET /stock/query): the quantity in
// the base unit and in the goods' units ("3 箱 5 瓶"), value and unit cost
// only with the cost right (the server leaves them out otherwise), a
// totals row.
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Card, Form, Input, Select, Table, type TableProps } from 'antd'
import { SearchForm } from '@/components/SearchForm'
import { ListTable } from '@/components/ListTable'
import { useCache } from '@/features/cache/api'
import { pickFilter, pickOptions } from '@/features/cache/pick'
import { useScreenParams } from '@/features/sysconf/api'
import { CategoryTreeSelect } from '@/features/assist/components/CategoryTreeSelect'
import { useSession } from '@/stores/session'
import { can } from '@/stores/permission'
import { format } from '@/utils/decimal'
import { COST_RIGHT } from '@/features/document/kinds'
import { stockApi, stockKeys, type StockQueryParams, type StockRow } from '../api'
import '@/features/warehouse/catalogue'

type Filters = Omit<StockQueryParams, 'page' | 'rows'>

export default function StockQuery() {
  const { t } = useTranslation('warehouse')
  const user = useSession((s) => s.user)
  const cost = can(COST_RIGHT, user)
  const sys = useScreenParams().data
  const A = Number(sys?.amountPlaces ?? 2)
  const Q = Number(sys?.qtyPlaces ?? 2)
  const P = Number(sys?.pricePlaces ?? 2)
  const goods = useCache('goods')
  const warehouses = useCache('warehouses')
  const [filters, setFilters] = useState<Filters>({})
  const [paging, setPaging] = useState({ page: 1, rows: 50 })
  const params = useMemo(() => ({ ...filters, ...paging }), [filters, paging])
  const q = useQuery({ queryKey: stockKeys.query(params), queryFn: () => stockApi.query(params), placeholderData: keepPreviousData })
  const rows = q.data?.rows ?? []
  const totals = q.data?.userdata
  const showValue = cost && rows.every((r) => r.amount !== undefined)

  const num = (places: number) => ({
    align: 'right' as const,
    render: (v: unknown) => (v === undefined ? '' : format(v as string, places)),
  })
  const columns: TableProps<StockRow>['columns'] = [
    { key: 'invNumber', dataIndex: 'invNumber', title: t('stock.invNumber'), width: 120 },
    { key: 'invName', dataIndex: 'invName', title: t('stock.invName') },
    { key: 'invSpec', dataIndex: 'invSpec', title: t('stock.invSpec'), width: 110 },
    { key: 'locationName', dataIndex: 'locationName', title: t('stock.location'), width: 120 },
    {
      key: 'qty',
      dataIndex: 'qty',
      title: t('stock.qty'),
      align: 'right',
      width: 120,
      render: (v: string, r: StockRow) => `${format(v, Q)} ${r.baseUnit}`,
    },
    {
      key: 'qtyText',
      dataIndex: 'qtyText',
      title: t('stock.qtyText'),
      width: 160,
      render: (v: string) => <span data-testid="stock-qty-text">{v}</span>,
    },
    ...(showValue
      ? [
          { key: 'unitCost', dataIndex: 'unitCost', title: t('stock.unitCost'), width: 110, ...num(P) },
          { key: 'amount', dataIndex: 'amount', title: t('stock.amount'), width: 120, ...num(A) },
        ]
      : []),
  ]
  const totalCells: Record<string, string> = {
    qty: totals ? format(String(totals.qty ?? '0'), Q) : '',
    amount: totals?.amount !== undefined ? format(String(totals.amount), A) : '',
  }
  const goodsOptions = useMemo(() => pickOptions(goods.list), [goods.list])
  const whOptions = useMemo(() => pickOptions(warehouses.list, (w) => String(w.name ?? w.id)), [warehouses.list])

  return (
    <Card data-view="warehouse/stock" data-testid="stock-query">
      <SearchForm
        onSearch={(v) => {
          setFilters(v as Filters)
          setPaging((p) => ({ ...p, page: 1 }))
          if (paging.page === 1) void q.refetch()
        }}
        onReset={() => {
          setFilters({})
          setPaging((p) => ({ ...p, page: 1 }))
        }}
      >
        <Form.Item name="invId" label={t('stock.goods')}>
          <Select
            allowClear
            showSearch={{ filterOption: pickFilter }}
            options={goodsOptions}
            style={{ width: 200 }}
            data-testid="stock-goods"
          />
        </Form.Item>
        <Form.Item name="locationId" label={t('stock.location')}>
          <Select
            allowClear
            showSearch={{ filterOption: pickFilter }}
            options={whOptions}
            style={{ width: 150 }}
            data-testid="stock-location"
          />
        </Form.Item>
        <Form.Item name="catId" label={t('stock.category')}>
          <CategoryTreeSelect typeNumber="trade" allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="matchCon" label={t('stock.matchCon')}>
          <Input allowClear data-testid="stock-match" />
        </Form.Item>
      </SearchForm>
      <div style={{ height: 12 }} />
      <ListTable<StockRow>
        list={{
          list: rows,
          total: q.data?.records ?? 0,
          pageNum: paging.page,
          pageSize: paging.rows,
          fetching: q.isFetching,
          setPage: (page, size) => setPaging((p) => ({ page: size && size !== p.rows ? 1 : page, rows: size ?? p.rows })),
          refetch: () => void q.refetch(),
        }}
        rowKey={(r) => `${r.invId}-${r.locationId}`}
        columns={columns}
        summary={() => (
          <Table.Summary fixed>
            <Table.Summary.Row data-testid="stock-totals">
              {columns.map((c, i) => (
                <Table.Summary.Cell key={String(c.key)} index={i} align={i === 0 ? 'left' : 'right'}>
                  <span style={{ whiteSpace: 'nowrap' }} data-testid={`stock-total-${String(c.key)}`}>
                    {i === 0 ? t('stock.total') : (totalCells[String(c.key)] ?? '')}
                  </span>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
    </Card>
  )
}
