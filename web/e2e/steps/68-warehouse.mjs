// Browser steps of the warehouse screens: a stock transfer
// entered by keyboard and audited; an assembly filled from a combination
// template; a stocktake with a scanned count that generates a loss document
// (opened in its tab); the stock query in boxes and bottles. The goods
// (bottles in a 12-bottle box group), warehouses, the receipt giving the
// stock and the template are made through the API. Starts and ends signed
// in as admin; clicks by data-testid.

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
  const today = new Date().toISOString().slice(0, 10)
  const d = {}

  await step('warehouse: bottles in boxes of 12, a cup, a gift box, two warehouses and stock through the API', async () => {
    const group = ok(
      await call('POST', '/unitType/add', {
        name: `瓶箱${stamp}`,
        units: [
          { name: '瓶', rate: '1' },
          { name: '箱', rate: '12' },
        ],
      }),
      'unit group',
    )
    const units = group.units ?? []
    d.bottle = units.find((u) => u.name === '瓶')
    d.box = units.find((u) => u.name === '箱')
    expect(!!d.bottle && !!d.box, `group units: ${JSON.stringify(group).slice(0, 300)}`)
    const single = ok(await call('POST', '/unit/add', { name: `只${stamp}` }), 'unit')
    d.whA = ok(await call('POST', '/invlocation/add', { number: `WA${stamp}`.slice(0, 32), name: `甲仓${stamp}` }), 'warehouse A')
    d.whB = ok(await call('POST', '/invlocation/add', { number: `WB${stamp}`.slice(0, 32), name: `乙仓${stamp}` }), 'warehouse B')
    d.cola = ok(
      await call('POST', '/inventory/add', {
        number: `W1${stamp}`,
        name: `仓库可乐${stamp}`,
        unitTypeId: group.id,
        unitId: d.bottle.id,
        barCode: `68${Date.now()}`.slice(0, 13),
        purPrice: '2',
      }),
      'cola',
    )
    d.cup = ok(
      await call('POST', '/inventory/add', { number: `W2${stamp}`, name: `仓库杯子${stamp}`, unitId: single.id, purPrice: '5' }),
      'cup',
    )
    d.gift = ok(await call('POST', '/inventory/add', { number: `W3${stamp}`, name: `仓库礼盒${stamp}`, unitId: single.id }), 'gift box')
    const supplier = ok(await call('POST', '/contact/add', { type: 10, number: `WG${stamp}`, name: `仓库供应商${stamp}` }), 'supplier')
    ok(
      await call('POST', '/purchase/add?check=1', {
        date: today,
        buId: supplier.id,
        locationId: d.whA.id,
        entries: [
          { invId: d.cola.id, unitId: d.bottle.id, qty: '30', price: '2' },
          { invId: d.cup.id, qty: '10', price: '5' },
        ],
        accounts: [],
      }),
      'audited purchase receipt',
    )
    d.template = ok(
      await call('POST', '/combination/templates/add', {
        name: `礼盒装${stamp}`,
        invId: d.gift.id,
        qty: '1',
        entries: [
          { invId: d.cola.id, unitId: d.bottle.id, qty: '2' },
          { invId: d.cup.id, qty: '1' },
        ],
      }),
      'combination template',
    )
    await page.reload()
    await page.locator('[data-testid="tags-view"]').first().waitFor()
  })

  await step('warehouse: a stock transfer entered by keyboard, saved and audited', async () => {
    const view = await open('/warehouse/invTf_detail', 'doc-entry-invTf')
    await pick(view, 'doc-location', d.whA.name)
    await pick(view, 'doc-in-location', d.whB.name)
    await page.waitForFunction(() => !document.querySelector('[data-testid="doc-goods-loading"]'), null, { timeout: 15000 })
    const cell = (row, col) => view.getByTestId(`docgrid-cell-${row}-${col}`)
    await view.getByTestId('docgrid-grid').focus()
    await page.keyboard.type(d.cola.number)
    await page.keyboard.press('Tab')
    expect((await cell(0, 'goods').innerText()).includes(d.cola.name), 'line 1 took the cola')
    for (let i = 0; i < 12 && (await cell(0, 'qty').getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('Tab')
    expect((await cell(0, 'qty').getAttribute('aria-selected')) === 'true', 'the quantity cell is reached by Tab')
    await page.keyboard.type('5')
    await page.keyboard.press('Enter')
    expect((await cell(0, 'location').innerText()).includes(d.whA.name), 'the line leaves the header out warehouse')
    await shot('68-transfer-entry')
    const saved = page.waitForResponse((r) => r.url().includes('/prod-api/invTf/add'))
    await view.getByTestId('doc-save-check').click()
    const res = await (await saved).json()
    expect(res.status === 200, `save and audit: ${JSON.stringify(res).slice(0, 400)}`)
    d.transfer = res.data
    const e = d.transfer.entries[0]
    expect(d.transfer.checked === 1 && e.inLocationId === d.whB.id && e.locationId === d.whA.id, 'audited, from A into B')
    expect(String(e.cost) === '10', `the transfer line costs 5 × 2 = 10: ${e.cost}`)
    await view.getByTestId('doc-uncheck').waitFor()
  })

  await step('warehouse: an assembly filled from a template (parts scaled to the product quantity)', async () => {
    const view = await open('/warehouse/combination_detail', 'doc-entry-combination')
    await pick(view, 'doc-location', d.whA.name)
    await page.waitForFunction(() => !document.querySelector('[data-testid="doc-goods-loading"]'), null, { timeout: 15000 })
    await pick(view, 'doc-template-pick', d.template.name)
    await view.getByTestId('doc-template-qty').fill('3')
    await view.getByTestId('doc-template-apply').click()
    const cell = (row, col) => view.getByTestId(`docgrid-cell-${row}-${col}`)
    await cell(2, 'goods').waitFor()
    expect((await cell(0, 'goods').innerText()).includes(d.gift.name), 'line 1 is the gift box')
    expect((await cell(0, 'qty').innerText()).trim() === '3', 'three gift boxes')
    expect((await cell(1, 'qty').innerText()).trim() === '6', 'six bottles (2 per box)')
    expect((await cell(2, 'qty').innerText()).trim() === '3', 'three cups')
    await view.getByTestId('doc-fee').fill('1')
    await shot('68-assembly-from-template')
    const saved = page.waitForResponse((r) => r.url().includes('/prod-api/combination/add'))
    await view.getByTestId('doc-save-check').click()
    const res = await (await saved).json()
    expect(res.status === 200, `save and audit: ${JSON.stringify(res).slice(0, 400)}`)
    const lines = res.data.entries
    expect(lines[0].entryType === 1 && lines[1].entryType === 2 && lines[2].entryType === 2, 'one product, two parts')
    // 6 bottles at 2 + 3 cups at 5 + fee 1
    expect(String(lines[0].cost) === '28', `the product costs 12 + 15 + 1 = 28: ${lines[0].cost}`)
  })

  await step('warehouse: a stocktake with a scanned count generates a loss document, opened in its tab', async () => {
    const view = await open('/warehouse/stocktake_detail', 'stocktake-entry')
    await pick(view, 'stocktake-location', d.whB.name)
    await view.getByTestId('stocktake-load').click()
    const row = view.getByTestId('stocktake-sheet').locator('tr', { hasText: d.cola.name })
    await row.waitFor()
    expect((await row.innerText()).includes('5'), 'the book quantity in B is 5 bottles')
    // three scans of the bottle's barcode: counted 3, a loss of 2
    for (let i = 0; i < 3; i++) {
      await view.getByTestId('stocktake-scan').fill(d.cola.barCode)
      await view.getByTestId('stocktake-scan').press('Enter')
    }
    const count = row.locator('input')
    await page.waitForFunction((el) => el.value === '3', await count.elementHandle())
    const diff = row.locator('[data-testid^="stocktake-diff-"]')
    expect((await diff.getAttribute('data-sign')) === '-1', 'the loss is highlighted')
    expect((await diff.innerText()).trim().startsWith('-2'), `difference −2: ${await diff.innerText()}`)
    await shot('68-stocktake')
    const gen = page.waitForResponse((r) => r.url().includes('/prod-api/stocktake/generate'))
    await view.getByTestId('stocktake-generate').click()
    const res = await (await gen).json()
    expect(res.status === 200 && res.data.otherOut && !res.data.otherIn, `a loss only: ${JSON.stringify(res).slice(0, 300)}`)
    const key = `/warehouse/exWarehouse_detail?id=${res.data.otherOut}`
    const loss = page.locator(`[data-page="${key}"]`)
    await loss.getByTestId('doc-entry-otherOut').waitFor()
    // the tab opens on an empty line 1, then shows the loaded document (CI
    // read the empty quantity cell: the screenshot after the failure held 2)
    await loss.getByTestId('docgrid-cell-0-goods').filter({ hasText: d.cola.name }).waitFor()
    const lossQty = loss.getByTestId('docgrid-cell-0-qty')
    await page.waitForFunction((el) => el.innerText.trim() !== '', await lossQty.elementHandle(), { timeout: 15000 })
    expect((await lossQty.innerText()).trim() === '2', `the loss document takes 2 bottles: ${await lossQty.innerText()}`)
    const tt = await loss.getByTestId('doc-transtype').innerText()
    expect(/盘亏|Stocktake loss/.test(tt), `a stocktake loss: ${tt}`)
    await shot('68-stocktake-loss')
    // audit it: B holds 3 bottles
    const audited = page.waitForResponse((r) => r.url().includes('/prod-api/otherOut/update'))
    await loss.getByTestId('doc-save-check').click()
    const a = await (await audited).json()
    expect(a.status === 200 && a.data.checked === 1, `the loss audited: ${JSON.stringify(a).slice(0, 300)}`)
  })

  await step('warehouse: the stock query in boxes and bottles, with a totals row', async () => {
    const view = await open('/warehouse/stock', 'stock-query')
    await pick(view, 'stock-goods', d.cola.number)
    await view.getByTestId('search-submit').click()
    // A: 30 − 5 transferred − 6 assembled = 19 bottles = 1 box 7 bottles; B: 5 − 2 lost = 3 bottles
    const rowA = view.locator('tr', { hasText: d.whA.name }).filter({ hasText: d.cola.name })
    const rowB = view.locator('tr', { hasText: d.whB.name }).filter({ hasText: d.cola.name })
    await rowA.waitFor()
    await page.waitForFunction(
      (name) => [...document.querySelectorAll('tr')].some((tr) => tr.textContent.includes(name) && tr.textContent.includes('1 箱 7 瓶')),
      d.whA.name,
      { timeout: 10000 },
    )
    expect((await rowA.getByTestId('stock-qty-text').innerText()).trim() === '1 箱 7 瓶', 'A holds 1 box 7 bottles')
    expect((await rowB.getByTestId('stock-qty-text').innerText()).trim() === '3 瓶', 'B holds 3 bottles')
    // the goods filter applied: only the cola's two rows
    await page.waitForFunction(() => document.querySelectorAll('[data-page="/warehouse/stock"] tr[data-row-key]').length === 2, null, {
      timeout: 10000,
    })
    const total = await view.getByTestId('stock-total-qty').innerText()
    expect(total.trim().startsWith('22'), `the totals row: 22 bottles (${total})`)
    expect((await view.getByTestId('stock-total-amount').count()) === 1, 'admin sees the stock value')
    await shot('68-stock-query')
  })
}
