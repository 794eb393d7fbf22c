// The stocktake (盘点) of one warehouse: pick the warehouse and a category,
// load the sheet of book quantities (base units), type the counted
// quantities or scan them (a scan adds one of the scanned unit), import
// them from the exported sheet; differences are highlighted. Save keeps the
// count (editable until generated); generate makes the draft stocktake gain
// and loss documents, which open in their tabs. Opened with ?id= for a
// saved count.
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { Alert, Button, Card, Checkbox, Col, DatePicker, Flex, Form, Input, Row, Select, Space, Table, Tag, Typography, theme } from 'antd'
import type { TableProps } from 'antd'
import dayjs from 'dayjs'
import { ApiError } from '@/api/http'
import { feedback } from '@/app/feedback'
import { useTabRoute } from '@/app/tabRoute'
import { useSession } from '@/stores/session'
import { can } from '@/stores/permission'
import { format } from '@/utils/decimal'
import { useCache } from '@/features/cache/api'
import { pickFilter, pickOptions } from '@/features/cache/pick'
import { useScreenParams } from '@/features/sysconf/api'
import { CategoryTreeSelect } from '@/features/assist/components/CategoryTreeSelect'
import { GoodsIndex, type CachedGoods } from '@/components/DocGrid/lib/goodsSearch'
import { docKinds, entryPath } from '@/features/document/kinds'
import { invalidateAfterDocument } from '@/features/document/lib/affected'
import { stocktakeApi, stocktakeKeys, type Count, type SheetRow } from '../api'
import { difference, diffSign, entriesOf, fillBook, mergeImport, rowKey, scan, type Counts } from '../lib/stocktake'
import '@/features/warehouse/catalogue'

const PERM = 'warehouse:stocktake'

interface Head {
  id?: number
  version?: number
  locationId?: number
  catId?: number
  date: string
  description: string
  showZero: boolean
  generated: boolean
  otherInId?: number | null
  otherOutId?: number | null
  otherInNo?: string
  otherOutNo?: string
}

export default function StocktakeEntry() {
  const { t } = useTranslation('warehouse')
  const { token } = theme.useToken()
  const qc = useQueryClient()
  const navigate = useNavigate()
  const tab = useTabRoute()
  const user = useSession((s) => s.user)
  const perm = (a: string) => can(`${PERM}:${a}`, user)
  const Q = Number(useScreenParams().data?.qtyPlaces ?? 2)
  const warehouses = useCache('warehouses')
  const goods = useCache<CachedGoods & { id: number }>('goods')
  const index = useMemo(() => new GoodsIndex(goods.list), [goods.list])
  const [head, setHead] = useState<Head>({ date: dayjs().format('YYYY-MM-DD'), description: '', showZero: false, generated: false })
  const [rows, setRows] = useState<SheetRow[]>([])
  const [counts, setCounts] = useState<Counts>({})
  const [busy, setBusy] = useState('')
  const [scanText, setScanText] = useState('')
  const [lastScan, setLastScan] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [page, setPage] = useState(1)
  const fileRef = useRef<HTMLInputElement>(null)
  /** the entries as last saved: generating saves first when the counts changed since */
  const savedCounts = useRef('')
  const readOnly = head.generated || (!!head.id && !perm('update')) || (!head.id && !perm('add'))

  const fromCount = (c: Count) => {
    setHead((h) => ({
      ...h,
      id: c.id,
      version: c.version,
      locationId: c.locationId,
      date: c.date,
      description: c.description,
      generated: c.generated === 1,
      otherInId: c.otherInId || null,
      otherOutId: c.otherOutId || null,
      otherInNo: c.otherInNo,
      otherOutNo: c.otherOutNo,
    }))
    const rs: SheetRow[] = c.entries.map((e) => ({
      invId: e.invId,
      invNumber: e.invNumber,
      invName: e.invName,
      skuId: e.skuId,
      batch: e.batch,
      qty: e.qty,
    }))
    const cs: Counts = Object.fromEntries(c.entries.map((e) => [rowKey(e), String(e.countQty)]))
    setRows(rs)
    setCounts(cs)
    savedCounts.current = JSON.stringify(entriesOf(rs, cs))
    setErrors({})
  }

  // a saved count (?id=), once
  useEffect(() => {
    const id = Number(tab.query.get('id') || 0)
    if (id) void stocktakeApi.get(id).then(fromCount, () => undefined)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const sheetParams = () => ({
    locationId: head.locationId ?? 0,
    catId: head.catId,
    showZero: head.showZero ? 1 : undefined,
    date: head.date || undefined,
  })

  const loadSheet = async () => {
    if (!head.locationId) {
      setErrors({ locationId: t('stocktake.needLocation') })
      return
    }
    setBusy('sheet')
    try {
      const r = await stocktakeApi.sheet(sheetParams())
      setRows(r.rows)
      setCounts({})
      setPage(1)
      setErrors({})
    } finally {
      setBusy('')
    }
  }

  const onScan = () => {
    const text = scanText.trim()
    if (!text) return
    const hit = index.exact(text)
    if (!hit) {
      feedback.message.error(t('stocktake.noGoods', { text }))
      return
    }
    const r = scan(rows, counts, hit)
    setRows(r.rows)
    setCounts(r.counts)
    setLastScan(r.key)
    setScanText('')
    const at = r.rows.findIndex((x) => rowKey(x) === r.key)
    setPage(Math.floor(at / 50) + 1)
  }

  const save = async () => {
    if (!head.locationId) {
      setErrors({ locationId: t('stocktake.needLocation') })
      return null
    }
    const entries = entriesOf(rows, counts)
    if (!entries.length) {
      feedback.message.error(t('stocktake.nothingCounted'))
      return null
    }
    setBusy('save')
    try {
      const c = await stocktakeApi.save({
        id: head.id,
        version: head.version,
        date: head.date,
        locationId: head.locationId,
        description: head.description.trim(),
        entries,
      })
      fromCount(c)
      feedback.message.success(t('stocktake.saved'))
      void qc.invalidateQueries({ queryKey: stocktakeKeys.all })
      return c
    } catch (e) {
      const err = e as ApiError
      setErrors(err.errors ?? {})
      feedback.message.error(err.message)
      return null
    } finally {
      setBusy('')
    }
  }

  const generate = async () => {
    const c = head.id && !dirtyCounts() ? { id: head.id } : await save()
    if (!c) return
    setBusy('generate')
    try {
      const r = await stocktakeApi.generate(c.id)
      feedback.message.success(t('stocktake.generated'))
      void invalidateAfterDocument(qc)
      void qc.invalidateQueries({ queryKey: stocktakeKeys.all })
      fromCount(await stocktakeApi.get(c.id))
      // the generated drafts open in their tabs
      if (r.otherIn) navigate(entryPath(docKinds.otherIn, r.otherIn))
      if (r.otherOut) navigate(entryPath(docKinds.otherOut, r.otherOut))
    } catch (e) {
      feedback.message.error((e as Error).message)
    } finally {
      setBusy('')
    }
  }

  const dirtyCounts = () => JSON.stringify(entriesOf(rows, counts)) !== savedCounts.current

  const onImport = async (file: File) => {
    setBusy('import')
    try {
      const entries = await stocktakeApi.importCounts(file)
      const m = mergeImport(rows, counts, entries, (id) => {
        const g = goods.byId.get(id)
        return { invNumber: g?.number, invName: g?.name, invSpec: String(g?.spec ?? '') }
      })
      setRows(m.rows)
      setCounts(m.counts)
      feedback.message.success(t('stocktake.imported', { count: entries.length }))
    } catch (e) {
      const err = e as ApiError
      feedback.message.error(Object.values(err.errors ?? {})[0] ?? err.message)
    } finally {
      setBusy('')
    }
  }

  const columns: TableProps<SheetRow>['columns'] = [
    { key: 'invNumber', dataIndex: 'invNumber', title: t('stock.invNumber'), width: 120 },
    { key: 'invName', dataIndex: 'invName', title: t('stock.invName') },
    { key: 'skuName', dataIndex: 'skuName', title: t('stocktake.sku'), width: 100 },
    { key: 'batch', dataIndex: 'batch', title: t('stocktake.batch'), width: 100 },
    { key: 'unit', dataIndex: 'unit', title: t('stocktake.unit'), width: 70 },
    { key: 'qty', dataIndex: 'qty', title: t('stocktake.book'), align: 'right', width: 110, render: (v: string) => format(v, Q) },
    {
      key: 'count',
      title: t('stocktake.counted'),
      width: 130,
      render: (_: unknown, r: SheetRow) => {
        const k = rowKey(r)
        const i = rows.indexOf(r)
        return (
          <Input
            size="small"
            inputMode="decimal"
            disabled={readOnly}
            value={counts[k] ?? ''}
            status={errors[`entries[${entriesOf(rows, counts).findIndex((e) => rowKey(e) === k)}].countQty`] ? 'error' : undefined}
            onChange={(e) => setCounts((c) => ({ ...c, [k]: e.target.value.trim() }))}
            data-testid={`stocktake-count-${i}`}
            style={{ textAlign: 'right' }}
          />
        )
      },
    },
    {
      key: 'diff',
      title: t('stocktake.diff'),
      align: 'right',
      width: 110,
      render: (_: unknown, r: SheetRow) => {
        const k = rowKey(r)
        const sign = diffSign(r.qty, counts[k])
        const d = difference(r.qty, counts[k])
        return (
          <span
            data-testid={`stocktake-diff-${rows.indexOf(r)}`}
            data-sign={sign}
            style={{ color: sign < 0 ? token.colorError : sign > 0 ? token.colorSuccess : undefined, fontWeight: sign ? 600 : undefined }}
          >
            {d === '' ? '' : format(d, Q)}
          </span>
        )
      },
    },
  ]
  const whOptions = pickOptions(warehouses.list, (w) => String(w.name ?? w.id))
  const counted = entriesOf(rows, counts)
  const differing = counted.filter((e) => diffSign(rows.find((r) => rowKey(r) === rowKey(e))?.qty ?? '0', e.countQty) !== 0).length

  return (
    <Card data-view="warehouse/stocktake_detail" data-testid="stocktake-entry" styles={{ body: { padding: token.paddingMD } }}>
      <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: token.marginSM }}>
        <Space wrap>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('stocktake.title')}
          </Typography.Title>
          <Tag color={head.generated ? 'success' : undefined} data-testid="stocktake-status">
            {t(head.generated ? 'stocktake.state.generated' : head.id ? 'stocktake.state.saved' : 'stocktake.state.new')}
          </Tag>
        </Space>
        <Space wrap>
          {!readOnly && (
            <Button type="primary" loading={busy === 'save'} disabled={!!busy} onClick={() => void save()} data-testid="stocktake-save">
              {t('stocktake.save')}
            </Button>
          )}
          {!head.generated && perm('check') && (
            <Button
              loading={busy === 'generate'}
              disabled={!!busy || !counted.length}
              onClick={() => void generate()}
              data-testid="stocktake-generate"
            >
              {t('stocktake.generate')}
            </Button>
          )}
          {perm('export') && (
            <Button
              disabled={!head.locationId}
              onClick={() => void stocktakeApi.exportSheet(sheetParams(), t('stocktake.file'))}
              data-testid="stocktake-export"
            >
              {t('stocktake.export')}
            </Button>
          )}
          {!readOnly && (
            <>
              <Button loading={busy === 'import'} disabled={!!busy} onClick={() => fileRef.current?.click()} data-testid="stocktake-import">
                {t('stocktake.import')}
              </Button>
              <input
                ref={fileRef}
                type="file"
                accept=".xlsx"
                hidden
                onChange={(e) => {
                  const f = e.target.files?.[0]
                  e.target.value = ''
                  if (f) void onImport(f)
                }}
              />
            </>
          )}
        </Space>
      </Flex>
      {head.generated && (
        <Alert
          type="success"
          style={{ marginBottom: token.marginSM }}
          data-testid="stocktake-results"
          message={
            <Space wrap>
              {t('stocktake.results')}
              {head.otherInId && (
                <a onClick={() => navigate(entryPath(docKinds.otherIn, head.otherInId!))}>{head.otherInNo || head.otherInId}</a>
              )}
              {head.otherOutId && (
                <a onClick={() => navigate(entryPath(docKinds.otherOut, head.otherOutId!))}>{head.otherOutNo || head.otherOutId}</a>
              )}
            </Space>
          }
        />
      )}
      <Form layout="vertical" disabled={readOnly} data-testid="stocktake-header">
        <Row gutter={token.marginSM}>
          <Col xs={12} md={4}>
            <Form.Item
              label={t('stock.location')}
              required
              validateStatus={errors.locationId ? 'error' : undefined}
              help={errors.locationId}
            >
              <Select
                showSearch={{ filterOption: pickFilter }}
                value={head.locationId}
                options={whOptions}
                disabled={!!head.id}
                onChange={(v) => setHead((h) => ({ ...h, locationId: v }))}
                data-testid="stocktake-location"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item label={t('stock.category')}>
              <CategoryTreeSelect typeNumber="trade" allowClear value={head.catId} onChange={(v) => setHead((h) => ({ ...h, catId: v }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={3}>
            <Form.Item label={t('stocktake.date')} validateStatus={errors.date ? 'error' : undefined} help={errors.date}>
              <DatePicker
                style={{ width: '100%' }}
                allowClear={false}
                value={head.date ? dayjs(head.date) : null}
                onChange={(d) => setHead((h) => ({ ...h, date: d ? d.format('YYYY-MM-DD') : '' }))}
                data-testid="stocktake-date"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={3}>
            <Form.Item label=" ">
              <Checkbox checked={head.showZero} onChange={(e) => setHead((h) => ({ ...h, showZero: e.target.checked }))}>
                {t('stocktake.showZero')}
              </Checkbox>
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item
              label={t('stocktake.description')}
              validateStatus={errors.description ? 'error' : undefined}
              help={errors.description}
            >
              <Input
                value={head.description}
                maxLength={500}
                onChange={(e) => setHead((h) => ({ ...h, description: e.target.value }))}
                data-testid="stocktake-description"
              />
            </Form.Item>
          </Col>
        </Row>
        {!readOnly && (
          <Row gutter={token.marginSM}>
            <Col xs={24} md={10}>
              <Space.Compact style={{ width: '100%' }}>
                <Button
                  loading={busy === 'sheet'}
                  disabled={!!busy || !!head.id}
                  onClick={() => void loadSheet()}
                  data-testid="stocktake-load"
                >
                  {t('stocktake.load')}
                </Button>
                <Input
                  placeholder={t('stocktake.scan')}
                  value={scanText}
                  onChange={(e) => setScanText(e.target.value)}
                  onPressEnter={onScan}
                  data-testid="stocktake-scan"
                />
              </Space.Compact>
            </Col>
            <Col xs={24} md={6}>
              <Button disabled={!rows.length} onClick={() => setCounts((c) => fillBook(rows, c))} data-testid="stocktake-fill">
                {t('stocktake.fill')}
              </Button>
            </Col>
          </Row>
        )}
      </Form>
      <div style={{ height: token.marginSM }} />
      <Table<SheetRow>
        size="small"
        rowKey={rowKey}
        dataSource={rows}
        columns={columns}
        pagination={{ current: page, pageSize: 50, onChange: setPage, showSizeChanger: false }}
        rowClassName={(r) => (rowKey(r) === lastScan ? 'stocktake-last-scan' : '')}
        onRow={(r) => (rowKey(r) === lastScan ? { style: { background: token.controlItemBgActive } } : {})}
        data-testid="stocktake-sheet"
      />
      <Typography.Text type="secondary" data-testid="stocktake-summary">
        {t('stocktake.summary', { rows: rows.length, counted: counted.length, differing })}
      </Typography.Text>
      {errors.entries && (
        <div>
          <Typography.Text type="danger">{errors.entries}</Typography.Text>
        </div>
      )}
    </Card>
  )
}
