// ListTable: an antd Table for lists. With `list` (from useListQuery) it shows
// the server page ({list,total}) and drives pageNum/pageSize; without it, it
// is a plain table (tree tables pass dataSource and pagination={false}).
// `selectable` adds row checkboxes; the toolbar (left) may be a function of
// the selection for batch actions; a refresh button sits on the right.
//
//   <ListTable list={list} rowKey="id" columns={columns} selectable
//     toolbar={({ selectedKeys, clearSelection }) => (
//       <Button danger disabled={!selectedKeys.length} onClick={…}>{t('list:batchDelete')}</Button>
//     )} />
import { useEffect, useState, type Key, type ReactNode } from 'react'
import { Button, Flex, Space, Table, Tooltip, type TableProps } from 'antd'
import { ReloadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'

export interface Selection<T> {
  selectedKeys: Key[]
  selectedRows: T[]
  clearSelection: () => void
}

/** What the table needs of a useListQuery result. */
export interface PagedList<T> {
  list: T[]
  total: number
  pageNum: number
  pageSize: number
  fetching: boolean
  setPage: (pageNum: number, pageSize?: number) => void
  refetch: () => void
}

export interface ListTableProps<T> extends Omit<TableProps<T>, 'title'> {
  list?: PagedList<T>
  selectable?: boolean
  toolbar?: ReactNode | ((sel: Selection<T>) => ReactNode)
  /** right side of the toolbar, before refresh */
  extra?: ReactNode
  /** refresh for tables without `list` */
  onRefresh?: () => void
}

export function ListTable<T extends object>({ list, selectable, toolbar, extra, onRefresh, pagination, ...table }: ListTableProps<T>) {
  const { t } = useTranslation('list')
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([])
  const [selectedRows, setSelectedRows] = useState<T[]>([])
  const clearSelection = () => {
    setSelectedKeys([])
    setSelectedRows([])
  }
  const page = list ? `${list.pageNum}/${list.pageSize}` : ''
  useEffect(() => {
    setSelectedKeys([])
    setSelectedRows([])
  }, [page])

  const sel: Selection<T> = { selectedKeys, selectedRows, clearSelection }
  const refresh = list ? list.refetch : onRefresh
  const left = typeof toolbar === 'function' ? toolbar(sel) : toolbar

  return (
    <>
      {(left || extra || refresh) && (
        <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: 12 }}>
          <Space wrap>{left}</Space>
          <Space wrap>
            {selectable && selectedKeys.length > 0 && (
              <Button type="link" size="small" onClick={clearSelection}>
                {t('selected', { count: selectedKeys.length })} · {t('clearSelection')}
              </Button>
            )}
            {extra}
            {refresh && (
              <Tooltip title={t('refresh')}>
                <Button icon={<ReloadOutlined />} onClick={refresh} data-testid="list-refresh" />
              </Tooltip>
            )}
          </Space>
        </Flex>
      )}
      <Table<T>
        size="middle"
        scroll={{ x: 'max-content' }}
        {...table}
        dataSource={list ? list.list : table.dataSource}
        loading={list ? list.fetching : table.loading}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selectedKeys,
                onChange: (keys, rows) => {
                  setSelectedKeys(keys)
                  setSelectedRows(rows)
                },
                ...table.rowSelection,
              }
            : table.rowSelection
        }
        pagination={
          list
            ? {
                current: list.pageNum,
                pageSize: list.pageSize,
                total: list.total,
                showSizeChanger: true,
                showTotal: (total) => t('total', { total }),
                onChange: (n, s) => list.setPage(n, s),
                ...(pagination || {}),
              }
            : pagination
        }
      />
    </>
  )
}
