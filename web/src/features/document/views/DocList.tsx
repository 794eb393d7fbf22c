// The list page of a document kind (trading and warehouse kinds): filters (dates, contact,
// status, number, matchCon), sortable columns, the totals row (userdata),
// batch audit / un-audit / delete (orders: close / open) with per-document
// results, export, and a document opened in its entry tab.
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCustomFields } from '@/features/customField/api'
import { customColumns } from '@/features/customField/lib/columns'
import '@/features/customField/catalogue'
import { hashKey, keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, DatePicker, Form, Input, Select, Table, Tag, Tooltip, type TableProps } from 'antd'
import type { SortOrder } from 'antd/es/table/interface'
import { PlusOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import { SearchForm } from '@/components/SearchForm'
import { compact } from '@/components/useListQuery'
import { ListTable } from '@/components/ListTable'
import { confirmDelete } from '@/components/confirmDelete'
import { useSession } from '@/stores/session'
import { askNewDocument } from '@/stores/openDocs'
import { can } from '@/stores/permission'
import { format } from '@/utils/decimal'
import { useCache } from '@/features/cache/api'
import { pickFilter, pickOptions } from '@/features/cache/pick'
import { useScreenParams } from '@/features/sysconf/api'
import { docKinds, entryPath, type DocKind, type DocKindName } from '../kinds'
import { docApi, docKeys, type DocListParams } from '../api'
import type { Document } from '../types'
import { showBatchResults } from '../components/batchResults'
import { invalidateAfterDocument } from '../lib/affected'
import { moneyWords, settleWords } from '../lib/wording'
import { fundListColumns } from '../lib/fund'
import '@/features/warehouse/catalogue'
import { InvoiceAction } from '@/features/invoice/components/InvoiceAction'
import { InvoiceStateTag } from '@/features/invoice/components/InvoiceStateTag'
import '@/features/fund/catalogue'

type Filters = Omit<DocListParams, 'page' | 'rows'>

export function DocList({ kind }: { kind: DocKind }) {
  const { t } = useTranslation('document')
  const { t: tc } = useTranslation('customField')
  const customFields = useCustomFields('bill')
  const navigate = useNavigate()
  const qc = useQueryClient()
  const user = useSession((s) => s.user)
  const perm = (a: string) => can(`${kind.perm}:${a}`, user)
  // warehouse documents move no money: their lists show quantities (and the sub-type)
  const trade = kind.family === 'trade'
  const fund = kind.family === 'fund'
  const money = (trade || fund || kind.family === 'invoice') && (!kind.moneyRight || can(kind.moneyRight, user))
  // goods documents (not orders) are invoiced: their invoice state, the "invoice" action
  const invoiced = trade && !kind.order
  // purchases, sales and returns are settled by receipts and payments: what is settled and open, the state
  const settled = trade && !kind.order
  const sys = useScreenParams().data
  const A = Number(sys?.amountPlaces ?? 2)
  const Q = Number(sys?.qtyPlaces ?? 2)
  const contacts = useCache(kind.contact === 'customer' ? 'customers' : 'suppliers')
  const [filters, setFilters] = useState<Filters>({ sidx: 'date', sord: 'desc' })
  const [paging, setPaging] = useState({ page: 1, rows: 20 })
  const params = useMemo(() => ({ ...filters, ...paging }), [filters, paging])
  const q = useQuery({
    queryKey: [...docKeys.list(kind), params],
    queryFn: () => docApi(kind).list(params),
    placeholderData: keepPreviousData,
  })
  const rows = q.data?.rows ?? []
  const byId = new Map(rows.map((r) => [r.id, r]))
  // what a document touches: goods stock, orders, contacts, … (not only this list)
  const refresh = () => invalidateAfterDocument(qc)

  const open = (id?: number) => {
    // 新增: a blank document (the entry tab forgets the document it saved last)
    if (!id) askNewDocument(user, entryPath(kind))
    navigate(entryPath(kind, id))
  }
  const batch = async (what: 'check' | 'uncheck' | 'close' | 'open', ids: number[], done: () => void) => {
    try {
      const r = await docApi(kind)[what](ids)
      showBatchResults(r, (id) => byId.get(id)?.billNo ?? String(id))
      done()
    } finally {
      void refresh()
    }
  }
  const remove = (ids: number[], done: () => void) =>
    confirmDelete({
      count: ids.length,
      onOk: async () => {
        const r = await docApi(kind).remove(ids)
        showBatchResults(r, (id) => byId.get(id)?.billNo ?? String(id))
        done()
        void refresh()
      },
    })

  const sortOf = (key: string): SortOrder => (filters.sidx === key ? (filters.sord === 'asc' ? 'ascend' : 'descend') : null)
  const col = (key: keyof Document, title: string, extra: Partial<NonNullable<TableProps<Document>['columns']>[number]> = {}) => ({
    key,
    dataIndex: key,
    title,
    sorter: true,
    sortOrder: sortOf(key),
    ...extra,
  })
  const num = (places: number) => ({ align: 'right' as const, render: (v: unknown) => format(v as string, places) })
  const columns: TableProps<Document>['columns'] = [
    col('date', t('field.date'), { width: 110 }),
    col('billNo', t('field.billNo'), {
      render: (v: string, r: Document) => (
        <a onClick={() => open(r.id)} data-testid={`doc-open-${v}`}>
          {v}
        </a>
      ),
    }),
    ...(kind.transTypes
      ? [
          col('transType', t(`${fund ? 'fund' : 'warehouse'}:field.transType`), {
            render: (v: number) => t(`${fund ? 'fund' : 'warehouse'}:transType.${v}`),
          }),
        ]
      : []),
    ...(kind.contact ? [col('contactName', t(`contact.${kind.contact}`))] : []),
    ...(fund && !kind.contact && kind.fund !== 'transfer' ? [col('contactName', t('fund:field.contactAny'))] : []),
    ...(trade ? [{ key: 'salesName', dataIndex: 'salesName', title: t('field.sales') }] : []),
    ...(kind.order ? [col('deliveryDate', t('field.deliveryDate'), { width: 110 })] : []),
    ...(fund ? [] : [col('totalQty', t('field.totalQty'), num(Q))]),
    ...(fund
      ? fundListColumns(kind).map((key) =>
          key === 'accName'
            ? { key, dataIndex: key, title: t('fund:list.account') }
            : col(key, t(`fund:list.${key === 'disAmount' ? 'discount' : key}`), num(A)),
        )
      : []),
    ...(money && !fund
      ? [
          col('amount', t('field.amount'), num(A)),
          ...(kind.order || !trade
            ? []
            : [
                col('rpAmount', t(moneyWords(kind).rpAmount), num(A)),
                col('arrears', t('field.arrears'), num(A)),
                col('settledAmount', t(`${settleWords(kind)}.settled`), {
                  ...num(A),
                  title: <Tooltip title={t('settle.hint')}>{t(`${settleWords(kind)}.settled`)}</Tooltip>,
                }),
                col('openAmount', t(`${settleWords(kind)}.open`), num(A)),
              ]),
        ]
      : []),
    ...(settled
      ? [
          col('hxStateCode', t(`${settleWords(kind)}.state`), {
            render: (v: number, r: Document) => (
              <Tag color={v === 2 ? 'success' : v === 1 ? 'processing' : undefined} data-testid={`doc-settle-state-${r.billNo}`}>
                {t(`${settleWords(kind)}.${v ?? 0}`)}
              </Tag>
            ),
          }),
        ]
      : []),
    col('checked', t('field.checked'), {
      render: (v: number) => (v ? <Tag color="success">{t('state.audited')}</Tag> : <Tag>{t('state.draft')}</Tag>),
    }),
    ...(kind.order ? [col('billStatus', t('field.billStatus'), { render: (v: number) => <Tag>{t(`billStatus.${v ?? 0}`)}</Tag> })] : []),
    ...(invoiced
      ? [
          col('invoiceState', t('invoice:field.invoiceState'), {
            render: (v: number, r: Document) => <InvoiceStateTag state={v} testId={`doc-invoice-state-${r.billNo}`} />,
          }),
        ]
      : []),
    { key: 'userName', dataIndex: 'userName', title: t('field.maker') },
    { key: 'description', dataIndex: 'description', title: t('field.description'), ellipsis: true },
    ...customColumns<Document>(customFields.data, [tc('yes'), tc('no')]),
  ]
  const totals = q.data?.userdata
  const totalCells: Record<string, string> = {
    totalQty: format(String(totals?.totalQty ?? '0'), Q),
    disAmount: format(String(totals?.disAmount ?? '0'), A),
    amount: format(String(totals?.amount ?? '0'), A),
    rpAmount: format(String(totals?.rpAmount ?? '0'), A),
    arrears: format(String(totals?.arrears ?? '0'), A),
    settledAmount: format(String(totals?.settledAmount ?? '0'), A),
    openAmount: format(String(totals?.openAmount ?? '0'), A),
  }

  const list = {
    list: rows,
    total: q.data?.records ?? 0,
    pageNum: paging.page,
    pageSize: paging.rows,
    fetching: q.isFetching,
    setPage: (page: number, rows?: number) => setPaging((p) => ({ page: rows && rows !== p.rows ? 1 : page, rows: rows ?? p.rows })),
    refetch: () => void q.refetch(),
  }

  const contactOptions = useMemo(() => pickOptions(contacts.list), [contacts.list])

  return (
    <Card data-view={`${kind.section}/${kind.name}`} data-testid={`doc-list-${kind.name}`}>
      <SearchForm
        onSearch={(v) => {
          const [b, e] = (v.range as string[] | undefined) ?? []
          const { range: _r, ...rest } = v
          const next = { sidx: filters.sidx, sord: filters.sord, ...(rest as Filters), beginDate: b, endDate: e }
          // the same filters again: ask the server again (搜索 always refetches)
          if (paging.page === 1 && hashKey([compact(next)]) === hashKey([compact(filters)])) void q.refetch()
          setFilters(next)
          setPaging((p) => ({ ...p, page: 1 }))
        }}
        onReset={() => {
          setFilters({ sidx: 'date', sord: 'desc' })
          setPaging((p) => ({ ...p, page: 1 }))
        }}
      >
        <Form.Item name="matchCon" label={t('list.matchCon')}>
          <Input allowClear placeholder={t('list.matchConHint')} data-testid="doc-list-match" />
        </Form.Item>
        <Form.Item name="range" label={t('list.dates')}>
          <DatePicker.RangePicker />
        </Form.Item>
        {kind.contact && (
          <Form.Item name="buId" label={t(`contact.${kind.contact}`)}>
            <Select allowClear showSearch={{ filterOption: pickFilter }} options={contactOptions} style={{ width: 180 }} />
          </Form.Item>
        )}
        <Form.Item name="checked" label={t('field.checked')}>
          <Select
            allowClear
            style={{ width: 110 }}
            options={[
              { value: 0, label: t('state.draft') },
              { value: 1, label: t('state.audited') },
            ]}
          />
        </Form.Item>
        {kind.order && (
          <Form.Item name="billStatus" label={t('field.billStatus')}>
            <Select allowClear style={{ width: 130 }} options={[0, 1, 2, 3].map((v) => ({ value: v, label: t(`billStatus.${v}`) }))} />
          </Form.Item>
        )}
        {settled && (
          <Form.Item name="hxState" label={t(`${settleWords(kind)}.state`)}>
            <Select
              allowClear
              style={{ width: 130 }}
              options={[0, 1, 2].map((v) => ({ value: v, label: t(`${settleWords(kind)}.${v}`) }))}
              data-testid="doc-list-settle-state"
            />
          </Form.Item>
        )}
        {invoiced && (
          <Form.Item name="invoiceState" label={t('invoice:field.invoiceState')}>
            <Select
              allowClear
              style={{ width: 130 }}
              options={[0, 1, 2].map((v) => ({ value: v, label: t(`invoice:state.${v}`) }))}
              data-testid="doc-list-invoice-state"
            />
          </Form.Item>
        )}
        <Form.Item name="billNo" label={t('field.billNo')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
      </SearchForm>
      <div style={{ height: 12 }} />
      <ListTable<Document>
        list={list}
        rowKey="id"
        selectable
        columns={columns}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter
          const key = s?.order ? String(s.columnKey ?? s.field) : 'date'
          setFilters((f) => ({ ...f, sidx: key, sord: s?.order === 'ascend' ? 'asc' : 'desc' }))
        }}
        summary={() => (
          <Table.Summary fixed>
            <Table.Summary.Row data-testid="doc-list-totals">
              <Table.Summary.Cell index={0}>
                <span style={{ whiteSpace: 'nowrap' }}>{t('list.total')}</span>
              </Table.Summary.Cell>
              {columns.map((c, i) => (
                <Table.Summary.Cell key={String(c.key)} index={i + 1} align="right">
                  <span style={{ whiteSpace: 'nowrap' }}>{totals ? (totalCells[String(c.key)] ?? '') : ''}</span>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        )}
        toolbar={({ selectedKeys, clearSelection }) => {
          const ids = selectedKeys.map(Number)
          const none = !ids.length
          return (
            <>
              {perm('add') && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => open()} data-testid="doc-list-add">
                  {t('action.new')}
                </Button>
              )}
              {perm('check') && (
                <Button disabled={none} onClick={() => void batch('check', ids, clearSelection)} data-testid="doc-list-check">
                  {t('action.check')}
                </Button>
              )}
              {perm('uncheck') && (
                <Button disabled={none} onClick={() => void batch('uncheck', ids, clearSelection)} data-testid="doc-list-uncheck">
                  {t('action.uncheck')}
                </Button>
              )}
              {kind.order && perm('close') && (
                <Button disabled={none} onClick={() => void batch('close', ids, clearSelection)} data-testid="doc-list-close">
                  {t('action.close')}
                </Button>
              )}
              {kind.order && perm('open') && (
                <Button disabled={none} onClick={() => void batch('open', ids, clearSelection)} data-testid="doc-list-reopen">
                  {t('action.open')}
                </Button>
              )}
              {/* the selected documents as the list shows them now (their invoice state may have changed since they were ticked) */}
              {invoiced && <InvoiceAction kind={kind} rows={ids.flatMap((id) => byId.get(id) ?? [])} />}
              {perm('delete') && (
                <Button danger disabled={none} onClick={() => void remove(ids, clearSelection)} data-testid="doc-list-delete">
                  {t('action.delete')}
                </Button>
              )}
              {perm('export') && (
                <Button
                  onClick={() => void docApi(kind).exportList(filters, `${t(`kind.${kind.name}`)}.xlsx`)}
                  data-testid="doc-list-export"
                >
                  {t('action.export')}
                </Button>
              )}
            </>
          )
        }}
      />
    </Card>
  )
}

const views = new Map<DocKindName, () => React.JSX.Element>()
/** One stable view component per kind (the view registry's lazy views). */
export function listView(name: DocKindName) {
  let v = views.get(name)
  if (!v) {
    const kind = docKinds[name]
    v = function KindList() {
      return <DocList kind={kind} />
    }
    views.set(name, v)
  }
  return v
}
