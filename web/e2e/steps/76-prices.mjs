// Browser step of the price list (/settings/base/price): goods
// through the API; on the screen a retail price typed in place, Enter moves
// to the next goods item's cell, a negative price is marked on its cell and
// not saved; the save writes what the grid shows (read back through the API).
// Starts and ends signed in as admin.

import { apiClient } from '../lib/api.mjs'

export async function run(ctx) {
  const { page, step, expect, shot } = ctx
  const stamp = Date.now().toString(36)
  const { call, ok, open } = apiClient(page, expect)
  const d = {}

  await step('prices: two goods through the API', async () => {
    const units = ok(await call('GET', '/unit/list?page=1&rows=100'), 'units')
    let unitId = (units.rows ?? units)[0]?.id
    if (!unitId) unitId = ok(await call('POST', '/unit/add', { name: `个${stamp}` }), 'unit').id
    d.a = ok(
      await call('POST', '/inventory/add', { number: `PA${stamp}`, name: `价格甲${stamp}`, unitId, salePrice: 10, purPrice: 6 }),
      'goods a',
    )
    d.b = ok(
      await call('POST', '/inventory/add', { number: `PB${stamp}`, name: `价格乙${stamp}`, unitId, salePrice: 20, purPrice: 12 }),
      'goods b',
    )
  })

  await step('prices: typed in place, Enter to the next row, a bad cell refused, the save read back', async () => {
    const view = await open('/settings/base/price', 'price-table')
    await view.getByTestId('price-search').fill(`${stamp}`)
    await view.getByTestId('price-search').press('Enter')
    const cellA = view.locator(`[data-testid^="price-cell-PA${stamp}-"][data-testid$="-salePrice"]`)
    const cellB = view.locator(`[data-testid^="price-cell-PB${stamp}-"][data-testid$="-salePrice"]`)
    await cellA.waitFor()
    await cellB.waitFor()
    await cellA.click()
    await page.keyboard.type('12.5')
    await page.keyboard.press('Enter')
    expect(await cellB.evaluate((el) => el === document.activeElement), 'Enter moved to the next row')
    await page.keyboard.type('-1')
    await view.getByTestId('price-changed').waitFor()
    expect((await cellB.getAttribute('class')).includes('status-error'), 'the negative price is marked')
    await view.getByTestId('price-save').click()
    await page
      .locator('.ant-message')
      .getByText(/标红|marked/)
      .waitFor()
    expect(String(ok(await call('GET', `/inventory/get_update?id=${d.a.id}`), 'a').salePrice) === '10', 'nothing saved yet')
    await cellB.fill('21')
    const saved = page.waitForResponse((r) => r.url().includes('/prod-api/inventory/prices') && r.request().method() === 'POST')
    await view.getByTestId('price-save').click()
    expect((await saved).status() === 200, 'saved')
    await view.getByTestId('price-changed').waitFor({ state: 'hidden' })
    await shot('76-price-list')
    expect(String(ok(await call('GET', `/inventory/get_update?id=${d.a.id}`), 'a').salePrice) === '12.5', 'a saved')
    expect(String(ok(await call('GET', `/inventory/get_update?id=${d.b.id}`), 'b').salePrice) === '21', 'b saved')
    expect((await cellA.inputValue()) === '12.5', 'the grid shows what is saved')
  })
}
