// MasterList: the list screen every numbered master-data resource shares
// (warehouses, staff, settlement accounts, income/expense items): search by
// matchCon, "show disabled", sortable columns (sidx/sord), paging, add/edit
// dialog, enable/disable and delete (one or many, per-id refusals shown),
// import (template, check, import) and export. The feature gives its
// columns, its dialog and its permission prefix; buttons the user lacks are
// not shown.
//
//   <MasterList name="employee" perm="settings:employee" resource={employeeApi}
//     queryKey={employeeKeys.all} caches={['staff']} columns={columns}
//     renderDialog={(state, close) => <EmployeeDialog state={state} onClose={close} />} />
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Button, Card, Checkbox, Form, Input, Space, Tag, type TableColumnsType, type TablePaginationConfig } from 'antd'
import type { SorterResult } from 'antd/es/table/interface'
import {
  CheckCircleOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  StopOutlined,
  UploadOutlined,
} from '@ant-design/icons'
import type { QueryKey } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { Auth } from '@/components/Auth'
import { confirmDelete } from '@/components/confirmDelete'
import { ListTable } from '@/components/ListTable'
import { SearchForm } from '@/components/SearchForm'
import { useListQuery } from '@/components/useListQuery'
import type { CacheName } from '@/features/cache/types'
import { useSession } from '@/stores/session'
import { can } from '@/stores/permission'
import { useMasterMutations, type MasterApi } from '../api'
import { runBatch } from '../lib/batch'
import type { MasterFilters } from '../types'
import { MasterImportDialog } from './MasterImportDialog'

export interface MasterRow {
  id: number
  name: string
  number?: string
  disable: number
}

export interface DialogState {
  open: boolean
  id?: number
}

export interface MasterListProps<T extends MasterRow> {
  /** test id prefix: <name>-list, <name>-add … */
  name: string
  /** the menu component name, as data-view */
  view: string
  /** permission prefix, e.g. settings:invlocation */
  perm: string
  /** permission of enable/disable; default <perm>:disable */
  disablePerm?: string
  resource: MasterApi<T, never>
  /** the resource's query key prefix (lists and forms under it) */
  queryKey: QueryKey
  /** client caches fed by the resource */
  caches: CacheName[]
  columns: TableColumnsType<T>
  /** the list's title (export file name, import dialog) */
  title: string
  /** fixed filters (e.g. the type of the current tab) */
  fixed?: Record<string, unknown>
  /** more search fields (Form.Items) and how their values map to filters */
  searchItems?: ReactNode
  searchHint?: string
  importExport?: boolean
  renderDialog: (state: DialogState, close: () => void) => ReactNode
  /** above the search form (e.g. tabs) */
  header?: ReactNode
  /** extra row actions */
  rowActions?: (r: T) => ReactNode
}

const keyOf = (r: MasterRow) => r.number || String(r.id)

export function MasterList<T extends MasterRow>({
  name,
  view,
  perm,
  disablePerm = `${perm}:disable`,
  resource,
  queryKey,
  caches,
  columns,
  title,
  fixed,
  searchItems,
  searchHint,
  importExport,
  renderDialog,
  header,
  rowActions,
}: MasterListProps<T>) {
  const { t } = useTranslation('basicData')
  const me = useSession((s) => s.user)
  const list = useListQuery<MasterFilters, T>({
    key: [...queryKey, 'page', fixed ?? {}],
    fetch: (p) => resource.page({ ...p, ...fixed }),
    filters: { matchCon: undefined, disable: 0, sidx: undefined, sord: undefined },
  })
  // A new fixed filter (another category in the side tree, another tab)
  // starts again at page 1.
  const fixedKey = JSON.stringify(fixed ?? {})
  const shownFixed = useRef(fixedKey)
  const { setPage } = list
  useEffect(() => {
    if (shownFixed.current === fixedKey) return
    shownFixed.current = fixedKey
    setPage(1)
  }, [fixedKey, setPage])
  const { remove, disable, importFile } = useMasterMutations(resource, queryKey, caches)
  const [dialog, setDialog] = useState<DialogState>({ open: false })
  const [importing, setImporting] = useState(false)
  const [exporting, setExporting] = useState(false)
  const showDisabled = list.filters.disable !== 0

  const mayUpdate = can(`${perm}:update`, me)
  const mayDelete = can(`${perm}:delete`, me)
  const mayDisable = can(disablePerm, me)

  const nameOf = (id: number) => list.list.find((r) => r.id === id)?.name
  const del = (ids: number[], one?: string) =>
    confirmDelete({ name: one, count: ids.length, onOk: () => runBatch(() => remove.mutateAsync(ids), nameOf) })
  const toggle = async (ids: number[], off: boolean) => {
    try {
      await runBatch(() => disable.mutateAsync({ ids, disable: off ? 1 : 0 }), nameOf)
      feedback.message.success(t(off ? 'disabledDone' : 'enabledDone'))
      return true
    } catch {
      return false
    }
  }
  const doExport = async () => {
    setExporting(true)
    try {
      await resource.exportList({ ...list.params, ...fixed }, `${title}.xlsx`)
      feedback.message.success(t('list:exported'))
    } catch {
      /* the HTTP client showed the message */
    } finally {
      setExporting(false)
    }
  }

  const all: TableColumnsType<T> = [
    ...columns,
    {
      title: t('status'),
      dataIndex: 'disable',
      width: 90,
      align: 'center',
      render: (d: number) => <Tag color={d ? 'default' : 'success'}>{t(d ? 'list:disabled' : 'list:enabled')}</Tag>,
    },
  ]
  if (mayUpdate || mayDelete || mayDisable || rowActions) {
    all.push({
      title: t('list:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          {mayUpdate && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setDialog({ open: true, id: r.id })}
              data-testid={`${name}-edit-${keyOf(r)}`}
            >
              {t('list:edit')}
            </Button>
          )}
          {mayDisable && (
            <Button
              type="link"
              size="small"
              icon={r.disable ? <CheckCircleOutlined /> : <StopOutlined />}
              onClick={() => void toggle([r.id], !r.disable)}
              data-testid={`${name}-toggle-${keyOf(r)}`}
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
              onClick={() => del([r.id], r.name)}
              data-testid={`${name}-delete-${keyOf(r)}`}
            >
              {t('list:delete')}
            </Button>
          )}
          {rowActions?.(r)}
        </Space>
      ),
    })
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-view={view} data-testid={`${name}-view`}>
      {header}
      <Card size="small">
        <SearchForm onSearch={(v) => list.search({ ...v, matchCon: v.matchCon as string | undefined })} onReset={() => list.reset()}>
          <Form.Item name="matchCon" label={t('list:keywords')}>
            <Input allowClear placeholder={searchHint ?? t('searchHint')} style={{ width: 240 }} data-testid={`${name}-search`} />
          </Form.Item>
          {searchItems}
        </SearchForm>
      </Card>
      <Card size="small" data-testid={`${name}-list`}>
        <ListTable<T>
          list={list}
          rowKey="id"
          columns={all}
          selectable={mayDelete || mayDisable}
          onChange={(_p: TablePaginationConfig, _f, sorter, extra) => {
            if (extra.action !== 'sort') return
            const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T>
            const field = s?.order ? String(s.columnKey ?? s.field) : undefined
            list.search({ sidx: field, sord: s?.order === 'descend' ? 'desc' : s?.order ? 'asc' : undefined })
          }}
          extra={
            <Checkbox
              checked={showDisabled}
              onChange={(e) => list.search({ disable: e.target.checked ? undefined : 0 })}
              data-testid={`${name}-show-disabled`}
            >
              {t('showDisabled')}
            </Checkbox>
          }
          toolbar={({ selectedKeys, clearSelection }) => {
            const keys = selectedKeys as number[]
            const after = (ok: boolean) => ok && clearSelection()
            return (
              <>
                <Auth perm={`${perm}:add`}>
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true })} data-testid={`${name}-add`}>
                    {t('list:add')}
                  </Button>
                </Auth>
                {mayDelete && (
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    disabled={!keys.length}
                    onClick={async () => after(await del(keys))}
                    data-testid={`${name}-batch-delete`}
                  >
                    {t('list:batchDelete')}
                  </Button>
                )}
                {mayDisable && (
                  <>
                    <Button
                      icon={<StopOutlined />}
                      disabled={!keys.length}
                      onClick={async () => after(await toggle(keys, true))}
                      data-testid={`${name}-batch-disable`}
                    >
                      {t('disable')}
                    </Button>
                    <Button
                      icon={<CheckCircleOutlined />}
                      disabled={!keys.length}
                      onClick={async () => after(await toggle(keys, false))}
                      data-testid={`${name}-batch-enable`}
                    >
                      {t('enable')}
                    </Button>
                  </>
                )}
                {importExport && (
                  <>
                    <Auth perm={`${perm}:import`}>
                      <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid={`${name}-import`}>
                        {t('import.button')}
                      </Button>
                    </Auth>
                    <Auth perm={`${perm}:export`}>
                      <Button icon={<DownloadOutlined />} loading={exporting} onClick={doExport} data-testid={`${name}-export`}>
                        {t('export')}
                      </Button>
                    </Auth>
                  </>
                )}
              </>
            )
          }}
        />
      </Card>
      {renderDialog(dialog, () => setDialog({ open: false }))}
      {importExport && (
        <MasterImportDialog
          open={importing}
          onClose={() => setImporting(false)}
          template={resource.template}
          mutation={importFile}
          title={title}
          params={fixed}
        />
      )}
    </Space>
  )
}
