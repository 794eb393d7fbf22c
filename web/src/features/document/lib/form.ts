// The entry page's state ↔ the wire: a fresh document, a loaded one, one made
// from an order's pending lines or as a return of another document, a copy,
// and the add/update body.
import { emptyLine, headerFigures, linesForSave, recompute, type DocLine, type GridSettings } from '@/components/DocGrid'
import type { AccountLine, DocEntry, DocHeader, DocInput, DocState, Document, Pending } from '../types'
import type { DocKind } from '../kinds'
import { copyFund, emptyFund, fundRequest, fundStateOf, usedAccounts } from './fund'

let seq = 0
export const accountKey = () => `a${Date.now().toString(36)}${(seq++).toString(36)}`

const s = (v: unknown) => (v === undefined || v === null ? '' : String(v))
const isZero = (v: unknown) => s(v) === '' || Number(s(v)) === 0

export function emptyAccount(): AccountLine {
  return { key: accountKey(), payment: '', settlement: '', remark: '' }
}

export function emptyHeader(today: string, defaults: Partial<DocHeader> = {}): DocHeader {
  return { billNo: '', date: today, deliveryDate: '', description: '', disRate: '0', disAmount: '', checked: 0, ...defaults }
}

export function emptyState(today: string, defaults: Partial<DocHeader> = {}, k?: DocKind): DocState {
  const st: DocState = { header: emptyHeader(today, defaults), lines: [], accounts: [emptyAccount()] }
  return k?.family === 'fund' ? { ...st, fund: emptyFund() } : st
}

/**
 * A new receipt or payment for a contact with its documents checked in full
 * (the "collect" and "pay" buttons, invoices: ?buId=&billIds=); the
 * documents are checked once the contact's open documents arrive.
 */
export function settleFrom(k: DocKind, today: string, buId: number, billIds: number[]): DocState {
  const st = emptyState(today, { buId }, k)
  return { ...st, fund: { ...(st.fund ?? emptyFund()), preselect: billIds } }
}

/** A stored line as the grid edits it. */
export function lineOf(e: DocEntry, key: string): DocLine {
  return {
    key,
    id: e.id,
    invId: e.invId,
    invNumber: s(e.invNumber),
    invName: s(e.invName),
    invSpec: s(e.invSpec),
    skuId: e.skuId ?? 0,
    skuName: s(e.skuName),
    unitId: e.unitId ?? 0,
    unitName: s(e.unitName),
    locationId: e.locationId ?? 0,
    locationName: s(e.locationName),
    qty: s(e.qty),
    price: s(e.price),
    priceSource: 'manual',
    discountRate: s(e.discountRate) || '0',
    deduction: s(e.deduction) || '0',
    amount: s(e.amount) || '0',
    taxRate: s(e.taxRate) || '0',
    tax: s(e.tax) || '0',
    taxAmount: s(e.taxAmount) || '0',
    batch: s(e.batch),
    prodDate: s(e.prodDate),
    validDate: s(e.validDate),
    serNumList: e.serNumList ?? [],
    srcOrderId: e.srcOrderId || undefined,
    srcOrderEntryId: e.srcOrderEntryId || undefined,
    srcOrderNo: e.srcOrderNo || undefined,
    unitCost: e.unitCost === undefined ? undefined : s(e.unitCost),
    cost: e.cost === undefined ? undefined : s(e.cost),
    description: s(e.description),
    ...(e.srcEntryId ? { srcEntryId: e.srcEntryId } : {}),
    ...(e.inLocationId ? { inLocationId: e.inLocationId, inLocationName: s(e.inLocationName) } : {}),
    ...(e.entryType ? { entryType: e.entryType } : {}),
  } as DocLine
}

/** A loaded document as the entry page's state (a money kind's lines are its own). */
export function stateOf(d: Document, k?: DocKind): DocState {
  const accounts: AccountLine[] = (d.accounts ?? []).map((a) => ({
    key: accountKey(),
    accId: a.accId || undefined,
    payment: s(a.payment),
    wayId: a.wayId || undefined,
    settlement: s(a.settlement),
    remark: s(a.remark),
  }))
  return {
    header: {
      id: d.id,
      version: d.version,
      billNo: s(d.billNo),
      date: s(d.date),
      buId: d.buId || undefined,
      contactName: d.contactName,
      salesId: d.salesId || undefined,
      locationId: d.locationId || undefined,
      deliveryDate: s(d.deliveryDate),
      description: s(d.description),
      disRate: s(d.disRate) || '0',
      disAmount: isZero(d.disAmount) ? '' : s(d.disAmount),
      srcBillId: d.srcBillId || undefined,
      srcBillNo: d.srcBillNo || undefined,
      ...(d.transType ? { transType: d.transType } : {}),
      ...(d.inLocationId ? { inLocationId: d.inLocationId } : {}),
      ...(d.fee !== undefined && d.fee !== null ? { fee: s(d.fee) } : {}),
      checked: d.checked ? 1 : 0,
      billStatus: d.billStatus,
      ...(d.hxStateCode !== undefined ? { hxStateCode: d.hxStateCode } : {}),
      userName: d.userName,
      checkName: d.checkName,
      custom: d.custom ?? {},
    },
    lines: k?.family === 'fund' ? [] : (d.entries ?? []).map((e, i) => lineOf(e, `d${d.id}-${e.id ?? i}`)),
    accounts: accounts.length ? accounts : [emptyAccount()],
    ...(k?.family === 'fund' ? { fund: fundStateOf(d) } : {}),
  }
}

/** A copy: the same contact and lines as a new draft (no id, number, links or payments). */
export function copyState(st: DocState, today: string): DocState {
  const {
    id: _i,
    version: _v,
    billNo: _b,
    checkName: _c,
    userName: _u,
    billStatus: _s,
    srcBillId: _sb,
    srcBillNo: _sn,
    srcOrderId: _so,
    hxStateCode: _hx,
    ...h
  } = st.header
  return {
    ...(st.fund ? { fund: copyFund(st.fund) } : {}),
    header: { ...h, billNo: '', date: today, checked: 0 },
    lines: st.lines.map((l, i) => {
      const {
        id: _id,
        srcOrderId: _a,
        srcOrderEntryId: _b2,
        srcOrderNo: _c2,
        unitCost: _uc,
        cost: _co,
        ...rest
      } = l as DocLine & { srcEntryId?: number }
      delete (rest as { srcEntryId?: number }).srcEntryId
      return { ...rest, key: `c${Date.now().toString(36)}${i}` }
    }),
    // a money document's settlement lines are what it is made of
    accounts: st.fund ? st.accounts.map((a) => ({ ...a, key: accountKey() })) : [emptyAccount()],
  }
}

/** A receipt/delivery from an order's pending lines (what is still to fulfil). */
export function fromPending(p: Pending, today: string, settings: GridSettings): DocState {
  const lines = p.entries
    .filter((e) => Number(s(e.remainingQty)) > 0)
    .map((e, i) =>
      recompute(
        {
          ...emptyLine(settings, e.locationId || p.locationId),
          key: `p${p.id}-${e.srcOrderEntryId}-${i}`,
          invId: e.invId,
          invNumber: s(e.invNumber),
          invName: s(e.invName),
          invSpec: s(e.invSpec),
          skuId: e.skuId ?? 0,
          skuName: s(e.skuName),
          unitId: e.unitId,
          unitName: s(e.unitName),
          locationId: e.locationId || p.locationId || 0,
          locationName: s(e.locationName),
          qty: s(e.remainingQty),
          price: s(e.price),
          priceSource: 'order',
          discountRate: s(e.discountRate) || '0',
          taxRate: s(e.taxRate) || '0',
          srcOrderId: e.srcOrderId || p.id,
          srcOrderEntryId: e.srcOrderEntryId,
          srcOrderNo: p.billNo,
          description: s(e.description),
        },
        settings,
      ),
    )
  return {
    header: emptyHeader(today, {
      buId: p.buId || undefined,
      contactName: p.contactName,
      salesId: p.salesId || undefined,
      locationId: p.locationId || undefined,
      srcOrderId: p.id,
    }),
    lines,
    accounts: [emptyAccount()],
  }
}

/** A return of an audited document: its lines linked by srcEntryId, the same prices. */
export function returnOf(d: Document, today: string): DocState {
  const st = stateOf(d)
  return {
    header: emptyHeader(today, {
      buId: st.header.buId,
      contactName: st.header.contactName,
      salesId: st.header.salesId,
      locationId: st.header.locationId,
      srcBillId: d.id,
      srcBillNo: d.billNo,
      disRate: st.header.disRate,
    }),
    lines: (d.entries ?? []).map((e, i) => {
      const l = lineOf(e, `r${d.id}-${e.id ?? i}`)
      const { id: _id, srcOrderId: _a, srcOrderEntryId: _b, srcOrderNo: _c, unitCost: _uc, cost: _co, ...rest } = l
      return { ...rest, srcEntryId: e.id } as DocLine
    }),
    accounts: [emptyAccount()],
  }
}

/** What an inventory kind's line sends, by the kind's line shape. */
function inventoryEntry(k: DocKind, x: Record<string, unknown>, i: number, lines: Record<string, unknown>[]): Record<string, unknown> {
  const base: Record<string, unknown> = { invId: x.invId, skuId: x.skuId || 0, description: s(x.description) }
  if (k.lines === 'value') return { ...base, locationId: x.locationId || 0, amount: s(x.amount) || '0' }
  const out: Record<string, unknown> = {
    ...base,
    unitId: x.unitId || 0,
    qty: s(x.qty) || '0',
    batch: s(x.batch),
    prodDate: s(x.prodDate),
    validDate: s(x.validDate),
  }
  const sers = (x.serNumList as { serNum: string }[] | undefined) ?? []
  if (sers.length) out.serNumList = sers.map((v) => ({ serNum: v.serNum }))
  if (k.lines === 'transfer') {
    out.outLocationId = x.locationId || 0
    out.inLocationId = x.inLocationId || 0
    return out
  }
  out.locationId = x.locationId || 0
  if (k.lines === 'priced') out.price = s(x.price) || '0'
  if (k.lines === 'combination') out.entryType = entryTypeOf(x, i, lines)
  return out
}

/** A combination line's type: as chosen, else the first line with goods is the product, the others parts. */
export function entryTypeOf(x: { entryType?: unknown }, i: number, lines: { entryType?: unknown }[]): number {
  const v = Number(x.entryType ?? 0)
  if (v === 1 || v === 2) return v
  const productAt = lines.findIndex((l) => Number(l.entryType ?? 0) === 1)
  return productAt < 0 ? (lines.findIndex((l) => !Number(l.entryType ?? 0)) === i ? 1 : 2) : 2
}

/** Combination lines with goods get their type as they are entered (the first the product, the next parts). */
export function withEntryTypes(lines: DocLine[]): DocLine[] {
  if (!lines.some((l) => l.invId && !l.entryType)) return lines
  const out = [...lines]
  out.forEach((l, i) => {
    if (l.invId && !l.entryType) out[i] = { ...l, entryType: out.some((x) => x.entryType === 1) ? 2 : 1 }
  })
  return out
}

/** The add/update body of an inventory kind: no money, no discount, no settlement lines. */
function inventoryRequest(k: DocKind, st: DocState): DocInput {
  const h = st.header
  const saved = linesForSave(st.lines) as Record<string, unknown>[]
  const body: DocInput = {
    date: h.date,
    buId: k.contact ? (h.buId ?? 0) : 0,
    salesId: 0,
    locationId: h.locationId ?? 0,
    description: h.description.trim(),
    disRate: '0',
    entries: saved.map((x, i) => inventoryEntry(k, x, i, saved)),
    accounts: [],
  }
  if (k.transTypes) body.transType = h.transType || k.transTypes[0]
  if (k.lines === 'transfer') {
    body.outLocationId = h.locationId ?? 0
    body.inLocationId = h.inLocationId ?? 0
  }
  if (k.lines === 'combination') body.fee = h.fee?.trim() || '0'
  if (h.id) {
    body.id = h.id
    body.version = h.version
  }
  return body
}

/** The add/update body. */
export function toRequest(k: DocKind, st: DocState): DocInput {
  if (k.family === 'inventory') return inventoryRequest(k, st)
  if (k.family === 'fund') return fundRequest(k, st) as unknown as DocInput
  const h = st.header
  const entries = linesForSave(st.lines).map((l) => {
    const x = l as Record<string, unknown>
    const out: Record<string, unknown> = {
      invId: x.invId,
      skuId: x.skuId || 0,
      unitId: x.unitId || 0,
      locationId: x.locationId || 0,
      qty: s(x.qty) || '0',
      price: s(x.price) || '0',
      discountRate: s(x.discountRate) || '0',
      taxRate: s(x.taxRate) || '0',
      batch: s(x.batch),
      prodDate: s(x.prodDate),
      validDate: s(x.validDate),
      description: s(x.description),
    }
    const sers = (x.serNumList as { serNum: string }[] | undefined) ?? []
    if (sers.length) out.serNumList = sers.map((v) => ({ serNum: v.serNum }))
    if (x.srcEntryId) out.srcEntryId = x.srcEntryId
    if (x.srcOrderId) out.srcOrderId = x.srcOrderId
    if (x.srcOrderEntryId) out.srcOrderEntryId = x.srcOrderEntryId
    return out
  })
  const body: DocInput = {
    date: h.date,
    buId: h.buId ?? 0,
    salesId: h.salesId ?? 0,
    locationId: h.locationId ?? 0,
    description: h.description.trim(),
    disRate: h.disRate || '0',
    entries,
    accounts: k.order
      ? []
      : usedAccounts(st.accounts).map((a) => ({
          accId: a.accId ?? 0,
          payment: a.payment || '0',
          wayId: a.wayId ?? 0,
          settlement: a.settlement.trim(),
          remark: a.remark.trim(),
        })),
  }
  if (h.disAmount !== '') body.disAmount = h.disAmount
  if (k.order) body.deliveryDate = h.deliveryDate
  if (h.srcBillId) body.srcBillId = h.srcBillId
  if (h.srcOrderId) body.srcOrderId = h.srcOrderId
  if (h.id) {
    body.id = h.id
    body.version = h.version
  }
  return body
}

/** The header's figures as the server will compute them. */
export function figuresOf(st: DocState, settings: GridSettings) {
  const saved = st.lines.filter((l) => l.invId)
  return headerFigures(
    saved,
    {
      disRate: st.header.disRate,
      disAmount: st.header.disAmount === '' ? undefined : st.header.disAmount,
      payments: usedAccounts(st.accounts).map((a) => a.payment),
    },
    { on: settings.taxOn, priceIsTax: settings.priceIsTax, amountPlaces: settings.amountPlaces },
  )
}

/** Field errors of the header and settlement lines: server paths → the page's field names. */
export function splitHeaderErrors(errors: Record<string, string> | undefined | null): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(errors ?? {})) if (k !== 'entries' && !k.startsWith('entries[')) out[k] = v
  return out
}
