// Browser steps of the fund reports: after a sale paid in part
// into a new account and a receipt for part of the rest, made through the
// API, the cash/bank journal of that account shows the running balance
// (opening 100, +8, +30) and the receivable detail of the customer its
// (+40, −30); a document row opens the sale, a receipt row the receipt's
// own screen.
// Starts and ends signed in as admin; clicks by data-testid.

import { apiClient } from '../lib/api.mjs'

export async function run(ctx) {
  const { page, step, expect, shot, closeTabs } = ctx
  const stamp = Date.now().toString(36)
  const { call, ok } = apiClient(page, expect)
  // a report opened with its filters in the address (as a drill-down does),
  // after the tabs left open before (a kept-alive report of the same name
  // would show its old filters)
  const open = async (path, name) => {
    await closeTabs()
    await page.evaluate((h) => (location.hash = h), path)
    const view = page.locator(`[data-page^="${path.split('?')[0]}"]`).last()
    await view.locator(`[data-testid="report-${name}"]`).first().waitFor()
    return view
  }
  const rowText = async (view, text) => {
    const row = view.locator('.ant-table-row', { hasText: text }).first()
    await row.waitFor()
    return { row, text: (await row.textContent()) ?? '' }
  }
  const today = new Date().toISOString().slice(0, 10)
  const d = {}

  await step('fund reports: a sale paid in part and a receipt through the API', async () => {
    const units = ok(await call('GET', '/unit/list?page=1&rows=100'), 'units')
    let unitId = (units.rows ?? units)[0]?.id
    if (!unitId) unitId = ok(await call('POST', '/unit/add', { name: `个${stamp}` }), 'unit').id
    const wh = ok(await call('POST', '/invlocation/add', { number: `ZJ${stamp}`.slice(0, 32), name: `资金仓${stamp}` }), 'warehouse')
    const g = ok(await call('POST', '/inventory/add', { number: `ZJ${stamp}`, name: `资金商品${stamp}`, unitId }), 'goods')
    d.customer = ok(await call('POST', '/contact/add', { type: -10, number: `ZK${stamp}`, name: `资金客户${stamp}` }), 'customer')
    const supplier = ok(await call('POST', '/contact/add', { type: 10, number: `ZG${stamp}`, name: `资金供应商${stamp}` }), 'supplier')
    d.acc = ok(await call('POST', '/settAcct/add', { number: `ZH${stamp}`, name: `资金账户${stamp}`, type: 2, amount: 100 }), 'account')
    const line = (qty, price) => ({ invId: g.id, unitId, locationId: wh.id, qty, price })
    ok(
      await call('POST', '/purchase/add?check=1', { date: today, buId: supplier.id, locationId: wh.id, entries: [line(10, 5)] }),
      'purchase',
    )
    d.sale = ok(
      await call('POST', '/sales/add?check=1', {
        date: today,
        buId: d.customer.id,
        locationId: wh.id,
        entries: [line(4, 12)],
        accounts: [{ accId: d.acc.id, payment: 8 }],
      }),
      'sale',
    )
    d.receipt = ok(
      await call('POST', '/receipt/add?check=1', {
        date: today,
        buId: d.customer.id,
        accounts: [{ accId: d.acc.id, payment: 30 }],
        checks: [{ billId: d.sale.id, nowCheck: 30 }],
      }),
      'receipt',
    )
  })

  await step('fund reports: the cash/bank journal runs the account balance and opens the sale', async () => {
    const view = await open(`/report/fund/bankJournal?accId=${d.acc.id}`, 'bankJournal')
    const sale = await rowText(view, d.sale.billNo)
    expect(sale.text.includes('108.00'), `sale row ${sale.text}`)
    const receipt = await rowText(view, d.receipt.billNo)
    expect(receipt.text.includes('138.00'), `receipt row ${receipt.text}`)
    const totals = (await view.getByTestId('report-totals').textContent()) ?? ''
    expect(totals.includes('138.00'), `totals row ${totals}`)
    await shot('72-bank-journal')
    await sale.row.dblclick()
    await page.locator(`[data-page^="/sales/sales_detail"]`).first().waitFor()
  })

  await step('fund reports: the receivable detail of the customer, then its sale', async () => {
    const view = await open(`/report/fund/receivableDetail?buId=${d.customer.id}`, 'receivableDetail')
    const sale = await rowText(view, d.sale.billNo)
    expect(sale.text.includes('40.00'), `sale row ${sale.text}`)
    const receipt = await rowText(view, d.receipt.billNo)
    expect(receipt.text.includes('30.00') && receipt.text.includes('10.00'), `receipt row ${receipt.text}`)
    expect((await view.locator('.ant-table-row').count()) === 4, 'opening, sale, receipt, subtotal')
    await shot('72-receivable-detail')
    await sale.row.dblclick()
    await page.locator(`[data-page^="/sales/sales_detail"]`).first().waitFor()
    await page.keyboard.press('Escape')
  })

  await step('fund reports: a receipt row opens the receipt screen', async () => {
    const view = await open(`/report/fund/receivableDetail?buId=${d.customer.id}`, 'receivableDetail')
    const receipt = await rowText(view, d.receipt.billNo)
    await receipt.row.dblclick()
    const screen = page.locator(`[data-page^="/fund/receipt_detail"]`).last()
    await screen.waitFor()
    // the receipt itself: its number shows (as text or in the number field)
    const shows = () =>
      screen.evaluate(
        (el, no) => (el.textContent ?? '').includes(no) || [...el.querySelectorAll('input')].some((i) => i.value === no),
        d.receipt.billNo,
      )
    for (let i = 0; i < 50 && !(await shows()); i++) await page.waitForTimeout(100)
    expect(await shows(), `the receipt screen shows ${d.receipt.billNo}`)
    await shot('72-receipt-opened')
    await closeTabs()
  })
}
