// Config keys: search, add/edit/delete (built-in keys cannot be deleted),
// refresh the cache.
import { useState } from 'react'
import { Button, Card, Form, Input, Space, Tag, Typography, type TableColumnsType } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { Auth } from '@/components/Auth'
import { confirmDelete } from '@/components/confirmDelete'
import { ListTable } from '@/components/ListTable'
import { SearchForm } from '@/components/SearchForm'
import { useListQuery } from '@/components/useListQuery'
import { formatDateTime } from '@/utils/date'
import { configKeys, getConfigPage, useDeleteConfigs, useRefreshConfig } from '../api'
import { ConfigFormDialog } from '../components/ConfigFormDialog'
import type { ConfigFilters, ConfigKey } from '../types'

export default function ConfigList() {
  const { t } = useTranslation('sysconf')
  const list = useListQuery<ConfigFilters, ConfigKey>({ key: configKeys.page, fetch: getConfigPage, filters: { keywords: undefined } })
  const remove = useDeleteConfigs()
  const refresh = useRefreshConfig()
  const [editing, setEditing] = useState<{ id?: number } | null>(null)
  const del = (ids: number[], name?: string) => confirmDelete({ name, count: ids.length, onOk: () => remove.mutateAsync(ids) })

  const columns: TableColumnsType<ConfigKey> = [
    {
      title: t('configName'),
      dataIndex: 'configName',
      render: (v: string, r) => (
        <Space size={4}>
          {v}
          {r.builtin === 1 && <Tag>{t('builtin')}</Tag>}
        </Space>
      ),
    },
    { title: t('configKey'), dataIndex: 'configKey', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: t('configValue'), dataIndex: 'configValue', ellipsis: true, width: 260 },
    { title: t('remark'), dataIndex: 'remark', ellipsis: true },
    { title: t('createTime'), dataIndex: 'createTime', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: t('list:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Auth perm="sys:config:update">
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ id: r.id })} data-testid="config-edit">
              {t('list:edit')}
            </Button>
          </Auth>
          {r.builtin !== 1 && (
            <Auth perm="sys:config:delete">
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => void del([r.id], r.configName)}
                data-testid="config-delete"
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
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-view="system/config" data-testid="config-list">
      <Card size="small">
        <SearchForm onSearch={list.search} onReset={list.reset}>
          <Form.Item name="keywords" label={t('list:keywords')}>
            <Input allowClear placeholder={t('keywordsHint')} data-testid="config-search-keywords" />
          </Form.Item>
        </SearchForm>
      </Card>
      <Card size="small">
        <ListTable<ConfigKey>
          list={list}
          rowKey="id"
          columns={columns}
          selectable
          rowSelection={{ getCheckboxProps: (r) => ({ disabled: r.builtin === 1 }) }}
          toolbar={({ selectedKeys, clearSelection }) => (
            <>
              <Auth perm="sys:config:add">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="config-add">
                  {t('list:add')}
                </Button>
              </Auth>
              <Auth perm="sys:config:delete">
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
              <Auth perm="sys:config:refresh">
                <Button
                  icon={<SyncOutlined />}
                  loading={refresh.isPending}
                  data-testid="config-refresh"
                  onClick={() =>
                    refresh.mutateAsync().then(
                      () => feedback.message.success(t('refreshed')),
                      () => undefined, // the client showed the message
                    )
                  }
                >
                  {t('refreshCache')}
                </Button>
              </Auth>
            </>
          )}
        />
      </Card>
      <ConfigFormDialog open={!!editing} id={editing?.id} onClose={() => setEditing(null)} />
    </Space>
  )
}
