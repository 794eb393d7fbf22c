// Users (system/user): the department tree filters the list; search by
// keywords, status, creation dates; add, edit, reset password, enable/disable,
// delete (one or many), import from and export to Excel.
import { useState } from 'react'
import { Button, Card, Col, DatePicker, Dropdown, Form, Input, Row, Select, Space, Switch, Tag } from 'antd'
import {
  DatabaseOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  KeyOutlined,
  MoreOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import { Auth } from '@/components/Auth'
import { SearchForm } from '@/components/SearchForm'
import { ListTable } from '@/components/ListTable'
import { useListQuery } from '@/components/useListQuery'
import { confirmDelete } from '@/components/confirmDelete'
import { feedback } from '@/app/feedback'
import { useSession } from '@/stores/session'
import { can } from '@/stores/permission'
import { formatDateTime } from '@/utils/date'
import { exportUsers, getUserPage, useDeleteUsers, useSetUserStatus, userKeys } from '../api'
import type { User, UserFilters } from '../types'
import { DeptTree } from '../components/DeptTree'
import { UserDialog, type UserDialogState } from '../components/UserDialog'
import { PasswordDialog } from '../components/PasswordDialog'
import { ImportDialog } from '../components/ImportDialog'
import { DataRightsDialog } from '@/features/role/components/DataRightsDialog'
import type { DataRightsSubject } from '@/features/role/types'

const initialFilters: UserFilters = { keywords: undefined, status: undefined, deptId: undefined, createTime: undefined }

const names = (s: string) =>
  s
    ? s.split(',').map((n) => (
        <Tag key={n} style={{ marginInlineEnd: 4 }}>
          {n}
        </Tag>
      ))
    : null

export default function UserList() {
  const { t } = useTranslation('access')
  const me = useSession((s) => s.user)
  const list = useListQuery<UserFilters, User>({ key: userKeys.page, fetch: getUserPage, filters: initialFilters })
  const remove = useDeleteUsers()
  const setStatus = useSetUserStatus()
  const [dialog, setDialog] = useState<UserDialogState>({ open: false })
  const [pwUser, setPwUser] = useState<User | null>(null)
  const [importing, setImporting] = useState(false)
  const [rightsOf, setRightsOf] = useState<DataRightsSubject | null>(null)
  const [exporting, setExporting] = useState(false)
  const mayEdit = can('sys:user:edit', me)
  const mayDelete = can('sys:user:delete', me)
  const hasActions = can(['sys:user:edit', 'sys:user:delete', 'sys:user:password:reset'], me)

  const del = (ids: number[], name?: string) => confirmDelete({ name, count: ids.length, onOk: () => remove.mutateAsync(ids) })

  const doExport = async () => {
    setExporting(true)
    try {
      await exportUsers(list.filters, `${t('user.title')}.xlsx`)
      feedback.message.success(t('list:exported'))
    } catch {
      /* the HTTP client showed the message */
    } finally {
      setExporting(false)
    }
  }

  const allColumns: ColumnsType<User> = [
    { title: t('user.username'), dataIndex: 'username', fixed: 'left' },
    { title: t('user.nickname'), dataIndex: 'nickname' },
    { title: t('user.dept'), dataIndex: 'deptName' },
    { title: t('user.roles'), dataIndex: 'roleNames', render: names },
    { title: t('user.shops'), dataIndex: 'shopNames', render: names },
    { title: t('user.mobile'), dataIndex: 'mobile' },
    {
      title: t('status'),
      dataIndex: 'status',
      align: 'center',
      render: (s: number, r) => (
        <Switch
          size="small"
          checked={s === 1}
          disabled={!mayEdit || r.id === me?.userId}
          loading={setStatus.isPending && setStatus.variables?.id === r.id}
          checkedChildren={t('enabled')}
          unCheckedChildren={t('disabled')}
          onChange={(on) => setStatus.mutate({ id: r.id, status: on ? 1 : 0 })}
          data-testid={`user-status-${r.username}`}
        />
      ),
    },
    { title: t('createTime'), dataIndex: 'createTime', render: (v: string) => formatDateTime(v) },
    {
      title: t('list:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Auth perm="sys:user:edit">
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setDialog({ open: true, id: r.id })}
              data-testid={`user-edit-${r.username}`}
            >
              {t('list:edit')}
            </Button>
            <Button
              type="link"
              size="small"
              icon={<DatabaseOutlined />}
              onClick={() => setRightsOf({ userId: r.id, name: r.username })}
              data-testid={`user-rights-${r.username}`}
            >
              {t('dataRights.open')}
            </Button>
          </Auth>
          <Auth perm="sys:user:delete">
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              disabled={r.id === me?.userId}
              onClick={() => del([r.id], r.username)}
              data-testid={`user-delete-${r.username}`}
            >
              {t('list:delete')}
            </Button>
          </Auth>
          <Auth perm="sys:user:password:reset">
            <Dropdown
              menu={{
                items: [{ key: 'pw', icon: <KeyOutlined />, label: t('user.resetPassword') }],
                onClick: () => setPwUser(r),
              }}
            >
              <Button
                type="link"
                size="small"
                icon={<MoreOutlined />}
                aria-label={t('list:more')}
                data-testid={`user-more-${r.username}`}
              />
            </Dropdown>
          </Auth>
        </Space>
      ),
    },
  ]
  const columns = hasActions ? allColumns : allColumns.filter((c) => c.key !== 'actions')

  return (
    <Row gutter={[16, 16]} data-view="system/user" data-testid="user-view">
      <Col xs={24} lg={5}>
        <Card size="small" title={t('user.depts')} style={{ height: '100%' }}>
          <DeptTree value={list.filters.deptId} onChange={(deptId) => list.search({ deptId })} />
        </Card>
      </Col>
      <Col xs={24} lg={19}>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Card size="small">
            <SearchForm
              onSearch={(v) => {
                const range = v.createTime as string[] | undefined
                list.search({
                  keywords: v.keywords as string | undefined,
                  status: v.status as number | undefined,
                  createTime: range?.length === 2 ? range.join(',') : undefined,
                })
              }}
              onReset={() => list.reset()}
            >
              <Form.Item name="keywords" label={t('keywords')}>
                <Input allowClear placeholder={t('user.keywordsHint')} data-testid="user-search-keywords" />
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
              <Form.Item name="createTime" label={t('createTime')}>
                <DatePicker.RangePicker />
              </Form.Item>
            </SearchForm>
          </Card>
          <Card size="small">
            <ListTable<User>
              list={list}
              rowKey="id"
              columns={columns}
              selectable={mayDelete}
              data-testid="user-table"
              toolbar={({ selectedKeys, clearSelection }) => (
                <>
                  <Auth perm="sys:user:add">
                    <Button
                      type="primary"
                      icon={<PlusOutlined />}
                      onClick={() => setDialog({ open: true, deptId: list.filters.deptId })}
                      data-testid="user-add"
                    >
                      {t('list:add')}
                    </Button>
                  </Auth>
                  <Auth perm="sys:user:delete">
                    <Button
                      danger
                      icon={<DeleteOutlined />}
                      disabled={!selectedKeys.length}
                      onClick={async () => {
                        if (await del(selectedKeys as number[])) clearSelection()
                      }}
                      data-testid="user-batch-delete"
                    >
                      {t('list:batchDelete')}
                    </Button>
                  </Auth>
                  <Auth perm="sys:user:import">
                    <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="user-import">
                      {t('user.import.button')}
                    </Button>
                  </Auth>
                  <Auth perm="sys:user:export">
                    <Button icon={<DownloadOutlined />} loading={exporting} onClick={doExport} data-testid="user-export">
                      {t('user.export')}
                    </Button>
                  </Auth>
                </>
              )}
            />
          </Card>
        </Space>
      </Col>
      <UserDialog state={dialog} onClose={() => setDialog({ open: false })} />
      <PasswordDialog user={pwUser} onClose={() => setPwUser(null)} />
      <ImportDialog open={importing} deptId={list.filters.deptId} onClose={() => setImporting(false)} />
      <DataRightsDialog subject={rightsOf} onClose={() => setRightsOf(null)} />
    </Row>
  )
}
