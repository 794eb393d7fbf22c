// Menus (system/menu): the tree of catalogs, menus, buttons and external
// links; add (top level or under a row), edit, delete.
import { useState } from 'react'
import { Button, Card, Form, Input, Space, Tag, Typography } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import { Auth } from '@/components/Auth'
import { SearchForm } from '@/components/SearchForm'
import { ListTable } from '@/components/ListTable'
import { confirmDelete } from '@/components/confirmDelete'
import { menuIcon } from '@/components/menuIcons'
import { pruneChildren } from '@/utils/tree'
import { useDeleteMenu, useMenuList } from '../api'
import type { Menu, MenuType } from '../types'
import { MenuDialog, type MenuDialogState } from '../components/MenuDialog'

const typeColor: Record<MenuType, string> = { CATALOG: 'processing', MENU: 'success', BUTTON: 'default', EXTLINK: 'warning' }

export default function MenuList() {
  const { t, i18n } = useTranslation('access')
  const [keywords, setKeywords] = useState('')
  const list = useMenuList(keywords)
  const remove = useDeleteMenu()
  const [dialog, setDialog] = useState<MenuDialogState>({ open: false })
  const en = i18n.language === 'en'
  const title = (m: Menu) => (en && m.nameEn ? m.nameEn : m.name)

  const columns: ColumnsType<Menu> = [
    { title: t('menu.name'), key: 'name', render: (_, m) => title(m), fixed: 'left' },
    {
      title: t('menu.type'),
      dataIndex: 'type',
      align: 'center',
      render: (v: MenuType) => <Tag color={typeColor[v]}>{t(`menu.types.${v}`)}</Tag>,
    },
    {
      title: t('menu.icon'),
      dataIndex: 'icon',
      align: 'center',
      render: (v: string) => (v ? <Space size={4}>{menuIcon(v, false)}</Space> : null),
    },
    { title: t('menu.perm'), dataIndex: 'perm', render: (v: string) => (v ? <Typography.Text code>{v}</Typography.Text> : null) },
    { title: t('menu.routePath'), dataIndex: 'routePath' },
    { title: t('menu.component'), dataIndex: 'component' },
    {
      title: t('menu.visible'),
      dataIndex: 'visible',
      align: 'center',
      render: (v: number) => <Tag color={v === 1 ? 'success' : 'default'}>{v === 1 ? t('menu.shown') : t('menu.hidden')}</Tag>,
    },
    { title: t('sort'), dataIndex: 'sort', align: 'center' },
    {
      title: t('list:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, m) => (
        <Space size={0}>
          {m.type !== 'BUTTON' && m.type !== 'EXTLINK' && (
            <Auth perm="sys:menu:add">
              <Button
                type="link"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setDialog({ open: true, parentId: m.id, type: m.type === 'MENU' ? 'BUTTON' : 'MENU' })}
                data-testid={`menu-add-child-${m.id}`}
              >
                {t('menu.addChild')}
              </Button>
            </Auth>
          )}
          <Auth perm="sys:menu:edit">
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setDialog({ open: true, id: m.id })}
              data-testid={`menu-edit-${m.id}`}
            >
              {t('list:edit')}
            </Button>
          </Auth>
          <Auth perm="sys:menu:delete">
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              disabled={!!m.children?.length}
              onClick={() => confirmDelete({ name: title(m), onOk: () => remove.mutateAsync(m.id) })}
            >
              {t('list:delete')}
            </Button>
          </Auth>
        </Space>
      ),
    },
  ]

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-view="system/menu" data-testid="menu-view">
      <Card size="small">
        <SearchForm onSearch={(v) => setKeywords((v.keywords as string) ?? '')} onReset={() => setKeywords('')}>
          <Form.Item name="keywords" label={t('keywords')}>
            <Input allowClear placeholder={t('menu.keywordsHint')} />
          </Form.Item>
        </SearchForm>
      </Card>
      <Card size="small">
        <ListTable<Menu>
          rowKey="id"
          columns={columns}
          dataSource={pruneChildren(list.data ?? [])}
          loading={list.isFetching}
          pagination={false}
          onRefresh={() => void list.refetch()}
          data-testid="menu-table"
          toolbar={
            <Auth perm="sys:menu:add">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDialog({ open: true, parentId: 0, type: 'CATALOG' })}
                data-testid="menu-add"
              >
                {t('list:add')}
              </Button>
            </Auth>
          }
        />
      </Card>
      <MenuDialog state={dialog} onClose={() => setDialog({ open: false })} />
    </Space>
  )
}
