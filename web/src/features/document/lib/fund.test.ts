import { describe, expect, it } from 'vitest'
import { docKinds } from '../kinds'
import type { CheckLine, Document, UnsettledDoc } from '../types'
import { emptyAccount, emptyState, settleFrom, stateOf, toRequest, copyState } from './form'
import {
  advanceShort,
  allocate,
  fundErrors,
  fundListColumns,
  mergeUnsettled,
  moneyOf,
  preselectPending,
  reapply,
  settleAction,
  typeCheck,
} from './fund'

const open = (billId: number, notCheck: string, billDate = `2024-05-0${billId}`): UnsettledDoc => ({
  billId,
  billNo: `XS${billId}`,
  transType: notCheck.startsWith('-') ? 150602 : 150601,
  billDate,
  billPrice: notCheck,
  hasCheck: '0',
  notCheck,
})
const lines = (...o: UnsettledDoc[]) => mergeUnsettled([], o)
const now = (c: CheckLine[]) => c.map((x) => x.nowCheck)

describe('allocate: money applied over open documents', () => {
  it.each([
    { name: 'oldest first, the last partly', open: ['100', '200', '300'], money: '250', want: ['100', '150', ''] },
    { name: 'exactly enough', open: ['100', '200'], money: '300', want: ['100', '200'] },
    { name: 'more than open: the rest is an advance', open: ['100'], money: '500', want: ['100'] },
    { name: 'no money', open: ['100', '200'], money: '0', want: ['', ''] },
    { name: 'decimals exact', open: ['0.10', '0.20', '0.30'], money: '0.35', want: ['0.1', '0.2', '0.05'] },
    // a return is set against sales only as far as the money does not reach
    { name: 'a return covers what money does not', open: ['100', '-30'], money: '70', want: ['100', '-30'] },
    { name: 'a return partly', open: ['100', '-30'], money: '80', want: ['100', '-20'] },
    { name: 'money enough: the return stays open', open: ['100', '-30'], money: '100', want: ['100', ''] },
    { name: 'a return alone is not settled into an advance', open: ['-30'], money: '50', want: [''] },
    { name: 'a return with no money settles a sale', open: ['100', '-30'], money: '0', want: ['30', '-30'] },
  ])('$name', ({ open: o, money, want }) => {
    expect(now(allocate(lines(...o.map((v, i) => open(i + 1, v))), money))).toEqual(want)
  })

  it('the discount counts as money', () => {
    const st = emptyState('2024-05-10', {}, docKinds.receipt)
    st.accounts = [{ ...emptyAccount(), accId: 1, payment: '200' }, { ...emptyAccount(), accId: 2, payment: '40.5' }, emptyAccount()]
    st.fund = { ...st.fund!, discount: '9.5' }
    expect(moneyOf(st)).toBe('250')
  })

  it('a line typed by hand keeps its value; the rest goes to the others, oldest first', () => {
    let c = allocate(lines(open(1, '100'), open(2, '200'), open(3, '300')), '400')
    expect(now(c)).toEqual(['100', '200', '100'])
    c = typeCheck(c, 2, '50', '400')
    expect(now(c)).toEqual(['100', '50', '250'])
    expect(c[1].manual).toBe(true)
    // the money changes: the typed line stays, the others follow
    c = allocate(c, '200')
    expect(now(c)).toEqual(['100', '50', '50'])
    // typed again
    c = typeCheck(c, 2, '200', '200')
    expect(now(c)).toEqual(['', '200', ''])
    // back to automatic
    expect(now(reapply(c, '200'))).toEqual(['100', '100', ''])
  })

  it('typed lines beyond the money leave nothing for the others', () => {
    const c = typeCheck(lines(open(1, '100'), open(2, '200')), 2, '200', '150')
    expect(now(c)).toEqual(['', '200'])
  })
})

describe('refunds: a return paid back (negative money)', () => {
  it('the refunded return preselected in full, the money its open amount: the money settles no sale', () => {
    const checks = mergeUnsettled([], [open(1, '100'), open(2, '-40')], [2])
    expect(now(allocate(checks, '-40'))).toEqual(['', '-40'])
    // another return is still set against the sales, as on any receipt
    const more = mergeUnsettled([], [open(1, '100'), open(2, '-40'), open(3, '-25')], [2])
    expect(now(allocate(more, '-40'))).toEqual(['25', '-40', '-25'])
  })

  it('a document asked for that a cached list lacks waits for the fresh list', () => {
    const cached = [open(1, '100')]
    expect(preselectPending([2], cached, true)).toBe(true)
    // the fresh list has it, or nothing is on its way (it is not open any more): applied now
    expect(preselectPending([2], [...cached, open(2, '-40')], true)).toBe(false)
    expect(preselectPending([2], cached, false)).toBe(false)
    expect(preselectPending(undefined, cached, true)).toBe(false)
  })

  it('the buttons: collect and pay on deliveries and receipts, refunds on returns; none elsewhere', () => {
    expect(
      (['sales', 'purchase', 'reSales', 'rePurchase', 'salesOrder', 'otherIn', 'receipt'] as const).map((k) => settleAction(docKinds[k])),
    ).toEqual(['collect', 'pay', 'refund', 'refundIn', undefined, undefined, undefined])
  })
})

describe('the advance a verification may use', () => {
  it.each([
    { tt: 153201, settled: '80', held: '80', short: false },
    { tt: 153201, settled: '80.01', held: '80', short: true },
    { tt: 153202, settled: '1', held: '0', short: true },
    // the other sub-types use no advance
    { tt: 153203, settled: '500', held: '0', short: false },
    { tt: 153204, settled: '500', held: '0', short: false },
  ])('$tt: $settled against $held held', ({ tt, settled, held, short }) => {
    expect(advanceShort(tt, settled, held)).toBe(short)
  })
})

describe('fund lists', () => {
  it('income and expense show their account; receipts what was received and the discount', () => {
    expect(
      (['income', 'expense', 'receipt', 'payment', 'fundTf', 'verification'] as const).map((k) => fundListColumns(docKinds[k]).join()),
    ).toEqual(['accName,amount', 'accName,amount', 'rpAmount,disAmount,amount', 'rpAmount,disAmount,amount', 'amount', 'amount'])
  })
})

describe('merging the open documents', () => {
  it('keeps the document order by date and checks the preselected ones in full', () => {
    const c = mergeUnsettled([], [open(2, '200', '2024-05-02'), open(1, '100', '2024-05-01'), open(3, '50', '2024-05-03')], [3])
    expect(c.map((x) => x.billId)).toEqual([1, 2, 3])
    expect(c[2]).toMatchObject({ nowCheck: '50', manual: true })
    expect(c[0]).toMatchObject({ nowCheck: '', manual: false })
  })
  it('a saved check keeps its amount and takes the figures open now', () => {
    const kept = mergeUnsettled([], [open(1, '100')]).map((x) => ({ ...x, nowCheck: '40', manual: true }))
    const c = mergeUnsettled(kept, [{ ...open(1, '90'), hasCheck: '10' }, open(2, '200')])
    expect(c[0]).toMatchObject({ billId: 1, nowCheck: '40', notCheck: '90', hasCheck: '10' })
    expect(c).toHaveLength(2)
  })
})

describe('receipts on the wire', () => {
  const receipt = docKinds.receipt
  it('sends accounts, discount and only the checks that settle something', () => {
    const st = settleFrom(receipt, '2024-05-10', 7, [2])
    st.accounts = [{ ...emptyAccount(), accId: 3, payment: '150', wayId: 9 }, emptyAccount()]
    st.fund = { ...st.fund!, discount: '10', checks: allocate(lines(open(1, '100'), open(2, '200'), open(3, '5')), '160') }
    expect(toRequest(receipt, st)).toEqual({
      date: '2024-05-10',
      buId: 7,
      description: '',
      discount: '10',
      accounts: [{ accId: 3, payment: '150', wayId: 9, settlement: '', remark: '' }],
      checks: [
        { billId: 1, nowCheck: '100' },
        { billId: 2, nowCheck: '60' },
      ],
    })
  })

  it('names the server errors by document and line', () => {
    const st = emptyState('2024-05-10', { buId: 7 }, docKinds.receipt)
    st.accounts = [emptyAccount(), { ...emptyAccount(), accId: 3, payment: '1' }]
    st.fund = { ...st.fund!, checks: allocate(lines(open(1, '100'), open(2, '200'), open(3, '300')), '50') }
    st.fund.checks = typeCheck(st.fund.checks, 3, '10', '50')
    expect(fundErrors(st, { 'checks[1].nowCheck': 'too much', 'accounts[0].accId': 'gone', date: 'bad' })).toEqual({
      'check:3.nowCheck': 'too much',
      'accounts[1].accId': 'gone',
      date: 'bad',
    })
    const inc = emptyState('2024-05-10', {}, docKinds.income)
    const key = inc.fund!.lines[0].key
    inc.fund!.lines = [{ ...inc.fund!.lines[0], amount: '5' }]
    expect(fundErrors(inc, { 'entries[0].itemId': 'need', entries: 'none' })).toEqual({ [`line:${key}.itemId`]: 'need', lines: 'none' })
  })

  it('a loaded receipt keeps its checks as typed; a copy settles nothing', () => {
    const d = {
      id: 5,
      billNo: 'SK1',
      date: '2024-05-10',
      buId: 7,
      checked: 0,
      version: 2,
      discount: '10',
      accounts: [{ accId: 3, payment: '150', wayId: 0, settlement: '', remark: '' }],
      checks: [{ ...open(1, '100'), nowCheck: '100' }],
    } as unknown as Document
    const st = stateOf(d, receipt)
    expect(st.fund).toMatchObject({ discount: '10', checksFor: 7 })
    expect(st.fund!.checks[0]).toMatchObject({ nowCheck: '100', manual: true })
    expect(toRequest(receipt, st)).toMatchObject({ id: 5, version: 2, checks: [{ billId: 1, nowCheck: '100' }] })
    const c = copyState(st, '2024-05-11')
    expect(c.fund!.checks).toEqual([])
    expect(c.accounts[0]).toMatchObject({ accId: 3, payment: '150' })
  })
})

describe('income, expense, transfers and verification on the wire', () => {
  it('income sends the account and item lines', () => {
    const st = emptyState('2024-05-10', {}, docKinds.income)
    st.fund = {
      ...st.fund!,
      accId: 4,
      lines: [
        { key: 'a', itemId: 2, amount: '30', settlement: '', description: ' rent ' },
        { key: 'b', amount: '', settlement: '', description: '' },
      ],
    }
    expect(toRequest(docKinds.income, st)).toEqual({
      date: '2024-05-10',
      buId: 0,
      description: '',
      accId: 4,
      entries: [{ itemId: 2, amount: '30', description: 'rent' }],
    })
  })
  it('a transfer sends account to account lines', () => {
    const st = emptyState('2024-05-10', {}, docKinds.fundTf)
    st.fund = { ...st.fund!, lines: [{ key: 'a', outAccId: 1, inAccId: 2, amount: '500', wayId: 3, settlement: 'Z1', description: '' }] }
    expect(toRequest(docKinds.fundTf, st)).toMatchObject({
      buId: 0,
      entries: [{ outAccId: 1, inAccId: 2, amount: '500', wayId: 3, settlement: 'Z1', description: '' }],
    })
  })
  it('verification: the amount is Σ checks; 153203 sends the other side', () => {
    const v = docKinds.verification
    const st = emptyState('2024-05-10', { buId: 7 }, v)
    st.fund = { ...st.fund!, amount: '120', checks: allocate(lines(open(1, '100'), open(2, '200')), '120') }
    expect(toRequest(v, st)).toMatchObject({ transType: 153201, amount: '120', checks: [{ billId: 1 }, { billId: 2, nowCheck: '20' }] })
    st.header.transType = 153203
    st.fund = { ...st.fund, toBuId: 8, toChecks: allocate(lines(open(5, '300')), '120') }
    const body = toRequest(v, st) as unknown as Record<string, unknown>
    expect(body).toMatchObject({ transType: 153203, toBuId: 8, toChecks: [{ billId: 5, nowCheck: '120' }] })
    expect(body.amount).toBeUndefined()
  })
})
