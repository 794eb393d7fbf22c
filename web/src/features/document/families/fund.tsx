// The money family (docs/money.md): receipts and payments (the contact, the
// settlement lines and document discount, the contact's open documents
// with the money applied oldest first, the advance left), verification
// documents (the sub-type, one or two contacts, their open documents),
// other income and expense (an account, an optional contact, item lines)
// and fund transfers (account to account lines). No goods grid: the body
// takes its place on the entry page.
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Col, DatePicker, Flex, Form, Input, Row, Select, Space, Statistic, Table, Tooltip, Typography, theme } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { api } from '@/api/http'
import { add, cmp, format, mul } from '@/utils/decimal'
import { useCache } from '@/features/cache/api'
import { INCOME, EXPENSE } from '@/features/item/types'
import { AccountLines } from '../components/AccountLines'
import type { DocKind } from '../kinds'
import type { CheckLine, DocState, FundLine, FundState, UnsettledDoc } from '../types'
import {
  advanceShort,
  allocate,
  checkedOf,
  emptyFund,
  emptyFundLine,
  fundErrors,
  mergeUnsettled,
  moneyOf,
  preselectPending,
  reapply,
  sentChecks,
  sentLines,
  sidesOf,
  typeCheck,
  unsettledPath,
  usedAccounts,
} from '../lib/fund'
import { filter, options } from './options'
import { InventoryFooter } from './inventory'
import type { Family, FamilyPartProps } from './types'
import '@/features/fund/catalogue'

const fundOf = (st: DocState): FundState => st.fund ?? emptyFund()

/** The money a document applies over its checks: a receipt's accounts + discount, a verification's typed amount. */
const moneyFor = (k: DocKind, st: DocState) => (k.fund === 'settle' ? moneyOf(st) : fundOf(st).amount)

/** The state with its checks applied again (after the money changed). */
function withAllocation(k: DocKind, st: DocState): DocState {
  const f = fundOf(st)
  const money = moneyFor(k, st)
  return { ...st, fund: { ...f, checks: allocate(f.checks, money), toChecks: allocate(f.toChecks, money) } }
}

/** The contact's open documents (audited, money open, oldest first). */
function useUnsettled(contact: 'customer' | 'supplier', buId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['documents', 'unsettled', contact, buId ?? 0],
    queryFn: () => api.get<{ items: UnsettledDoc[]; advance?: string | number }>(unsettledPath(contact), { params: { buId } }),
    enabled: enabled && !!buId,
    staleTime: 0,
  })
}

function FundHeader({ kind, state, readOnly, setHeader, edit, fieldErr, onContact }: FamilyPartProps) {
  const { t } = useTranslation(['fund', 'document'])
  const { token } = theme.useToken()
  const h = state.header
  const f = fundOf(state)
  const tt = h.transType ?? kind.transTypes?.[0]
  const sd = sidesOf(kind, tt)
  const customers = useCache('customers')
  const suppliers = useCache('suppliers')
  const accounts = useCache('accounts')
  const listOf = (c: 'customer' | 'supplier') => (c === 'customer' ? customers.list : suppliers.list)
  const contactOptions = useMemo(
    () => (kind.fund === 'items' ? options([...customers.list, ...suppliers.list]) : options(listOf(sd.contact))),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [kind.fund, sd.contact, customers.list, suppliers.list],
  )
  const toOptions = useMemo(
    () => (sd.to ? options(listOf(sd.to)) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sd.to, customers.list, suppliers.list],
  )
  const accOptions = useMemo(() => options(accounts.list), [accounts.list])
  const setFund = (patch: Partial<FundState>) => edit((s) => ({ ...s, fund: { ...fundOf(s), ...patch } }))
  return (
    <Form layout="vertical" disabled={readOnly} data-testid="doc-header">
      <Row gutter={token.marginSM}>
        {kind.transTypes && (
          <Col xs={24} sm={12} md={5}>
            <Form.Item label={t('field.transType')} {...fieldErr('transType')}>
              <Select
                value={tt}
                options={kind.transTypes.map((v) => ({ value: v, label: t(`transType.${v}`) }))}
                onChange={(v) =>
                  // another sub-type settles other documents: the contacts and checks start again
                  edit((s) => ({
                    ...s,
                    header: { ...s.header, transType: v, buId: undefined, contactName: undefined },
                    fund: { ...fundOf(s), checks: [], checksFor: undefined, toBuId: undefined, toChecks: [], toChecksFor: undefined },
                  }))
                }
                data-testid="doc-transtype"
              />
            </Form.Item>
          </Col>
        )}
        {kind.fund === 'items' && (
          <Col xs={24} sm={12} md={5}>
            <Form.Item label={t('field.account')} required {...fieldErr('accId')}>
              <Select
                showSearch={{ filterOption: filter }}
                allowClear
                value={f.accId}
                options={accOptions}
                onChange={(v) => setFund({ accId: v })}
                placeholder={t('document:pick')}
                data-testid="doc-account"
              />
            </Form.Item>
          </Col>
        )}
        {kind.fund !== 'transfer' && (
          <Col xs={24} sm={12} md={6}>
            <Form.Item
              label={kind.fund === 'items' ? t('field.contactAny') : t(`document:contact.${sd.contact}`)}
              required={kind.contactRequired}
              {...fieldErr('buId')}
            >
              <Select
                showSearch={{ filterOption: filter }}
                allowClear
                value={h.buId}
                options={contactOptions}
                onChange={(v) => onContact(v)}
                placeholder={t('document:pick')}
                data-testid="doc-contact"
              />
            </Form.Item>
          </Col>
        )}
        {sd.to && (
          <Col xs={24} sm={12} md={6}>
            <Form.Item label={t('field.toContact')} required {...fieldErr('toBuId')}>
              <Select
                showSearch={{ filterOption: filter }}
                allowClear
                value={f.toBuId}
                options={toOptions}
                onChange={(v) => setFund({ toBuId: v })}
                placeholder={t('document:pick')}
                data-testid="doc-to-contact"
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={12} sm={6} md={3}>
          <Form.Item label={t('document:field.date')} required {...fieldErr('date')}>
            <DatePicker
              style={{ width: '100%' }}
              allowClear={false}
              value={h.date ? dayjs(h.date) : null}
              onChange={(d) => setHeader({ date: d ? d.format('YYYY-MM-DD') : '' })}
              data-testid="doc-date"
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} md={4}>
          <Form.Item label={t('document:field.billNo')} {...fieldErr('billNo')}>
            <Input value={h.billNo} readOnly placeholder={t('document:autoNumber')} data-testid="doc-billno" />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  )
}

interface ChecksProps {
  /** which list: checks (the contact's) or toChecks (the other contact's) */
  which: 'checks' | 'toChecks'
  contact: 'customer' | 'supplier'
  buId: number | undefined
  title: string
  props: FamilyPartProps
}

/** The open documents of a contact with the amount settled now (editable). */
function Checks({ which, contact, buId, title, props }: ChecksProps) {
  const { t } = useTranslation(['fund', 'document'])
  const { token } = theme.useToken()
  const { kind, state, readOnly, edit, adjust, fieldErr, settings } = props
  const A = settings.amountPlaces
  const f = fundOf(state)
  const lines = f[which]
  const forKey = which === 'checks' ? 'checksFor' : 'toChecksFor'
  const shown = f[forKey] === buId ? lines : []
  const q = useUnsettled(contact, buId, !readOnly)
  // The contact's open documents arrive (or change): merged into the lines,
  // the money applied again. A saved document's lines are kept as saved.
  useEffect(() => {
    const open = q.data?.items
    if (!open || readOnly || !buId) return
    if (which === 'checks' && preselectPending(f.preselect, open, q.isFetching)) return
    const apply = (s: DocState): DocState => {
      const cur = fundOf(s)
      if (s.header.buId !== buId && which === 'checks') return s
      const same = cur[forKey] === buId
      const pre = which === 'checks' ? (cur.preselect ?? []) : []
      let merged = mergeUnsettled(same ? cur[which] : [], open, pre)
      // a saved document's lines stay as saved: what was not settled is not settled now either
      if (s.header.id) merged = merged.map((c) => ({ ...c, manual: true }))
      let accounts = s.accounts
      if (pre.length && kind.fund === 'settle' && !usedAccounts(accounts).length) {
        const sum = checkedOf(merged.filter((c) => pre.includes(c.billId)))
        accounts = accounts.map((a, i) => (i === 0 ? { ...a, payment: sum } : a))
      }
      const next = {
        ...s,
        accounts,
        fund: { ...cur, [which]: merged, [forKey]: buId, preselect: which === 'checks' ? undefined : cur.preselect },
      }
      return withAllocation(kind, next)
    }
    // the contact was just picked (the page is dirty already); a refresh of a shown list is not an edit
    if (f[forKey] === buId) adjust(apply)
    else edit(apply)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q.data, q.isFetching, buId, readOnly])

  const setNow = (billId: number, v: string) =>
    edit((s) => {
      const cur = fundOf(s)
      return { ...s, fund: { ...cur, [which]: typeCheck(cur[which], billId, v, moneyFor(kind, s)) } }
    })
  const again = () =>
    edit((s) => {
      const cur = fundOf(s)
      return { ...s, fund: { ...cur, [which]: reapply(cur[which], moneyFor(kind, s)) } }
    })
  const all = () =>
    edit((s) => {
      const cur = fundOf(s)
      return { ...s, fund: { ...cur, [which]: cur[which].map((c) => ({ ...c, nowCheck: c.notCheck, manual: true })) } }
    })
  const prefix = which === 'checks' ? 'check' : 'toCheck'
  const num = (v: string) => format(v, A)
  const err = fieldErr(which)
  return (
    <div style={{ marginTop: token.marginSM }} data-testid={`fund-${which}`}>
      <Flex justify="space-between" align="center" wrap>
        <Typography.Text strong>{title}</Typography.Text>
        {!readOnly && shown.length > 0 && (
          <Space>
            {kind.fund === 'verify' && (
              <Button size="small" onClick={all} data-testid={`fund-${which}-all`}>
                {t('checks.all')}
              </Button>
            )}
            <Tooltip title={t('checks.reapplyHint')}>
              <Button size="small" onClick={again} data-testid={`fund-${which}-reapply`}>
                {t('checks.reapply')}
              </Button>
            </Tooltip>
          </Space>
        )}
      </Flex>
      {err.help && (
        <Alert type="error" showIcon message={err.help} style={{ margin: `${token.marginXS}px 0` }} data-testid={`fund-${which}-error`} />
      )}
      <Table<CheckLine>
        size="small"
        rowKey="billId"
        pagination={false}
        loading={!readOnly && !!buId && q.isFetching && f[forKey] !== buId}
        dataSource={shown}
        scroll={{ y: 360 }}
        locale={{ emptyText: buId ? t('checks.none') : t('checks.pickContact') }}
        onRow={(r) => ({ 'data-testid': `fund-${prefix}-row-${r.billNo}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'billNo', dataIndex: 'billNo', title: t('checks.billNo') },
          { key: 'transType', dataIndex: 'transType', title: t('checks.transType'), render: (v: number) => t(`transType.${v}`) },
          { key: 'billDate', dataIndex: 'billDate', title: t('checks.billDate'), width: 110 },
          { key: 'billPrice', dataIndex: 'billPrice', title: t('checks.billPrice'), align: 'right', render: num },
          { key: 'hasCheck', dataIndex: 'hasCheck', title: t('checks.hasCheck'), align: 'right', render: num },
          { key: 'notCheck', dataIndex: 'notCheck', title: t('checks.notCheck'), align: 'right', render: num },
          {
            key: 'nowCheck',
            title: t('checks.nowCheck'),
            width: 160,
            render: (_: unknown, r: CheckLine) => {
              const e = fieldErr(`${prefix}:${r.billId}.nowCheck`)
              const be = fieldErr(`${prefix}:${r.billId}.billId`)
              return (
                <Form.Item style={{ margin: 0 }} {...(e.help ? e : be)}>
                  <Input
                    size="small"
                    inputMode="decimal"
                    disabled={readOnly}
                    value={r.nowCheck}
                    onChange={(ev) => setNow(r.billId, ev.target.value.trim())}
                    style={{ textAlign: 'right' }}
                    data-testid={`fund-${prefix}-now-${r.billNo}`}
                  />
                </Form.Item>
              )
            },
          },
        ]}
      />
    </div>
  )
}

/** Income and expense (item lines) and fund transfers (account to account lines). */
function FundLines({ kind, state, readOnly, edit, fieldErr, settings }: FamilyPartProps) {
  const { t } = useTranslation(['fund', 'document'])
  const { token } = theme.useToken()
  const items = useCache('items')
  const accounts = useCache('accounts')
  const ways = useCache('payMethods')
  const itemType = kind.name === 'expense' ? EXPENSE : INCOME
  const itemOptions = useMemo(() => options(items.list.filter((i) => Number(i.type) === itemType)), [items.list, itemType])
  const accOptions = useMemo(() => options(accounts.list), [accounts.list])
  const wayOptions = useMemo(() => options(ways.list), [ways.list])
  const f = fundOf(state)
  const setLine = (key: string, patch: Partial<FundLine>) =>
    edit((s) => ({ ...s, fund: { ...fundOf(s), lines: fundOf(s).lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) } }))
  const setLines = (g: (l: FundLine[]) => FundLine[]) => edit((s) => ({ ...s, fund: { ...fundOf(s), lines: g(fundOf(s).lines) } }))
  const cell = (l: FundLine, i: number, field: string, node: React.ReactNode) => (
    <Form.Item style={{ margin: 0 }} {...fieldErr(`line:${l.key}.${field}`)} data-testid={`fund-line-${i}-${field}-item`}>
      {node}
    </Form.Item>
  )
  const select = (l: FundLine, i: number, field: 'itemId' | 'outAccId' | 'inAccId' | 'wayId', opts: { value: number; label: string }[]) =>
    cell(
      l,
      i,
      field,
      <Select
        size="small"
        allowClear
        showSearch={{ filterOption: filter }}
        disabled={readOnly}
        style={{ width: '100%' }}
        value={l[field]}
        options={opts}
        onChange={(v) => setLine(l.key, { [field]: v })}
        data-testid={`fund-line-${i}-${field}`}
      />,
    )
  const text = (l: FundLine, i: number, field: 'amount' | 'settlement' | 'description') =>
    cell(
      l,
      i,
      field,
      <Input
        size="small"
        disabled={readOnly}
        inputMode={field === 'amount' ? 'decimal' : undefined}
        style={field === 'amount' ? { textAlign: 'right' } : undefined}
        value={l[field]}
        onChange={(e) => setLine(l.key, { [field]: field === 'amount' ? e.target.value.trim() : e.target.value })}
        data-testid={`fund-line-${i}-${field}`}
      />,
    )
  const transfer = kind.fund === 'transfer'
  const total = add(...sentLines(f.lines).map((l) => l.amount))
  const lineErr = fieldErr('lines')
  return (
    <div style={{ marginTop: token.marginSM }} data-testid="fund-lines">
      <Typography.Text strong>{t('lines.title')}</Typography.Text>
      {lineErr.help && <Alert type="error" showIcon message={lineErr.help} style={{ margin: `${token.marginXS}px 0` }} />}
      <Table<FundLine>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={f.lines}
        columns={[
          { key: 'no', title: '#', width: 40, render: (_: unknown, _l: FundLine, i: number) => i + 1 },
          ...(transfer
            ? [
                {
                  key: 'outAccId',
                  title: t('lines.outAcc'),
                  render: (_: unknown, l: FundLine, i: number) => select(l, i, 'outAccId', accOptions),
                },
                {
                  key: 'inAccId',
                  title: t('lines.inAcc'),
                  render: (_: unknown, l: FundLine, i: number) => select(l, i, 'inAccId', accOptions),
                },
              ]
            : [
                {
                  key: 'itemId',
                  title: t(kind.name === 'expense' ? 'lines.expenseItem' : 'lines.incomeItem'),
                  render: (_: unknown, l: FundLine, i: number) => select(l, i, 'itemId', itemOptions),
                },
              ]),
          { key: 'amount', title: t('lines.amount'), width: 140, render: (_: unknown, l: FundLine, i: number) => text(l, i, 'amount') },
          ...(transfer
            ? [
                { key: 'wayId', title: t('lines.way'), render: (_: unknown, l: FundLine, i: number) => select(l, i, 'wayId', wayOptions) },
                {
                  key: 'settlement',
                  title: t('lines.settlement'),
                  render: (_: unknown, l: FundLine, i: number) => text(l, i, 'settlement'),
                },
              ]
            : []),
          { key: 'description', title: t('lines.description'), render: (_: unknown, l: FundLine, i: number) => text(l, i, 'description') },
          {
            key: 'remove',
            width: 40,
            render: (_: unknown, l: FundLine, i: number) =>
              !readOnly && (
                <Tooltip title={t('lines.remove')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<DeleteOutlined />}
                    onClick={() => setLines((ls) => (ls.length > 1 ? ls.filter((x) => x.key !== l.key) : [emptyFundLine()]))}
                    data-testid={`fund-line-${i}-remove`}
                  />
                </Tooltip>
              ),
          },
        ]}
      />
      <Flex justify="space-between" style={{ marginTop: token.marginXS }}>
        {!readOnly ? (
          <Button
            type="dashed"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => setLines((ls) => [...ls, emptyFundLine()])}
            data-testid="fund-line-add"
          >
            {t('lines.add')}
          </Button>
        ) : (
          <span />
        )}
        <Statistic title={t('field.total')} value={format(total, settings.amountPlaces)} data-testid="fund-total" />
      </Flex>
    </div>
  )
}

/**
 * The advance the verification's contact holds now (the server's, with its
 * open documents): what 预收冲应收 / 预付冲应付 may use; in red when the
 * documents settled go beyond it.
 */
function AdvanceHeld(p: { contact: 'customer' | 'supplier'; buId?: number; transType?: number; settled: string; places: number }) {
  const { t } = useTranslation('fund')
  const { token } = theme.useToken()
  const q = useUnsettled(p.contact, p.buId, true)
  if (!p.buId || q.data?.advance === undefined) return null
  const held = String(q.data.advance)
  return (
    <Tooltip title={t('hint.advanceHeld')}>
      <Statistic
        title={t(p.contact === 'customer' ? 'field.heldReceived' : 'field.heldPaid')}
        value={format(held, p.places)}
        valueStyle={advanceShort(p.transType, p.settled, held) ? { color: token.colorError } : undefined}
        data-testid="fund-advance-held"
      />
    </Tooltip>
  )
}

/** The body in a form of its own: its cells show their errors. */
function FundBody(props: FamilyPartProps) {
  return (
    <Form layout="vertical" disabled={props.readOnly} component="div">
      <FundParts {...props} />
    </Form>
  )
}

function FundParts(props: FamilyPartProps) {
  const { t } = useTranslation(['fund', 'document'])
  const { token } = theme.useToken()
  const { kind, state, readOnly, edit, fieldErr, settings } = props
  const A = settings.amountPlaces
  const f = fundOf(state)
  const h = state.header
  if (kind.fund === 'items' || kind.fund === 'transfer') return <FundLines {...props} />
  const tt = h.transType ?? kind.transTypes?.[0]
  const sd = sidesOf(kind, tt)
  const receipt = kind.name === 'receipt'
  const editMoney = (g: (s: DocState) => DocState) => edit((s) => withAllocation(kind, g(s)))
  if (kind.fund === 'verify') {
    const sum = checkedOf(sentChecks(f.checks))
    return (
      <div data-testid="fund-body">
        <Row gutter={token.marginSM}>
          <Col xs={12} md={4}>
            <Form.Item label={t('field.verifyAmount')} {...fieldErr('amount')} extra={readOnly ? undefined : t('hint.verifyAmount')}>
              <Input
                inputMode="decimal"
                disabled={readOnly}
                value={f.amount}
                onChange={(e) => editMoney((s) => ({ ...s, fund: { ...fundOf(s), amount: e.target.value.trim() } }))}
                data-testid="fund-amount"
              />
            </Form.Item>
          </Col>
        </Row>
        <Checks which="checks" contact={sd.contact} buId={h.buId} title={t('checks.title')} props={props} />
        {sd.toChecks && sd.to && <Checks which="toChecks" contact={sd.to} buId={f.toBuId} title={t('checks.toTitle')} props={props} />}
        <Space size="large" style={{ marginTop: token.marginSM }}>
          <Statistic title={t('field.checked')} value={format(sum, A)} data-testid="fund-checked" />
          {sd.toChecks && (
            <Statistic title={t('checks.toTitle')} value={format(checkedOf(sentChecks(f.toChecks)), A)} data-testid="fund-to-checked" />
          )}
          <AdvanceHeld contact={sd.contact} buId={h.buId} transType={tt} settled={sum} places={A} />
        </Space>
      </div>
    )
  }
  const paid = add(...usedAccounts(state.accounts).map((a) => a.payment))
  // only negative account lines: money paid back (a receipt refunding a sales return) or taken back
  const refund = cmp(paid, 0) < 0
  const money = moneyOf(state)
  const settled = checkedOf(f.checks)
  const advance = add(money, mul(settled, -1))
  return (
    <div data-testid="fund-body">
      <AccountLines
        title={t(receipt ? 'accounts.receipt' : 'accounts.payment')}
        accounts={state.accounts}
        readOnly={readOnly}
        setAccounts={(g) => editMoney((s) => ({ ...s, accounts: g(s.accounts) }))}
        fieldErr={fieldErr}
      />
      <Row gutter={token.marginSM} style={{ marginTop: token.marginSM }}>
        <Col xs={12} md={4}>
          <Form.Item label={t('field.discount')} {...fieldErr('discount')} style={{ marginBottom: 0 }}>
            <Input
              inputMode="decimal"
              disabled={readOnly}
              value={f.discount}
              placeholder="0"
              onChange={(e) => editMoney((s) => ({ ...s, fund: { ...fundOf(s), discount: e.target.value.trim() } }))}
              data-testid="fund-discount"
            />
          </Form.Item>
        </Col>
      </Row>
      <Checks which="checks" contact={sd.contact} buId={h.buId} title={t('checks.title')} props={props} />
      <Space size="large" wrap style={{ marginTop: token.marginSM }}>
        <Statistic
          title={t(`field.${receipt ? 'receipt' : 'payment'}${refund ? 'Refund' : 'Total'}`)}
          value={format(refund ? mul(paid, -1) : paid, A)}
          data-testid="fund-paid"
        />
        <Statistic title={t('field.discount')} value={format(f.discount || '0', A)} />
        <Statistic title={t('field.amount')} value={format(money, A)} data-testid="fund-total" />
        <Statistic title={t('field.checked')} value={format(settled, A)} data-testid="fund-checked" />
        <Tooltip title={t('hint.advance', { what: t(receipt ? 'field.advanceReceived' : 'field.advancePaid') })}>
          <Statistic
            title={t(receipt ? 'field.advanceReceived' : 'field.advancePaid')}
            value={format(advance, A)}
            valueStyle={advance.startsWith('-') ? { color: token.colorError } : undefined}
            data-testid="fund-advance"
          />
        </Tooltip>
      </Space>
    </div>
  )
}

export const fundFamily: Family = {
  Header: FundHeader,
  Footer: InventoryFooter,
  Body: FundBody,
  grid: () => ({}),
  settings: (_k, s) => s,
  check: (k, st, t) => {
    const out: Record<string, string> = {}
    const f = fundOf(st)
    if (k.contactRequired && !st.header.buId)
      out.buId = t('document:required', { field: t(`document:contact.${sidesOf(k, st.header.transType).contact}`) })
    if (k.fund === 'items' && !f.accId) out.accId = t('fund:noAccount')
    if ((k.fund === 'items' || k.fund === 'transfer') && !sentLines(f.lines).length) out.lines = t('fund:noLines')
    if (k.fund === 'settle' && !usedAccounts(st.accounts).length) out['accounts[0].accId'] = t('fund:noAccount')
    if (k.fund === 'verify' && !sentChecks(f.checks).length) out.checks = t('fund:noCheck')
    return out
  },
  serverErrors: (_k, st, errors) => fundErrors(st, errors),
}
