import { describe, expect, it } from 'vitest'
import { emptyLine, recompute } from '@/components/DocGrid'
import { settings } from '@/components/DocGrid/lib/testFixtures'
import { docKinds } from '../kinds'
import type { DocState, Document, Pending } from '../types'
import { copyState, emptyAccount, emptyState, figuresOf, fromPending, returnOf, stateOf, toRequest } from './form'
import { clearDraft, loadDraft, saveDraft } from './draft'
import { gridSettings } from './settings'

const line = (over: Record<string, unknown> = {}) =>
  recompute(
    {
      ...emptyLine(settings, 3),
      invId: 1,
      invNumber: 'SP001',
      invName: '可口可乐',
      unitId: 11,
      unitName: '箱',
      qty: '2',
      price: '80',
      taxRate: '13',
      ...over,
    },
    settings,
  )

function doc(): DocState {
  const st = emptyState('2024-05-01', { buId: 7, salesId: 2, locationId: 3 })
  st.lines = [line(), emptyLine(settings, 3)]
  st.accounts = [{ ...emptyAccount(), accId: 4, payment: '100' }, emptyAccount()]
  return st
}

describe('toRequest', () => {
  it('maps a new delivery: empty lines and unused accounts left out, figures as strings', () => {
    const body = toRequest(docKinds.sales, doc())
    expect(body).toMatchObject({ date: '2024-05-01', buId: 7, salesId: 2, locationId: 3, disRate: '0', description: '' })
    expect(body.id).toBeUndefined()
    expect(body.disAmount).toBeUndefined()
    expect(body.deliveryDate).toBeUndefined()
    expect(body.entries).toEqual([
      {
        invId: 1,
        skuId: 0,
        unitId: 11,
        locationId: 3,
        qty: '2',
        price: '80',
        discountRate: '0',
        taxRate: '13',
        batch: '',
        prodDate: '',
        validDate: '',
        description: '',
      },
    ])
    expect(body.accounts).toEqual([{ accId: 4, payment: '100', wayId: 0, settlement: '', remark: '' }])
  })
  it('orders send the delivery date and no accounts; updates carry id and version; a given discount is sent', () => {
    const st = doc()
    st.header = { ...st.header, id: 9, version: 3, deliveryDate: '2024-05-09', disAmount: '1.5' }
    const body = toRequest(docKinds.salesOrder, st)
    expect(body).toMatchObject({ id: 9, version: 3, deliveryDate: '2024-05-09', disAmount: '1.5', accounts: [] })
  })
  it('keeps links: serials, srcEntryId, order lines', () => {
    const st = doc()
    st.lines = [
      { ...line(), serNumList: [{ serNum: 'A1' }, { serNum: 'A2' }], srcOrderId: 5, srcOrderEntryId: 51 },
      { ...line(), srcEntryId: 77 } as never,
    ]
    st.header.srcBillId = 12
    const body = toRequest(docKinds.sales, st)
    expect(body.entries[0]).toMatchObject({ serNumList: [{ serNum: 'A1' }, { serNum: 'A2' }], srcOrderId: 5, srcOrderEntryId: 51 })
    expect(body.entries[1]).toMatchObject({ srcEntryId: 77 })
    expect(body.srcBillId).toBe(12)
  })
})

const stored: Document = {
  id: 12,
  billNo: 'XS001',
  transType: 150601,
  date: '2024-05-01',
  buId: 7,
  contactName: '张三',
  salesId: 2,
  locationId: 3,
  description: 'x',
  deliveryDate: '',
  billStatus: 0,
  totalQty: '2',
  totalAmount: '180.8',
  disRate: '0',
  disAmount: '0',
  amount: '180.8',
  totalTax: '20.8',
  totalTaxAmount: '180.8',
  rpAmount: '100',
  arrears: '80.8',
  hxStateCode: 1,
  checked: 1,
  checkName: 'boss',
  userName: 'clerk',
  version: 4,
  entries: [
    {
      id: 31,
      invId: 1,
      invNumber: 'SP001',
      invName: '可口可乐',
      invSpec: '',
      skuId: 0,
      skuName: '',
      unitId: 11,
      unitName: '箱',
      qty: '2',
      price: '80',
      discountRate: '0',
      deduction: '0',
      amount: '160',
      taxRate: '13',
      tax: '20.8',
      taxAmount: '180.8',
      locationId: 3,
      locationName: '总仓',
      batch: '',
      prodDate: '',
      validDate: '',
      unitCost: '40',
      cost: '80',
      description: '',
    },
  ],
  accounts: [{ accId: 4, payment: '100', wayId: 0, settlement: '', remark: '' }],
}

describe('loaded, copied, returned, made from order', () => {
  it('a stored document round-trips to the same body', () => {
    const st = stateOf(stored)
    expect(st.header).toMatchObject({ id: 12, version: 4, checked: 1, disAmount: '' })
    const body = toRequest(docKinds.sales, st)
    expect(body).toMatchObject({ id: 12, version: 4, buId: 7, accounts: [{ accId: 4, payment: '100' }] })
    expect(body.entries[0]).toMatchObject({ invId: 1, unitId: 11, qty: '2', price: '80' })
    expect(figuresOf(st, settings)).toMatchObject({ totalAmount: '180.8', arrears: '80.8', hxStateCode: 1 })
  })
  it('a copy is a new draft without id, number, payments or links', () => {
    const c = copyState(stateOf(stored), '2024-06-01')
    const body = toRequest(docKinds.sales, c)
    expect(body.id).toBeUndefined()
    expect(c.header).toMatchObject({ billNo: '', date: '2024-06-01', checked: 0, buId: 7 })
    expect(body.accounts).toEqual([])
    expect(body.entries[0]).not.toHaveProperty('srcOrderEntryId')
  })
  it('a return links each line to the source line', () => {
    const r = returnOf(stored, '2024-06-01')
    const body = toRequest(docKinds.reSales, r)
    expect(body).toMatchObject({ srcBillId: 12, buId: 7 })
    expect(body.entries[0]).toMatchObject({ srcEntryId: 31, qty: '2', price: '80' })
  })
  it('a delivery from an order takes the remaining quantities', () => {
    const p: Pending = {
      id: 5,
      billNo: 'XSDD1',
      date: '',
      deliveryDate: '',
      buId: 7,
      contactName: '张三',
      salesId: 2,
      locationId: 3,
      checked: 1,
      billStatus: 1,
      entries: [
        {
          srcOrderId: 5,
          srcOrderEntryId: 51,
          lineNo: 1,
          invId: 1,
          invNumber: 'SP001',
          invName: '可口可乐',
          invSpec: '',
          skuId: 0,
          skuName: '',
          unitId: 11,
          unitName: '箱',
          qty: '10',
          fulfilledQty: '4',
          remainingQty: '6',
          price: '80',
          discountRate: '0',
          taxRate: '13',
          locationId: 3,
        },
        {
          srcOrderId: 5,
          srcOrderEntryId: 52,
          lineNo: 2,
          invId: 2,
          invNumber: 'SP002',
          invName: '雪碧',
          invSpec: '',
          skuId: 0,
          skuName: '',
          unitId: 10,
          unitName: '瓶',
          qty: '3',
          fulfilledQty: '3',
          remainingQty: '0',
          price: '3',
          discountRate: '0',
          taxRate: '13',
          locationId: 3,
        },
      ],
    }
    const st = fromPending(p, '2024-06-01', settings)
    expect(st.lines).toHaveLength(1)
    expect(st.lines[0]).toMatchObject({ qty: '6', amount: '480', taxAmount: '542.4' })
    const body = toRequest(docKinds.sales, st)
    expect(body).toMatchObject({ srcOrderId: 5, buId: 7 })
    expect(body.entries[0]).toMatchObject({ srcOrderId: 5, srcOrderEntryId: 51, qty: '6' })
  })
})

describe('draft persistence', () => {
  it('keeps a draft per tab and drops it', () => {
    const st = doc()
    saveDraft('/sales/sales_detail', st)
    expect(loadDraft('/purchase/purchase_detail')).toBeNull()
    const d = loadDraft('/sales/sales_detail')
    expect(d?.state).toEqual(st)
    expect(toRequest(docKinds.sales, d!.state)).toEqual(toRequest(docKinds.sales, st))
    clearDraft('/sales/sales_detail')
    expect(loadDraft('/sales/sales_detail')).toBeNull()
  })
  it('ignores malformed drafts', () => {
    localStorage.setItem('cangshu.draft:/x', '{"v":1,"state":{}}')
    expect(loadDraft('/x')).toBeNull()
    localStorage.setItem('cangshu.draft:/y', 'not json')
    expect(loadDraft('/y')).toBeNull()
  })
})

describe('grid settings by kind and rights', () => {
  const params = {
    taxRequiredCheck: 1 as const,
    ISSERNUM: 1 as const,
    ISWARRANTY: 1 as const,
    multiUnit: 1 as const,
    qtyPlaces: 2,
    pricePlaces: 2,
    amountPlaces: 2,
  }
  it('hides cost without money:cost:view and on kinds without costs', () => {
    const sales = (perms: string[]) => gridSettings(params, docKinds.sales, (p) => perms.includes(p))
    expect(sales(['money:salesAmount:view', 'money:cost:view'])).toMatchObject({ money: true, cost: true })
    expect(sales(['money:salesAmount:view'])).toMatchObject({ money: true, cost: false })
    expect(gridSettings(params, docKinds.purchase, () => true)).toMatchObject({ cost: false })
    expect(gridSettings(params, docKinds.salesOrder, () => true)).toMatchObject({ serials: false, batches: false })
  })
})
