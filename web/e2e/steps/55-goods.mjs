// Browser steps of the goods screen (settings/inventory): a goods item with a
// unit group of two units (its own barcode and price for the box) and a SKU,
// then found in the list by pinyin initials and by a scanned barcode (typed
// code + Enter, the text selected for the next scan). The unit group and the
// attribute group with its values are made through the API (their screens
// are another step's). Then an image is uploaded and its thumbnail shown.
// Starts and ends signed in as admin; clicks by data-testid.
import { crc32, deflateSync } from 'node:zlib'
import { apiClient } from '../lib/api.mjs'

/** A w×h PNG of one colour. */
function png(w, h, [r, g, b]) {
  const chunk = (type, data) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(td) >>> 0)
    return Buffer.concat([len, td, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3).map((_, i) => [r, g, b][i % 3])])
  const raw = Buffer.concat(Array.from({ length: h }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export async function run({ page, step, expect, shot, byTest, waitFor, T }) {
  const stamp = Date.now().toString(36)
  const { call } = apiClient(page, expect)
  const ok = (r, what) => expect(r.http === 200 && r.status === 200, `${what}: ${JSON.stringify(r).slice(0, 400)}`)
  const path = '/settings/base/inventory'
  const open = async () => {
    await page.keyboard.press('Escape')
    await page.evaluate((h) => (location.hash = h), path)
    await page.locator(`[data-page="${path}"] [data-testid="goods-view"]`).waitFor()
    return page.locator(`[data-page="${path}"]`)
  }
  const option = (text) =>
    page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text }).first()
  const settled = () => page.waitForTimeout(400)

  // Unique per run: names in the group and the values; the goods' name gives the initials "kkkl".
  const groupName = `箱装${stamp}`
  const bottle = `瓶${stamp}`
  const box = `箱${stamp}`
  const colour = `颜色${stamp}`
  const red = `红${stamp}`
  const goodsName = `可口可乐测试${stamp}`
  const digits = String(Date.now()).slice(-10)
  const barcode = `690${digits}`
  const boxBarcode = `691${digits}`
  const skuBarcode = `692${digits}`
  let amountPlaces = 2
  let warehouse

  await step('goods: a unit group and an attribute group with values through the API', async () => {
    ok(
      await call('POST', '/unitType/add', {
        name: groupName,
        units: [
          { name: bottle, rate: 1 },
          { name: box, rate: 12 },
        ],
      }),
      'add unit group',
    )
    const type = await call('POST', '/assistType/add', { name: colour })
    ok(type, 'add attribute group')
    ok(await call('POST', '/assist/add', { typeId: type.data.id, name: red }), 'add value red')
    ok(await call('POST', '/assist/add', { typeId: type.data.id, name: `蓝${stamp}` }), 'add value blue')
    // a warehouse for the opening stock (kept optional: its screen is another step's)
    const wh = await call('POST', '/invlocation/add', { number: `E2E${stamp}`.slice(0, 32), name: `E2E 仓库 ${stamp}` })
    warehouse = wh.status === 200 ? wh.data?.name : undefined
    const home = await call('GET', '/home')
    amountPlaces = home.data?.amountPlaces ?? 2
    await page.reload() // the client caches load again with the new group, values and warehouse
    await byTest('side-menu').waitFor()
  })

  await step('goods: create an item with a unit group, a box barcode and price, and a SKU', async () => {
    const view = await open()
    await shot('55-goods-list')
    await view.getByTestId('goods-add').click()
    const dialog = byTest('goods-dialog')
    await byTest('goods-name').waitFor()
    await page.waitForTimeout(300)
    if (!(await byTest('goods-number').inputValue())) await byTest('goods-next-number').click()
    await waitFor(async () => (await byTest('goods-number').inputValue()) !== '', T, 'a number')
    await byTest('goods-name').fill(goodsName)
    await byTest('goods-spec').fill('330ml')
    await byTest('goods-barcode').fill(barcode)
    await byTest('goods-barcode').press('Enter') // a scanner's Enter does not submit the dialog
    await page.waitForTimeout(300)
    expect(await dialog.isVisible(), 'the dialog stays open after Enter in the barcode field')
    await byTest('goods-unit-mode').locator('.ant-radio-wrapper').nth(1).click()
    await byTest('goods-unit-group').click()
    await option(groupName).click()
    await settled()
    await shot('55-goods-form-basic')

    await byTest('goods-tab-prices').click()
    await byTest('goods-purPrice').fill('1.5')
    await byTest('goods-salePrice').fill('3')
    await byTest('goods-unit-row-0').getByText(box).waitFor()
    await byTest('goods-unit-barcode-0').fill(boxBarcode)
    await byTest('goods-unit-salePrice-0').fill('34.5')
    await settled()
    await shot('55-goods-form-prices')

    await byTest('goods-tab-sku').click()
    await byTest('goods-sku-types').click()
    await option(colour).click()
    await page.keyboard.press('Escape')
    await byTest('goods-sku-add').click()
    await byTest('goods-sku-value-0-0').click()
    await option(red).click()
    await byTest('goods-sku-barcode-0').fill(skuBarcode)
    await settled()
    await shot('55-goods-form-sku')

    // The opening amount is qty × unit cost rounded to the amount places (decimal, not float).
    await byTest('goods-tab-stock').click()
    if (warehouse) {
      await byTest('goods-opening-add').click()
      await byTest('goods-opening-wh-0').click()
      await option(warehouse).click()
      await byTest('goods-opening-qty-0').fill('3')
      await byTest('goods-opening-cost-0').fill('3.335') // 10.005: floats make 10.00
      const want = amountPlaces === 2 ? '10.01' : `10.005${'0'.repeat(Math.max(0, amountPlaces - 3))}`
      await waitFor(async () => (await byTest('goods-opening-amount-0').textContent()) === want, T, `amount ${want}`)
      await settled()
      await shot('55-goods-form-stock')
      await byTest('goods-opening-remove-0').click() // the openings of SKU goods are not tested here
    }

    const saved = page.waitForResponse((r) => r.url().includes('/prod-api/inventory/add'))
    await byTest('dialog-ok').click()
    const res = await saved
    expect(res.status() === 200, `save: HTTP ${res.status()} ${(await res.text()).slice(0, 400)}`)
    await dialog.waitFor({ state: 'detached' })
    const found = await call('GET', `/inventory/list?page=1&rows=10&matchCon=${barcode}`)
    ok(found, 'list by barcode')
    const g = found.data.rows.find((r) => r.name === goodsName)
    expect(g, `saved goods: ${JSON.stringify(found.data).slice(0, 400)}`)
    expect(g.unitTypeId > 0 && g.units.length === 2, `unit group: ${JSON.stringify(g.units)}`)
    const boxUnit = g.units.find((u) => u.unitName === box)
    expect(boxUnit && boxUnit.barCode === boxBarcode && Number(boxUnit.salePrice) === 34.5, `box unit: ${JSON.stringify(boxUnit)}`)
    expect(g.skus.length === 1 && g.skus[0].barCode === skuBarcode, `sku: ${JSON.stringify(g.skus)}`)
  })

  await step('goods: found by pinyin initials and by a scanned barcode', async () => {
    const view = await open()
    const search = view.getByTestId('goods-search')
    const row = view.locator('tr.ant-table-row', { hasText: goodsName })
    await search.fill('kkkl')
    await search.press('Enter')
    await row.waitFor()
    await shot('55-goods-found-pinyin')

    // scan: the code typed key by key and Enter; the text is then selected so the next scan replaces it
    await search.fill('')
    await search.pressSequentially(boxBarcode, { delay: 5 })
    await search.press('Enter')
    await row.waitFor()
    await waitFor(async () => (await view.locator('tr.ant-table-row').count()) === 1, T, 'one row for the box barcode')
    await waitFor(
      async () => search.evaluate((el) => el.selectionStart === 0 && el.selectionEnd === el.value.length && el.value.length > 0),
      T,
      'the search text selected after Enter',
    )
    await page.keyboard.type(barcode, { delay: 5 })
    await page.keyboard.press('Enter')
    expect((await search.inputValue()) === barcode, `the next scan replaced the text: ${await search.inputValue()}`)
    await row.waitFor()
    await waitFor(async () => (await view.locator('tr.ant-table-row').count()) === 1, T, 'one row for the barcode')
    await shot('55-goods-found-barcode')
  })

  await step('goods: the saved item opens with its units and SKU', async () => {
    const view = await open()
    const row = view.locator('tr.ant-table-row', { hasText: goodsName })
    await row.waitFor()
    await row.locator('[data-testid^="goods-edit-"]').click()
    await byTest('goods-name').waitFor()
    expect((await byTest('goods-name').inputValue()) === goodsName, 'the name')
    await byTest('goods-tab-prices').click()
    expect((await byTest('goods-unit-barcode-0').inputValue()) === boxBarcode, 'the box barcode')
    await byTest('goods-tab-sku').click()
    expect((await byTest('goods-sku-barcode-0').inputValue()) === skuBarcode, 'the SKU barcode')
    await settled()
    await shot('55-goods-edit-sku')

    await byTest('goods-tab-images').click()
    const uploaded = page.waitForResponse((r) => r.url().includes('/prod-api/inventory/addImagesToInv2'))
    await byTest('goods-images')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: png(320, 240, [220, 40, 40]) })
    const up = await uploaded
    expect(up.status() === 200, `upload: HTTP ${up.status()} ${(await up.text()).slice(0, 300)}`)
    const thumb = byTest('goods-images').locator('[data-testid^="goods-image-"] img')
    await thumb.first().waitFor()
    expect((await thumb.first().getAttribute('src')).startsWith('blob:'), 'the thumbnail is a blob fetched with the token')
    await waitFor(async () => thumb.first().evaluate((img) => img.complete && img.naturalWidth > 0), T, 'the thumbnail decoded')
    await settled()
    await shot('55-goods-images')
    await page.keyboard.press('Escape')
    await byTest('goods-dialog').waitFor({ state: 'detached' })
  })
}
