// Opening balances: opening stock added in the dialog (the amount
// follows quantity × unit cost) and shown in the opening position, a
// customer's opening receivable edited, a goods item managed by serial
// number given its serials (their count is the quantity), then the screen
// locked while a period is closed. Starts and ends signed in as admin.

const token = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('cangshu.session')).state.accessToken)

async function api(ctx, method, path, body) {
  const t = await token(ctx.page)
  const res = await fetch(`${ctx.base}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${t}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = await res.json()
  if (json.status !== 200) throw new Error(`${method} ${path}: ${json.msg}`)
  return json.data
}

async function open(ctx, path, testId) {
  await ctx.page.evaluate((h) => (location.hash = h), path)
  await ctx.page.locator(`[data-page="${path}"] [data-testid="${testId}"]`).waitFor()
  return ctx.page.locator(`[data-page="${path}"]`)
}

async function pick(ctx, testId, label) {
  const { page } = ctx
  await page.getByTestId(testId).click()
  await page.keyboard.type(label)
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click()
}

const stamp = Date.now() % 1_000_000

export async function run(ctx) {
  const { step, expect, shot, byTest, waitFor, T, page } = ctx
  const path = '/settings/advanced/opening'

  await step('opening balances: add opening stock, the position shows it; edit a customer’s receivable', async () => {
    const unit = await api(ctx, 'POST', '/unit/add', { name: `E2E件${stamp}` })
    const goods = await api(ctx, 'POST', '/inventory/add', { number: `QC${stamp}`, name: `期初茶${stamp}`, unitId: unit.id })
    const wh = await api(ctx, 'POST', '/invlocation/add', { name: `期初仓${stamp}` })
    const cust = await api(ctx, 'POST', '/contact/add', { type: -10, number: `QCKH${stamp}`, name: `期初客户${stamp}` })
    expect(goods.id && wh.id && cust.id, 'master data made')
    const before = await api(ctx, 'GET', '/opening/summary')
    await page.reload() // the pickers' caches load the new goods and warehouse
    const view = await open(ctx, path, 'opening-view')
    await view.getByTestId('opening-add').click()
    await byTest('opening-stock-dialog').waitFor()
    await pick(ctx, 'opening-goods', `期初茶${stamp}`)
    await pick(ctx, 'opening-location', `期初仓${stamp}`)
    await byTest('opening-qty').fill('12')
    await byTest('opening-unitCost').fill('2.5')
    await waitFor(async () => (await byTest('opening-amount').textContent()) === '30.00', T, 'amount = qty × unit cost')
    await shot('68-opening-dialog')
    await byTest('opening-save').click()
    await byTest('opening-stock-dialog').waitFor({ state: 'detached' })
    await view.getByTestId('opening-table-stock').getByText(`期初茶${stamp}`).waitFor()
    const after = await api(ctx, 'GET', '/opening/summary')
    expect(Number(after.net) === Number(before.net) + 30, `net ${before.net} → ${after.net}`)
    const shown = (await view.getByTestId('opening-net').textContent()).replace(/[^\d.-]/g, '')
    expect(Number(shown) === Number(after.net), `net shown ${shown}, server ${after.net}`)

    await view.getByTestId('opening-tab-customer').click()
    await view.getByTestId('opening-search').locator('input').fill(`QCKH${stamp}`)
    await view.getByTestId('opening-search').locator('input').press('Enter')
    await view.getByTestId('opening-table-customer').getByText(`期初客户${stamp}`).waitFor()
    await view.getByTestId('opening-table-customer').getByTestId('opening-edit').first().click()
    await byTest('opening-amount-input').fill('100')
    await byTest('opening-save').click()
    await waitFor(
      async () => Number((await api(ctx, 'GET', '/opening/summary')).receivable) === Number(after.receivable) + 100,
      T,
      'receivable saved',
    )
    await shot('68-opening')
  })

  await step('opening balances: a goods item managed by serial number takes its serials', async () => {
    const was = (await api(ctx, 'GET', '/config/system')).ISSERNUM
    await api(ctx, 'POST', '/config/system', { ISSERNUM: 1 })
    try {
      const unit = await api(ctx, 'POST', '/unit/add', { name: `E2E台${stamp}` })
      const phone = await api(ctx, 'POST', '/inventory/add', {
        number: `QCSN${stamp}`,
        name: `期初手机${stamp}`,
        unitId: unit.id,
        isSerNum: 1,
      })
      const wh = await api(ctx, 'POST', '/invlocation/add', { name: `序列号仓${stamp}` })
      await page.reload() // the caches and the parameters load again
      const view = await open(ctx, path, 'opening-view')
      await view.getByTestId('opening-add').click()
      await byTest('opening-stock-dialog').waitFor()
      await pick(ctx, 'opening-goods', `期初手机${stamp}`)
      await pick(ctx, 'opening-location', `序列号仓${stamp}`)
      await byTest('opening-serials-input').fill(`SN${stamp}A\nSN${stamp}B\n`)
      await waitFor(async () => (await byTest('opening-qty').inputValue()) === '2', T, 'the serials count as the quantity')
      await byTest('opening-unitCost').fill('800')
      await shot('68-opening-serials')
      await byTest('opening-save').click()
      await byTest('opening-stock-dialog').waitFor({ state: 'detached' })
      await view.getByTestId('opening-table-stock').getByText(`期初手机${stamp}`).waitFor()
      const list = await api(ctx, 'GET', `/serNum/list?invId=${phone.id}&locationId=${wh.id}`)
      expect(list.length === 2 && list[0].serNum.startsWith(`SN${stamp}`), `serials in stock: ${JSON.stringify(list)}`)
    } finally {
      await api(ctx, 'POST', '/config/system', { ISSERNUM: Number(was ?? 0) })
    }
  })

  await step('opening balances: locked while a period is closed', async () => {
    await api(ctx, 'POST', '/period/close', { date: '2000-01-31' })
    try {
      await page.reload()
      const view = await open(ctx, path, 'opening-view')
      await view.getByTestId('opening-locked').waitFor()
      expect(await view.getByTestId('opening-add').isDisabled(), 'add is disabled')
      await shot('68-opening-locked')
    } finally {
      await api(ctx, 'POST', '/period/open')
    }
  })
}
