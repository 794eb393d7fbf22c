// One report view for every report, driven by the server's column spec:
// filter bar, sticky header, virtualised rows, totals row, column chooser,
// drill-down (summary → detail report with the same filters → document),
// Excel export and a landscape print with the company header.
import { useEffect, useMemo, useRef, useState } from 'react'
import { Button, Card, Checkbox, DatePicker, Flex, Input, Modal, Popover, Select, Space, Spin, Table, Tooltip, Typography } from 'antd'
import {
  BarChartOutlined,
  ColumnHeightOutlined,
  DownloadOutlined,
  PrinterOutlined,
  ReloadOutlined,
  SettingOutlined,
} from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { Auth } from '@/components/Auth'
import { ROOT_ROLE } from '@/stores/permission'
import { useRouteTree } from '@/features/auth/api'
import { useCache } from '@/features/cache/api'
import { pickFilter, pickOptions } from '@/features/cache/pick'
import { CategoryTreeSelect } from '@/features/assist/components/CategoryTreeSelect'
import { useScreenParams } from '@/features/sysconf/api'
import { flattenRoutes } from '@/utils/routeTree'
import { useTabRoute } from '@/app/tabRoute'
import { exportReport, PRINT_ROWS, sameParams, useReport, useReportAll } from '../api'
import { ReportChart } from '../components/ReportChart'
import { hasChart, loadChartShown, saveChartShown } from '../lib/chart'
import { cellText, DEFAULT_PLACES, docPath, drillParams, isNumeric, loadHidden, saveHidden, type Places } from '../lib/format'
import type { ReportColumn, ReportParams, ReportRow } from '../types'
import { FUND_FILTER_KEYS, FundFilters, contactSide } from '../components/FundFilters'
import { StatementShareList, StatementShares } from '@/features/statement/components/StatementShares'

const PAGE_SIZE = 100
/** The report a customer statement is shared from (internal/statement). */
const STATEMENT_REPORT = 'customerReconciliation'
const FILTER_KEYS = [
  'beginDate',
  'endDate',
  'locationId',
  'invId',
  'catId',
  'buId',
  'salesId',
  'status',
  'contactType',
  'showZero',
  'bySku',
  'serNum',
  'matchCon',
  'shopId',
  ...FUND_FILTER_KEYS,
]

const SHEET_ID = 'report-print-sheet'
const PRINT_CSS = `@media print {
  @page { size: landscape; margin: 10mm; }
  body * { visibility: hidden !important; }
  #${SHEET_ID}, #${SHEET_ID} * { visibility: visible !important; }
  #${SHEET_ID} { position: absolute; left: 0; top: 0; width: 100%; }
}
#${SHEET_ID} table { border-collapse: collapse; width: 100%; }
#${SHEET_ID} th, #${SHEET_ID} td { border: 1px solid currentColor; padding: 2px 4px; font-size: 11px; }
#${SHEET_ID} .num { text-align: right; }`

function initialFilters(query: URLSearchParams): ReportParams {
  const out: ReportParams = {}
  for (const k of FILTER_KEYS) {
    const v = query.get(k)
    if (v) out[k] = v
  }
  return out
}

export function reportView(name: string) {
  function View() {
    return <ReportView name={name} />
  }
  View.displayName = `Report(${name})`
  return View
}

export function ReportView({ name }: { name: string }) {
  const { t } = useTranslation('report')
  const tab = useTabRoute()
  const navigate = useNavigate()
  const routes = useRouteTree()
  const sys = useScreenParams().data
  const warehouses = useCache('warehouses')
  const goods = useCache('goods')
  const customers = useCache('customers')
  const suppliers = useCache('suppliers')
  const staff = useCache('staff')
  const shops = useCache('shops')
  const places: Places = sys ? { qtyPlaces: sys.qtyPlaces, pricePlaces: sys.pricePlaces, amountPlaces: sys.amountPlaces } : DEFAULT_PLACES
  const [filters, setFilters] = useState<ReportParams>(() => initialFilters(tab.query))
  const [draft, setDraftState] = useState<ReportParams>(filters)
  // every change merges into the latest draft (a picker's handler may be older than the last pick)
  const setDraft = (next: ReportParams) => setDraftState((d) => ({ ...d, ...next }))
  const [page, setPage] = useState(1)
  const [sort, setSort] = useState<{ sidx?: string; sord?: string }>({})
  const [hidden, setHidden] = useState<string[]>(() => loadHidden(name))
  const [printing, setPrinting] = useState(false)
  const [compact, setCompact] = useState(true)
  const [chartShown, setChartShown] = useState(() => loadChartShown(name))
  const params: ReportParams = { ...filters, ...sort, page, rows: PAGE_SIZE }
  const q = useReport(name, params)
  // the print has every row of the filters (not only the page on screen)
  const whole = useReportAll(name, { ...filters, ...sort }, printing)
  // A drill (navigate with state.drill) into this tab, open or not: the
  // drill's filters replace what the tab showed.
  const location = useLocation()
  const drill = tab.active ? (location.state as { drill?: number } | null)?.drill : undefined
  const [seenDrill, setSeenDrill] = useState(drill)
  if (drill !== undefined && drill !== seenDrill) {
    setSeenDrill(drill)
    const f = initialFilters(tab.query)
    setFilters(f)
    setDraftState(f)
    setPage(1)
  }
  // Back to a tab left open: ask again (documents may have been saved
  // elsewhere: another browser or user; this browser's saves invalidate
  // ['report'] through invalidateAfterDocument).
  const wasActive = useRef(tab.active)
  const { refetch } = q
  useEffect(() => {
    if (tab.active && !wasActive.current) void refetch()
    wasActive.current = tab.active
  }, [tab.active, refetch])
  const data = q.data
  const flat = useMemo(() => flattenRoutes(routes.data), [routes.data])
  const pathOf = (report: string) => flat.find((r) => r.component === `report/${report}`)?.path
  const shown = (data?.columns ?? []).filter((c) => !hidden.includes(c.key))
  const offered = data?.filters ?? ['beginDate', 'endDate']

  // 查询 always asks the server (the same filters again refetch)
  const apply = () => {
    if (page === 1 && sameParams(draft, filters)) void refetch()
    setFilters(draft)
    setPage(1)
  }
  const open = (row: ReportRow) => {
    if (data?.drill) {
      const path = pathOf(data.drill)
      if (!path) return
      const p = drillParams(row, { ...filters, beginDate: data.beginDate, endDate: data.endDate })
      navigate(`${path}?${new URLSearchParams(p).toString()}`, { state: { drill: Date.now() } })
      return
    }
    const path = docPath(row)
    if (path) navigate(path)
  }
  const clickable = (row: ReportRow) => !!data?.drill || docPath(row) !== ''
  // the pickers of the document screens: searchable lists from the client caches
  const filterOption = pickFilter
  const goodsOptions = useMemo(() => pickOptions(goods.list), [goods.list])
  const contactOptions = useMemo(
    () =>
      pickOptions({ supplier: suppliers.list, customer: customers.list, both: [...customers.list, ...suppliers.list] }[contactSide(name)]),
    [name, customers.list, suppliers.list],
  )
  const staffOptions = useMemo(() => pickOptions(staff.list), [staff.list])
  const pick = (key: string, v: number | undefined) => setDraft({ [key]: v })
  const idOf = (key: string) => (draft[key] ? Number(draft[key]) : undefined)

  const columns: ColumnsType<ReportRow> = shown.map((c) => ({
    key: c.key,
    dataIndex: c.key,
    // a header cut off by its width ("Gross pr…") shows in full on hover
    title: <span title={c.label}>{c.label}</span>,
    width: (c.width ?? (isNumeric(c) ? 12 : 12)) * 9,
    align: isNumeric(c) ? 'right' : 'left',
    ellipsis: true,
    sorter: true,
    sortOrder: sort.sidx === c.key ? (sort.sord === 'desc' ? 'descend' : 'ascend') : null,
    render: (v: unknown) => cellText(c, v, places),
  }))
  const width = columns.reduce((s, c) => s + Number(c.width ?? 100), 0)

  const dateFilter = offered.includes('beginDate') ? (
    <DatePicker.RangePicker
      allowClear={false}
      value={[
        dayjs(String(draft.beginDate ?? data?.beginDate ?? dayjs().startOf('month').format('YYYY-MM-DD'))),
        dayjs(String(draft.endDate ?? data?.endDate ?? dayjs().format('YYYY-MM-DD'))),
      ]}
      onChange={(v) => {
        const [b, e] = (v ?? []) as [Dayjs | null, Dayjs | null]
        setDraft({ beginDate: b?.format('YYYY-MM-DD'), endDate: e?.format('YYYY-MM-DD') })
      }}
      data-testid="report-dates"
    />
  ) : offered.includes('endDate') ? (
    <DatePicker
      allowClear={false}
      value={dayjs(String(draft.endDate ?? data?.endDate ?? dayjs().format('YYYY-MM-DD')))}
      onChange={(d) => setDraft({ endDate: d?.format('YYYY-MM-DD') })}
      data-testid="report-end-date"
    />
  ) : null

  return (
    <Card size="small" data-testid={`report-${name}`} data-view={`report/${name}`}>
      <Flex vertical gap={8}>
        <Flex gap={8} wrap align="center" data-testid="report-filters">
          {dateFilter}
          {offered.includes('locationId') && (
            <Select
              allowClear
              style={{ minWidth: 140 }}
              placeholder={t('filter.location')}
              value={draft.locationId ? Number(draft.locationId) : undefined}
              onChange={(v) => setDraft({ locationId: v })}
              options={warehouses.list.map((w) => ({ value: w.id, label: w.name }))}
              data-testid="report-location"
            />
          )}
          {offered.includes('invId') && (
            <Select
              allowClear
              showSearch={{ filterOption }}
              style={{ minWidth: 180 }}
              placeholder={t('filter.invId')}
              value={idOf('invId')}
              onChange={(v) => pick('invId', v)}
              options={goodsOptions}
              data-testid="report-goods"
            />
          )}
          {offered.includes('catId') && (
            <CategoryTreeSelect
              typeNumber="trade"
              allowClear
              style={{ minWidth: 140 }}
              placeholder={t('filter.catId')}
              value={idOf('catId')}
              onChange={(v) => pick('catId', v)}
              data-testid="report-category"
            />
          )}
          {offered.includes('buId') && (
            <Select
              allowClear
              showSearch={{ filterOption }}
              style={{ minWidth: 180 }}
              placeholder={t('filter.buId')}
              value={idOf('buId')}
              onChange={(v) => pick('buId', v)}
              options={contactOptions}
              data-testid="report-contact"
            />
          )}
          <FundFilters offered={offered} draft={draft} setDraft={setDraft} />
          {offered.includes('salesId') && (
            <Select
              allowClear
              showSearch={{ filterOption }}
              style={{ minWidth: 120 }}
              placeholder={t('filter.salesId')}
              value={idOf('salesId')}
              onChange={(v) => pick('salesId', v)}
              options={staffOptions}
              data-testid="report-staff"
            />
          )}
          <Auth role={ROOT_ROLE}>
            <Select
              mode="multiple"
              allowClear
              style={{ minWidth: 160 }}
              placeholder={t('filter.shops')}
              value={String(draft.shopId ?? '')
                .split(',')
                .filter(Boolean)
                .map(Number)}
              onChange={(v: number[]) => setDraft({ shopId: v.length ? v.join(',') : undefined })}
              options={shops.list.map((s) => ({ value: s.id, label: String(s.name ?? s.id) }))}
              data-testid="report-shops"
            />
          </Auth>
          {offered.includes('status') && (
            <Select
              allowClear
              style={{ minWidth: 120 }}
              placeholder={t('filter.status')}
              value={draft.status !== undefined && draft.status !== '' ? Number(draft.status) : undefined}
              onChange={(v) => setDraft({ status: v })}
              options={[0, 1, 2, 3].map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
          )}
          {offered.includes('contactType') && (
            <Select
              style={{ minWidth: 120 }}
              value={Number(draft.contactType ?? 0)}
              onChange={(v) => setDraft({ contactType: v })}
              options={[
                { value: 0, label: t('filter.allContacts') },
                { value: -10, label: t('filter.customers') },
                { value: 10, label: t('filter.suppliers') },
              ]}
            />
          )}
          {offered.includes('serNum') && (
            <Input
              style={{ width: 160 }}
              allowClear
              placeholder={t('filter.serNum')}
              value={String(draft.serNum ?? '')}
              onChange={(e) => setDraft({ serNum: e.target.value })}
            />
          )}
          {offered.includes('matchCon') && (
            <Input.Search
              style={{ width: 200 }}
              allowClear
              placeholder={t('filter.matchCon')}
              value={String(draft.matchCon ?? '')}
              onChange={(e) => setDraft({ matchCon: e.target.value })}
              onSearch={apply}
              data-testid="report-search"
            />
          )}
          {offered.includes('showZero') && (
            <Checkbox
              checked={draft.showZero === 1 || draft.showZero === '1'}
              onChange={(e) => setDraft({ showZero: e.target.checked ? 1 : undefined })}
            >
              {t('filter.showZero')}
            </Checkbox>
          )}
          {offered.includes('bySku') && (
            <Checkbox
              checked={draft.bySku === 1 || draft.bySku === '1'}
              onChange={(e) => setDraft({ bySku: e.target.checked ? 1 : undefined })}
              data-testid="report-bysku"
            >
              {t('filter.bySku')}
            </Checkbox>
          )}
          <Button type="primary" onClick={apply} data-testid="report-query">
            {t('query')}
          </Button>
          <Flex flex={1} justify="flex-end" gap={8}>
            {name === STATEMENT_REPORT && (
              <StatementShares
                buId={filters.buId ? Number(filters.buId) : undefined}
                beginDate={data?.beginDate}
                endDate={data?.endDate}
                showGoods={filters.showGoods === 1 || filters.showGoods === '1'}
              />
            )}
            <Auth perm={`report:${name}:export`}>
              <Button
                icon={<DownloadOutlined />}
                onClick={() => data && void exportReport(name, params, data.title)}
                data-testid="report-export"
              >
                {t('export')}
              </Button>
            </Auth>
            <Auth perm={`report:${name}:print`}>
              <Button icon={<PrinterOutlined />} onClick={() => setPrinting(true)} data-testid="report-print">
                {t('print')}
              </Button>
            </Auth>
            <Popover
              trigger="click"
              title={t('columns')}
              content={
                <Checkbox.Group
                  style={{ display: 'flex', flexDirection: 'column', maxHeight: 360, overflow: 'auto' }}
                  value={(data?.columns ?? []).map((c) => c.key).filter((k) => !hidden.includes(k))}
                  onChange={(keys) => {
                    const h = (data?.columns ?? []).map((c) => c.key).filter((k) => !keys.includes(k))
                    setHidden(h)
                    saveHidden(name, h)
                  }}
                  options={(data?.columns ?? []).map((c) => ({ value: c.key, label: c.label }))}
                  data-testid="report-column-chooser"
                />
              }
            >
              <Tooltip title={t('columns')}>
                <Button icon={<SettingOutlined />} data-testid="report-columns" />
              </Tooltip>
            </Popover>
            {hasChart(name) && (
              <Tooltip title={t('chart.toggle')}>
                <Button
                  icon={<BarChartOutlined />}
                  type={chartShown ? 'primary' : 'default'}
                  ghost={chartShown}
                  onClick={() => {
                    setChartShown(!chartShown)
                    saveChartShown(name, !chartShown)
                  }}
                  data-testid="report-chart-toggle"
                />
              </Tooltip>
            )}
            <Tooltip title={t('density')}>
              <Button icon={<ColumnHeightOutlined />} onClick={() => setCompact(!compact)} />
            </Tooltip>
            <Tooltip title={t('refresh')}>
              <Button icon={<ReloadOutlined />} onClick={() => void refetch()} />
            </Tooltip>
          </Flex>
        </Flex>
        {hasChart(name) && chartShown && (
          <div data-testid="report-chart">
            <ReportChart name={name} filters={filters} answer={data} places={places} />
          </div>
        )}
        {/* a new answer is a new table: the virtual list kept rows of the previous answer on screen
            (the full browser suite showed another customer's line under a 1-row answer) */}
        <Table<ReportRow>
          key={q.dataUpdatedAt}
          data-testid="report-table"
          virtual
          sticky
          size={compact ? 'small' : 'middle'}
          loading={q.isFetching}
          rowKey={(r) =>
            JSON.stringify([
              r.billId,
              r.invId,
              r.locationId,
              r.buId,
              r.salesId,
              r.date,
              r.billNo,
              r.rowType,
              r.serNum,
              r.invNumber,
              r.contactNumber,
              r.accId,
            ])
          }
          columns={columns}
          dataSource={data?.rows ?? []}
          scroll={{ x: width, y: 560 }}
          onRow={(row) => ({
            onDoubleClick: () => open(row),
            style: clickable(row) ? { cursor: 'pointer' } : undefined,
            'data-testid': 'report-row',
          })}
          onChange={(_p, _f, s) => {
            const one = Array.isArray(s) ? s[0] : s
            setSort(one?.order ? { sidx: String(one.columnKey), sord: one.order === 'descend' ? 'desc' : 'asc' } : {})
            setPage(1)
          }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data?.records ?? 0,
            showSizeChanger: false,
            onChange: setPage,
            showTotal: (n) => t('records', { n }),
          }}
          summary={() =>
            data ? (
              <Table.Summary fixed>
                <Table.Summary.Row data-testid="report-totals">
                  {shown.map((c, i) => (
                    <Table.Summary.Cell key={c.key} index={i} align={isNumeric(c) ? 'right' : 'left'}>
                      {i === 0 ? t('total') : c.sum ? cellText(c, data.userdata[c.key], places) : ''}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
        {name === STATEMENT_REPORT && <StatementShareList buId={filters.buId ? Number(filters.buId) : undefined} places={places} />}
        {(data?.drill || data?.doc) && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {data.drill ? t('hint.drill') : t('hint.doc')}
          </Typography.Text>
        )}
      </Flex>
      {printing && data && (
        <Modal
          open
          width={1100}
          title={t('printPreview')}
          onCancel={() => setPrinting(false)}
          footer={
            <Space>
              <Button onClick={() => setPrinting(false)}>{t('close')}</Button>
              <Button
                type="primary"
                icon={<PrinterOutlined />}
                disabled={!whole.data}
                onClick={() => window.print()}
                data-testid="report-print-go"
              >
                {t('print')}
              </Button>
            </Space>
          }
        >
          <style>{PRINT_CSS}</style>
          <div id={SHEET_ID} data-testid="report-print-sheet">
            <div style={{ textAlign: 'center' }}>
              <div style={{ fontSize: 18, fontWeight: 600 }} data-testid="report-print-company">
                {sys?.companyName}
              </div>
              <div style={{ fontSize: 16 }}>{data.title}</div>
              <div style={{ fontSize: 12 }}>{offered.includes('beginDate') ? `${data.beginDate} ~ ${data.endDate}` : data.endDate}</div>
            </div>
            {whole.data ? (
              <>
                <PrintTable columns={shown} rows={whole.data.rows} totals={whole.data.userdata} places={places} totalLabel={t('total')} />
                {whole.data.records > PRINT_ROWS && (
                  <div style={{ fontSize: 12 }} data-testid="report-print-cut">
                    {t('printCut', { n: PRINT_ROWS, total: whole.data.records })}
                  </div>
                )}
              </>
            ) : (
              <Spin style={{ display: 'block', margin: 24 }} />
            )}
            <div style={{ fontSize: 11, textAlign: 'right' }}>{t('printedAt', { at: dayjs().format('YYYY-MM-DD HH:mm') })}</div>
          </div>
        </Modal>
      )}
    </Card>
  )
}

function PrintTable({
  columns,
  rows,
  totals,
  places,
  totalLabel,
}: {
  columns: ReportColumn[]
  rows: ReportRow[]
  totals: Record<string, unknown>
  places: Places
  totalLabel: string
}) {
  return (
    <table>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key}>{c.label}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {columns.map((c) => (
              <td key={c.key} className={isNumeric(c) ? 'num' : undefined}>
                {cellText(c, r[c.key], places)}
              </td>
            ))}
          </tr>
        ))}
        <tr>
          {columns.map((c, i) => (
            <td key={c.key} className={isNumeric(c) ? 'num' : undefined}>
              {i === 0 ? totalLabel : c.sum ? cellText(c, totals[c.key], places) : ''}
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  )
}
