// Roles (system/role): search, add, edit, enable/disable, delete, and the
// "assign permissions" drawer.
import { useState } from 'react'
import { Button, Card, Form, Input, Space, Switch, Tag } from 'antd'
import { DatabaseOutlined, DeleteOutlined, EditOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import { Auth } from '@/components/Auth'
import { SearchForm } from '@/components/SearchForm'
import { ListTable } from '@/components/ListTable'
import { useListQuery } from '@/components/useListQuery'
import { confirmDelete } from '@/components/confirmDelete'
import { useSession } from '@/stores/session'
import { can, ROOT_ROLE } from '@/stores/permission'
import { formatDateTime } from '@/utils/date'
import { getRolePage, roleKeys, useDeleteRoles, useSetRoleStatus } from '../api'
import type { Role, RoleFilters } from '../types'
import { RoleDialog, type RoleDialogState } from '../components/RoleDialog'
import { PermDrawer } from '../components/PermDrawer'
import { DataRightsDialog } from '../components/DataRightsDialog'
import type { DataRightsSubject } from '../types'

export default function RoleList() {
  const { t } = useTranslation('access')
  const me = useSession((s) => s.user)
  const list = useListQuery<RoleFilters, Role>({ key: roleKeys.page, fetch: getRolePage, filters: { keywords: undefined } })
  const remove = useDeleteRoles()
  const setStatus = useSetRoleStatus()
  const [dialog, setDialog] = useState<RoleDialogState>({ open: false })
  const [permRole, setPermRole] = useState<Role | null>(null)
  const [rightsOf, setRightsOf] = useState<DataRightsSubject | null>(null)
  const mayEdit = can('sys:role:edit', me)

  const del = (ids: number[], name?: string) => confirmDelete({ name, count: ids.length, onOk: () => remove.mutateAsync(ids) })
  // The administrator role passes every check without grants; its code and status never change.
  const isRoot = (r: Role) => r.code === ROOT_ROLE

  const columns: ColumnsType<Role> = [
    { title: t('role.name'), dataIndex: 'name', fixed: 'left' },
    { title: t('role.code'), dataIndex: 'code', render: (c: string) => <Tag>{c}</Tag> },
    { title: t('role.dataScope'), dataIndex: 'dataScope', render: (v: number) => t(`role.scopes.${v}`, { defaultValue: String(v) }) },
    {
      title: t('status'),
      dataIndex: 'status',
      align: 'center',
      render: (s: number, r) => (
        <Switch
          size="small"
          checked={s === 1}
          disabled={!mayEdit || isRoot(r)}
          loading={setStatus.isPending && setStatus.variables?.id === r.id}
          checkedChildren={t('enabled')}
          unCheckedChildren={t('disabled')}
          onChange={(on) => setStatus.mutate({ id: r.id, status: on ? 1 : 0 })}
        />
      ),
    },
    { title: t('sort'), dataIndex: 'sort', align: 'center' },
    { title: t('remark'), dataIndex: 'remark', ellipsis: true, width: 260 },
    { title: t('createTime'), dataIndex: 'createTime', render: (v: string) => formatDateTime(v) },
    {
      title: t('list:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Auth perm="sys:role:edit">
            <Button
              type="link"
              size="small"
              icon={<SafetyOutlined />}
              disabled={isRoot(r)}
              onClick={() => setPermRole(r)}
              data-testid={`role-perms-${r.code}`}
            >
              {t('role.assign')}
            </Button>
            <Button
              type="link"
              size="small"
              icon={<DatabaseOutlined />}
              disabled={isRoot(r)}
              onClick={() => setRightsOf({ roleId: r.id, name: r.name })}
              data-testid={`role-rights-${r.code}`}
            >
              {t('dataRights.open')}
            </Button>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setDialog({ open: true, id: r.id })}
              data-testid={`role-edit-${r.code}`}
            >
              {t('list:edit')}
            </Button>
          </Auth>
          <Auth perm="sys:role:delete">
            <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled={r.builtin} onClick={() => del([r.id], r.name)}>
              {t('list:delete')}
            </Button>
          </Auth>
        </Space>
      ),
    },
  ]

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-view="system/role" data-testid="role-view">
      <Card size="small">
        <SearchForm onSearch={(v) => list.search({ keywords: v.keywords as string | undefined })} onReset={list.reset}>
          <Form.Item name="keywords" label={t('keywords')}>
            <Input allowClear placeholder={t('role.keywordsHint')} />
          </Form.Item>
        </SearchForm>
      </Card>
      <Card size="small">
        <ListTable<Role>
          list={list}
          rowKey="id"
          columns={columns}
          selectable
          rowSelection={{ getCheckboxProps: (r) => ({ disabled: r.builtin }) }}
          toolbar={({ selectedKeys, clearSelection }) => (
            <>
              <Auth perm="sys:role:add">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true })} data-testid="role-add">
                  {t('list:add')}
                </Button>
              </Auth>
              <Auth perm="sys:role:delete">
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
      <RoleDialog state={dialog} onClose={() => setDialog({ open: false })} />
      <PermDrawer role={permRole} onClose={() => setPermRole(null)} />
      <DataRightsDialog subject={rightsOf} onClose={() => setRightsOf(null)} />
    </Space>
  )
}
