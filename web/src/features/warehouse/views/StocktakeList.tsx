// The stocktakes (盘点单记录) of the active shop: each count with its
// warehouse, date, lines and the documents it generated (opened in their
// tabs); new, open, delete (not generated yet).
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { Button, Card, Space, Tag, type TableProps } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { ListTable } from '@/components/ListTable'
import { confirmDelete } from '@/components/confirmDelete'
import { useSession } from '@/stores/session'
import { can } from '@/stores/permission'
import { docKinds, entryPath } from '@/features/document/kinds'
import { showBatchResults } from '@/features/document/components/batchResults'
import { stocktakeApi, stocktakeKeys, type CountRow } from '../api'
import '@/features/warehouse/catalogue'

const ENTRY = '/warehouse/stocktake_detail'

export default function StocktakeList() {
  const { t } = useTranslation('warehouse')
  const navigate = useNavigate()
  const qc = useQueryClient()
  const user = useSession((s) => s.user)
  const perm = (a: string) => can(`warehouse:stocktake:${a}`, user)
  const [paging, setPaging] = useState({ page: 1, rows: 20 })
  const q = useQuery({ queryKey: stocktakeKeys.list(paging), queryFn: () => stocktakeApi.list(paging), placeholderData: keepPreviousData })
  const rows = q.data?.rows ?? []
  const open = (id?: number) => navigate(id ? `${ENTRY}?id=${id}` : ENTRY)

  const columns: TableProps<CountRow>['columns'] = [
    { key: 'date', dataIndex: 'date', title: t('stocktake.date'), width: 110 },
    {
      key: 'locationName',
      dataIndex: 'locationName',
      title: t('stock.location'),
      render: (v: string, r: CountRow) => (
        <a onClick={() => open(r.id)} data-testid={`stocktake-open-${r.id}`}>
          {v}
        </a>
      ),
    },
    { key: 'lines', dataIndex: 'lines', title: t('stocktake.lines'), align: 'right', width: 90 },
    {
      key: 'generated',
      dataIndex: 'generated',
      title: t('stocktake.status'),
      width: 110,
      render: (v: number) => (v ? <Tag color="success">{t('stocktake.state.generated')}</Tag> : <Tag>{t('stocktake.state.saved')}</Tag>),
    },
    {
      key: 'docs',
      title: t('stocktake.results'),
      render: (_: unknown, r: CountRow) => (
        <Space>
          {!!r.otherInId && (
            <a onClick={() => navigate(entryPath(docKinds.otherIn, r.otherInId!))} data-testid={`stocktake-in-${r.id}`}>
              {r.otherInNo || r.otherInId}
            </a>
          )}
          {!!r.otherOutId && (
            <a onClick={() => navigate(entryPath(docKinds.otherOut, r.otherOutId!))} data-testid={`stocktake-out-${r.id}`}>
              {r.otherOutNo || r.otherOutId}
            </a>
          )}
        </Space>
      ),
    },
    { key: 'description', dataIndex: 'description', title: t('stocktake.description'), ellipsis: true },
  ]

  return (
    <Card data-view="warehouse/stocktake" data-testid="stocktake-list">
      <ListTable<CountRow>
        list={{
          list: rows,
          total: q.data?.records ?? 0,
          pageNum: paging.page,
          pageSize: paging.rows,
          fetching: q.isFetching,
          setPage: (page, size) => setPaging((p) => ({ page: size && size !== p.rows ? 1 : page, rows: size ?? p.rows })),
          refetch: () => void q.refetch(),
        }}
        rowKey="id"
        selectable
        columns={columns}
        toolbar={({ selectedKeys, clearSelection }) => (
          <>
            {perm('add') && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => open()} data-testid="stocktake-new">
                {t('stocktake.new')}
              </Button>
            )}
            {perm('delete') && (
              <Button
                danger
                disabled={!selectedKeys.length}
                onClick={() =>
                  void confirmDelete({
                    count: selectedKeys.length,
                    onOk: async () => {
                      const r = await stocktakeApi.remove(selectedKeys.map(Number))
                      showBatchResults(r, (id) => String(rows.find((x) => x.id === id)?.date ?? id))
                      clearSelection()
                      void qc.invalidateQueries({ queryKey: stocktakeKeys.all })
                    },
                  })
                }
                data-testid="stocktake-delete"
              >
                {t('stocktake.delete')}
              </Button>
            )}
          </>
        )}
      />
    </Card>
  )
}
