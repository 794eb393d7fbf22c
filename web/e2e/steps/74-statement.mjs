// Browser steps of the customer statement by link: from the
// customer statement report the staff share the statement; the link opens
// in a signed-out browser, where the customer disputes it with a comment
// (markup shown as text); the staff see it disputed on the report screen.
// Starts and ends signed in as admin; clicks by data-testid.

import { apiClient } from '../lib/api.mjs'

export async function run(ctx) {
  const { page, browser, step, expect, shot, closeTabs } = ctx
  const stamp = Date.now().toString(36)
  const { call, ok } = apiClient(page, expect)
  const today = new Date().toISOString().slice(0, 10)
  const report = `/report/fund/customerReconciliation?buId=`
  const d = {}
  const openReport = async () => {
    await closeTabs()
    await page.evaluate((h) => (location.hash = h), `${report}${d.customer.id}&beginDate=${today}&endDate=${today}`)
    const view = page.locator(`[data-page^="/report/fund/customerReconciliation"]`).last()
    await view.locator('[data-testid="report-customerReconciliation"]').first().waitFor()
    return view
  }

  await step('statement: a sale on credit to a new customer through the API', async () => {
    const units = ok(await call('GET', '/unit/list?page=1&rows=100'), 'units')
    let unitId = (units.rows ?? units)[0]?.id
    if (!unitId) unitId = ok(await call('POST', '/unit/add', { name: `个${stamp}` }), 'unit').id
    const wh = ok(await call('POST', '/invlocation/add', { number: `DZ${stamp}`.slice(0, 32), name: `对账仓${stamp}` }), 'warehouse')
    const g = ok(await call('POST', '/inventory/add', { number: `DZ${stamp}`, name: `对账商品${stamp}`, unitId }), 'goods')
    d.customer = ok(await call('POST', '/contact/add', { type: -10, number: `DK${stamp}`, name: `对账客户${stamp}` }), 'customer')
    const supplier = ok(await call('POST', '/contact/add', { type: 10, number: `DG${stamp}`, name: `对账供应商${stamp}` }), 'supplier')
    const line = (qty, price) => ({ invId: g.id, unitId, locationId: wh.id, qty, price })
    ok(
      await call('POST', '/purchase/add?check=1', { date: today, buId: supplier.id, locationId: wh.id, entries: [line(10, 5)] }),
      'purchase',
    )
    d.sale = ok(
      await call('POST', '/sales/add?check=1', { date: today, buId: d.customer.id, locationId: wh.id, entries: [line(4, 12)] }),
      'sale',
    )
  })

  await step('statement: shared from the report screen', async () => {
    const view = await openReport()
    await view.locator('.ant-table-row', { hasText: d.sale.billNo }).first().waitFor()
    await view.getByTestId('statement-share').click()
    const dialog = page.locator('.ant-modal').last()
    await dialog.getByTestId('statement-days').waitFor()
    await dialog.locator('.ant-btn-primary').click()
    const link = dialog.getByTestId('statement-link')
    await link.waitFor()
    d.link = ((await link.textContent()) ?? '').trim()
    expect(/#\/statement\/[A-Za-z0-9_-]{43}$/.test(d.link), `link ${d.link}`)
    await shot('74-statement-link')
    await dialog.locator('.ant-btn-primary').click()
    await dialog.waitFor({ state: 'hidden' })
  })

  await step('statement: opened signed out, disputed with a comment', async () => {
    const guest = await browser.newContext({ viewport: { width: 1100, height: 800 }, locale: 'zh-CN' })
    try {
      const p = await guest.newPage()
      await p.goto(d.link)
      await p.getByTestId('statement-page').waitFor()
      const customer = (await p.getByTestId('statement-customer').textContent()) ?? ''
      expect(customer.includes(`对账客户${stamp}`), `customer ${customer}`)
      const table = (await p.getByTestId('statement-table').textContent()) ?? ''
      expect(table.includes(d.sale.billNo) && table.includes('48.00'), `statement ${table}`)
      // the other language
      await p.getByTestId('statement-lang').getByText('English').click()
      await p.getByText('Closing balance').first().waitFor()
      await p.getByTestId('statement-lang').getByText('中文').click()
      // a dispute needs a reason
      await p.getByTestId('statement-dispute').click()
      await p.getByTestId('statement-submit').click()
      await p.getByText('提出异议时请填写说明').waitFor()
      await p.getByTestId('statement-comment').fill('<b>第1行数量应为3</b>')
      await p.getByTestId('statement-submit').click()
      const answered = p.getByTestId('statement-answered')
      await answered.waitFor()
      const text = (await answered.textContent()) ?? ''
      expect(text.includes('<b>第1行数量应为3</b>'), `the comment shown as text: ${text}`)
      await p.screenshot({ path: `${ctx.artifacts}/74-statement-disputed.png`, fullPage: true }).catch(() => {})
      // a made-up link
      await p.goto(d.link.replace(/#\/statement\/.*/, '#/statement/nothing-here'))
      await p.getByTestId('statement-gone').waitFor()
    } finally {
      await guest.close()
    }
  })

  await step('statement: the staff see it disputed', async () => {
    const view = await openReport()
    const shares = view.getByTestId('statement-shares')
    await shares.getByTestId('statement-status-disputed').waitFor()
    const row = (await shares.getByTestId('statement-share-row').first().textContent()) ?? ''
    expect(row.includes('第1行数量应为3') && row.includes('48.00'), `share row ${row}`)
    await shot('74-statement-disputed-staff')
    await closeTabs()
  })
}
