// A clerk's day as the seeded 业务员 limited by data rights to one
// warehouse: every main screen works (no error toast, no 403 answer seen by
// the page), a delivery is typed and saved with the unit column and the
// price places, its line in the allowed warehouse although the goods prefer
// another; typing into the selected cell replaces its value; a new document
// is always blank (新增 after a save, after closing the tabs, after signing
// out), while F5 restores an unsaved draft; deleting a draft raises no
// error; the seed's invoice entry path under /fund opens the invoice entry.
// Walked in Chinese and in English. Starts and ends signed in as admin.
import { apiClient } from '../lib/api.mjs'

export async function run({ page, base, step, expect, shot, byTest, hash, signIn, signOut, closeTabs, waitFor, T, confirmUntil }) {
  const { call, ok } = apiClient(page, expect)
  const stamp = Date.now().toString(36).slice(-5)
  const today = new Date().toISOString().slice(0, 10)
  const d = {}

  // What the page sees: every 403 answer of the API, every error toast.
  const seen = { forbidden: [], toasts: [] }
  let inflight = 0
  page.on('request', (r) => r.url().includes('/prod-api/') && inflight++)
  const done = (r) => r.url().includes('/prod-api/') && inflight--
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  page.on('response', (r) => {
    if (r.url().includes('/prod-api/') && r.status() === 403) seen.forbidden.push(`${r.request().method()} ${new URL(r.url()).pathname}`)
  })
  const watchToasts = () =>
    page.evaluate(() => {
      if (window.__toastWatch) return
      window.__toastWatch = true
      window.__errorToasts = []
      new MutationObserver(() => {
        for (const el of document.querySelectorAll(
          '.ant-message-error:not([data-seen]), .ant-notification-notice-error:not([data-seen])',
        )) {
          el.setAttribute('data-seen', '1')
          window.__errorToasts.push(`${location.hash}: ${el.textContent}`)
        }
      }).observe(document.body, { childList: true, subtree: true })
    })
  const errorToasts = () => page.evaluate(() => window.__errorToasts ?? [])
  // no request of the app in flight, twice in a row (what a screen loads has come)
  const settled = async () => {
    let quiet = 0
    await waitFor(async () => (inflight <= 0 ? ++quiet >= 3 : ((quiet = 0), false)), T, 'the requests of the page to end')
  }
  const clean = async (where) => {
    await settled()
    const toasts = await errorToasts()
    expect(seen.forbidden.length === 0, `${where}: 403 answers seen: ${seen.forbidden.join(', ')}`)
    expect(toasts.length === 0, `${where}: error toasts: ${toasts.join(' | ')}`)
  }
  const show = async (path, selector = '[data-view]') => {
    await page.keyboard.press('Escape')
    await page.evaluate((h) => (location.hash = h), path)
    const root = page.locator(`[data-page="${path}"]`)
    await root.locator(selector).first().waitFor({ timeout: 60_000 })
    return root
  }
  const signInAs = async (username, password) => {
    await page.evaluate(() => {
      localStorage.removeItem('cangshu.session')
      location.hash = '/login'
    })
    await page.reload()
    await byTest('login-submit').waitFor()
    await signIn(username, password)
    await byTest('tags-view').waitFor()
  }
  const cellOf = (view) => (row, col) => view.getByTestId(`docgrid-cell-${row}-${col}`)
  const goodsReady = (view) => view.getByTestId('doc-goods-loading').waitFor({ state: 'detached', timeout: 20_000 })
  const select = async (view, testId, text) => {
    await view.getByTestId(testId).click()
    await page.keyboard.type(text)
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Escape')
  }
  const toCell = async (view, row, col) => {
    const cell = cellOf(view)
    for (let i = 0; i < 14 && (await cell(row, col).getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('Tab')
    expect((await cell(row, col).getAttribute('aria-selected')) === 'true', `line ${row + 1}: ${col} reached by Tab`)
  }
  const username = `rclerk_${stamp}`

  await step('clerk day: a clerk limited to warehouse A; goods preferring warehouse B (admin, through the API)', async () => {
    const units = ok(await call('GET', '/unit/list?page=1&rows=100'), 'units')
    d.unitId = (units.rows ?? units)[0]?.id ?? ok(await call('POST', '/unit/add', { name: `个${stamp}` }), 'unit').id
    d.whA = ok(await call('POST', '/invlocation/add', { number: `RA${stamp}`, name: `甲仓${stamp}` }), 'warehouse A')
    d.whB = ok(await call('POST', '/invlocation/add', { number: `RB${stamp}`, name: `乙仓${stamp}` }), 'warehouse B')
    d.goods = ok(
      await call('POST', '/inventory/add', {
        number: `RG${stamp}`,
        name: `限仓品${stamp}`,
        unitId: d.unitId,
        salePrice: '12.5',
        purPrice: '5',
        locationId: d.whB.id,
      }),
      'goods preferring warehouse B',
    )
    d.customer = ok(await call('POST', '/contact/add', { type: -10, number: `RK${stamp}`, name: `限仓客户${stamp}` }), 'customer')
    d.supplier = ok(await call('POST', '/contact/add', { type: 10, number: `RS${stamp}`, name: `限仓供应商${stamp}` }), 'supplier')
    ok(
      await call('POST', '/purchase/add?check=1', {
        date: today,
        buId: d.supplier.id,
        locationId: d.whA.id,
        entries: [
          { invId: d.goods.id, qty: '100', price: '5', locationId: d.whA.id },
          { invId: d.goods.id, qty: '100', price: '5', locationId: d.whB.id },
        ],
        accounts: [],
      }),
      'purchase into both warehouses',
    )
    const roles = ok(await call('GET', '/roles/page?pageNum=1&pageSize=100'), 'roles')
    const clerk = roles.list.find((r) => r.code === 'CLERK')
    const shops = ok(await call('GET', '/shops/options'), 'shops')
    ok(
      await call('POST', '/users/', {
        username,
        nickname: '限仓业务员',
        deptId: 1,
        roleIds: [clerk.id],
        shopIds: [shops[0].value],
        password: 'rclerk123',
      }),
      'clerk user',
    )
    const users = ok(await call('GET', `/users/page?pageNum=1&pageSize=10&keywords=${username}`), 'users')
    const user = users.list.find((u) => u.username === username)
    ok(
      await call('POST', '/dataRights', {
        userId: user.id,
        inherit: false,
        allWarehouses: false,
        warehouseIds: [d.whA.id],
        allCustomers: true,
        customerIds: [],
        allSuppliers: true,
        supplierIds: [],
        ownDocuments: false,
      }),
      'data rights: warehouse A only',
    )
    const form = new FormData()
    form.append('username', username)
    form.append('password', 'rclerk123')
    const login = await (await fetch(`${base}/api/auth/login`, { method: 'POST', body: form })).json()
    const changed = await fetch(`${base}/api/users/set_password`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${login.data.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ oldPassword: 'rclerk123', newPassword: 'rclerk456', confirmPassword: 'rclerk456' }),
    }).then((r) => r.json())
    expect(changed.status === 200, `clerk password: ${changed.msg}`)
    await closeTabs()
  })

  const lists = [
    ['/sales/sales', '[data-testid="doc-list-sales"]'],
    ['/sales/salesOrder', '[data-testid="doc-list-salesOrder"]'],
    ['/sales/reSales', '[data-testid="doc-list-reSales"]'],
    ['/purchase/purchase', '[data-testid="doc-list-purchase"]'],
    ['/purchase/purOrder', '[data-testid="doc-list-purOrder"]'],
    ['/sales/salesInvoice', '[data-testid="doc-list-salesInvoice"]'],
    ['/warehouse/stock', '[data-view]'],
    ['/settings/base/customer', '[data-view]'],
    ['/settings/base/inventory', '[data-view]'],
    ['/report/sales/salesDetail', '[data-testid="report-salesDetail"]'],
    ['/report/sales/salesSummaryInv', '[data-testid="report-salesSummaryInv"]'],
    ['/report/purchase/puDetail', '[data-testid="report-puDetail"]'],
    ['/report/fund/contactDebt', '[data-testid="report-contactDebt"]'],
  ]

  await step('clerk day: the restricted clerk signs in and walks the lists and reports in Chinese: no error, no 403', async () => {
    await signInAs(username, 'rclerk456')
    await watchToasts()
    seen.forbidden.length = 0
    await clean('the dashboard')
    for (const [path, sel] of lists) {
      await show(path, sel)
      await clean(path)
    }
    await shot('79-clerk-walk-zh')
    await closeTabs()
  })

  await step(
    'clerk day: a delivery typed and saved — unit column, 2 price places, the line in the allowed warehouse; typing into the selected cell replaces',
    async () => {
      const list = await show('/sales/sales', '[data-testid="doc-list-sales"]')
      await list.getByTestId('doc-list-add').click()
      const view = await show('/sales/sales_detail', '[data-testid="doc-entry-sales"]')
      await goodsReady(view)
      // the header proposes the one warehouse the clerk may use
      await waitFor(async () => (await view.getByTestId('doc-location').innerText()).includes(d.whA.name), T, 'warehouse A in the header')
      await select(view, 'doc-contact', d.customer.name)
      const cell = cellOf(view)
      await view.getByTestId('docgrid-grid').focus()
      // two lines of the goods: number, Enter
      for (const row of [0, 1]) {
        await toCell(view, row, 'goods')
        await page.keyboard.type(d.goods.number)
        await page.keyboard.press('Enter')
        await waitFor(async () => (await cell(row, 'goods').innerText()).includes(d.goods.name), T, `line ${row + 1} took the goods`)
      }
      for (const row of [0, 1]) {
        const loc = (await cell(row, 'location').innerText()).trim()
        expect(
          loc === d.whA.name,
          `line ${row + 1}: warehouse ${loc}, want ${d.whA.name} (the goods prefer ${d.whB.name}, not the clerk's)`,
        )
        expect((await cell(row, 'unit').innerText()).trim() !== '', `line ${row + 1}: the unit column shows the unit`)
        const price = (await cell(row, 'price').innerText()).trim()
        expect(price === '12.50', `line ${row + 1}: price ${price}, want 12.50 (2 places)`)
      }
      // line 1's quantity 2, Enter (down to line 2's quantity, 1); a click on that selected cell, then 4: 4, not 14
      await cell(0, 'qty').click()
      await page.keyboard.type('2')
      await page.keyboard.press('Enter')
      await waitFor(async () => (await cell(1, 'qty').getAttribute('aria-selected')) === 'true', T, "line 2's quantity selected by Enter")
      await cell(1, 'qty').click()
      await page.keyboard.type('4')
      await page.keyboard.press('Enter')
      await waitFor(async () => (await cell(1, 'qty').innerText()).trim() === '4', T, "line 2's quantity 4")
      expect((await cell(0, 'qty').innerText()).trim() === '2', "line 1's quantity 2")
      // a refused value stays marked; the click elsewhere and the next keys are not lost
      await cell(0, 'qty').click()
      await page.keyboard.type('abc')
      await cell(1, 'qty').click()
      await waitFor(async () => (await cell(1, 'qty').getAttribute('aria-selected')) === 'true', T, 'the click on line 2 taken')
      expect((await cell(0, 'qty').getAttribute('aria-invalid')) === 'true', 'the refused text is marked')
      await page.keyboard.type('3')
      await page.keyboard.press('Enter')
      await waitFor(async () => (await cell(1, 'qty').innerText()).trim() === '3', T, "line 2's quantity 3 typed after the click")
      await cell(0, 'qty').click()
      await page.keyboard.type('2')
      await page.keyboard.press('Enter')
      await waitFor(async () => (await cell(0, 'qty').getAttribute('aria-invalid')) === null, T, 'the corrected cell unmarked')
      const saved = page.waitForResponse((r) => r.url().includes('/prod-api/sales/add'))
      await view.getByTestId('doc-save').click()
      const res = await (await saved).json()
      expect(res.status === 200, `save: ${JSON.stringify(res).slice(0, 300)}`)
      const e = res.data.entries.map((x) => [Number(x.qty), x.locationId])
      expect(
        JSON.stringify(e) ===
          JSON.stringify([
            [2, d.whA.id],
            [3, d.whA.id],
          ]),
        `saved lines ${JSON.stringify(e)}`,
      )
      d.saved = res.data
      await waitFor(async () => (await view.getByTestId('doc-billno').inputValue()) === res.data.billNo, T, 'the number shown')
      await clean('the delivery entry')
      await shot('79-clerk-delivery')
    },
  )

  const blank = async (view, what) => {
    await view.getByTestId('doc-save').waitFor()
    await waitFor(async () => (await cellOf(view)(0, 'goods').innerText()).trim() === '', T, `${what}: a blank document`)
    expect((await view.getByTestId('doc-uncheck').count()) === 0, `${what}: no 反审核 offered`)
    expect(!(await view.getByTestId('doc-billno').inputValue()).includes(d.saved.billNo), `${what}: not ${d.saved.billNo}`)
  }

  await step('clerk day: 新增 after a save is blank — with the tab open, after 关闭所有, after signing out', async () => {
    const list = await show('/sales/sales', '[data-testid="doc-list-sales"]')
    await list.getByTestId('doc-list-add').click()
    await blank(await show('/sales/sales_detail', '[data-testid="doc-entry-sales"]'), '新增 with the entry tab open')
    // save another one and audit it, then close all tabs: the entry route opened again is blank
    let view = page.locator('[data-page="/sales/sales_detail"]')
    await goodsReady(view)
    await select(view, 'doc-contact', d.customer.name)
    await view.getByTestId('docgrid-grid').focus()
    await page.keyboard.type(d.goods.number)
    await page.keyboard.press('Enter')
    const saved = page.waitForResponse((r) => r.url().includes('/prod-api/sales/add'))
    await view.getByTestId('doc-save-check').click()
    const res = await (await saved).json()
    expect(res.status === 200, `save and audit: ${JSON.stringify(res).slice(0, 300)}`)
    d.saved = res.data
    await view.getByTestId('doc-uncheck').waitFor()
    await closeTabs()
    view = await show('/sales/sales_detail', '[data-testid="doc-entry-sales"]')
    await blank(view, 'the entry route after 关闭所有')
    await closeTabs()
    await signOut()
    await signIn(username, 'rclerk456')
    await byTest('tags-view').waitFor()
    await watchToasts()
    const again = await show('/sales/sales', '[data-testid="doc-list-sales"]')
    await again.getByTestId('doc-list-add').click()
    await blank(await show('/sales/sales_detail', '[data-testid="doc-entry-sales"]'), '新增 after signing out and in')
  })

  await step('clerk day: F5 restores an unsaved draft of the tab; deleting a saved draft raises no error', async () => {
    const view = page.locator('[data-page="/sales/sales_detail"]')
    await goodsReady(view)
    await select(view, 'doc-contact', d.customer.name)
    await view.getByTestId('docgrid-grid').focus()
    await page.keyboard.type(d.goods.number)
    await page.keyboard.press('Enter')
    await view.getByTestId('doc-dirty').waitFor()
    await waitFor(async () => (await cellOf(view)(0, 'goods').innerText()).includes(d.goods.name), T, 'the line typed')
    // the draft is written as the user types (debounced): until it holds the line
    await waitFor(
      () =>
        page.evaluate(
          (name) =>
            Object.keys(localStorage).some(
              (k) => k.startsWith('cangshu.draft:') && k.endsWith(':/sales/sales_detail') && localStorage.getItem(k).includes(name),
            ),
          d.goods.name,
        ),
      T,
      'the draft kept with its line',
    )
    await page.reload()
    const back = await show('/sales/sales_detail', '[data-testid="doc-entry-sales"]')
    await back.getByTestId('doc-draft-restored').waitFor()
    await waitFor(async () => (await cellOf(back)(0, 'goods').innerText()).includes(d.goods.name), T, 'the draft line back')
    await watchToasts()
    seen.forbidden.length = 0
    const saved = page.waitForResponse((r) => r.url().includes('/prod-api/sales/add'))
    await back.getByTestId('doc-save').click()
    const res = await (await saved).json()
    expect(res.status === 200, `save: ${JSON.stringify(res).slice(0, 300)}`)
    await waitFor(async () => (await back.getByTestId('doc-billno').inputValue()) === res.data.billNo, T, 'the number shown')
    await back.getByTestId('doc-delete').click()
    await confirmUntil(
      page.locator('.ant-modal-confirm .ant-modal-confirm-btns .ant-btn-primary'),
      back.getByTestId('doc-delete'),
      'the draft deleted',
      'detached',
    )
    await blank(back, 'after deleting the draft')
    await clean('deleting a draft')
  })

  await step("clerk day: the seed's /fund/salesInvoice_detail opens the sales invoice entry", async () => {
    await page.evaluate(() => (location.hash = '/fund/salesInvoice_detail'))
    await page.waitForFunction(() => location.hash === '#/sales/salesInvoice_detail')
    await page.locator('[data-page="/sales/salesInvoice_detail"] [data-view="sales/salesInvoice_detail"]').waitFor()
    await clean('the sales invoice entry')
  })

  await step('clerk day: the same walk in English: no error, no 403', async () => {
    await byTest('lang-switch').click()
    await byTest('lang-en').click()
    await page.waitForFunction(() => document.documentElement.lang === 'en')
    await closeTabs()
    for (const [path, sel] of lists) {
      await show(path, sel)
      await clean(`${path} (en)`)
    }
    const list = await show('/sales/sales', '[data-testid="doc-list-sales"]')
    await list.getByTestId('doc-list-add').click()
    const view = await show('/sales/sales_detail', '[data-testid="doc-entry-sales"]')
    await blank(view, 'New in English')
    await view.getByTestId('docgrid-grid').waitFor()
    const unit = view.getByRole('columnheader', { name: 'Unit', exact: true })
    expect((await unit.count()) === 1, 'the Unit column in English')
    await clean('the delivery entry (en)')
    await shot('79-clerk-walk-en')
    await byTest('lang-switch').click()
    await byTest('lang-zh-CN').click()
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN')
    await closeTabs()
  })

  await step('clerk day: back to admin', async () => {
    await signInAs('admin', 'admin123')
    await byTest('dashboard-welcome').waitFor()
    void hash
  })
}
