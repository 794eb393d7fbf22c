// Browser step of live updates: a list left open shows a
// document saved elsewhere (here through the API, outside the page's own
// requests) within seconds, without a reload or a click; a customer added
// elsewhere reaches the customer list the same way.
// Starts and ends signed in as admin.

import { apiClient } from '../lib/api.mjs'

export async function run(ctx) {
  const { page, step, expect, shot } = ctx
  const stamp = Date.now().toString(36)
  const { call, ok, open } = apiClient(page, expect)
  const today = new Date().toISOString().slice(0, 10)

  await step('live: an open order list shows an order saved elsewhere', async () => {
    const units = ok(await call('GET', '/unit/list?page=1&rows=100'), 'units')
    let unitId = (units.rows ?? units)[0]?.id
    if (!unitId) unitId = ok(await call('POST', '/unit/add', { name: `件${stamp}` }), 'unit').id
    const wh = ok(await call('POST', '/invlocation/add', { number: `LV${stamp}`.slice(0, 32), name: `实时仓${stamp}` }), 'warehouse')
    const g = ok(await call('POST', '/inventory/add', { number: `LV${stamp}`, name: `实时商品${stamp}`, unitId }), 'goods')
    const supplier = ok(await call('POST', '/contact/add', { type: 10, number: `LG${stamp}`, name: `实时供应商${stamp}` }), 'supplier')
    const list = await open('/purchase/purOrder', 'doc-list-purOrder')
    await page.waitForTimeout(1500) // the stream is open and the feed has read where the log stands
    const order = ok(
      await call('POST', '/purOrder/add', {
        date: today,
        buId: supplier.id,
        locationId: wh.id,
        entries: [{ invId: g.id, unitId, locationId: wh.id, qty: 2, price: 3 }],
      }),
      'order',
    )
    await list.getByText(order.billNo).first().waitFor({ timeout: 15_000 })
    await shot('73-live-order-list')
  })

  await step('live: an open customer list shows a customer added elsewhere', async () => {
    const list = await open('/settings/base/customer', 'customer-view')
    await page.waitForTimeout(1500)
    const name = `实时客户${stamp}`
    ok(await call('POST', '/contact/add', { type: -10, number: `LK${stamp}`, name }), 'customer')
    await list.getByText(name).first().waitFor({ timeout: 15_000 })
  })
}
