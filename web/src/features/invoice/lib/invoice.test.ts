// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { Document } from '@/features/document/types'
import {
  addLines,
  errorsOnLines,
  invoiceSelection,
  leftOfDocument,
  linesFromDocument,
  parseFrom,
  fromQuery,
  toInvoiceInput,
  totalsOf,
  withAmount,
  emptyInvoice,
} from './invoice'

const P = { qty: 2, amount: 2 }

function doc(id: number, entries: Record<string, unknown>[], extra: Partial<Document> = {}): Document {
  return { id, billNo: `XS${id}`, entries, ...extra } as unknown as Document
}
const entry = (id: number, qty: string, amount: string, tax: string, invoiced = '0', taxRate = '13') => ({
  id,
  invNumber: 'SP001',
  invName: '可乐',
  unitName: '瓶',
  qty,
  amount,
  tax,
  taxAmount: String(Number(amount) + Number(tax)),
  taxRate,
  invoicedAmount: invoiced,
})

describe('lines drawn from a goods document', () => {
  it('takes every line not yet invoiced in full', () => {
    const lines = linesFromDocument(doc(7, [entry(1, '10', '100', '13'), entry(2, '5', '50', '6.5')]), 'sales', P)
    expect(lines.map((l) => [l.srcBillId, l.srcEntryId, l.qty, l.amount, l.tax, l.left])).toEqual([
      [7, 1, '10', '100', '13', '113'],
      [7, 2, '5', '50', '6.5', '56.5'],
    ])
  })

  it('leaves out lines fully invoiced and prefills what is left of a partly invoiced one', () => {
    const lines = linesFromDocument(doc(7, [entry(1, '10', '100', '13', '113'), entry(2, '10', '100', '13', '56.5')]), 'sales', P)
    expect(lines).toHaveLength(1)
    const l = lines[0]
    expect([l.srcEntryId, l.qty, l.amount, l.tax, l.left]).toEqual([2, '5', '50', '6.5', '56.5'])
  })

  it('keeps amount + tax equal to what is left when the share does not divide evenly', () => {
    const [l] = linesFromDocument(doc(7, [entry(1, '3', '10', '1.3', '3.77')]), 'sales', P)
    // left 7.53 of 11.3: amount 6.66, tax 0.87
    expect([l.qty, l.amount, l.tax]).toEqual(['2', '6.66', '0.87'])
    expect(totalsOf([l]).taxAmount).toBe('7.53')
  })

  it('signs a return negative', () => {
    const [l] = linesFromDocument(doc(9, [entry(3, '2', '20', '2.6')]), 'reSales', P)
    expect([l.qty, l.amount, l.tax, l.left]).toEqual(['-2', '-20', '-2.6', '-22.6'])
    const [p] = linesFromDocument(doc(9, [entry(3, '2', '20', '2.6')]), 'rePurchase', P)
    expect(p.amount).toBe('-20')
    const [q] = linesFromDocument(doc(9, [entry(3, '2', '20', '2.6')]), 'purchase', P)
    expect(q.amount).toBe('20')
  })

  it('without the money right brings the quantities and no amounts', () => {
    const hidden = { id: 4, invNumber: 'SP001', invName: '可乐', qty: '3' }
    const lines = linesFromDocument(doc(9, [hidden]), 'reSales', P)
    expect(lines.map((l) => [l.qty, l.amount, l.tax, l.left])).toEqual([['-3', '', '', undefined]])
  })

  it('adds a source line only once', () => {
    const a = linesFromDocument(doc(7, [entry(1, '1', '10', '0')]), 'sales', P)
    const b = linesFromDocument(doc(7, [entry(1, '1', '10', '0'), entry(2, '1', '5', '0')]), 'sales', P)
    const r = addLines(a, b)
    expect(r.lines.map((l) => l.srcEntryId)).toEqual([1, 2])
    expect(r.skipped).toBe(1)
  })
})

describe('what is left of a document', () => {
  it('is its total with tax less what was invoiced, negative for a return', () => {
    expect(leftOfDocument({ totalTaxAmount: '113', invoicedAmount: '13' }, 'sales')).toBe('100')
    expect(leftOfDocument({ totalTaxAmount: '20', invoicedAmount: '0' }, 'rePurchase')).toBe('-20')
    expect(leftOfDocument({ totalTaxAmount: undefined as never }, 'sales')).toBeUndefined()
  })
})

describe('editing and saving', () => {
  it('a typed amount brings its tax at the source rate', () => {
    const [l] = linesFromDocument(doc(7, [entry(1, '10', '100', '13')]), 'sales', P)
    expect(withAmount(l, '50', 2).tax).toBe('6.5')
    expect(withAmount({ ...l, taxRate: undefined }, '50', 2).tax).toBe('13')
  })

  it('sends the lines with their sources; totals add signed lines', () => {
    const st = emptyInvoice('2026-01-01')
    st.header.buId = 5
    st.header.invoiceNo = ' No.1 '
    st.lines = [
      ...linesFromDocument(doc(7, [entry(1, '10', '100', '13')]), 'sales', P),
      ...linesFromDocument(doc(9, [entry(3, '1', '10', '1.3')]), 'reSales', P),
    ]
    const body = toInvoiceInput(st)
    expect(body.invoiceNo).toBe('No.1')
    expect(body.entries).toEqual([
      { srcBillId: 7, srcEntryId: 1, qty: '10', amount: '100', tax: '13', description: '' },
      { srcBillId: 9, srcEntryId: 3, qty: '-1', amount: '-10', tax: '-1.3', description: '' },
    ])
    expect(totalsOf(st.lines)).toEqual({ qty: '9', amount: '90', tax: '11.7', taxAmount: '101.7' })
  })

  it('puts a server error on its line, whatever the line becomes', () => {
    const lines = linesFromDocument(doc(7, [entry(1, '1', '10', '0'), entry(2, '1', '5', '0')]), 'sales', P)
    const e = errorsOnLines({ 'entries[1].amount': 'only 5 left', invoiceNo: 'too long' }, lines)
    expect(e).toEqual({ [`${lines[1].key}.amount`]: 'only 5 left', invoiceNo: 'too long' })
  })
})

describe('the list action "invoice"', () => {
  const row = (id: number, buId: number, checked: 0 | 1, invoiceState = 0) => ({ id, billNo: `XS${id}`, buId, checked, invoiceState })
  it('takes audited documents of one contact, leaving out those fully invoiced', () => {
    expect(invoiceSelection([row(1, 5, 1), row(2, 5, 1, 2), row(3, 5, 1, 1)])).toEqual({ ok: true, buId: 5, ids: [1, 3] })
  })
  it('refuses drafts, several contacts, nothing selected, all invoiced', () => {
    expect(invoiceSelection([])).toEqual({ ok: false, reason: 'none' })
    expect(invoiceSelection([row(1, 5, 1), row(2, 5, 0)])).toEqual({ ok: false, reason: 'draft', billNo: 'XS2' })
    expect(invoiceSelection([row(1, 5, 1), row(2, 6, 1)])).toEqual({ ok: false, reason: 'contacts' })
    expect(invoiceSelection([row(1, 5, 1, 2)])).toEqual({ ok: false, reason: 'invoiced', billNo: 'XS1' })
  })
  it('passes the documents in the entry page query', () => {
    expect(parseFrom(fromQuery('sales', [12, 13]).slice(5))).toEqual({ kind: 'sales', ids: [12, 13] })
    expect(parseFrom('sales:')).toBeNull()
    expect(parseFrom(null)).toBeNull()
  })
})
