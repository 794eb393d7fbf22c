// Shops: search, add/edit/delete, members.
import { useState } from 'react'
import { Button, Card, Form, Input, Select, Space, Tag, type TableColumnsType } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Auth } from '@/components/Auth'
import { confirmDelete } from '@/components/confirmDelete'
import { ListTable } from '@/components/ListTable'
import { SearchForm } from '@/components/SearchForm'
import { useListQuery } from '@/components/useListQuery'
import { formatDateTime } from '@/utils/date'
import { getShopPage, shopKeys, useDeleteShops } from '../api'
import { ShopFormDialog } from '../components/ShopFormDialog'
import { ShopMembersDialog } from '../components/ShopMembersDialog'
import type { Shop, ShopFilters } from '../types'
import { statusOptions } from '@/components/statusOptions'

export default function ShopList() {
  const { t } = useTranslation('shop')
  const list = useListQuery<ShopFilters, Shop>({
    key: shopKeys.page,
    fetch: getShopPage,
    filters: { keywords: undefined, status: undefined },
  })
  const remove = useDeleteShops()
  const [editing, setEditing] = useState<{ id?: number } | null>(null)
  const [members, setMembers] = useState<Shop>()

  const del = (ids: number[], name?: string) => confirmDelete({ name, count: ids.length, onOk: () => remove.mutateAsync(ids) })

  const columns: TableColumnsType<Shop> = [
    { title: t('code'), dataIndex: 'code', width: 120 },
    { title: t('name'), dataIndex: 'name' },
    { title: t('address'), dataIndex: 'address', ellipsis: true },
    { title: t('phone'), dataIndex: 'phone', width: 140 },
    {
      title: t('users'),
      dataIndex: 'userCount',
      width: 90,
      align: 'center',
      render: (n: number, r) => (
        <Button type="link" size="small" onClick={() => setMembers(r)}>
          {n}
        </Button>
      ),
    },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (s: number) => <Tag color={s === 1 ? 'success' : 'default'}>{t(s === 1 ? 'list:enabled' : 'list:disabled')}</Tag>,
    },
    { title: t('sort'), dataIndex: 'sort', width: 70, align: 'center' },
    { title: t('createTime'), dataIndex: 'createTime', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: t('list:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Auth perm="sys:shop:edit">
            <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => setMembers(r)} data-testid="shop-members-open">
              {t('members')}
            </Button>
          </Auth>
          <Auth perm="sys:shop:edit">
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ id: r.id })} data-testid="shop-edit">
              {t('list:edit')}
            </Button>
          </Auth>
          <Auth perm="sys:shop:delete">
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => void del([r.id], r.name)}
              data-testid="shop-delete"
            >
              {t('list:delete')}
            </Button>
          </Auth>
        </Space>
      ),
    },
  ]

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-view="system/shop" data-testid="shop-list">
      <Card size="small">
        <SearchForm onSearch={list.search} onReset={list.reset}>
          <Form.Item name="keywords" label={t('list:keywords')}>
            <Input allowClear placeholder={t('keywordsHint')} data-testid="shop-search-keywords" />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Select allowClear style={{ width: 120 }} placeholder={t('list:all')} options={statusOptions(t)} />
          </Form.Item>
        </SearchForm>
      </Card>
      <Card size="small">
        <ListTable<Shop>
          list={list}
          rowKey="id"
          columns={columns}
          selectable
          toolbar={({ selectedKeys, clearSelection }) => (
            <>
              <Auth perm="sys:shop:add">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="shop-add">
                  {t('list:add')}
                </Button>
              </Auth>
              <Auth perm="sys:shop:delete">
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
      <ShopFormDialog open={!!editing} id={editing?.id} onClose={() => setEditing(null)} />
      <ShopMembersDialog shop={members} onClose={() => setMembers(undefined)} />
    </Space>
  )
}
