// Browser steps of the trading documents: a sales delivery entered
// by keyboard (goods by number, a scanned barcode), saved and audited; the
// stock dropped (an API delivery of more than is left is refused); opened
// from the list; print preview with the amount in Chinese capitals; a clerk
// (sales rights without money:cost:view) sees no cost column.
// The goods, contacts and the purchase giving the stock are made through the
// API. Starts and ends signed in as admin; clicks by data-testid.

import { apiClient } from '../lib/api.mjs'

export async function run(ctx) {
  const { page, step, expect, shot, byTest, signIn } = ctx
  const stamp = Date.now().toString(36)
  const { call, ok, open } = apiClient(page, expect)
  const today = new Date().toISOString().slice(0, 10)
  const d = {}

  await step('documents: goods, customer, supplier and stock through the API', async () => {
    const units = ok(await call('GET', '/unit/list?page=1&rows=100'), 'units')
    let unitId = (units.rows ?? units)[0]?.id
    if (!unitId) unitId = ok(await call('POST', '/unit/add', { name: `个${stamp}` }), 'unit').id
    d.wh = ok(await call('POST', '/invlocation/add', { number: `DJ${stamp}`.slice(0, 32), name: `单据仓${stamp}` }), 'warehouse')
    d.g1 = ok(
      await call('POST', '/inventory/add', { number: `D1${stamp}`, name: `单据测试甲${stamp}`, unitId, salePrice: '12.5', purPrice: '5' }),
      'goods 1',
    )
    d.g2 = ok(
      await call('POST', '/inventory/add', {
        number: `D2${stamp}`,
        name: `单据测试乙${stamp}`,
        unitId,
        barCode: `69${Date.now()}`.slice(0, 13),
        salePrice: '8',
        purPrice: '3',
      }),
      'goods 2',
    )
    d.customer = ok(await call('POST', '/contact/add', { type: -10, number: `KH${stamp}`, name: `单据客户${stamp}` }), 'customer')
    d.supplier = ok(await call('POST', '/contact/add', { type: 10, number: `GY${stamp}`, name: `单据供应商${stamp}` }), 'supplier')
    const p = await call('POST', '/purchase/add?check=1', {
      date: today,
      buId: d.supplier.id,
      locationId: d.wh.id,
      entries: [
        { invId: d.g1.id, qty: '10', price: '5' },
        { invId: d.g2.id, qty: '10', price: '3' },
      ],
      accounts: [],
    })
    ok(p, 'audited purchase receipt')
    // the new goods and contacts reach the client caches after a reload
    await page.reload()
    await byTest('dashboard-welcome').or(page.locator('[data-testid="tags-view"]')).first().waitFor()
  })

  await step('documents: a sales delivery entered by keyboard (number, scanned barcode), saved and audited', async () => {
    const view = await open('/sales/sales_detail', 'doc-entry-sales')
    // the customer by keyboard: type and Enter
    await view.getByTestId('doc-contact').click()
    await page.keyboard.type(d.customer.name)
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor()
    await page.keyboard.press('Enter')
    await view.getByTestId('doc-location').click()
    await page.keyboard.type(d.wh.name)
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Escape')

    await page.waitForFunction(() => !document.querySelector('[data-testid="doc-goods-loading"]'), null, { timeout: 15000 })
    const cell = (row, col) => view.getByTestId(`docgrid-cell-${row}-${col}`)
    const toQty = async (row) => {
      for (let i = 0; i < 12 && (await cell(row, 'qty').getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('Tab')
      expect((await cell(row, 'qty').getAttribute('aria-selected')) === 'true', `line ${row + 1}: the quantity cell is reached by Tab`)
    }
    // into the grid by keyboard focus (the cursor starts on line 1's goods cell)
    await view.getByTestId('docgrid-grid').focus()
    // line 1: goods by number, Tab across to the quantity, 3, Enter (down to line 2), Home
    await page.keyboard.type(d.g1.number)
    await page.keyboard.press('Tab')
    expect((await cell(0, 'goods').innerText()).includes(d.g1.name), 'line 1 took goods 1')
    await toQty(0)
    await page.keyboard.type('3')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Home')
    // line 2: a scanner types the barcode and Enter
    await page.keyboard.type(d.g2.barCode)
    await page.keyboard.press('Enter')
    // line 3: goods 2 by number, quantity 2
    await page.keyboard.type(d.g2.number)
    await page.keyboard.press('Tab')
    await toQty(2)
    await page.keyboard.type('2')
    await page.keyboard.press('Enter')
    for (const [row, name, qty] of [
      [0, d.g1.name, '3'],
      [1, d.g2.name, '1'],
      [2, d.g2.name, '2'],
    ]) {
      const text = await cell(row, 'goods').innerText()
      expect(text.includes(name), `line ${row + 1} names ${name}: ${text}`)
      expect((await cell(row, 'qty').innerText()).trim() === qty, `line ${row + 1} quantity ${qty}`)
    }
    // admin holds every right: the cost column is there
    expect((await view.getByTestId('docgrid-total-cost').count()) === 1, 'admin sees the cost column')
    await view.getByTestId('doc-dirty').waitFor()
    await shot('60-sales-entry')
    const saved = page.waitForResponse((r) => r.url().includes('/prod-api/sales/add'))
    await view.getByTestId('doc-save-check').click()
    const res = await (await saved).json()
    expect(res.status === 200, `save and audit: ${JSON.stringify(res).slice(0, 300)}`)
    d.sale = res.data
    expect(d.sale.checked === 1 && d.sale.entries.length === 3, 'audited with 3 lines')
    await view.getByTestId('doc-uncheck').waitFor()
    expect((await view.getByTestId('doc-save').count()) === 0, 'an audited document is read-only (no save)')
    expect((await view.getByTestId('doc-billno').inputValue()) === d.sale.billNo, 'the number is shown')
    await shot('61-sales-audited')
  })

  await step('documents: the stock dropped (more than is left is refused, what is left goes)', async () => {
    const body = (qty) => ({
      date: today,
      buId: d.customer.id,
      locationId: d.wh.id,
      entries: [{ invId: d.g1.id, qty, price: '12.5' }],
      accounts: [],
    })
    const over = await call('POST', '/sales/add?check=1', body('8'))
    expect(over.http >= 400, `8 of goods 1 after delivering 3 of 10 must be refused: ${JSON.stringify(over).slice(0, 300)}`)
    const rest = await call('POST', '/sales/add?check=1', body('7'))
    ok(rest, 'the 7 left are delivered')
  })

  await step('documents: the list shows the delivery with totals and opens it in its entry tab; print preview', async () => {
    const view = await open('/sales/sales', 'doc-list-sales')
    await view.getByTestId('doc-list-match').fill(d.sale.billNo)
    await view.getByTestId('search-submit').click()
    await view.getByTestId(`doc-open-${d.sale.billNo}`).waitFor()
    await view.getByTestId('doc-list-totals').waitFor()
    await shot('62-sales-list')
    await view.getByTestId(`doc-open-${d.sale.billNo}`).click()
    const key = `/sales/sales_detail?id=${d.sale.id}`
    const entry = page.locator(`[data-page="${key}"]`)
    await entry.getByTestId('doc-uncheck').waitFor()
    expect((await entry.getByTestId('doc-billno').inputValue()) === d.sale.billNo, 'the opened tab shows the document')
    await entry.getByTestId('doc-print').click()
    const caps = page.getByTestId('print-capitals')
    await caps.waitFor()
    const text = await caps.innerText()
    expect(/[壹贰叁肆伍陆柒捌玖].*[元角分]/.test(text), `amount in capitals: ${text}`)
    await shot('63-print-preview')
    await page.keyboard.press('Escape')
  })

  await step('documents: a clerk (sales rights, no money:cost:view) sees no cost column', async () => {
    const roles = ok(await call('GET', '/roles/page?pageNum=1&pageSize=100'), 'roles')
    const clerk = roles.list.find((r) => r.code === 'CLERK')
    expect(!!clerk, 'the CLERK role is seeded')
    const shops = ok(await call('GET', '/shops/options'), 'shops')
    const username = `clerk_${stamp}`
    ok(
      await call('POST', '/users/', {
        username,
        nickname: 'Clerk',
        deptId: 1,
        roleIds: [clerk.id],
        shopIds: [shops[0].value],
        password: 'Amber-Lantern-31',
      }),
      'clerk user',
    )
    const base = new URL(page.url()).origin
    const form = new FormData()
    form.append('username', username)
    form.append('password', 'Amber-Lantern-31')
    const login = await (await fetch(`${base}/api/auth/login`, { method: 'POST', body: form })).json()
    const changed = await fetch(`${base}/api/users/set_password`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${login.data.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ oldPassword: 'Amber-Lantern-31', newPassword: 'Amber-Lantern-32', confirmPassword: 'Amber-Lantern-32' }),
    }).then((r) => r.json())
    expect(changed.status === 200, `clerk password: ${changed.msg}`)
    await page.evaluate(() => {
      localStorage.removeItem('cangshu.session')
      location.hash = '/login'
    })
    await page.reload()
    await byTest('login-submit').waitFor()
    await signIn(username, 'Amber-Lantern-32')
    await byTest('tags-view').waitFor()
    const view = await open('/sales/sales_detail', 'doc-entry-sales')
    await view.getByTestId('docgrid-totals').waitFor()
    expect((await view.getByTestId('docgrid-total-cost').count()) === 0, 'no cost column for the clerk')
    expect((await view.getByTestId('docgrid-total-amount').count()) === 1, 'the clerk sees amounts (sales amount right)')
    await shot('64-sales-entry-clerk')
  })

  await step('documents: sign back in as admin', async () => {
    await page.evaluate(() => {
      for (const k of Object.keys(localStorage))
        if (k.startsWith('cangshu.draft:') || k.startsWith('cangshu.docOpen:')) localStorage.removeItem(k)
      localStorage.removeItem('cangshu.session')
      location.hash = '/login'
    })
    await page.reload()
    await byTest('login-submit').waitFor()
    await signIn('admin', 'Hamster-Books-42')
    await byTest('dashboard-welcome').waitFor()
  })
}
