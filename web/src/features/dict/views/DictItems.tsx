// The items of one dictionary (hidden page system/dictItem?dictCode=…):
// label, English label, value, tag preview, status, order.
import { useState } from 'react'
import { Button, Card, Empty, Form, Input, Select, Space, Tag, type TableColumnsType } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Auth } from '@/components/Auth'
import { confirmDelete } from '@/components/confirmDelete'
import { ListTable } from '@/components/ListTable'
import { SearchForm } from '@/components/SearchForm'
import { useListQuery } from '@/components/useListQuery'
import { useTabRoute } from '@/app/tabRoute'
import { dictKeys, getDictItemPage, useDeleteDictItems } from '../api'
import { DictItemFormDialog } from '../components/DictItemFormDialog'
import { TypedTag } from '../components/DictTag'
import type { DictFilters, DictItem } from '../types'
import { statusOptions } from '@/components/statusOptions'

export default function DictItems() {
  const { t } = useTranslation('dict')
  const { query } = useTabRoute()
  const code = query.get('dictCode') ?? ''
  const list = useListQuery<DictFilters, DictItem>({
    key: dictKeys.items(code),
    fetch: (p) => getDictItemPage(code, p),
    filters: { keywords: undefined, status: undefined },
    enabled: code !== '',
  })
  const remove = useDeleteDictItems(code)
  const [editing, setEditing] = useState<{ item?: DictItem } | null>(null)
  const del = (ids: number[], name?: string) => confirmDelete({ name, count: ids.length, onOk: () => remove.mutateAsync(ids) })

  if (!code) {
    return (
      <Card data-view="system/dictItem" data-testid="dict-items-view">
        <Empty description={t('noDict')} />
      </Card>
    )
  }

  const columns: TableColumnsType<DictItem> = [
    { title: t('label'), dataIndex: 'label' },
    { title: t('labelEn'), dataIndex: 'labelEn' },
    { title: t('value'), dataIndex: 'value' },
    {
      title: t('tagType'),
      dataIndex: 'tagType',
      render: (v: string, r) => <TypedTag type={v}>{r.label}</TypedTag>,
    },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (s: number) => <Tag color={s === 1 ? 'success' : 'default'}>{t(s === 1 ? 'list:enabled' : 'list:disabled')}</Tag>,
    },
    { title: t('sort'), dataIndex: 'sort', width: 80, align: 'center' },
    { title: t('remark'), dataIndex: 'remark', ellipsis: true },
    {
      title: t('list:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Auth perm="sys:dict-item:edit">
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ item: r })} data-testid="dict-item-edit">
              {t('list:edit')}
            </Button>
          </Auth>
          <Auth perm="sys:dict-item:delete">
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => void del([r.id], r.label)}
              data-testid="dict-item-delete"
            >
              {t('list:delete')}
            </Button>
          </Auth>
        </Space>
      ),
    },
  ]

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-view="system/dictItem" data-testid="dict-items-view">
      <Card size="small">
        <SearchForm onSearch={list.search} onReset={list.reset}>
          <Form.Item label={t('dictCode')}>
            <Tag data-testid="dict-items-code">{code}</Tag>
          </Form.Item>
          <Form.Item name="keywords" label={t('list:keywords')}>
            <Input allowClear placeholder={t('itemKeywordsHint')} />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Select allowClear style={{ width: 120 }} placeholder={t('list:all')} options={statusOptions(t)} />
          </Form.Item>
        </SearchForm>
      </Card>
      <Card size="small">
        <ListTable<DictItem>
          list={list}
          rowKey="id"
          columns={columns}
          selectable
          toolbar={({ selectedKeys, clearSelection }) => (
            <>
              <Auth perm="sys:dict-item:add">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="dict-item-add">
                  {t('list:add')}
                </Button>
              </Auth>
              <Auth perm="sys:dict-item:delete">
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
      <DictItemFormDialog open={!!editing} code={code} item={editing?.item} onClose={() => setEditing(null)} />
    </Space>
  )
}
