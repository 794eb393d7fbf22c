// The money documents on the entry page (docs/money.md): receipts and
// payments (settlement lines, a document discount and the contact's open
// documents they settle), verification documents (核销单: documents of one
// or two contacts set against an advance or each other), other income and
// expense (an account, item lines) and fund transfers (account to account
// lines). Their part of the page's state ↔ the wire, and the automatic
// allocation of the money over the open documents.
import type Decimal from 'decimal.js'
import { toDec } from '@/utils/decimal'
import type { DocKind } from '../kinds'
import type { AccountLine, CheckLine, DocState, Document, FundLine, FundState, UnsettledDoc } from '../types'

const s = (v: unknown) => (v === undefined || v === null ? '' : String(v))
const dec = (v: unknown): Decimal => toDec(s(v)) ?? (toDec('0') as Decimal)

let seq = 0
export const fundLineKey = () => `f${Date.now().toString(36)}${(seq++).toString(36)}`

export function emptyFundLine(): FundLine {
  return { key: fundLineKey(), amount: '', settlement: '', description: '' }
}

export function emptyFund(): FundState {
  return { discount: '', amount: '', checks: [], toChecks: [], lines: [emptyFundLine()] }
}

/** Verification sub-types (docs/money.md). */
export const VERIFY = {
  advanceReceived: 153201,
  advancePaid: 153202,
  receivablePay: 153203,
  moveReceivable: 153204,
  movePayable: 153205,
} as const

/** The contact a settling document is made with, and the other side's (verification). */
export function sidesOf(
  k: DocKind,
  transType?: number,
): { contact: 'customer' | 'supplier'; to?: 'customer' | 'supplier'; toChecks: boolean } {
  if (k.fund !== 'verify') return { contact: k.contact ?? 'customer', toChecks: false }
  switch (transType ?? k.transTypes?.[0]) {
    case VERIFY.advancePaid:
      return { contact: 'supplier', toChecks: false }
    case VERIFY.receivablePay:
      return { contact: 'customer', to: 'supplier', toChecks: true }
    case VERIFY.moveReceivable:
      return { contact: 'customer', to: 'customer', toChecks: false }
    case VERIFY.movePayable:
      return { contact: 'supplier', to: 'supplier', toChecks: false }
  }
  return { contact: 'customer', toChecks: false }
}

/**
 * The settle button of an audited goods document with money open: collect a
 * delivery, pay a purchase receipt; a return is refunded (a receipt paying a
 * sales return back to the customer, a payment taking a purchase return's
 * money back from the supplier: negative money). The fund namespace's key.
 */
export function settleAction(k: DocKind): 'collect' | 'pay' | 'refund' | 'refundIn' | undefined {
  if (!k.settledBy) return undefined
  if (k.returnOf) return k.settledBy === 'receipt' ? 'refund' : 'refundIn'
  return k.settledBy === 'receipt' ? 'collect' : 'pay'
}

/**
 * The money columns of a fund kind's list, in order: receipts and payments
 * show what was received or paid and the discount, income and expense their
 * account (the server's accName), every one its amount.
 */
export function fundListColumns(k: DocKind): ('rpAmount' | 'disAmount' | 'accName' | 'amount')[] {
  if (k.fund === 'settle') return ['rpAmount', 'disAmount', 'amount']
  if (k.fund === 'items') return ['accName', 'amount']
  return ['amount']
}

/** An advance set against debts (153201, 153202) settling more than the contact holds (refused at audit). */
export function advanceShort(transType: number | undefined, settled: string, held: string): boolean {
  if (transType !== VERIFY.advanceReceived && transType !== VERIFY.advancePaid) return false
  return dec(settled).greaterThan(dec(held))
}

/** The unsettled list of a contact of a type (receipts list customers' documents, payments suppliers'). */
export const unsettledPath = (contact: 'customer' | 'supplier') => (contact === 'customer' ? '/receipt/unsettled' : '/payment/unsettled')

/** Settlement lines that say something (an account or a payment). */
export const usedAccounts = (a: AccountLine[]) => a.filter((x) => x.accId || (x.payment && Number(x.payment) !== 0))

/** What a receipt or payment brings: Σ settlement lines + the discount. */
export function moneyOf(st: DocState): string {
  return usedAccounts(st.accounts)
    .reduce((sum, a) => sum.add(dec(a.payment)), dec(st.fund?.discount))
    .toFixed()
}

/** Σ nowCheck of checks. */
export const checkedOf = (checks: CheckLine[]) => checks.reduce((sum, c) => sum.add(dec(c.nowCheck)), dec(0)).toFixed()

/** The checks that settle something (what is sent). */
export const sentChecks = (checks: CheckLine[]) => checks.filter((c) => !dec(c.nowCheck).isZero())

/** The fund lines that say something (what is sent). */
export const sentLines = (lines: FundLine[]) =>
  lines.filter((l) => l.itemId || l.outAccId || l.inAccId || (l.amount && !dec(l.amount).isZero()) || l.description.trim())

/**
 * Applies money over the open documents, oldest first (the order given):
 * lines the user typed (manual) keep what they hold and the rest of the money
 * goes to the others. A sale or purchase takes what it has open while money
 * lasts (the last one partly); a return (open amount negative) is set against
 * them only as far as the sales need more than the money brings, so a return
 * is never settled into an advance.
 */
export function allocate(checks: CheckLine[], money: string): CheckLine[] {
  let avail = dec(money)
  for (const c of checks) if (c.manual) avail = avail.sub(dec(c.nowCheck))
  let credit = dec(0)
  for (const c of checks) if (!c.manual && dec(c.notCheck).isNegative()) credit = credit.add(dec(c.notCheck).abs())
  let pool = avail.add(credit)
  let used = dec(0)
  const out = checks.map((c) => {
    if (c.manual || dec(c.notCheck).isNegative()) return c
    const open = dec(c.notCheck)
    const take = pool.isPositive() ? (pool.lessThan(open) ? pool : open) : dec(0)
    pool = pool.sub(take)
    used = used.add(take)
    return { ...c, nowCheck: take.isZero() ? '' : take.toFixed() }
  })
  let need = used.sub(avail)
  if (need.isNegative()) need = dec(0)
  return out.map((c) => {
    if (c.manual || !dec(c.notCheck).isNegative()) return c
    const open = dec(c.notCheck).abs()
    const take = need.lessThan(open) ? need : open
    need = need.sub(take)
    return { ...c, nowCheck: take.isZero() ? '' : take.neg().toFixed() }
  })
}

/** One line typed by the user: it keeps its value, the others take the rest of the money. */
export function typeCheck(checks: CheckLine[], billId: number, nowCheck: string, money: string): CheckLine[] {
  return allocate(
    checks.map((c) => (c.billId === billId ? { ...c, nowCheck, manual: true } : c)),
    money,
  )
}

/** Every line back to automatic. */
export const reapply = (checks: CheckLine[], money: string) =>
  allocate(
    checks.map((c) => ({ ...c, manual: false })),
    money,
  )

/** A check as the server lists it (unsettled list or a saved document). */
export function checkOf(u: UnsettledDoc, nowCheck = '', manual = false): CheckLine {
  return {
    billId: u.billId,
    billNo: s(u.billNo),
    transType: u.transType,
    billDate: s(u.billDate),
    billPrice: s(u.billPrice),
    hasCheck: s(u.hasCheck),
    notCheck: s(u.notCheck),
    nowCheck: dec(nowCheck).isZero() ? '' : s(nowCheck),
    manual,
  }
}

/**
 * The contact's open documents merged into the checks shown: those already
 * on the document keep their place and amount (typed), the others follow in
 * the server's order (oldest first). preselect: documents checked in full
 * (typed), e.g. the delivery a "collect" button came from.
 */
export function mergeUnsettled(kept: CheckLine[], open: UnsettledDoc[], preselect: number[] = []): CheckLine[] {
  const have = new Set(kept.map((c) => c.billId))
  const want = new Set(preselect)
  const added = open.filter((u) => !have.has(u.billId)).map((u) => (want.has(u.billId) ? checkOf(u, s(u.notCheck), true) : checkOf(u)))
  // the saved ones take the server's current figures (what is open now)
  const fresh = new Map(open.map((u) => [u.billId, u]))
  const keptNow = kept.map((c) => {
    const u = fresh.get(c.billId)
    return u ? { ...c, billPrice: s(u.billPrice), hasCheck: s(u.hasCheck), notCheck: s(u.notCheck) } : c
  })
  return [...keptNow, ...added].sort((a, b) => (a.billDate === b.billDate ? a.billId - b.billId : a.billDate < b.billDate ? -1 : 1))
}

/**
 * Documents asked for (?billIds=: collect, pay, refund) that the contact's
 * list does not hold yet while a fresher one is on its way: the list shown
 * came from the cache, fetched before the document was made (a return just
 * audited). Applied then, they would be lost and the money proposed 0.
 */
export function preselectPending(preselect: number[] | undefined, open: UnsettledDoc[], fetching: boolean): boolean {
  if (!fetching || !preselect?.length) return false
  const have = new Set(open.map((u) => u.billId))
  return preselect.some((id) => !have.has(id))
}

/** A loaded fund document's part of the state. */
export function fundStateOf(d: Document): FundState {
  const checks = (d.checks ?? []).map((c) => checkOf(c, s(c.nowCheck), true))
  const toChecks = (d.toChecks ?? []).map((c) => checkOf(c, s(c.nowCheck), true))
  const lines: FundLine[] = (d.entries ?? []).map((e) => ({
    key: fundLineKey(),
    itemId: e.itemId || undefined,
    outAccId: e.outAccId || undefined,
    inAccId: e.inAccId || undefined,
    amount: s(e.amount),
    wayId: e.wayId || undefined,
    settlement: s(e.settlement),
    description: s(e.description),
  }))
  const isZero = (v: unknown) => s(v) === '' || dec(v).isZero()
  return {
    discount: isZero(d.discount) ? '' : s(d.discount),
    accId: d.accId || undefined,
    amount: d.checks ? checkedOf(checks) : '',
    checks,
    checksFor: d.buId || undefined,
    toBuId: d.toBuId || undefined,
    toChecks,
    toChecksFor: d.toBuId || undefined,
    lines: lines.length ? lines : [emptyFundLine()],
  }
}

const checksBody = (checks: CheckLine[]) => sentChecks(checks).map((c) => ({ billId: c.billId, nowCheck: dec(c.nowCheck).toFixed() }))

/** The add/update body of a fund kind. */
export function fundRequest(k: DocKind, st: DocState): Record<string, unknown> {
  const h = st.header
  const f = st.fund ?? emptyFund()
  const body: Record<string, unknown> = { date: h.date, buId: h.buId ?? 0, description: h.description.trim() }
  if (k.fund === 'settle') {
    body.discount = f.discount.trim() || '0'
    body.accounts = usedAccounts(st.accounts).map((a) => ({
      accId: a.accId ?? 0,
      payment: a.payment || '0',
      wayId: a.wayId ?? 0,
      settlement: a.settlement.trim(),
      remark: a.remark.trim(),
    }))
    body.checks = checksBody(f.checks)
  } else if (k.fund === 'verify') {
    const tt = h.transType || k.transTypes?.[0]
    const sd = sidesOf(k, tt)
    body.transType = tt
    body.checks = checksBody(f.checks)
    if (sd.to) body.toBuId = f.toBuId ?? 0
    if (sd.toChecks) body.toChecks = checksBody(f.toChecks)
    else body.amount = checkedOf(f.checks)
  } else {
    if (k.fund === 'items') body.accId = f.accId ?? 0
    else body.buId = 0
    body.entries = sentLines(f.lines).map((l) =>
      k.fund === 'items'
        ? { itemId: l.itemId ?? 0, amount: l.amount || '0', description: l.description.trim() }
        : {
            outAccId: l.outAccId ?? 0,
            inAccId: l.inAccId ?? 0,
            amount: l.amount || '0',
            wayId: l.wayId ?? 0,
            settlement: l.settlement.trim(),
            description: l.description.trim(),
          },
    )
  }
  if (h.id) {
    body.id = h.id
    body.version = h.version
  }
  return body
}

/**
 * The server's field errors on the page's cells: a check is named by its
 * place in what was sent (checks[2].nowCheck), the page by document
 * (check:<billId>.nowCheck, toCheck:<billId>.…); fund lines likewise
 * (entries[1].amount → line:<key>.amount, entries → lines); settlement lines keep their
 * place among the sent ones (accounts[i] → the i-th line shown that says something).
 */
export function fundErrors(st: DocState, errors: Record<string, string> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  const f = st.fund ?? emptyFund()
  const sent = { checks: sentChecks(f.checks), toChecks: sentChecks(f.toChecks), entries: sentLines(f.lines) }
  const shownAcc = usedAccounts(st.accounts).map((a) => st.accounts.indexOf(a))
  for (const [path, msg] of Object.entries(errors ?? {})) {
    const m = /^(checks|toChecks|entries|accounts)\[(\d+)\]\.(\w+)$/.exec(path)
    if (!m) {
      // "at least one line": shown over the fund lines (entries is the goods grid's)
      out[path === 'entries' ? 'lines' : path] = msg
      continue
    }
    const [, list, at, field] = m
    const i = Number(at)
    if (list === 'accounts') out[`accounts[${shownAcc[i] ?? i}].${field}`] = msg
    else if (list === 'entries') out[sent.entries[i] ? `line:${sent.entries[i].key}.${field}` : path] = msg
    else {
      const c = sent[list as 'checks' | 'toChecks'][i]
      out[c ? `${list === 'checks' ? 'check' : 'toCheck'}:${c.billId}.${field}` : path] = msg
    }
  }
  return out
}

/** A copy of a fund document: the same contact, accounts and lines; nothing settled. */
export function copyFund(f: FundState | undefined): FundState | undefined {
  if (!f) return f
  return {
    ...f,
    checks: [],
    checksFor: undefined,
    toChecks: [],
    toChecksFor: undefined,
    amount: '',
    lines: f.lines.map((l) => ({ ...l, key: fundLineKey() })),
  }
}

/** Whether the document holds anything to copy. */
export function fundHasContent(st: DocState): boolean {
  const f = st.fund
  if (!f) return false
  return usedAccounts(st.accounts).length > 0 || sentLines(f.lines).length > 0 || sentChecks(f.checks).length > 0
}
