// The invoice entry page's pure logic: lines drawn from goods documents
// (what is left to invoice of each line, prefilled and signed: returns
// negative), totals, the add/update body, the list's "invoice" selection
// and where server field errors (entries[i].amount) land.
import { add, cmp, div, mul, round, toDec } from '@/utils/decimal'
import type { DocEntry, Document } from '@/features/document/types'
import { signOf } from '../kinds'
import type { Invoice, InvoiceHeader, InvoiceInput, InvoiceLine, InvoiceState, InvoiceType } from '../types'

let seq = 0
export const lineKey = () => `i${Date.now().toString(36)}${(seq++).toString(36)}`

const s = (v: unknown) => (v === undefined || v === null ? '' : String(v))
const neg = (v: string, sign: 1 | -1) => (v === '' || sign === 1 ? v : mul(v, -1))

export interface Places {
  qty: number
  amount: number
}

export function emptyHeader(today: string): InvoiceHeader {
  return { billNo: '', date: today, invoiceNo: '', invoiceTitle: '', invoiceType: 1, description: '', checked: 0 }
}

export const emptyInvoice = (today: string): InvoiceState => ({ header: emptyHeader(today), lines: [] })

/** A saved invoice as the page edits it. */
export function stateOfInvoice(d: Invoice): InvoiceState {
  return {
    header: {
      id: d.id,
      version: d.version,
      billNo: s(d.billNo),
      date: s(d.date),
      buId: d.buId || undefined,
      contactName: d.contactName,
      invoiceNo: s(d.invoiceNo),
      invoiceTitle: s(d.invoiceTitle),
      invoiceType: (d.invoiceType === 2 ? 2 : 1) as InvoiceType,
      description: s(d.description),
      checked: d.checked ? 1 : 0,
      userName: d.userName,
      checkName: d.checkName,
      custom: d.custom ?? {},
    },
    lines: (d.entries ?? []).map((e) => ({
      key: lineKey(),
      srcBillId: e.srcBillId,
      srcBillNo: s(e.srcBillNo),
      srcEntryId: e.srcEntryId,
      invNumber: s(e.invNumber),
      invName: s(e.invName),
      qty: s(e.qty),
      amount: s(e.amount),
      tax: s(e.tax),
      description: s(e.description),
    })),
  }
}

/** What is left to invoice of a goods line (with tax, unsigned); undefined when its amounts are hidden. */
export function leftOfEntry(e: Pick<DocEntry, 'taxAmount' | 'invoicedAmount'>): string | undefined {
  if (e.taxAmount === undefined || e.taxAmount === null || e.taxAmount === '') return undefined
  return add(e.taxAmount, mul(e.invoicedAmount ?? 0, -1))
}

/** What is left to invoice of a goods document (signed: returns negative); undefined when hidden. */
export function leftOfDocument(d: Pick<Document, 'totalTaxAmount' | 'invoicedAmount'>, kind: string): string | undefined {
  if (d.totalTaxAmount === undefined || d.totalTaxAmount === null) return undefined
  return neg(add(d.totalTaxAmount, mul(d.invoicedAmount ?? 0, -1)), signOf(kind))
}

/**
 * The lines of an audited goods document still to invoice, prefilled with what
 * is left (a partly invoiced line: its quantity, amount and tax in proportion,
 * amount + tax = what is left), signed by the kind (returns negative). Without
 * the money right the amounts are unknown: every line comes with its quantity.
 */
export function linesFromDocument(doc: Document, kind: string, p: Places): InvoiceLine[] {
  const sign = signOf(kind)
  const out: InvoiceLine[] = []
  for (const e of doc.entries ?? []) {
    if (!e.id) continue
    const left = leftOfEntry(e)
    const base = {
      key: lineKey(),
      srcBillId: doc.id,
      srcBillNo: doc.billNo,
      srcKind: kind,
      srcEntryId: e.id,
      invNumber: s(e.invNumber),
      invName: s(e.invName),
      unitName: s(e.unitName),
      description: '',
      taxRate: s(e.taxRate) || '0',
    }
    if (left === undefined) {
      out.push({ ...base, qty: neg(s(e.qty), sign), amount: '', tax: '' })
      continue
    }
    if (cmp(left, 0) <= 0) continue
    let qty = s(e.qty)
    let amount = s(e.amount)
    let tax = s(e.tax) || '0'
    if (cmp(left, e.taxAmount) !== 0) {
      const share = div(left, e.taxAmount, 12)
      qty = round(mul(qty, share), p.qty)
      amount = round(mul(amount, share), p.amount)
      tax = add(left, mul(amount, -1))
    }
    out.push({ ...base, qty: neg(qty, sign), amount: neg(amount, sign), tax: neg(tax, sign), left: neg(left, sign) })
  }
  return out
}

/** lines + more, without the source lines already there; answers how many were skipped. */
export function addLines(lines: InvoiceLine[], more: InvoiceLine[]): { lines: InvoiceLine[]; skipped: number } {
  const have = new Set(lines.map((l) => l.srcEntryId))
  const fresh = more.filter((l) => !have.has(l.srcEntryId))
  return { lines: [...lines, ...fresh], skipped: more.length - fresh.length }
}

/** A typed amount brings its tax at the source line's rate (when known). */
export function withAmount(l: InvoiceLine, amount: string, amountPlaces: number): InvoiceLine {
  const rate = toDec(l.taxRate ?? '')
  if (!rate || l.taxRate === undefined || toDec(amount) === null) return { ...l, amount }
  return { ...l, amount, tax: round(div(mul(amount, rate), 100, amountPlaces + 2), amountPlaces) }
}

export const taxAmountOf = (l: Pick<InvoiceLine, 'amount' | 'tax'>) => add(l.amount, l.tax)

export function totalsOf(lines: InvoiceLine[]) {
  return {
    qty: add(...lines.map((l) => l.qty)),
    amount: add(...lines.map((l) => l.amount)),
    tax: add(...lines.map((l) => l.tax)),
    taxAmount: add(...lines.map(taxAmountOf)),
  }
}

/** The add/update body. */
export function toInvoiceInput(st: InvoiceState): InvoiceInput {
  const h = st.header
  return {
    ...(h.id ? { id: h.id, version: h.version } : {}),
    date: h.date,
    buId: h.buId ?? 0,
    invoiceNo: h.invoiceNo.trim(),
    invoiceTitle: h.invoiceTitle.trim(),
    invoiceType: h.invoiceType,
    description: h.description,
    entries: st.lines.map((l) => ({
      srcBillId: l.srcBillId,
      srcEntryId: l.srcEntryId,
      qty: l.qty || '0',
      amount: l.amount || '0',
      tax: l.tax || '0',
      description: l.description,
    })),
  }
}

/**
 * Server field errors keyed for the page: `entries[i].field` → `<line key>.field`
 * (the lines as they were saved), the others as they are.
 */
export function errorsOnLines(errors: Record<string, string> | undefined | null, lines: InvoiceLine[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [path, msg] of Object.entries(errors ?? {})) {
    const m = /^entries\[(\d+)\]\.(\w+)$/.exec(path)
    const line = m ? lines[Number(m[1])] : undefined
    out[line ? `${line.key}.${m![2]}` : path] = msg
  }
  return out
}

/** Why the selected goods documents cannot be invoiced together, or what to invoice. */
export type Selection =
  { ok: true; buId: number; ids: number[] } | { ok: false; reason: 'none' | 'draft' | 'contacts' | 'invoiced'; billNo?: string }

export function invoiceSelection(rows: Pick<Document, 'id' | 'billNo' | 'buId' | 'checked' | 'invoiceState'>[]): Selection {
  if (!rows.length) return { ok: false, reason: 'none' }
  const draft = rows.find((r) => r.checked !== 1)
  if (draft) return { ok: false, reason: 'draft', billNo: draft.billNo }
  if (new Set(rows.map((r) => r.buId)).size > 1) return { ok: false, reason: 'contacts' }
  const open = rows.filter((r) => r.invoiceState !== 2)
  if (!open.length) return { ok: false, reason: 'invoiced', billNo: rows[0].billNo }
  return { ok: true, buId: rows[0].buId, ids: open.map((r) => r.id) }
}

/** The entry page's query for an invoice made from documents: from=sales:12,13 */
export const fromQuery = (kind: string, ids: number[]) => `from=${kind}:${ids.join(',')}`

export function parseFrom(v: string | null | undefined): { kind: string; ids: number[] } | null {
  const m = /^(\w+):([\d,]+)$/.exec(v ?? '')
  if (!m) return null
  const ids = m[2]
    .split(',')
    .map(Number)
    .filter((n) => n > 0)
  return ids.length ? { kind: m[1], ids } : null
}
