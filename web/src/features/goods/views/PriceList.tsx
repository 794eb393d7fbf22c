// The price list (settings/price, 价格管理): every goods item's four prices
// in each of its units and its two discount rates, typed in place. Changes
// are kept across pages and saved together (all or none; a refused cell
// shows the server's message); Enter goes to the same cell of the next row,
// as in a spreadsheet. Export and import through Excel (blank cells keep the
// price). The category tree filters, as on the goods screen.
import '../priceCatalogue'
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { Alert, Button, Card, Col, Form, Input, Row, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd'
import { DownloadOutlined, SaveOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { useTabRoute } from '@/app/tabRoute'
import { ApiError } from '@/api/http'
import { Auth } from '@/components/Auth'
import { SearchForm } from '@/components/SearchForm'
import { useListQuery } from '@/components/useListQuery'
import { CategoryFilter } from '@/features/contact/components/CategoryFilter'
import { useInvalidate } from '@/features/master/api'
import { MasterImportDialog } from '@/features/master/components/MasterImportDialog'
import { useScreenParams } from '@/features/sysconf/api'
import { useSession } from '@/stores/session'
import { can } from '@/stores/permission'
import { GOODS_MONEY, seesMoney } from '@/stores/money'
import { setTabGuard } from '@/stores/tabs'
import { goodsCaches, goodsKeys, priceApi } from '../api'
import {
  PRICE_FIELDS,
  RATE_FIELDS,
  cellProblem,
  changedCells,
  edit,
  editable,
  errorsByCell,
  saveBody,
  shown,
  toRows,
  type Edits,
  type Field,
  type PriceGoods,
  type PriceRow,
} from '../lib/priceGrid'

const FIELDS: Field[] = [...PRICE_FIELDS, ...RATE_FIELDS]

/** Moves the focus to the same field of the row below (or above, with Shift). */
function enterMoves(e: KeyboardEvent<HTMLElement>) {
  const el = e.target as HTMLElement
  if (e.key !== 'Enter' || !(el instanceof HTMLInputElement) || !el.dataset.field) return
  e.preventDefault()
  const cells = Array.from(document.querySelectorAll<HTMLInputElement>(`input[data-field="${el.dataset.field}"]:not([disabled])`))
  const next = cells[cells.indexOf(el) + (e.shiftKey ? -1 : 1)]
  if (next) {
    next.focus()
    next.select()
  }
}

export default function PriceList() {
  const { t } = useTranslation('price')
  const { t: tg } = useTranslation('goods')
  const { t: td } = useTranslation('decimal')
  const { t: tl } = useTranslation('list')
  const me = useSession((s) => s.user)
  const mayUpdate = can('settings:price:update', me)
  const sys = useScreenParams().data
  const pricePlaces = Number(sys?.pricePlaces ?? 2)
  const [categoryId, setCategoryId] = useState<number | undefined>()
  const list = useListQuery<{ matchCon?: string; categoryId?: number; sidx?: string; sord?: string }, PriceGoods>({
    key: [...goodsKeys.prices, categoryId ?? 0],
    fetch: (p) => priceApi.page({ ...p, categoryId }),
    filters: { matchCon: undefined, sidx: undefined, sord: undefined },
    pageSize: 20,
  })
  const rows = useMemo(() => toRows(list.list), [list.list])
  // Every row an edit was made on, across pages: what a save is built from.
  const seen = useRef(new Map<string, PriceRow>())
  for (const r of rows) seen.current.set(r.key, r)
  const [edits, setEdits] = useState<Edits>({})
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [importing, setImporting] = useState(false)
  const changed = changedCells(edits)
  const refresh = useInvalidate(goodsKeys.all, goodsCaches)
  const importPrices = useImportPrices(refresh)

  const tab = useTabRoute()
  const tabKey = tab.pathname + tab.search
  const dirty = useRef(false)
  dirty.current = changed > 0
  useEffect(() => {
    setTabGuard(tabKey, { dirty: () => dirty.current, onDiscard: () => setEdits({}) })
    return () => setTabGuard(tabKey, null)
  }, [tabKey])

  const problemOf = (row: PriceRow, f: Field): string => {
    const v = edits[row.key]?.[f]
    if (v === undefined) return serverErrors[`${row.key}/${f}`] ?? ''
    const p = cellProblem(f, v, { pricePlaces })
    if (p === 'required') return t('required')
    if (p) return td(p, { places: (RATE_FIELDS as readonly string[]).includes(f) ? 4 : pricePlaces, min: '0', max: '100' })
    return serverErrors[`${row.key}/${f}`] ?? ''
  }

  const save = useMutation({
    mutationFn: async () => {
      const body = saveBody(edits, seen.current)
      try {
        return await priceApi.save(body.rows)
      } catch (e) {
        if (e instanceof ApiError && e.errors) setServerErrors(errorsByCell(e.errors, body.keys))
        throw e
      }
    },
    onSuccess: (r) => {
      feedback.message.success(t('saved', { count: r.count }))
      setEdits({})
      setServerErrors({})
      void refresh()
    },
    onError: (e) => feedback.message.error(e instanceof Error ? e.message : String(e)),
  })
  const trySave = () => {
    const bad = Object.entries(edits).some(([key, e]) => {
      const row = seen.current.get(key)
      return row && Object.keys(e).some((f) => cellProblem(f as Field, e[f as Field] ?? '', { pricePlaces }))
    })
    if (bad) {
      feedback.message.warning(t('badCells'))
      return
    }
    save.mutate()
  }
  const discard = () =>
    feedback.modal.confirm({
      title: t('discardConfirm', { count: changed }),
      okButtonProps: { danger: true, 'data-testid': 'price-discard-ok' } as never,
      onOk: () => {
        setEdits({})
        setServerErrors({})
      },
    })

  const cell = (f: Field) => (_: unknown, row: PriceRow) => {
    const value = shown(edits, row, f)
    if (!editable(row, f)) return null
    if (!mayUpdate) return value
    const problem = problemOf(row, f)
    const isChanged = edits[row.key]?.[f] !== undefined
    return (
      <Tooltip title={problem} open={problem ? undefined : false}>
        <Input
          size="small"
          value={value}
          status={problem ? 'error' : undefined}
          style={{ textAlign: 'right', background: isChanged && !problem ? 'var(--ant-color-warning-bg)' : undefined }}
          onChange={(e) => {
            setEdits((cur) => edit(cur, row, f, e.target.value))
            setServerErrors(({ [`${row.key}/${f}`]: _drop, ...rest }) => rest)
          }}
          onFocus={(e) => e.target.select()}
          data-field={f}
          data-testid={`price-cell-${row.number}-${row.unitName}-${f}`}
          aria-label={`${row.number} ${row.unitName} ${tg(f)}`}
        />
      </Tooltip>
    )
  }
  const spanned = (r: PriceRow) => ({ rowSpan: r.span })
  const columns: TableColumnsType<PriceRow> = [
    { title: tg('number'), dataIndex: 'number', key: 'number', sorter: true, width: 120, onCell: spanned, fixed: 'left' },
    { title: tg('name'), dataIndex: 'name', key: 'name', sorter: true, width: 180, onCell: spanned },
    { title: tg('spec'), dataIndex: 'spec', key: 'spec', width: 100, onCell: spanned },
    {
      title: t('unit'),
      dataIndex: 'unitName',
      width: 120,
      render: (u: string, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {u}
          {r.isBase && <Typography.Text type="secondary"> ({t('base')})</Typography.Text>}
        </span>
      ),
    },
    // a price the user has no right to is not in the answer: no column for it
    ...FIELDS.filter((f) => seesMoney(GOODS_MONEY, f, me)).map((f) => ({
      title: tg(f),
      key: f,
      width: 120,
      align: 'right' as const,
      render: cell(f),
      onCell: (RATE_FIELDS as readonly string[]).includes(f) ? spanned : undefined,
    })),
  ]

  return (
    <Row gutter={[16, 16]} data-view="settings/price" data-testid="price-view">
      <Col xs={24} lg={5}>
        <Card size="small" title={tg('categories')} style={{ height: '100%' }}>
          <CategoryFilter
            typeNumber="trade"
            value={categoryId}
            onChange={(id) => {
              setCategoryId(id)
              list.setPage(1)
            }}
            data-testid="price-category-tree"
          />
        </Card>
      </Col>
      <Col xs={24} lg={19}>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Card size="small">
            <SearchForm onSearch={(v) => list.search({ matchCon: v.matchCon as string | undefined })} onReset={() => list.reset()}>
              <Form.Item name="matchCon" label={tl('keywords')}>
                <Input allowClear placeholder={tg('searchHint')} style={{ width: 260 }} data-testid="price-search" />
              </Form.Item>
            </SearchForm>
          </Card>
          <Card
            size="small"
            title={t('title')}
            extra={
              <Space wrap>
                {changed > 0 && (
                  <Typography.Text type="warning" data-testid="price-changed">
                    {t('changed', { count: changed })}
                  </Typography.Text>
                )}
                <Auth perm="settings:price:update">
                  <Button icon={<UndoOutlined />} disabled={!changed} onClick={discard} data-testid="price-discard">
                    {t('discard')}
                  </Button>
                  <Button
                    type="primary"
                    icon={<SaveOutlined />}
                    disabled={!changed}
                    loading={save.isPending}
                    onClick={trySave}
                    data-testid="price-save"
                  >
                    {t('save')}
                  </Button>
                </Auth>
                <Auth perm="settings:price:export">
                  <Button
                    icon={<DownloadOutlined />}
                    onClick={() => void priceApi.exportList({ ...list.params, categoryId }, `${t('title')}.xlsx`).catch(() => undefined)}
                    data-testid="price-export"
                  >
                    {t('export')}
                  </Button>
                </Auth>
                <Auth perm="settings:price:import">
                  <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="price-import">
                    {t('import')}
                  </Button>
                </Auth>
              </Space>
            }
          >
            <Space orientation="vertical" style={{ width: '100%' }}>
              {mayUpdate && <Alert type="info" showIcon title={t('hint')} />}
              <Table<PriceRow>
                size="small"
                bordered
                rowKey="key"
                columns={columns}
                dataSource={rows}
                loading={list.loading}
                scroll={{ x: 1300 }}
                onRow={() => ({ onKeyDown: enterMoves })}
                onChange={(p, _f, sorter, extra) => {
                  if (extra.action === 'paginate') list.setPage(p.current ?? 1, p.pageSize)
                  if (extra.action !== 'sort') return
                  const s = Array.isArray(sorter) ? sorter[0] : sorter
                  list.search({
                    sidx: s?.order ? String(s.columnKey) : undefined,
                    sord: s?.order === 'descend' ? 'desc' : s?.order ? 'asc' : undefined,
                  })
                }}
                pagination={{
                  current: list.pageNum,
                  pageSize: list.pageSize,
                  total: list.total,
                  showSizeChanger: true,
                  pageSizeOptions: [20, 50, 100],
                }}
                data-testid="price-table"
              />
            </Space>
          </Card>
        </Space>
      </Col>
      <MasterImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        title={t('importTitle')}
        template={(name) => priceApi.exportList({ ...list.params, categoryId }, name)}
        mutation={importPrices}
      />
    </Row>
  )
}

function useImportPrices(done: () => unknown) {
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => priceApi.importFile(file, dryRun),
    onSuccess: (r) => {
      if (!r.dryRun && r.importedCount > 0) void done()
    },
  })
}
