// Browser steps of the money documents: a receipt opened from the
// menu, the customer picked, its three deliveries listed, an amount and a
// discount typed and applied oldest first (the last one partly), a line
// typed beyond what is open refused by the server on its cell, saved and
// audited (the deliveries' settled states and the customer's balance
// checked through the API); a fund transfer between two accounts saved and
// audited (both balances moved in the account list); the "collect" button
// of an audited delivery opening a receipt with it checked; the "refund"
// button of an audited sales return paying it back (a receipt of negative
// money, saved and audited; the return settled, the cash lower). The goods,
// customer, accounts, stock and deliveries are made through the API.
// Starts and ends signed in as admin; clicks by data-testid.

import { apiClient } from '../lib/api.mjs'

export async function run(ctx) {
  const { page, step, expect, shot } = ctx
  const stamp = Date.now().toString(36)
  const { call, ok, open } = apiClient(page, expect)
  const pick = async (view, testId, text) => {
    await view.getByTestId(testId).click()
    await page.keyboard.type(text)
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Escape')
  }
  const fill = async (view, testId, value) => {
    const input = view.getByTestId(testId)
    await input.click()
    await input.fill(value)
  }
  const num = (v) => Number(String(v ?? '').replace(/,/g, ''))
  const audited = async (view) =>
    page.waitForFunction((el) => /已审核|Audited/.test(el?.textContent ?? ''), await view.getByTestId('doc-status').elementHandle(), {
      timeout: 15000,
    })
  const today = new Date().toISOString().slice(0, 10)
  const d = {}

  await step('money: a customer, goods with stock, two accounts and three deliveries through the API', async () => {
    const units = ok(await call('GET', '/unit/list?page=1&rows=100'), 'units')
    let unitId = (units.rows ?? units)[0]?.id
    if (!unitId) unitId = ok(await call('POST', '/unit/add', { name: `个${stamp}` }), 'unit').id
    d.wh = ok(await call('POST', '/invlocation/add', { number: `ZJ${stamp}`.slice(0, 32), name: `资金仓${stamp}` }), 'warehouse')
    d.goods = ok(await call('POST', '/inventory/add', { number: `ZJ${stamp}`, name: `资金测试品${stamp}`, unitId, purPrice: '1' }), 'goods')
    d.customer = ok(await call('POST', '/contact/add', { type: -10, number: `ZK${stamp}`, name: `资金客户${stamp}` }), 'customer')
    const supplier = ok(await call('POST', '/contact/add', { type: 10, number: `ZG${stamp}`, name: `资金供应商${stamp}` }), 'supplier')
    d.cash = ok(
      await call('POST', '/settAcct/add', { number: `XJ${stamp}`, name: `资金现金${stamp}`, type: 1, amount: '1000', date: today }),
      'cash account',
    )
    d.bank = ok(
      await call('POST', '/settAcct/add', { number: `YH${stamp}`, name: `资金银行${stamp}`, type: 2, amount: '0', date: today }),
      'bank account',
    )
    ok(
      await call('POST', '/purchase/add?check=1', {
        date: today,
        buId: supplier.id,
        locationId: d.wh.id,
        entries: [{ invId: d.goods.id, qty: '100', price: '1' }],
        accounts: [],
      }),
      'stock',
    )
    d.sales = []
    for (const price of ['100', '200', '300']) {
      d.sales.push(
        ok(
          await call('POST', '/sales/add?check=1', {
            date: today,
            buId: d.customer.id,
            locationId: d.wh.id,
            entries: [{ invId: d.goods.id, qty: '1', price, taxRate: '0' }],
            accounts: [],
          }),
          `delivery of ${price}`,
        ),
      )
    }
    expect(d.sales.map((s) => num(s.arrears)).join() === '100,200,300', `deliveries owe 100, 200, 300: ${d.sales.map((s) => s.arrears)}`)
    await page.reload()
    await page.locator('[data-testid="tags-view"]').first().waitFor()
  })

  await step(
    'money: a receipt applies 330 + a discount of 20 oldest first; a line beyond its open amount is refused on its cell',
    async () => {
      const view = await open('/fund/receipt_detail', 'doc-entry-receipt')
      await pick(view, 'doc-contact', d.customer.number)
      const [s1, s2, s3] = d.sales
      for (const s of d.sales) await view.getByTestId(`fund-check-row-${s.billNo}`).waitFor({ timeout: 30000 })
      const nowOf = (s) => view.getByTestId(`fund-check-now-${s.billNo}`).inputValue()
      await pick(view, 'doc-acc-0', d.cash.number)
      await fill(view, 'doc-pay-0', '330')
      await fill(view, 'fund-discount', '20')
      expect(
        [await nowOf(s1), await nowOf(s2), await nowOf(s3)].join() === '100,200,50',
        `applied 100, 200, 50: ${[await nowOf(s1), await nowOf(s2), await nowOf(s3)]}`,
      )
      expect(
        num(
          await view
            .getByTestId('fund-advance')
            .innerText()
            .then((x) => x.split('\n').pop()),
        ) === 0,
        'no advance left',
      )
      // the third line typed beyond what it has open: the server refuses it on that cell
      await fill(view, `fund-check-now-${s3.billNo}`, '400')
      expect((await nowOf(s1)) === '' && (await nowOf(s2)) === '', 'the typed line took all the money')
      await view.getByTestId('doc-save').click()
      await view.getByTestId(`fund-check-row-${s3.billNo}`).locator('.ant-form-item-explain-error').first().waitFor({ timeout: 15000 })
      await shot('money-receipt-refused')
      await view.getByTestId('fund-checks-reapply').click()
      expect((await nowOf(s3)) === '50' && (await nowOf(s1)) === '100', 'applied oldest first again')
      await view.getByTestId('doc-save-check').click()
      await audited(view)
      await shot('money-receipt-audited')
      const states = []
      for (const s of d.sales) states.push(ok(await call('GET', `/sales/query?id=${s.id}`), 'delivery').hxStateCode)
      expect(states.join() === '2,2,1', `settled states 2,2,1: ${states}`)
      const c = ok(await call('GET', `/contact/get_update?id=${d.customer.id}`), 'customer')
      expect(num(c.balance) === 250, `customer owes 600 − 350 = 250: ${c.balance}`)
    },
  )

  await step('money: a fund transfer of 500 from cash to bank, both balances moved in the account list', async () => {
    const view = await open('/fund/fundTf_detail', 'doc-entry-fundTf')
    await pick(view, 'fund-line-0-outAccId', d.cash.number)
    await pick(view, 'fund-line-0-inAccId', d.bank.number)
    await fill(view, 'fund-line-0-amount', '500')
    await view.getByTestId('doc-save-check').click()
    await audited(view)
    const list = await open('/settings/base/settAcct', 'account-view')
    const rowOf = (a) => list.locator('tr.ant-table-row', { hasText: a.number })
    await rowOf(d.bank).waitFor()
    // cash: 1000 + 330 received − 500 out; bank: 500 in
    const cells = async (a) => (await rowOf(a).locator('td').allInnerTexts()).map((x) => x.trim())
    const cash = await cells(d.cash)
    const bank = await cells(d.bank)
    expect(
      cash.some((x) => num(x) === 830),
      `cash balance 830: ${cash}`,
    )
    expect(
      bank.some((x) => num(x) === 500),
      `bank balance 500: ${bank}`,
    )
    await shot('money-accounts')
  })

  await step('money: "collect" on an audited delivery opens a receipt with it checked', async () => {
    const s3 = d.sales[2]
    const view = await open(`/sales/sales_detail?id=${s3.id}`, 'doc-settle')
    await view.getByTestId('doc-settle').click()
    const path = `/fund/receipt_detail?buId=${d.customer.id}&billIds=${s3.id}`
    const receipt = page.locator(`[data-page="${path}"]`)
    await receipt.getByTestId(`fund-check-row-${s3.billNo}`).waitFor({ timeout: 60000 })
    const now = await receipt.getByTestId(`fund-check-now-${s3.billNo}`).inputValue()
    expect(num(now) === 250, `the delivery's open 250 checked: ${now}`)
    expect(num(await receipt.getByTestId('doc-pay-0').inputValue()) === 250, 'the amount proposed')
    await shot('money-collect')
    await receipt.getByTestId('doc-new').click()
    await page.locator('[data-testid="doc-discard"]').click()
  })

  await step('money: "refund" on an audited sales return pays it back: a receipt of −40 from the cash settles it', async () => {
    const ret = ok(
      await call('POST', '/reSales/add?check=1', {
        date: today,
        buId: d.customer.id,
        locationId: d.wh.id,
        entries: [{ invId: d.goods.id, qty: '1', price: '40', taxRate: '0' }],
        accounts: [],
      }),
      'sales return',
    )
    const view = await open(`/sales/reSales_detail?id=${ret.id}`, 'doc-settle')
    // antd spaces a two-character Chinese label: "退 款"
    await view
      .getByTestId('doc-settle')
      .filter({ hasText: /退\s*款|Refund/ })
      .waitFor()
    await view.getByTestId('doc-settle').click()
    const path = `/fund/receipt_detail?buId=${d.customer.id}&billIds=${ret.id}`
    const receipt = page.locator(`[data-page="${path}"]`)
    await receipt.getByTestId(`fund-check-row-${ret.billNo}`).waitFor({ timeout: 60000 })
    const now = await receipt.getByTestId(`fund-check-now-${ret.billNo}`).inputValue()
    expect(num(now) === -40, `the return's open −40 checked: ${now}`)
    expect(num(await receipt.getByTestId('doc-pay-0').inputValue()) === -40, 'the refund proposed: −40')
    const paid = await receipt.getByTestId('fund-paid').innerText()
    expect(/本次退款|Refunded now/.test(paid) && /40\.00/.test(paid) && !/-/.test(paid), `the total reads as refunded 40: ${paid}`)
    // the delivery still open takes nothing of a refund
    expect((await receipt.getByTestId(`fund-check-now-${d.sales[2].billNo}`).inputValue()) === '', 'the delivery is left open')
    await pick(receipt, 'doc-acc-0', d.cash.number)
    await receipt.getByTestId('doc-save-check').click()
    await audited(receipt)
    await shot('money-refund')
    const r = ok(await call('GET', `/reSales/query?id=${ret.id}`), 'return')
    expect(r.hxStateCode === 2, `the return is settled: ${r.hxStateCode}`)
    const c = ok(await call('GET', `/contact/get_update?id=${d.customer.id}`), 'customer')
    expect(num(c.balance) === 250, `customer owes 250 − 40 returned + 40 refunded = 250: ${c.balance}`)
    const accounts = ok(await call('GET', '/settAcct/list?page=1&rows=1000'), 'accounts')
    const cash = (accounts.rows ?? accounts).find((a) => a.id === d.cash.id)
    expect(num(cash?.balance) === 790, `cash 830 − 40 refunded = 790: ${cash?.balance}`)
  })
}
