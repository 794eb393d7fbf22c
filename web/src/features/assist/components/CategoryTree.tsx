// The categories (a tree) or values (flat) of one type: search, show
// disabled, expand/collapse, add top-level / add child / edit (move by
// choosing another parent) / enable-disable / delete. Changes need
// <perm>:add|update|delete (update also enables and disables).
import { useMemo, useState, type Key } from 'react'
import { Button, Checkbox, Empty, Input, Space, Tag, type TableColumnsType } from 'antd'
import { CheckCircleOutlined, DeleteOutlined, EditOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { Auth } from '@/components/Auth'
import { confirmDelete } from '@/components/confirmDelete'
import { ListTable } from '@/components/ListTable'
import { runBatch } from '@/features/master/lib/batch'
import { useSession } from '@/stores/session'
import { can } from '@/stores/permission'
import { useAssistList, useAssistMutations } from '../api'
import { buildTree, keepWithAncestors } from '../lib/tree'
import type { Assist } from '../types'
import { AssistDialog, type AssistDialogState } from './AssistDialog'

export interface CategoryTreeProps {
  typeNumber: string
  /** permission prefix: settings:assist, settings:payMethod or settings:assistSku */
  perm: string
  /** test id prefix: <name>-list, <name>-add … */
  name: string
  /** values without parents (payment methods, attribute values) */
  flat?: boolean
  addTitle?: string
  editTitle?: string
}

export function CategoryTree({ typeNumber, perm, name, flat, addTitle, editTitle }: CategoryTreeProps) {
  const { t } = useTranslation('basicData')
  const me = useSession((s) => s.user)
  const q = useAssistList(typeNumber)
  const { remove, disable } = useAssistMutations(typeNumber)
  const [dialog, setDialog] = useState<AssistDialogState>({ open: false })
  const [search, setSearch] = useState('')
  const [showDisabled, setShowDisabled] = useState(true)
  const [collapsed, setCollapsed] = useState<Key[] | null>(null) // null = all expanded

  const rows = useMemo(() => q.data ?? [], [q.data])
  const tree = useMemo(() => {
    const needle = search.trim().toLowerCase()
    let shown = showDisabled ? rows : rows.filter((r) => !r.disable)
    if (needle)
      shown = keepWithAncestors(shown, (r) => r.name.toLowerCase().includes(needle) || (r.number ?? '').toLowerCase().includes(needle))
    return buildTree(shown)
  }, [rows, search, showDisabled])
  const parentIds = useMemo(() => rows.filter((r) => rows.some((c) => c.parentId === r.id)).map((r) => r.id), [rows])

  const mayUpdate = can(`${perm}:update`, me)
  const mayDelete = can(`${perm}:delete`, me)
  const mayAdd = can(`${perm}:add`, me)
  const nameOf = (id: number) => rows.find((r) => r.id === id)?.name

  const toggle = async (r: Assist) => {
    try {
      await runBatch(() => disable.mutateAsync({ ids: [r.id], disable: r.disable ? 0 : 1 }), nameOf)
      feedback.message.success(t(r.disable ? 'enabledDone' : 'disabledDone'))
    } catch {
      /* shown */
    }
  }

  const columns: TableColumnsType<Assist> = [
    { title: t('name'), dataIndex: 'name' },
    { title: t('number'), dataIndex: 'number', width: 140 },
    { title: t('sort'), dataIndex: 'sort', width: 80, align: 'center' },
    {
      title: t('status'),
      dataIndex: 'disable',
      width: 90,
      align: 'center',
      render: (d: number) => <Tag color={d ? 'default' : 'success'}>{t(d ? 'list:disabled' : 'list:enabled')}</Tag>,
    },
    { title: t('remark'), dataIndex: 'remark', ellipsis: true },
  ]
  if (mayAdd || mayUpdate || mayDelete) {
    columns.push({
      title: t('list:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          {!flat && mayAdd && (
            <Button
              type="link"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ open: true, parentId: r.id })}
              data-testid={`${name}-add-child-${r.name}`}
            >
              {t('assist.addChild')}
            </Button>
          )}
          {mayUpdate && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setDialog({ open: true, row: r })}
              data-testid={`${name}-edit-${r.name}`}
            >
              {t('list:edit')}
            </Button>
          )}
          {mayUpdate && (
            <Button
              type="link"
              size="small"
              icon={r.disable ? <CheckCircleOutlined /> : <StopOutlined />}
              onClick={() => void toggle(r)}
              data-testid={`${name}-toggle-${r.name}`}
            >
              {t(r.disable ? 'enable' : 'disable')}
            </Button>
          )}
          {mayDelete && (
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => confirmDelete({ name: r.name, onOk: () => runBatch(() => remove.mutateAsync([r.id]), nameOf) })}
              data-testid={`${name}-delete-${r.name}`}
            >
              {t('list:delete')}
            </Button>
          )}
        </Space>
      ),
    })
  }

  return (
    <div data-testid={`${name}-list`} data-type={typeNumber}>
      <ListTable<Assist>
        rowKey="id"
        columns={columns}
        dataSource={tree}
        loading={q.isFetching}
        pagination={false}
        onRefresh={() => void q.refetch()}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        expandable={
          flat
            ? undefined
            : {
                expandedRowKeys: collapsed ?? parentIds,
                onExpandedRowsChange: (keys) => setCollapsed([...keys]),
              }
        }
        toolbar={
          <>
            <Auth perm={`${perm}:add`}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true })} data-testid={`${name}-add`}>
                {flat ? t('list:add') : t('assist.addTop')}
              </Button>
            </Auth>
            <Input.Search
              allowClear
              placeholder={t('assist.searchHint')}
              onSearch={setSearch}
              onChange={(e) => !e.target.value && setSearch('')}
              style={{ width: 220 }}
              data-testid={`${name}-search`}
            />
            {!flat && (
              <>
                <Button onClick={() => setCollapsed(null)}>{t('list:expandAll')}</Button>
                <Button onClick={() => setCollapsed([])}>{t('list:collapseAll')}</Button>
              </>
            )}
          </>
        }
        extra={
          <Checkbox checked={showDisabled} onChange={(e) => setShowDisabled(e.target.checked)} data-testid={`${name}-show-disabled`}>
            {t('showDisabled')}
          </Checkbox>
        }
      />
      <AssistDialog
        state={dialog}
        onClose={() => setDialog({ open: false })}
        typeNumber={typeNumber}
        rows={rows}
        flat={flat}
        addTitle={addTitle ?? (dialog.parentId ? t('assist.addChild') : t('assist.add'))}
        editTitle={editTitle ?? t('assist.edit')}
      />
    </div>
  )
}
