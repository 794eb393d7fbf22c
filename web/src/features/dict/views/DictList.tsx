// Dictionaries: search, add/edit/delete; a dictionary's items open on the
// hidden page system/dictItem (?dictCode=…).
import { useState } from 'react'
import { Button, Card, Form, Input, Select, Space, Tag, Typography, type TableColumnsType } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Auth } from '@/components/Auth'
import { confirmDelete } from '@/components/confirmDelete'
import { ListTable } from '@/components/ListTable'
import { SearchForm } from '@/components/SearchForm'
import { useListQuery } from '@/components/useListQuery'
import { formatDateTime } from '@/utils/date'
import { dictKeys, getDictPage, useDeleteDicts } from '../api'
import { DictFormDialog } from '../components/DictFormDialog'
import type { Dict, DictFilters } from '../types'
import { statusOptions } from '@/components/statusOptions'

/** The hidden page of a dictionary's items. */
export function dictItemsPath(d: Pick<Dict, 'dictCode' | 'name'>, title: string) {
  return `/system/dictItem?${new URLSearchParams({ dictCode: d.dictCode, title })}`
}

export default function DictList() {
  const { t } = useTranslation('dict')
  const navigate = useNavigate()
  const list = useListQuery<DictFilters, Dict>({
    key: dictKeys.page,
    fetch: getDictPage,
    filters: { keywords: undefined, status: undefined },
  })
  const remove = useDeleteDicts()
  const [editing, setEditing] = useState<{ dict?: Dict } | null>(null)

  const openItems = (d: Dict) => navigate(dictItemsPath(d, t('itemsOf', { name: d.name })))
  const del = (ids: number[], name?: string) => confirmDelete({ name, count: ids.length, onOk: () => remove.mutateAsync(ids) })

  const columns: TableColumnsType<Dict> = [
    {
      title: t('name'),
      dataIndex: 'name',
      render: (v: string, d) => (
        <Space size={4}>
          <Typography.Link onClick={() => openItems(d)} data-testid="dict-row-name">
            {v}
          </Typography.Link>
          {d.builtin === 1 && <Tag>{t('builtin')}</Tag>}
        </Space>
      ),
    },
    { title: t('dictCode'), dataIndex: 'dictCode', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (s: number) => <Tag color={s === 1 ? 'success' : 'default'}>{t(s === 1 ? 'list:enabled' : 'list:disabled')}</Tag>,
    },
    { title: t('remark'), dataIndex: 'remark', ellipsis: true },
    { title: t('createTime'), dataIndex: 'createTime', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: t('list:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, d) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<UnorderedListOutlined />} onClick={() => openItems(d)} data-testid="dict-items">
            {t('items')}
          </Button>
          <Auth perm="sys:dict:edit">
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ dict: d })} data-testid="dict-edit">
              {t('list:edit')}
            </Button>
          </Auth>
          {d.builtin !== 1 && (
            <Auth perm="sys:dict:delete">
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => void del([d.id], d.name)}
                data-testid="dict-delete"
              >
                {t('list:delete')}
              </Button>
            </Auth>
          )}
        </Space>
      ),
    },
  ]

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-view="system/dict" data-testid="dict-list">
      <Card size="small">
        <SearchForm onSearch={list.search} onReset={list.reset}>
          <Form.Item name="keywords" label={t('list:keywords')}>
            <Input allowClear placeholder={t('keywordsHint')} data-testid="dict-search-keywords" />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Select allowClear style={{ width: 120 }} placeholder={t('list:all')} options={statusOptions(t)} />
          </Form.Item>
        </SearchForm>
      </Card>
      <Card size="small">
        <ListTable<Dict>
          list={list}
          rowKey="id"
          columns={columns}
          selectable
          rowSelection={{ getCheckboxProps: (d) => ({ disabled: d.builtin === 1 }) }}
          toolbar={({ selectedKeys, clearSelection }) => (
            <>
              <Auth perm="sys:dict:add">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="dict-add">
                  {t('list:add')}
                </Button>
              </Auth>
              <Auth perm="sys:dict:delete">
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
      <DictFormDialog open={!!editing} dict={editing?.dict} onClose={() => setEditing(null)} />
    </Space>
  )
}
