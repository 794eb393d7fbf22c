// Browser step of the in-app help ("internal doc"): F1 on a
// purchase receipt opens the help of document entry with its keys (F8 among
// them) and the help that holds everywhere; another topic is read from the
// list; on a report, F1 says what that report shows. F8 then saves and audits
// the receipt, as the help says. Starts and ends signed in as admin.

import { apiClient } from '../lib/api.mjs'

export async function run(ctx) {
  const { page, step, expect, shot } = ctx
  const stamp = Date.now().toString(36)
  const { call, ok, open } = apiClient(page, expect)
  const drawer = page.getByTestId('help-drawer')
  const d = {}

  await step('help: a supplier, goods, a warehouse and a draft purchase receipt through the API', async () => {
    const units = ok(await call('GET', '/unit/list?page=1&rows=100'), 'units')
    let unitId = (units.rows ?? units)[0]?.id
    if (!unitId) unitId = ok(await call('POST', '/unit/add', { name: `个${stamp}` }), 'unit').id
    const wh = ok(await call('POST', '/invlocation/add', { number: `HP${stamp}`.slice(0, 32), name: `帮助仓${stamp}` }), 'warehouse')
    const goods = ok(await call('POST', '/inventory/add', { number: `HP${stamp}`, name: `帮助品${stamp}`, unitId, purPrice: '3' }), 'goods')
    const supplier = ok(await call('POST', '/contact/add', { type: 10, number: `HG${stamp}`, name: `帮助供应商${stamp}` }), 'supplier')
    d.draft = ok(
      await call('POST', '/purchase/add', {
        date: new Date().toISOString().slice(0, 10),
        buId: supplier.id,
        locationId: wh.id,
        entries: [{ invId: goods.id, qty: '2', price: '3', locationId: wh.id }],
        accounts: [],
      }),
      'draft receipt',
    )
  })

  await step('help: F1 on a document shows its help, keys and what holds everywhere; another topic from the list', async () => {
    const path = `/purchase/purchase_detail?id=${d.draft.id}`
    const view = await open(path, 'doc-save-check')
    await view.getByTestId('doc-save').focus()
    await page.keyboard.press('F1')
    await drawer.waitFor({ timeout: 30000 })
    const text = drawer.getByTestId('help-topic-text')
    await text.filter({ hasText: /采购和销售单据|Purchase and sales documents/ }).waitFor()
    expect(/F8/.test(await text.innerText()), 'the keys list F8 (save and audit)')
    expect(/F1/.test(await drawer.getByTestId('help-general').innerText()), 'the general help lists F1')
    await shot('help-document')
    await drawer.getByTestId('help-topic').click()
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^(盘点|Stocktake)$/ }).click()
    await text.filter({ hasText: /盘点|Stocktake/ }).waitFor()
    await page.locator('.ant-drawer-close').click()
    await drawer.waitFor({ state: 'hidden' })
  })

  await step('help: F8 saves and audits the open document', async () => {
    const view = page.locator(`[data-page="/purchase/purchase_detail?id=${d.draft.id}"]`)
    await view.getByTestId('doc-save').focus()
    await page.keyboard.press('F8')
    await view.getByTestId('doc-uncheck').waitFor({ timeout: 15000 })
    const doc = ok(await call('GET', `/purchase/query?id=${d.draft.id}`), 'receipt')
    expect(doc.checked === 1, `audited by F8: ${doc.checked}`)
  })

  await step('help: on a report, F1 says what the report shows', async () => {
    await open('/report/sales/salesDetail', 'report-salesDetail')
    await page.keyboard.press('F1')
    await drawer
      .getByTestId('help-report')
      .filter({ hasText: /毛利|gross profit/ })
      .waitFor({ timeout: 30000 })
    await drawer
      .getByTestId('help-topic-text')
      .filter({ hasText: /报表|Reports/ })
      .waitFor()
    await shot('help-report')
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })
  })
}
