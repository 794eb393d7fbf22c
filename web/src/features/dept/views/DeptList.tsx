// Departments: a tree table with search; add (top level or under a row), edit, delete.
import { useState } from 'react'
import { Button, Card, Form, Input, Select, Space, Tag } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { ColumnsType } from 'antd/es/table'
import { Auth } from '@/components/Auth'
import { SearchForm } from '@/components/SearchForm'
import { ListTable } from '@/components/ListTable'
import { confirmDelete } from '@/components/confirmDelete'
import { formatDateTime } from '@/utils/date'
import { pruneChildren } from '@/utils/tree'
import { useDeleteDepts, useDeptList } from '../api'
import type { Dept, DeptFilters } from '../types'
import { DeptDialog, type DeptDialogState } from '../components/DeptDialog'

export default function DeptList() {
  const { t } = useTranslation('access')
  const [filters, setFilters] = useState<DeptFilters>({})
  const list = useDeptList(filters)
  const remove = useDeleteDepts()
  const [dialog, setDialog] = useState<DeptDialogState>({ open: false })

  const del = (ids: number[], name?: string) => confirmDelete({ name, count: ids.length, onOk: () => remove.mutateAsync(ids) })

  const columns: ColumnsType<Dept> = [
    { title: t('dept.name'), dataIndex: 'name' },
    { title: t('dept.code'), dataIndex: 'code' },
    {
      title: t('status'),
      dataIndex: 'status',
      align: 'center',
      render: (s: number) => <Tag color={s === 1 ? 'success' : 'default'}>{s === 1 ? t('enabled') : t('disabled')}</Tag>,
    },
    { title: t('sort'), dataIndex: 'sort', align: 'center' },
    { title: t('createTime'), dataIndex: 'createTime', render: (v: string) => formatDateTime(v) },
    {
      title: t('list:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Auth perm="sys:dept:add">
            <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, parentId: r.id })}>
              {t('dept.addChild')}
            </Button>
          </Auth>
          <Auth perm="sys:dept:edit">
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setDialog({ open: true, id: r.id })}
              data-testid="dept-edit"
            >
              {t('list:edit')}
            </Button>
          </Auth>
          <Auth perm="sys:dept:delete">
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => del([r.id], r.name)}>
              {t('list:delete')}
            </Button>
          </Auth>
        </Space>
      ),
    },
  ]

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-view="system/dept" data-testid="dept-view">
      <Card size="small">
        <SearchForm onSearch={(v) => setFilters(v as DeptFilters)} onReset={() => setFilters({})}>
          <Form.Item name="keywords" label={t('keywords')}>
            <Input allowClear placeholder={t('dept.keywordsHint')} />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={[
                { value: 1, label: t('enabled') },
                { value: 0, label: t('disabled') },
              ]}
            />
          </Form.Item>
        </SearchForm>
      </Card>
      <Card size="small">
        <ListTable<Dept>
          rowKey="id"
          columns={columns}
          dataSource={pruneChildren(list.data ?? [])}
          loading={list.isFetching}
          pagination={false}
          selectable
          onRefresh={() => void list.refetch()}
          key={list.data ? 'loaded' : 'loading'} // expand all once the tree is there
          expandable={{ defaultExpandAllRows: true }}
          toolbar={({ selectedKeys, clearSelection }) => (
            <>
              <Auth perm="sys:dept:add">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true })} data-testid="dept-add">
                  {t('list:add')}
                </Button>
              </Auth>
              <Auth perm="sys:dept:delete">
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!selectedKeys.length}
                  onClick={async () => {
                    if (await del(selectedKeys as number[])) clearSelection()
                  }}
                >
                  {t('list:batchDelete')}
                </Button>
              </Auth>
            </>
          )}
        />
      </Card>
      <DeptDialog state={dialog} onClose={() => setDialog({ open: false })} />
    </Space>
  )
}
