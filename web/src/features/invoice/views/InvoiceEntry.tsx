// The entry page of a sales or purchase invoice (销售发票 / 采购发票): the
// header (contact, date, number, invoice number, title and type, remarks),
// lines drawn from lines of the contact's audited goods documents ("pick from
// documents", or opened from a list's "invoice" action with ?from=sales:1,2),
// each prefilled with what is left to invoice and editable down; returns
// negative. Save, save and audit, un-audit, new, delete, print. Server field
// errors (entries[1].amount) show on their cell. Audited invoices are read-only.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Select, Space, Spin, Table, Tag, Typography, theme } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { ApiError } from '@/api/http'
import { feedback } from '@/app/feedback'
import { useTabRoute } from '@/app/tabRoute'
import { setTabGuard } from '@/stores/tabs'
import { useSession } from '@/stores/session'
import { openDocKey, rememberOpen, rememberedOpen, useNewDocRequests } from '@/stores/openDocs'
import { can } from '@/stores/permission'
import { format } from '@/utils/decimal'
import { confirmDelete } from '@/components/confirmDelete'
import { useCache } from '@/features/cache/api'
import { useScreenParams } from '@/features/sysconf/api'
import { docApi } from '@/features/document/api'
import { docKinds, type DocKindName } from '@/features/document/kinds'
import { invalidateAfterDocument } from '@/features/document/lib/affected'
import { ContactDateNumber } from '@/features/document/families/trade'
import { invoiceKinds, type InvoiceKind } from '../kinds'
import { invoiceApi } from '../api'
import {
  addLines,
  emptyInvoice,
  errorsOnLines,
  linesFromDocument,
  parseFrom,
  stateOfInvoice,
  taxAmountOf,
  toInvoiceInput,
  totalsOf,
  withAmount,
} from '../lib/invoice'
import type { InvoiceHeader, InvoiceLine, InvoiceState } from '../types'
import { PickDocuments } from '../components/PickDocuments'
import { InvoicePrint } from '../components/InvoicePrint'
import '../catalogue'
import { CustomHeader } from '@/features/document/components/CustomHeader'
import { useCustomFields } from '@/features/customField/api'
import { customBody, customProblem } from '@/features/customField/lib/values'
import '@/features/customField/catalogue'

const today = () => dayjs().format('YYYY-MM-DD')
type Busy = '' | 'save' | 'check' | 'uncheck' | 'load'
type LineField = 'qty' | 'amount' | 'tax' | 'description'

export function InvoiceEntry({ kind }: { kind: InvoiceKind }) {
  const { t } = useTranslation('invoice')
  const { token } = theme.useToken()
  const qc = useQueryClient()
  const tab = useTabRoute()
  const user = useSession((s) => s.user)
  const tabKey = tab.pathname + tab.search
  // the invoice this tab saved, shown again after a reload (forgotten with the tab)
  const openKey = openDocKey(user, tabKey)
  const perm = (a: string) => can(`${kind.perm}:${a}`, user)
  const money = can(kind.moneyRight, user)
  const sys = useScreenParams().data
  const places = useMemo(() => ({ qty: Number(sys?.qtyPlaces ?? 2), amount: Number(sys?.amountPlaces ?? 2) }), [sys])
  const contacts = useCache(kind.contact === 'customer' ? 'customers' : 'suppliers')
  const { t: tc } = useTranslation('customField')
  const customFields = useCustomFields('bill')
  const fields = customFields.data ?? []

  const [state, setStateRaw] = useState<InvoiceState>(() => emptyInvoice(today()))
  const [dirty, setDirty] = useState(false)
  const [busy, setBusy] = useState<Busy>('load')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [picking, setPicking] = useState(false)
  const [printing, setPrinting] = useState(false)
  const dirtyRef = useRef(dirty)
  dirtyRef.current = dirty
  const stateRef = useRef(state)
  stateRef.current = state
  const h = state.header
  const readOnly = h.checked === 1 || (!!h.id && !perm('update')) || (!h.id && !perm('add'))
  const contactLabel = t(`document:contact.${kind.contact}`)

  const edit = useCallback((f: (s: InvoiceState) => InvoiceState) => {
    setStateRaw(f)
    setDirty(true)
  }, [])
  const dropErrors = (...keys: string[]) =>
    setErrors((e) => (keys.some((k) => k in e) ? Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))) : e))
  const setHeader = (patch: Partial<InvoiceHeader>) => {
    edit((s) => ({ ...s, header: { ...s.header, ...patch } }))
    dropErrors(...Object.keys(patch))
  }
  const setLine = (key: string, field: LineField, v: string) => {
    edit((s) => ({
      ...s,
      lines: s.lines.map((l) => (l.key !== key ? l : field === 'amount' ? withAmount(l, v, places.amount) : { ...l, [field]: v })),
    }))
    dropErrors(`${key}.${field}`, ...(field === 'amount' ? [`${key}.tax`] : []), 'entries')
  }
  const replace = useCallback(
    (s: InvoiceState, isDirty = false) => {
      setStateRaw(s)
      setDirty(isDirty)
      setErrors({})
      rememberOpen(openKey, s.header.id)
    },
    [openKey],
  )

  // First load: ?id= (an invoice), ?from=sales:1,2 (the lines of these documents), else the invoice open before a reload.
  const loaded = useRef(false)
  useEffect(() => {
    if (loaded.current) return
    loaded.current = true
    const id = Number(tab.query.get('id') || 0) || rememberedOpen(openKey)
    const from = parseFrom(tab.query.get('from'))
    const run = async () => {
      if (id) return replace(stateOfInvoice(await invoiceApi(kind).get(id)))
      if (!from || !kind.sources.includes(from.kind as DocKindName)) return
      const src = docKinds[from.kind as DocKindName]
      const docs = await Promise.all(from.ids.map((d) => docApi(src).get(d)))
      const first = docs[0]
      const st = emptyInvoice(today())
      st.header.buId = first.buId
      st.header.contactName = first.contactName
      st.lines = docs.filter((d) => d.buId === first.buId).flatMap((d) => linesFromDocument(d, from.kind, places))
      replace(st, true)
    }
    run()
      .catch(() => undefined) // the client showed the message; an empty invoice stays
      .finally(() => setBusy(''))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    setTabGuard(tabKey, {
      dirty: () => dirtyRef.current,
      onDiscard: () => {
        dirtyRef.current = false
        rememberOpen(openKey, undefined)
      },
    })
    return () => setTabGuard(tabKey, null)
  }, [tabKey, openKey])

  // A list's 新增 while this tab is open: a blank invoice, unless the tab holds unsaved work.
  const askedNew = useNewDocRequests((s) => s.asked[tabKey] ?? 0)
  const seenAsk = useRef(askedNew)
  useEffect(() => {
    if (askedNew === seenAsk.current) return
    seenAsk.current = askedNew
    if (dirtyRef.current || !stateRef.current.header.id) return
    replace(emptyInvoice(today()))
  }, [askedNew, replace])

  const invalidate = () => void invalidateAfterDocument(qc)

  const save = async (check: boolean) => {
    const st = stateRef.current
    const local: Record<string, string> = {}
    if (!st.header.buId) local.buId = t('document:required', { field: contactLabel })
    if (!st.header.date) local.date = t('document:required', { field: t('document:field.date') })
    if (!st.lines.length) local.entries = t('noLines')
    for (const f of fields) {
      const p = customProblem(f, st.header.custom?.[f.code])
      if (p) local[`custom.${f.code}`] = tc(`err.${p}`, { field: f.label })
    }
    if (Object.keys(local).length) {
      setErrors(local)
      feedback.message.error(Object.values(local)[0])
      return
    }
    setBusy(check ? 'check' : 'save')
    try {
      const body = toInvoiceInput(st)
      const doc = await invoiceApi(kind).save(fields.length ? { ...body, custom: customBody(fields, st.header.custom) } : body, check)
      replace(stateOfInvoice(doc))
      feedback.message.success(t(check ? 'document:savedChecked' : 'document:saved', { billNo: doc.billNo }))
      invalidate()
    } catch (e) {
      const err = e as ApiError
      setErrors(errorsOnLines(err.errors, st.lines))
      feedback.message.error(err.message)
    } finally {
      setBusy('')
    }
  }

  const uncheck = async () => {
    if (!h.id) return
    setBusy('uncheck')
    try {
      const bad = (await invoiceApi(kind).uncheck([h.id]))?.find((x) => !x.ok)
      if (bad) feedback.message.error(bad.msg ?? '')
      else {
        feedback.message.success(t('entry:unchecked', { billNo: h.billNo }))
        replace(stateOfInvoice(await invoiceApi(kind).get(h.id)))
      }
      invalidate()
    } catch (e) {
      feedback.message.error((e as Error).message)
    } finally {
      setBusy('')
    }
  }

  const remove = () => {
    if (!h.id) return
    const id = h.id
    void confirmDelete({
      name: h.billNo,
      onOk: async () => {
        const bad = (await invoiceApi(kind).remove([id]))?.find((x) => !x.ok)
        if (bad) {
          feedback.message.error(bad.msg ?? '')
          throw new Error(bad.msg)
        }
        replace(emptyInvoice(today()))
        invalidate()
      },
    })
  }

  const confirmLoss = (then: () => void) => {
    if (!dirtyRef.current) return then()
    feedback.modal.confirm({
      title: t('document:unsavedTitle'),
      content: t('document:unsavedContent'),
      okButtonProps: { danger: true, 'data-testid': 'doc-discard' } as never,
      onOk: then,
    })
  }

  const onContact = (buId: number | undefined) => {
    const change = () =>
      edit((s) => ({ ...s, header: { ...s.header, buId, contactName: buId ? contacts.byId.get(buId)?.name : undefined }, lines: [] }))
    // the lines belong to the contact: another contact starts them again
    if (state.lines.length) confirmLoss(change)
    else change()
    dropErrors('buId')
  }

  const onPicked = (more: InvoiceLine[]) => {
    setPicking(false)
    if (!more.length) return void feedback.message.warning(t('pick.nothing'))
    const r = addLines(stateRef.current.lines, more)
    edit((s) => ({ ...s, lines: r.lines }))
    dropErrors('entries')
    feedback.message.success(t('pick.added', { count: more.length - r.skipped }))
    if (r.skipped) feedback.message.info(t('pick.skipped', { count: r.skipped }))
  }

  const fieldErr = (name: string) => (errors[name] ? { validateStatus: 'error' as const, help: errors[name] } : {})
  const A = places.amount
  const Q = places.qty
  const totals = totalsOf(state.lines)
  const lineErrors = state.lines.flatMap((l, i) =>
    (['srcBillId', 'srcEntryId', 'price'] as const)
      .filter((f) => errors[`${l.key}.${f}`])
      .map((f) => `${i + 1}: ${errors[`${l.key}.${f}`]}`),
  )

  const cell = (field: LineField, width: number) => ({
    key: field,
    dataIndex: field,
    title: t(`field.${field}`),
    width,
    align: field === 'description' ? undefined : ('right' as const),
    render: (v: string, l: InvoiceLine, i: number) => {
      const err = errors[`${l.key}.${field}`]
      const shown = field === 'description' ? v : readOnly ? format(v, field === 'qty' ? Q : A) : v
      return (
        <div data-testid={`invoice-cell-${i}-${field}`} data-error={err ? 'true' : undefined}>
          {readOnly ? (
            <span>{shown}</span>
          ) : (
            <Input
              size="small"
              value={v}
              status={err ? 'error' : undefined}
              style={{ textAlign: field === 'description' ? 'left' : 'right' }}
              onChange={(e) => setLine(l.key, field, e.target.value)}
              data-testid={`invoice-input-${i}-${field}`}
            />
          )}
          {err && (
            <Typography.Text
              type="danger"
              style={{ fontSize: token.fontSizeSM, display: 'block' }}
              data-testid={`invoice-error-${i}-${field}`}
            >
              {err}
            </Typography.Text>
          )}
        </div>
      )
    },
  })

  const columns = [
    { key: 'no', title: '#', width: 44, render: (_: unknown, _l: InvoiceLine, i: number) => i + 1 },
    { key: 'srcBillNo', dataIndex: 'srcBillNo', title: t('field.srcBill'), width: 170 },
    {
      key: 'goods',
      title: t('field.goods'),
      render: (_: unknown, l: InvoiceLine) => `${l.invNumber} ${l.invName}`,
    },
    cell('qty', 110),
    ...(money
      ? [
          cell('amount', 130),
          cell('tax', 110),
          {
            key: 'taxAmount',
            title: t('field.taxAmount'),
            width: 120,
            align: 'right' as const,
            render: (_: unknown, l: InvoiceLine, i: number) => (
              <span data-testid={`invoice-cell-${i}-taxAmount`}>{l.amount === '' ? '' : format(taxAmountOf(l), A)}</span>
            ),
          },
          ...(readOnly
            ? []
            : [
                {
                  key: 'left',
                  title: t('field.left'),
                  width: 110,
                  align: 'right' as const,
                  render: (_: unknown, l: InvoiceLine) => (l.left === undefined ? '' : format(l.left, A)),
                },
              ]),
        ]
      : []),
    cell('description', 160),
    ...(readOnly
      ? []
      : [
          {
            key: 'remove',
            width: 48,
            render: (_: unknown, l: InvoiceLine, i: number) => (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('action.removeLine')}
                onClick={() => edit((s) => ({ ...s, lines: s.lines.filter((x) => x.key !== l.key) }))}
                data-testid={`invoice-remove-${i}`}
              />
            ),
          },
        ]),
  ]

  return (
    <Card
      data-view={`${kind.section}/${kind.entry}`}
      data-testid={`invoice-entry-${kind.name}`}
      styles={{ body: { padding: token.paddingMD } }}
    >
      <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: token.marginSM }}>
        <Space wrap>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t(`kind.${kind.name}`)}
          </Typography.Title>
          <Tag color={h.checked ? 'success' : undefined} data-testid="doc-status">
            {t(`document:state.${h.checked ? 'audited' : h.id ? 'draft' : 'new'}`)}
          </Tag>
          {dirty && (
            <Tag color="warning" data-testid="doc-dirty">
              {t('document:unsaved')}
            </Tag>
          )}
          {busy === 'load' && <Spin size="small" />}
        </Space>
        <Space wrap>
          {!readOnly && (
            <Button type="primary" loading={busy === 'save'} disabled={!!busy} onClick={() => void save(false)} data-testid="doc-save">
              {t('document:action.save')}
            </Button>
          )}
          {!readOnly && perm('check') && (
            <Button loading={busy === 'check'} disabled={!!busy} onClick={() => void save(true)} data-testid="doc-save-check">
              {t(h.id && !dirty ? 'document:action.check' : 'document:action.saveCheck')}
            </Button>
          )}
          {h.checked === 1 && perm('uncheck') && (
            <Button loading={busy === 'uncheck'} disabled={!!busy} onClick={() => void uncheck()} data-testid="doc-uncheck">
              {t('document:action.uncheck')}
            </Button>
          )}
          {perm('add') && (
            <Button icon={<PlusOutlined />} onClick={() => confirmLoss(() => replace(emptyInvoice(today())))} data-testid="doc-new">
              {t('document:action.new')}
            </Button>
          )}
          {!readOnly && (
            <Button
              onClick={() => (h.buId ? setPicking(true) : feedback.message.warning(t('pick.needContact', { contact: contactLabel })))}
              data-testid="invoice-pick"
            >
              {t('action.pick')}
            </Button>
          )}
          {h.id && (
            <Button onClick={() => setPrinting(true)} data-testid="doc-print">
              {t('document:action.print')}
            </Button>
          )}
          {h.id && !h.checked && perm('delete') && (
            <Button danger icon={<DeleteOutlined />} onClick={remove} data-testid="doc-delete">
              {t('document:action.delete')}
            </Button>
          )}
        </Space>
      </Flex>
      {!money && <Alert type="info" showIcon style={{ marginBottom: token.marginSM }} message={t('moneyHidden')} />}
      <Form layout="vertical" disabled={readOnly} data-testid="doc-header">
        <Row gutter={token.marginSM}>
          <ContactDateNumber
            contact={kind.contact}
            buId={h.buId}
            date={h.date}
            billNo={h.billNo}
            onContact={onContact}
            onDate={(date) => setHeader({ date })}
            fieldErr={fieldErr}
          />
          <Col xs={12} sm={6} md={4}>
            <Form.Item label={t('field.invoiceNo')} {...fieldErr('invoiceNo')}>
              <Input
                value={h.invoiceNo}
                maxLength={64}
                onChange={(e) => setHeader({ invoiceNo: e.target.value })}
                data-testid="invoice-no"
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6} md={4}>
            <Form.Item label={t('field.invoiceType')} {...fieldErr('invoiceType')}>
              <Select
                value={h.invoiceType}
                options={[1, 2].map((v) => ({ value: v, label: t(`type.${v}`) }))}
                onChange={(v) => setHeader({ invoiceType: v })}
                data-testid="invoice-type"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={3}>
            <Form.Item label={t('field.invoiceTitle')} {...fieldErr('invoiceTitle')}>
              <Input
                value={h.invoiceTitle}
                maxLength={255}
                onChange={(e) => setHeader({ invoiceTitle: e.target.value })}
                data-testid="invoice-title"
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <CustomHeader
        fields={fields}
        values={h.custom}
        readOnly={readOnly}
        fieldErr={fieldErr}
        onChange={(code, v) => {
          setHeader({ custom: { ...stateRef.current.header.custom, [code]: v } })
          dropErrors(`custom.${code}`)
        }}
      />
      {(errors.entries || lineErrors.length > 0) && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: token.marginSM }}
          message={[errors.entries, ...lineErrors].filter(Boolean).join('; ')}
          data-testid="invoice-lines-error"
        />
      )}
      <Table<InvoiceLine>
        size="small"
        rowKey="key"
        dataSource={state.lines}
        columns={columns}
        pagination={false}
        scroll={{ x: 900 }}
        data-testid="invoice-lines"
        summary={() => (
          <Table.Summary.Row data-testid="invoice-totals">
            <Table.Summary.Cell index={0} colSpan={3}>
              {t('field.total')}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              {format(totals.qty, Q)}
            </Table.Summary.Cell>
            {money && (
              <>
                <Table.Summary.Cell index={4} align="right">
                  <span data-testid="invoice-total-amount">{format(totals.amount, A)}</span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  {format(totals.tax, A)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} align="right">
                  <span data-testid="invoice-total-taxAmount">{format(totals.taxAmount, A)}</span>
                </Table.Summary.Cell>
              </>
            )}
          </Table.Summary.Row>
        )}
      />
      <Form layout="vertical" disabled={readOnly} style={{ marginTop: token.marginSM }}>
        <Form.Item label={t('document:field.description')} {...fieldErr('description')}>
          <Input.TextArea
            rows={2}
            maxLength={255}
            value={h.description}
            onChange={(e) => setHeader({ description: e.target.value })}
            data-testid="doc-description"
          />
        </Form.Item>
      </Form>
      <Flex gap="large" style={{ color: token.colorTextSecondary }}>
        <span data-testid="doc-maker">
          {t('document:field.maker')}: {h.userName ?? user?.nickname ?? ''}
        </span>
        <span data-testid="doc-checker">
          {t('document:field.checker')}: {h.checkName ?? ''}
        </span>
        <span>{t('returnsNegative')}</span>
      </Flex>
      {picking && h.buId && (
        <PickDocuments kind={kind} buId={h.buId} places={places} money={money} onAdd={onPicked} onClose={() => setPicking(false)} />
      )}
      {printing && (
        <InvoicePrint
          kind={kind}
          state={state}
          money={money}
          contactName={h.contactName ?? (h.buId ? String(contacts.byId.get(h.buId)?.name ?? '') : '')}
          onClose={() => setPrinting(false)}
        />
      )}
    </Card>
  )
}

/** One stable view component per kind (the view registry's lazy views). */
export const SalesInvoiceEntry = () => <InvoiceEntry kind={invoiceKinds.salesInvoice} />
export const PurInvoiceEntry = () => <InvoiceEntry kind={invoiceKinds.purInvoice} />
