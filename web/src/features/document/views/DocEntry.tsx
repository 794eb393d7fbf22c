// The entry page of a document (one component for every kind, driven by
// kinds.ts): the life cycle here, the header, footer and line columns from
// the kind's family (families/trade.tsx: contact, discount, paid now over
// settlement accounts, debt; families/inventory.tsx: warehouse documents),
// the shared line grid between them; save, save and audit, audit,
// un-audit, new, copy, delete, print; make from an order, return from a
// document. Opened with ?id= (a document), ?fromOrder= (a receipt or
// delivery from an order's pending lines) or ?returnOf= (a return of a
// document). Audited documents are read-only. Unsaved work is kept as a
// draft per tab (survives a reload) and closing the tab asks first. A saved
// document has attachments (audited ones too); a delivery takes the
// customer's signature, shown here and printed.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Flex, Space, Spin, Tag, Typography, theme } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { ApiError } from '@/api/http'
import { feedback } from '@/app/feedback'
import { useTabRoute } from '@/app/tabRoute'
import { setTabGuard } from '@/stores/tabs'
import { useSession } from '@/stores/session'
import { openDocKey, rememberOpen, rememberedOpen, useNewDocRequests } from '@/stores/openDocs'
import { can } from '@/stores/permission'
import { useCache } from '@/features/cache/api'
import { useScreenParams } from '@/features/sysconf/api'
import { CachedDocGrid } from '../components/CachedDocGrid'
import type { DocGridHandle } from '@/components/DocGrid/DocGrid'
import { recompute, type DocLine } from '@/components/DocGrid'
import type { CachedGoods } from '@/components/DocGrid/lib/goodsSearch'
import { confirmDelete } from '@/components/confirmDelete'
import { docKinds, entryPath, type DocKind, type DocKindName } from '../kinds'
import { docApi, docKeys, priceProposals, useAttachments } from '../api'
import { splitAttachments } from '../lib/attachments'
import { proposalAsks, proposalKey, proposalScope } from '../lib/proposals'
import { AttachmentsButton } from '../components/Attachments'
import '../catalogue'
import { SignatureDialog, SignatureView } from '../components/SignaturePad'
import type { DocHeader, DocState, Document } from '../types'
import { copyState, emptyState, figuresOf, fromPending, returnOf, settleFrom, stateOf, toRequest, withEntryTypes } from '../lib/form'
import { fundHasContent, settleAction } from '../lib/fund'
import { errorsAt, gridErrors, liveHeaderErrors, type ErrorsAt } from '../lib/errors'
import { invalidateAfterDocument } from '../lib/affected'
import { defaultLocation, fromOrderPath, lastLocationKey } from '../lib/defaults'
import { changedOnServer } from '../lib/live'
import { LineInfo } from '../components/LineInfo'
import { CustomHeader } from '../components/CustomHeader'
import { useCustomFields } from '@/features/customField/api'
import { customBody, customProblem } from '@/features/customField/lib/values'
import '@/features/customField/catalogue'
import { clearDraft, loadDraft, saveDraft } from '../lib/draft'
import { gridSettings } from '../lib/settings'
import { OrderPicker } from '../components/OrderPicker'
import { PrintPreview } from '../components/PrintPreview'
import { inventoryFamily } from '../families/inventory'
import { tradeFamily } from '../families/trade'
import { fundFamily } from '../families/fund'
import type { Family, FamilyPartProps } from '../families/types'

const today = () => dayjs().format('YYYY-MM-DD')

type Busy = '' | 'save' | 'check' | 'uncheck' | 'delete' | 'load'

/** The families this page serves (invoices have their own entry page: features/invoice). */
type EntryFamily = Exclude<DocKind['family'], 'invoice'>
const families: Record<EntryFamily, Family> = { trade: tradeFamily, inventory: inventoryFamily, fund: fundFamily }

export function DocEntry({ kind }: { kind: DocKind }) {
  const { t } = useTranslation('document')
  const { t: tc } = useTranslation('customField')
  const { token } = theme.useToken()
  const qc = useQueryClient()
  const qcRef = useRef(qc)
  const tab = useTabRoute()
  const user = useSession((s) => s.user)
  // the tab key; drafts are kept per user and shop as well
  const tabKey = tab.pathname + tab.search
  const storeKey = `${user?.username ?? ''}@${user?.shopId ?? ''}:${tabKey}`
  const openKey = openDocKey(user, tabKey)
  const has = useCallback((p: string) => can(p, user), [user])
  const perm = (a: string) => has(`${kind.perm}:${a}`)
  const params = useScreenParams()
  const family = families[kind.family as EntryFamily]
  const settings = useMemo(() => family.settings(kind, gridSettings(params.data, kind, has)), [family, params.data, kind, has])
  const gridShape = useMemo(() => family.grid(kind), [family, kind])
  const contacts = useCache(kind.contact === 'customer' ? 'customers' : 'suppliers')
  const warehouses = useCache('warehouses')
  const goods = useCache<CachedGoods & { id: number }>('goods')

  const [state, setStateRaw] = useState<DocState>(() => emptyState(today(), {}, kind))
  const [dirty, setDirty] = useState(false)
  const [busy, setBusy] = useState<Busy>('load')
  const [errors, setErrorsAt] = useState<ErrorsAt | null>(null)
  const gridRef = useRef<DocGridHandle>(null)
  const [restored, setRestored] = useState(false)
  const [picker, setPicker] = useState(false)
  /** a new document gets a new grid: the cursor starts again on the first line's goods */
  const [gridGen, setGridGen] = useState(0)
  const [printing, setPrinting] = useState(false)
  const [signing, setSigning] = useState(false)
  const dirtyRef = useRef(false)
  dirtyRef.current = dirty
  const stateRef = useRef(state)
  stateRef.current = state

  const customFields = useCustomFields('bill')
  const fields = useMemo(() => customFields.data ?? [], [customFields.data])
  const h = state.header
  const readOnly = h.checked === 1 || (!!h.id && !perm('update')) || (!h.id && !perm('add'))
  const { signature } = splitAttachments(useAttachments(kind, h.id).data)

  /** Every user edit goes through here: the page becomes dirty. */
  const edit = useCallback((f: (s: DocState) => DocState) => {
    setStateRaw((s) => f(s))
    setDirty(true)
  }, [])
  const setHeader = (patch: Partial<DocHeader>) => edit((s) => ({ ...s, header: { ...s.header, ...patch } }))
  /** A state that is what the server holds (or a fresh page): not dirty. */
  const replace = useCallback(
    (s: DocState, isDirty = false) => {
      setStateRaw(s)
      setDirty(isDirty)
      setErrorsAt(null)
      if (s.header.id) qcRef.current.setQueryData(docKeys.one(kind, s.header.id), s)
      rememberOpen(openKey, s.header.id)
    },
    [kind, openKey],
  )
  const newState = useCallback(() => emptyState(today(), {}, kind), [kind])
  /** the server's document as the page's state */
  const load = useCallback((d: Document) => stateOf(d, kind), [kind])

  // First load: the tab's draft, else what the query asks for, else the document open before a reload.
  const loaded = useRef(false)
  useEffect(() => {
    if (loaded.current) return
    loaded.current = true
    const q = tab.query
    const id = Number(q.get('id') || 0)
    const draft = loadDraft(storeKey)
    const run = async () => {
      if (draft && (!id || draft.state.header.id === id)) {
        replace(draft.state, true)
        setRestored(true)
        return
      }
      const fromOrder = Number(q.get('fromOrder') || 0)
      const ret = Number(q.get('returnOf') || 0)
      // receipts and payments: ?buId=<contact>&billIds=<documents to check in full>
      const settleBu = kind.fund === 'settle' ? Number(q.get('buId') || 0) : 0
      // the document this tab saved, before a reload (forgotten with the tab)
      const open = id || (settleBu ? 0 : rememberedOpen(openKey))
      try {
        if (open) replace(load(await docApi(kind).get(open)))
        else if (settleBu) {
          const billIds = (q.get('billIds') ?? '')
            .split(',')
            .map(Number)
            .filter((x) => x > 0)
          replace(settleFrom(kind, today(), settleBu, billIds), true)
        } else if (fromOrder && kind.orderKind)
          replace(fromPending(await docApi(docKinds[kind.orderKind]).pending(fromOrder), today(), settings), true)
        else if (ret && kind.returnOf) replace(returnOf(await docApi(docKinds[kind.returnOf]).get(ret), today()), true)
      } catch {
        // the client showed the message; an empty document stays
      }
    }
    void run().finally(() => setBusy(''))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // The draft follows the edits; the tab asks before closing while dirty.
  useEffect(() => {
    if (!dirty) {
      clearDraft(storeKey)
      return
    }
    const id = setTimeout(() => saveDraft(storeKey, state), 250)
    return () => clearTimeout(id)
  }, [dirty, state, storeKey])
  useEffect(() => {
    setTabGuard(tabKey, {
      dirty: () => dirtyRef.current,
      onDiscard: () => {
        dirtyRef.current = false
        clearDraft(storeKey)
        rememberOpen(openKey, undefined)
      },
    })
    return () => setTabGuard(tabKey, null)
  }, [tabKey, storeKey, openKey])

  // Price proposals (/inventory/listBySelected, lib/proposals.ts): lines just
  // picked (priceSource 'goods') take the proposed price of their unit once it
  // arrives: the contact's price, or on the cost basis (other stock-in) the
  // unit cost in the line's warehouse.
  const prices = useRef(new Map<string, { price: string; source: string }>())
  const asked = useRef(new Set<string>())
  const buRef = useRef(h.buId)
  buRef.current = h.buId
  const costBasis = kind.priceBasis === 'cost'
  const priceOf = useCallback(
    // on the cost basis the line's warehouse decides: the line asks once it has one
    (g: CachedGoods, unitId: number) =>
      costBasis ? null : (prices.current.get(proposalKey(buRef.current ?? 0, 0, g.id, unitId || Number(g.unitId ?? 0))) ?? null),
    [costBasis],
  )
  const proposes = kind.family === 'trade' || kind.lines === 'priced'
  useEffect(() => {
    if (readOnly || !proposes) return
    // every waiting line takes the proposal of its unit in its scope, once known
    const fill = (s: DocState): DocState => {
      let changed = false
      const lines = s.lines.map((l) => {
        if (l.priceSource !== 'goods' || !l.invId) return l
        const { bu, loc } = proposalScope(kind, l, { buId: buRef.current, locationId: s.header.locationId })
        const p = prices.current.get(proposalKey(bu, loc, l.invId, l.unitId))
        if (!p) return l
        changed = true
        return recompute({ ...l, price: p.price, priceSource: p.source }, settings)
      })
      return changed ? { ...s, lines } : s
    }
    setStateRaw(fill)
    const header = { buId: h.buId, locationId: h.locationId }
    for (const ask of proposalAsks(kind, state.lines, header, asked.current)) {
      const { bu, loc } = ask
      ask.ids.forEach((id) => asked.current.add(`${bu}:${loc}:${id}`))
      void priceProposals(ask.ids, bu, costBasis ? loc : undefined)
        .then((list) => {
          for (const p of list ?? []) {
            prices.current.set(proposalKey(bu, loc, p.invId, p.unitId), { price: String(p.price), source: p.priceSource })
            for (const u of p.units ?? [])
              prices.current.set(proposalKey(bu, loc, p.invId, u.unitId), { price: String(u.price), source: u.priceSource })
          }
          setStateRaw(fill)
        })
        .catch(() => undefined)
    }
  }, [state.lines, h.buId, h.locationId, readOnly, settings, proposes, kind, costBasis])

  const onContact = (buId: number | undefined) => {
    const c = buId ? contacts.byId.get(buId) : undefined
    edit((s) => {
      // proposed prices follow the contact; typed ones stay
      const follows = (l: DocLine) =>
        !!l.invId && !!l.priceSource && l.priceSource !== 'manual' && l.priceSource !== 'order' && !l.srcOrderEntryId
      return {
        ...s,
        header: { ...s.header, buId, contactName: c?.name, salesId: s.header.salesId ?? ((c?.salesId as number) || undefined) },
        // the same array when no line follows: the lines did not change (their errors stay)
        lines: s.lines.some(follows) ? s.lines.map((l) => (follows(l) ? { ...l, priceSource: 'goods' } : l)) : s.lines,
      }
    })
  }

  // The document as the server holds it now: refetched when anything marks
  // documents stale (a delivery audited in another tab moves this order's
  // status), taken over while there are no unsaved edits.
  const live = useQuery({
    queryKey: docKeys.one(kind, h.id),
    queryFn: async () => load(await docApi(kind).get(h.id!)),
    enabled: !!h.id && !dirty && busy === '',
    staleTime: Infinity,
  })
  useEffect(() => {
    const d = live.data
    if (!d || dirtyRef.current || d.header.id !== stateRef.current.header.id) return
    if (changedOnServer(stateRef.current, d)) replace(d)
  }, [live.data, replace])

  // A new document starts in the user's last warehouse (else the system's
  // default, else the first); a line's goods may name its own (DocGrid).
  const lastLocKey = lastLocationKey(user?.username ?? '', user?.shopId)
  const sysLocation = Number((params.data as { defaultLocationId?: number } | undefined)?.defaultLocationId ?? 0)
  useEffect(() => {
    if (busy === 'load' || h.id || h.locationId || readOnly || !warehouses.list.length || kind.family === 'fund') return
    const id = defaultLocation(lastLocKey, sysLocation, warehouses.list)
    if (id) setStateRaw((s) => (s.header.id || s.header.locationId ? s : { ...s, header: { ...s.header, locationId: id } }))
  }, [busy, h.id, h.locationId, readOnly, warehouses.list, lastLocKey, sysLocation, kind.family])

  const figures = useMemo(() => figuresOf(state, settings), [state, settings])
  // errors apply to the state they were made for: a fixed field drops its own
  const headerErrs = useMemo(() => liveHeaderErrors(errors, state), [errors, state])
  const linesChanged = !!errors && errors.state.lines !== state.lines
  const errorsForGrid = useMemo(() => gridErrors(errors, linesChanged), [errors, linesChanged])
  const fieldErr = (name: string) => (headerErrs[name] ? { validateStatus: 'error' as const, help: headerErrs[name] } : {})

  // every open screen showing what a document touches refetches
  const invalidate = () => invalidateAfterDocument(qc)

  const save = async (check: boolean) => {
    // a cell the grid refused blocks saving: the line still holds its old value
    const g = gridRef.current?.check()
    if (g?.problem) {
      feedback.message.error(t('entry:lineRefused', { line: g.problem.row + 1, msg: g.problem.msg }))
      return
    }
    const st = g ? { ...stateRef.current, lines: g.lines } : stateRef.current
    const local: Record<string, string> = {}
    Object.assign(local, family.check(kind, st, t))
    if (!st.header.date) local.date = t('required', { field: t('field.date') })
    if (!family.Body && !st.lines.some((l) => l.invId)) local.entries = t('noLines')
    for (const f of fields) {
      const p = customProblem(f, st.header.custom?.[f.code])
      if (p) local[`custom.${f.code}`] = tc(`err.${p}`, { field: f.label })
    }
    if (Object.keys(local).length) {
      setErrorsAt(errorsAt(local, st))
      feedback.message.error(Object.values(local)[0])
      return
    }
    setBusy(check ? 'check' : 'save')
    try {
      const body = toRequest(kind, st)
      const doc = await docApi(kind).save(fields.length ? { ...body, custom: customBody(fields, st.header.custom) } : body, check)
      replace(load(doc))
      setRestored(false)
      feedback.message.success(t(check ? 'savedChecked' : 'saved', { billNo: doc.billNo }))
      void invalidate()
    } catch (e) {
      const err = e as ApiError
      setErrorsAt(errorsAt(family.serverErrors ? family.serverErrors(kind, st, err.errors) : err.errors, st))
      feedback.message.error(err.message)
    } finally {
      setBusy('')
    }
  }

  const reload = async (id: number) => replace(load(await docApi(kind).get(id)))

  const batchOne = async (what: 'check' | 'uncheck', b: Busy) => {
    if (!h.id) return
    setBusy(b)
    try {
      const r = await docApi(kind)[what]([h.id])
      const bad = (r ?? []).find((x) => !x.ok)
      if (bad) feedback.message.error(bad.msg ?? '')
      else {
        feedback.message.success(t(what === 'check' ? 'entry:checked' : 'entry:unchecked', { billNo: h.billNo }))
        await reload(h.id)
      }
      void invalidate()
    } catch (e) {
      feedback.message.error((e as Error).message)
    } finally {
      setBusy('')
    }
  }

  // one document: audited through update?check=1, so a refusal comes back with
  // its field errors (the short line marked), not as a batch summary
  const audit = () => save(true)

  const remove = async () => {
    if (!h.id) return
    const id = h.id
    await confirmDelete({
      name: h.billNo,
      onOk: async () => {
        const r = await docApi(kind).remove([id])
        const bad = (r ?? []).find((x) => !x.ok)
        if (bad) {
          feedback.message.error(bad.msg ?? '')
          throw new Error(bad.msg)
        }
        replace(newState())
        setGridGen((g) => g + 1)
        void invalidate()
      },
    })
  }

  const confirmLoss = (then: () => void) => {
    if (!dirtyRef.current) return then()
    feedback.modal.confirm({
      title: t('unsavedTitle'),
      content: t('unsavedContent'),
      okButtonProps: { danger: true, 'data-testid': 'doc-discard' } as never,
      onOk: then,
    })
  }
  const startNew = () =>
    confirmLoss(() => {
      replace(newState())
      setGridGen((g) => g + 1)
      setRestored(false)
    })
  // A list's 新增 while this tab is open: a blank document, unless the tab
  // holds unsaved work (then that work shows, as it was left).
  const askedNew = useNewDocRequests((s) => s.asked[tabKey] ?? 0)
  const seenAsk = useRef(askedNew)
  useEffect(() => {
    if (askedNew === seenAsk.current) return
    seenAsk.current = askedNew
    if (dirtyRef.current || !stateRef.current.header.id) return
    replace(newState())
    setGridGen((g) => g + 1)
    setRestored(false)
  }, [askedNew, replace, newState])
  const copy = () => {
    const next = copyState(stateRef.current, today())
    replace(next, true)
    feedback.message.info(t('copied'))
  }
  const returnDoc = () => {
    if (!h.id || !kind.returnKind) return
    window.location.hash = entryPath(docKinds[kind.returnKind]).replace(/$/, `?returnOf=${h.id}`)
  }
  const makeFromThisOrder = (target: DocKindName) => {
    if (!h.id) return
    window.location.hash = fromOrderPath(entryPath(docKinds[target]), h.id)
  }
  const onPicked = async (orderId: number) => {
    setPicker(false)
    if (!kind.orderKind) return
    try {
      const p = await docApi(docKinds[kind.orderKind]).pending(orderId)
      const next = fromPending(p, stateRef.current.header.date || today(), settings)
      confirmLoss(() => replace({ ...next, header: { ...next.header, id: undefined } }, true))
    } catch {
      // shown by the client
    }
  }

  // keyboard: Ctrl+S saves, F8 saves and audits (while the page is active)
  const canCheck = perm('check')
  const saveRef = useRef(save)
  saveRef.current = save
  useEffect(() => {
    if (!tab.active) return
    const on = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault()
        if (!readOnly && !busy) void saveRef.current(false)
      } else if (e.key === 'F8' && !e.ctrlKey && !e.metaKey && !e.altKey && !e.shiftKey) {
        e.preventDefault()
        if (!readOnly && !busy && canCheck) void saveRef.current(true)
      }
    }
    window.addEventListener('keydown', on)
    return () => window.removeEventListener('keydown', on)
  }, [tab.active, readOnly, busy, canCheck])

  const adjust = useCallback((f: (s: DocState) => DocState) => setStateRaw(f), [])
  const partProps: FamilyPartProps = { kind, state, readOnly, settings, figures, setHeader, edit, adjust, fieldErr, onContact, lastLocKey }
  // a sales delivery or purchase receipt with money open: collect or pay it; a return: refund it
  const settler = kind.settledBy ? docKinds[kind.settledBy] : undefined
  const settle = () => {
    if (!settler || !h.id || !h.buId) return
    window.location.hash = `${entryPath(settler)}?buId=${h.buId}&billIds=${h.id}`
  }

  const status = h.checked ? (
    <Tag color="success" data-testid="doc-status">
      {t('state.audited')}
    </Tag>
  ) : (
    <Tag data-testid="doc-status">{h.id ? t('state.draft') : t('state.new')}</Tag>
  )
  const orderStatus =
    kind.order && h.id && h.checked ? (
      <Tag color={h.billStatus === 3 ? 'default' : 'processing'}>{t(`billStatus.${h.billStatus ?? 0}`)}</Tag>
    ) : null
  const lines = state.lines

  return (
    <Card
      data-view={`${kind.section}/${kind.entry}`}
      data-testid={`doc-entry-${kind.name}`}
      styles={{ body: { padding: token.paddingMD } }}
    >
      <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: token.marginSM }}>
        <Space wrap>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t(`kind.${kind.name}`)}
          </Typography.Title>
          {status}
          {orderStatus}
          {dirty && (
            <Tag color="warning" data-testid="doc-dirty">
              {t('unsaved')}
            </Tag>
          )}
          {(busy === 'load' || params.isLoading) && <Spin size="small" />}
        </Space>
        <Space wrap>
          {!readOnly && (
            <Button type="primary" loading={busy === 'save'} disabled={!!busy} onClick={() => void save(false)} data-testid="doc-save">
              {t('action.save')}
            </Button>
          )}
          {!readOnly && perm('check') && (
            <Button loading={busy === 'check'} disabled={!!busy} onClick={() => void audit()} data-testid="doc-save-check">
              {h.id && !dirty ? t('action.check') : t('action.saveCheck')}
            </Button>
          )}
          {h.checked === 1 && perm('uncheck') && (
            <Button
              loading={busy === 'uncheck'}
              disabled={!!busy}
              onClick={() => void batchOne('uncheck', 'uncheck')}
              data-testid="doc-uncheck"
            >
              {t('action.uncheck')}
            </Button>
          )}
          {perm('add') && (
            <Button icon={<PlusOutlined />} onClick={startNew} data-testid="doc-new">
              {t('action.new')}
            </Button>
          )}
          {perm('add') && (lines.some((l) => l.invId) || fundHasContent(state)) && (
            <Button onClick={copy} data-testid="doc-copy">
              {t('action.copy')}
            </Button>
          )}
          {kind.orderKind && !readOnly && !h.id && (
            <Button onClick={() => setPicker(true)} data-testid="doc-from-order">
              {t('action.fromOrder')}
            </Button>
          )}
          {kind.order && h.checked === 1 && h.billStatus !== 2 && h.billStatus !== 3 && (
            <Button onClick={() => makeFromThisOrder(kind.name === 'purOrder' ? 'purchase' : 'sales')} data-testid="doc-make-from-order">
              {t(`action.make.${kind.name}`)}
            </Button>
          )}
          {kind.returnKind && h.checked === 1 && can(`${docKinds[kind.returnKind].perm}:add`, user) && (
            <Button onClick={returnDoc} data-testid="doc-return">
              {t('action.return')}
            </Button>
          )}
          {settler && h.checked === 1 && h.hxStateCode !== 2 && can(`${settler.perm}:add`, user) && (
            <Button onClick={settle} data-testid="doc-settle">
              {t(`fund:action.${settleAction(kind)}`)}
            </Button>
          )}
          {h.id && <AttachmentsButton kind={kind} billId={h.id} editable={perm('update')} />}
          {h.id && kind.signs && perm('update') && (
            <Button onClick={() => setSigning(true)} data-testid="doc-sign">
              {signature ? t('docFiles:sign.again') : t('docFiles:sign.action')}
            </Button>
          )}
          {h.id && (
            <Button onClick={() => setPrinting(true)} data-testid="doc-print">
              {t('action.print')}
            </Button>
          )}
          {h.id && !h.checked && perm('delete') && (
            <Button danger icon={<DeleteOutlined />} onClick={() => void remove()} data-testid="doc-delete">
              {t('action.delete')}
            </Button>
          )}
        </Space>
      </Flex>
      {restored && (
        <Alert
          type="info"
          showIcon
          closable
          style={{ marginBottom: token.marginSM }}
          message={t('draftRestored')}
          data-testid="doc-draft-restored"
          action={
            <Button
              size="small"
              onClick={() => {
                replace(newState())
                setRestored(false)
              }}
              data-testid="doc-draft-discard"
            >
              {t('discardDraft')}
            </Button>
          }
          onClose={() => setRestored(false)}
        />
      )}
      {(h.srcBillNo || h.srcOrderId) && (
        <Alert
          type="info"
          style={{ marginBottom: token.marginSM }}
          message={
            h.srcBillNo
              ? t('returnOfDoc', { billNo: h.srcBillNo })
              : t('fromOrderDoc', { billNo: lines.find((l) => l.srcOrderNo)?.srcOrderNo ?? h.srcOrderId })
          }
        />
      )}
      <family.Header {...partProps} />
      <CustomHeader
        fields={fields}
        values={h.custom}
        readOnly={readOnly}
        fieldErr={fieldErr}
        onChange={(code, v) => setHeader({ custom: { ...stateRef.current.header.custom, [code]: v } })}
      />

      {family.Body ? (
        <family.Body {...partProps} />
      ) : (
        <CachedDocGrid
          key={gridGen}
          lines={lines}
          onChange={(ls: DocLine[]) => edit((s) => ({ ...s, lines: kind.lines === 'combination' ? withEntryTypes(ls) : ls }))}
          settings={settings}
          defaultLocationId={h.locationId}
          priceField={kind.priceField}
          priceOf={priceOf}
          errors={errorsForGrid}
          readOnly={readOnly}
          gridRef={gridRef}
          lineInfo={readOnly ? undefined : (l: DocLine) => <LineInfo line={l} buId={h.buId} settings={settings} />}
          hideColumns={gridShape.hide}
          showColumns={gridShape.show}
          columnTitles={gridShape.titles}
          height={Math.min(600, Math.max(300, (lines.length + 3) * 34))}
          testId="docgrid"
        />
      )}
      {!family.Body && goods.isLoading && (
        <Typography.Text type="secondary" data-testid="doc-goods-loading">
          {t('goodsLoading')}
        </Typography.Text>
      )}

      <family.Footer {...partProps} />
      <Flex gap="large" style={{ marginTop: token.marginSM, color: token.colorTextSecondary }}>
        <span data-testid="doc-maker">
          {t('field.maker')}: {h.userName ?? user?.nickname ?? ''}
        </span>
        <span data-testid="doc-checker">
          {t('field.checker')}: {h.checkName ?? ''}
        </span>
        <span>{t('keysHelp')}</span>
      </Flex>
      {signature && (
        <div style={{ marginTop: token.marginSM }}>
          <SignatureView kind={kind} signature={signature} />
        </div>
      )}
      {signing && h.id && <SignatureDialog kind={kind} billId={h.id} onClose={() => setSigning(false)} />}
      {picker && kind.orderKind && (
        <OrderPicker kind={docKinds[kind.orderKind]} buId={h.buId} onPick={(id) => void onPicked(id)} onClose={() => setPicker(false)} />
      )}
      {printing && (
        <PrintPreview
          kind={kind}
          state={state}
          figures={figures}
          settings={settings}
          contactName={h.contactName ?? (h.buId ? contacts.byId.get(h.buId)?.name : '')}
          signature={signature}
          onClose={() => setPrinting(false)}
        />
      )}
    </Card>
  )
}

/** One stable view component per kind (the view registry's lazy views). */
const views = new Map<DocKindName, () => React.JSX.Element>()
export function entryView(name: DocKindName) {
  let v = views.get(name)
  if (!v) {
    const kind = docKinds[name]
    v = function KindEntry() {
      return <DocEntry kind={kind} />
    }
    views.set(name, v)
  }
  return v
}

export type { Document }
