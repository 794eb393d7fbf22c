// Opening balances (settings/opening): the opening stock per goods ×
// warehouse, the opening receivables/payables and advances per contact and
// the opening balance per settlement account, at the system start date;
// the totals show the opening position. Each kind imports from Excel (the
// template holds today's figures). Goods managed by batch take a batch
// (and its dates) per line, goods managed by serial number their serials,
// one a line of the dialog's text (the count is the quantity). Once a
// period is closed the server refuses every change and the screen says so.
// Figures need their money right (the server leaves them out otherwise):
// no stock value or unit cost without the cost right, no customers' or
// suppliers' tab without the sales or purchase right, the net position
// only with all three.
import '@/features/settings/catalogue'
import { useState } from 'react'
import { Alert, Button, Card, Col, Form, Input, InputNumber, Modal, Row, Select, Space, Statistic, Table, Tabs, Typography } from 'antd'
import { EditOutlined, ImportOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { Auth } from '@/components/Auth'
import type { CachedGoods } from '@/components/DocGrid/lib/goodsSearch'
import { useSystemInfo } from '@/features/auth/api'
import { useCache } from '@/features/cache/api'
import { MasterImportDialog } from '@/features/master/components/MasterImportDialog'
import { submitWithFieldErrors } from '@/features/profile/lib/submitWithFieldErrors'
import { format, mul, round } from '@/utils/decimal'
import { COST_RIGHT, GOODS_MONEY, PURCHASE_RIGHT, SALES_RIGHT, moneyColumns, seesMoney } from '@/stores/money'
import { can } from '@/stores/permission'
import { useSession } from '@/stores/session'
import {
  openingTemplate,
  useImportOpening,
  useOpeningList,
  useOpeningSummary,
  useSaveOpeningAccount,
  useSaveOpeningContact,
  useSaveOpeningStock,
} from '../api'
import type { OpeningAccountRow, OpeningContactRow, OpeningKind, OpeningStockInput, OpeningStockRow } from '../types'

const PERM = 'settings:opening:update'

function usePlaces() {
  const { data: info } = useSystemInfo()
  return { qty: info?.qtyPlaces ?? 2, price: info?.pricePlaces ?? 2, amount: info?.amountPlaces ?? 2 }
}

export default function OpeningBalances() {
  const { t } = useTranslation('settings')
  const { data: sum, isLoading } = useOpeningSummary()
  const places = usePlaces()
  const [tab, setTab] = useState<OpeningKind>('stock')
  const locked = !!sum?.locked
  const money = (v: number | string | undefined) => format(v ?? 0, places.amount)
  const user = useSession((st) => st.user)
  const summaryMoney = {
    stockAmount: COST_RIGHT,
    receivable: SALES_RIGHT,
    advanceReceived: SALES_RIGHT,
    payable: PURCHASE_RIGHT,
    advancePaid: PURCHASE_RIGHT,
  }
  const figures = (
    [
      ['stockAmount', sum?.stockAmount],
      ['receivable', sum?.receivable],
      ['advancePaid', sum?.advancePaid],
      ['accounts', sum?.accounts],
      ['payable', sum?.payable],
      ['advanceReceived', sum?.advanceReceived],
    ] as [string, number | string | undefined][]
  ).filter(([k]) => seesMoney(summaryMoney, k, user))
  const net = [COST_RIGHT, SALES_RIGHT, PURCHASE_RIGHT].every((r) => can(r, user))
  const kinds = (['stock', 'customer', 'supplier', 'account'] as OpeningKind[]).filter(
    (k) => (k !== 'customer' || can(SALES_RIGHT, user)) && (k !== 'supplier' || can(PURCHASE_RIGHT, user)),
  )
  return (
    <Card
      data-view="settings/opening"
      data-testid="opening-view"
      title={t('opening.title')}
      loading={isLoading}
      extra={<Typography.Text type="secondary">{t('opening.startDate', { date: sum?.startDate ?? '' })}</Typography.Text>}
    >
      {locked && (
        <Alert
          type="warning"
          showIcon
          icon={<LockOutlined />}
          message={t('opening.locked', { date: sum?.closeDate })}
          style={{ marginBottom: 16 }}
          data-testid="opening-locked"
        />
      )}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {figures.map(([k, v]) => (
          <Col key={k} xs={12} md={8} xl={3}>
            <Statistic title={t(`opening.sum.${k}`)} value={money(v)} data-testid={`opening-sum-${k}`} />
          </Col>
        ))}
        {net && (
          <Col xs={24} md={8} xl={6}>
            <Statistic title={t('opening.sum.net')} value={money(sum?.net)} valueStyle={{ fontWeight: 600 }} data-testid="opening-net" />
            <Typography.Text type="secondary">{t('opening.sum.netHint')}</Typography.Text>
          </Col>
        )}
      </Row>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as OpeningKind)}
        items={kinds.map((k) => ({
          key: k,
          label: <span data-testid={`opening-tab-${k}`}>{t(`opening.tabs.${k}`)}</span>,
          children: tab === k ? <KindPane kind={k} locked={locked} /> : null,
        }))}
      />
    </Card>
  )
}

function KindPane({ kind, locked }: { kind: OpeningKind; locked: boolean }) {
  const { t } = useTranslation('settings')
  const places = usePlaces()
  const [page, setPage] = useState({ page: 1, rows: 20, matchCon: '' })
  const list = useOpeningList(kind, page)
  const [editing, setEditing] = useState<Record<string, unknown> | null>(null)
  const [importing, setImporting] = useState(false)
  const importer = useImportOpening()
  const qty = (v: unknown) => format(v as string, places.qty)
  const money = (v: unknown) => format(v as string, places.amount)
  const price = (v: unknown) => format(v as string, places.price)
  const user = useSession((st) => st.user)
  const cost = seesMoney(GOODS_MONEY, 'unitCost', user)
  const edit = (r: object) => (
    <Auth perm={PERM}>
      <Button
        size="small"
        icon={<EditOutlined />}
        disabled={locked}
        onClick={() => setEditing(r as Record<string, unknown>)}
        data-testid="opening-edit"
      >
        {t('edit')}
      </Button>
    </Auth>
  )
  const contactCols = [
    { title: t('opening.col.number'), dataIndex: 'number' },
    { title: t('opening.col.name'), dataIndex: 'name' },
    { title: t(`opening.col.${kind}Amount`), dataIndex: 'amount', align: 'right' as const, render: money },
    { title: t(`opening.col.${kind}Advance`), dataIndex: 'periodMoney', align: 'right' as const, render: money },
    { title: t('actions'), key: 'a', render: (_: unknown, r: OpeningContactRow) => edit(r) },
  ]
  const columns =
    kind === 'stock'
      ? [
          { title: t('opening.col.invNumber'), dataIndex: 'invNumber' },
          {
            title: t('opening.col.invName'),
            dataIndex: 'invName',
            render: (v: string, r: OpeningStockRow) => (
              <>
                {r.skuName ? `${v} (${r.skuName})` : v}
                {r.batch && (
                  <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="opening-batch">
                    {t('opening.batchOf', { batch: r.batch })}
                    {r.validDate ? ` · ${t('opening.validTo', { date: r.validDate })}` : ''}
                  </Typography.Text>
                )}
                {r.serNumList?.length > 0 && (
                  <Typography.Text type="secondary" style={{ display: 'block' }} ellipsis={{ tooltip: true }} data-testid="opening-serials">
                    {t('opening.serialsOf', { list: r.serNumList.map((s) => s.serNum).join(', ') })}
                  </Typography.Text>
                )}
              </>
            ),
          },
          { title: t('opening.col.location'), dataIndex: 'locationName' },
          { title: t('opening.col.unit'), dataIndex: 'unitName' },
          { title: t('opening.col.qty'), dataIndex: 'qty', align: 'right' as const, render: qty },
          ...moneyColumns(
            [
              { title: t('opening.col.unitCost'), dataIndex: 'unitCost', align: 'right' as const, render: price },
              { title: t('opening.col.amount'), dataIndex: 'amount', align: 'right' as const, render: money },
            ],
            GOODS_MONEY,
            user,
          ),
          { title: t('actions'), key: 'a', render: (_: unknown, r: OpeningStockRow) => edit(r) },
        ]
      : kind === 'account'
        ? [
            { title: t('opening.col.number'), dataIndex: 'number' },
            { title: t('opening.col.name'), dataIndex: 'name' },
            { title: t('opening.col.balance'), dataIndex: 'amount', align: 'right' as const, render: money },
            { title: t('actions'), key: 'a', render: (_: unknown, r: OpeningAccountRow) => edit(r) },
          ]
        : contactCols
  const totals = list.data?.userdata ?? {}
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('opening.search')}
          onSearch={(v) => setPage({ ...page, page: 1, matchCon: v.trim() })}
          style={{ width: 240 }}
          data-testid="opening-search"
        />
        {kind === 'stock' && (
          <Auth perm={PERM}>
            <Button type="primary" icon={<PlusOutlined />} disabled={locked} onClick={() => setEditing({})} data-testid="opening-add">
              {t('opening.addStock')}
            </Button>
          </Auth>
        )}
        <Auth perm={PERM}>
          <Button icon={<ImportOutlined />} disabled={locked} onClick={() => setImporting(true)} data-testid="opening-import">
            {t('opening.import')}
          </Button>
        </Auth>
      </Space>
      <Table<Record<string, unknown>>
        size="small"
        rowKey="id"
        data-testid={`opening-table-${kind}`}
        loading={list.isLoading}
        dataSource={(list.data?.rows ?? []) as unknown as Record<string, unknown>[]}
        columns={columns as never}
        pagination={{
          current: page.page,
          pageSize: page.rows,
          total: list.data?.records ?? 0,
          onChange: (p, rows) => setPage({ ...page, page: p, rows }),
        }}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={kind === 'stock' ? 4 : 2}>
              <span data-testid="opening-total-label">{t('opening.total')}</span>
            </Table.Summary.Cell>
            {kind === 'stock' && (
              <>
                <Table.Summary.Cell index={4} align="right">
                  {qty(totals.qty ?? 0)}
                </Table.Summary.Cell>
                {cost && <Table.Summary.Cell index={5} />}
              </>
            )}
            {(kind !== 'stock' || cost) && (
              <Table.Summary.Cell index={6} align="right">
                <span data-testid="opening-total">{money(totals.amount ?? 0)}</span>
              </Table.Summary.Cell>
            )}
            {kind !== 'stock' && kind !== 'account' && (
              <Table.Summary.Cell index={7} align="right">
                {money(totals.periodMoney ?? 0)}
              </Table.Summary.Cell>
            )}
            <Table.Summary.Cell index={8} />
          </Table.Summary.Row>
        )}
      />
      {editing &&
        (kind === 'stock' ? (
          <StockDialog row={editing as unknown as OpeningStockRow | Record<string, never>} onClose={() => setEditing(null)} />
        ) : (
          <AmountDialog kind={kind} row={editing as unknown as OpeningContactRow} onClose={() => setEditing(null)} />
        ))}
      <MasterImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        title={t(`opening.tabs.${kind}`)}
        params={{ kind }}
        template={(name) => openingTemplate(kind, name)}
        mutation={importer}
      />
    </>
  )
}

/** The dialog's values: the serials as text, one a line. */
type StockValues = Omit<OpeningStockInput, 'serNumList'> & { serNumList?: string }

/** serialLines are the serial numbers of the dialog's text, one a line. */
function serialLines(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((x) => x.trim())
    .filter(Boolean)
}

function StockDialog({ row, onClose }: { row: Partial<OpeningStockRow>; onClose: () => void }) {
  const { t } = useTranslation('settings')
  const places = usePlaces()
  const { data: info } = useSystemInfo()
  const [form] = Form.useForm<StockValues>()
  const save = useSaveOpeningStock()
  const goods = useCache<CachedGoods & { id: number }>('goods')
  const warehouses = useCache<{ id: number; name: string; disable?: number }>('warehouses')
  const editing = !!row.invId
  const invId = Form.useWatch('invId', form)
  const values = Form.useWatch([], form) as StockValues | undefined
  const g = goods.byId.get(Number(invId))
  const skus = g?.skus ?? []
  const serials = Number(info?.ISSERNUM) === 1 && Number(g?.isSerNum) === 1
  const batches = Number(info?.ISWARRANTY) === 1 && Number(g?.isWarranty) === 1
  const amount = values?.qty !== undefined && values?.qty !== null ? round(mul(values.qty ?? 0, values.unitCost ?? 0), places.amount) : ''
  const [busy, setBusy] = useState(false)
  const cost = seesMoney(
    GOODS_MONEY,
    'unitCost',
    useSession((st) => st.user),
  )
  const submit = async (v: StockValues) => {
    setBusy(true)
    const body: OpeningStockInput = {
      ...v,
      skuId: v.skuId ?? 0,
      batch: batches ? (v.batch ?? '') : '',
      prodDate: batches ? (v.prodDate ?? '') : '',
      validDate: batches ? (v.validDate ?? '') : '',
      serNumList: serials ? serialLines(v.serNumList).map((serNum) => ({ serNum })) : [],
    }
    const ok = await submitWithFieldErrors(form, () => save.mutateAsync(body))
    setBusy(false)
    if (ok) {
      feedback.message.success(t('saved'))
      onClose()
    }
  }
  return (
    <Modal
      open
      title={t(editing ? 'opening.editStock' : 'opening.addStock')}
      onCancel={onClose}
      okText={t('save')}
      okButtonProps={{ loading: busy, 'data-testid': 'opening-save' } as never}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<StockValues>
        form={form}
        layout="vertical"
        data-testid="opening-stock-dialog"
        initialValues={{
          invId: row.invId,
          locationId: row.locationId,
          skuId: row.skuId || undefined,
          qty: row.qty,
          unitCost: row.unitCost,
          batch: row.batch ?? '',
          prodDate: row.prodDate ?? '',
          validDate: row.validDate ?? '',
          serNumList: (row.serNumList ?? []).map((s) => s.serNum).join('\n'),
        }}
        onFinish={submit}
      >
        <Form.Item name="invId" label={t('opening.col.invName')}>
          <Select
            showSearch
            disabled={editing}
            optionFilterProp="label"
            data-testid="opening-goods"
            options={goods.list.map((g) => ({ value: g.id, label: `${g.number} ${g.name}` }))}
          />
        </Form.Item>
        {skus.length > 0 && (
          <Form.Item name="skuId" label={t('opening.col.sku')}>
            <Select disabled={editing} options={skus.map((s) => ({ value: s.id, label: s.skuName }))} data-testid="opening-sku" />
          </Form.Item>
        )}
        <Form.Item name="locationId" label={t('opening.col.location')}>
          <Select
            disabled={editing}
            data-testid="opening-location"
            options={warehouses.list.filter((w) => !w.disable).map((w) => ({ value: w.id, label: w.name }))}
          />
        </Form.Item>
        {batches && (
          <Space.Compact block>
            <Form.Item name="batch" label={t('opening.col.batch')} style={{ flex: 1 }}>
              <Input disabled={editing && !!row.batch} maxLength={64} data-testid="opening-batch-input" />
            </Form.Item>
            <Form.Item name="prodDate" label={t('opening.col.prodDate')} style={{ flex: 1 }}>
              <Input placeholder="YYYY-MM-DD" maxLength={10} data-testid="opening-prodDate" />
            </Form.Item>
            <Form.Item name="validDate" label={t('opening.col.validDate')} extra={t('opening.validFromShelfLife')} style={{ flex: 1 }}>
              <Input placeholder="YYYY-MM-DD" maxLength={10} data-testid="opening-validDate" />
            </Form.Item>
          </Space.Compact>
        )}
        {serials && (
          <Form.Item
            name="serNumList"
            label={t('opening.col.serials')}
            extra={t('opening.serialsHelp', { count: serialLines(values?.serNumList).length })}
          >
            <Input.TextArea
              rows={5}
              data-testid="opening-serials-input"
              onChange={(e) => form.setFieldValue('qty', String(serialLines(e.target.value).length))}
            />
          </Form.Item>
        )}
        <Form.Item name="qty" label={t('opening.col.qty')} extra={t('opening.zeroRemoves')}>
          <InputNumber<string> stringMode min="0" style={{ width: '100%' }} disabled={serials} data-testid="opening-qty" />
        </Form.Item>
        {cost && (
          <>
            <Form.Item name="unitCost" label={t('opening.col.unitCost')}>
              <InputNumber<string> stringMode min="0" style={{ width: '100%' }} data-testid="opening-unitCost" />
            </Form.Item>
            <Form.Item label={t('opening.col.amount')}>
              <Typography.Text strong data-testid="opening-amount">
                {amount === '' ? '' : format(amount, places.amount)}
              </Typography.Text>
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  )
}

function AmountDialog({ kind, row, onClose }: { kind: OpeningKind; row: OpeningContactRow; onClose: () => void }) {
  const { t } = useTranslation('settings')
  const [form] = Form.useForm<{ amount: string; periodMoney: string }>()
  const saveContact = useSaveOpeningContact()
  const saveAccount = useSaveOpeningAccount()
  const [busy, setBusy] = useState(false)
  const submit = async (v: { amount: string; periodMoney: string }) => {
    setBusy(true)
    const ok = await submitWithFieldErrors(form, () =>
      kind === 'account'
        ? saveAccount.mutateAsync({ id: row.id, amount: v.amount ?? 0 })
        : saveContact.mutateAsync({ id: row.id, amount: v.amount ?? 0, periodMoney: v.periodMoney ?? 0 }),
    )
    setBusy(false)
    if (ok) {
      feedback.message.success(t('saved'))
      onClose()
    }
  }
  return (
    <Modal
      open
      title={`${row.number} ${row.name}`}
      onCancel={onClose}
      okText={t('save')}
      okButtonProps={{ loading: busy, 'data-testid': 'opening-save' } as never}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ amount: row.amount, periodMoney: row.periodMoney }} onFinish={submit}>
        <Form.Item name="amount" label={t(kind === 'account' ? 'opening.col.balance' : `opening.col.${kind}Amount`)}>
          <InputNumber<string> stringMode min="0" style={{ width: '100%' }} data-testid="opening-amount-input" />
        </Form.Item>
        {kind !== 'account' && (
          <Form.Item name="periodMoney" label={t(`opening.col.${kind}Advance`)}>
            <InputNumber<string> stringMode min="0" style={{ width: '100%' }} data-testid="opening-advance-input" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  )
}
