// Browser step of attachments, signatures and line order:
// a file dropped into a delivery's attachments drawer is listed and counted;
// the customer signs on the pad, the signature shows under the document and
// in the print preview; dragging a line by its number reorders the lines,
// and the saved document keeps the new order.
// Starts and ends signed in as admin.
import { apiClient } from '../lib/api.mjs'

export async function run(ctx) {
  const { page, step, expect, shot, closeTabs, waitFor, T } = ctx
  const { call, ok } = apiClient(page, expect)
  const stamp = Date.now().toString(36)
  const today = new Date().toISOString().slice(0, 10)
  const d = {}

  await step('attachments: a delivery takes a file by drop, listed and counted', async () => {
    const units = ok(await call('GET', '/unit/list?page=1&rows=100'), 'units')
    let unitId = (units.rows ?? units)[0]?.id
    if (!unitId) unitId = ok(await call('POST', '/unit/add', { name: `件${stamp}` }), 'unit').id
    const wh = ok(await call('POST', '/invlocation/add', { number: `AT${stamp}`.slice(0, 32), name: `附件仓${stamp}` }), 'warehouse')
    const a = ok(await call('POST', '/inventory/add', { number: `ATA${stamp}`, name: `甲商品${stamp}`, unitId }), 'goods a')
    const b = ok(await call('POST', '/inventory/add', { number: `ATB${stamp}`, name: `乙商品${stamp}`, unitId }), 'goods b')
    const customer = ok(await call('POST', '/contact/add', { type: -10, number: `AK${stamp}`, name: `签收客户${stamp}` }), 'customer')
    d.names = [a.name, b.name]
    const line = (g) => ({ invId: g.id, unitId, locationId: wh.id, qty: 1, price: 2 })
    d.sale = ok(
      await call('POST', '/sales/add', { date: today, buId: customer.id, locationId: wh.id, entries: [line(a), line(b)] }),
      'delivery draft',
    )
    d.path = `/sales/sales_detail?id=${d.sale.id}`
    await page.keyboard.press('Escape')
    await page.evaluate((h) => (location.hash = h), d.path)
    d.view = page.locator(`[data-page="${d.path}"]`)
    await d.view.getByTestId('doc-attachments').waitFor()
    await d.view.getByTestId('doc-attachments').click()
    const panel = page.getByTestId('attachments-panel')
    await panel.waitFor()
    const uploaded = page.waitForResponse((r) => r.url().includes('/prod-api/sales/attachment/add'))
    await panel.locator('input[type="file"]').setInputFiles({
      name: `送货单${stamp}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
    })
    const up = await uploaded
    expect(up.status() === 200, `upload: HTTP ${up.status()} ${(await up.text()).slice(0, 300)}`)
    await panel.getByText(`送货单${stamp}.pdf`).waitFor()
    // a file the server would refuse is refused on the page, nothing sent
    await panel
      .locator('input[type="file"]')
      .setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') })
    await page.getByText('setup.exe').first().waitFor()
    await shot('75-attachments')
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'hidden' })
    await waitFor(
      async () =>
        (
          await d.view
            .locator('.ant-badge-count')
            .first()
            .innerText()
            .catch(() => '')
        ).includes('1'),
      T,
      'the count on the button',
    )
  })

  await step('signature: the customer signs on the pad; shown on the screen and in the print preview', async () => {
    await d.view.getByTestId('doc-sign').click()
    const canvas = page.getByTestId('sign-canvas')
    await canvas.waitFor()
    await page.waitForTimeout(500) // the dialog's opening animation: the pad's box is final
    const box = await canvas.boundingBox()
    expect(!!box, 'the pad has a size')
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.7)
    await page.mouse.down()
    for (let i = 1; i <= 12; i++)
      await page.mouse.move(box.x + box.width * (0.1 + i * 0.06), box.y + box.height * (0.7 - (i % 3) * 0.2), { steps: 2 })
    await page.mouse.up()
    await shot('75-signature-pad')
    await waitFor(async () => page.getByTestId('sign-save').isEnabled(), T, 'the pad holds a signature')
    const saved = page.waitForResponse((r) => r.url().includes('/prod-api/sales/attachment/add') && r.url().includes('role=signature'))
    await page.getByTestId('sign-save').click()
    const r = await saved
    expect(r.status() === 200, `signature: HTTP ${r.status()} ${(await r.text()).slice(0, 300)}`)
    const img = d.view.getByTestId('doc-signature').locator('img')
    await img.waitFor()
    await waitFor(async () => img.evaluate((el) => el.complete && el.naturalWidth > 0), T, 'the signature decoded on the screen')
    await d.view.getByTestId('doc-print').click()
    const printed = page.getByTestId('print-customer-signature').locator('img')
    await printed.waitFor()
    await waitFor(async () => printed.evaluate((el) => el.complete && el.naturalWidth > 0), T, 'the signature decoded in the print')
    await shot('75-print-signature')
    await page.keyboard.press('Escape')
    await page.getByTestId('doc-print-sheet').waitFor({ state: 'hidden' })
  })

  await step('lines: dragging a line by its number reorders the lines; saved in that order', async () => {
    const goodsOf = (row) => d.view.getByTestId(`docgrid-cell-${row}-goods`).innerText()
    expect((await goodsOf(0)).includes(d.names[0]), 'the first line before')
    await d.view.getByTestId('docgrid-handle-1').dragTo(d.view.getByTestId('docgrid-row-0'))
    await waitFor(async () => (await goodsOf(0)).includes(d.names[1]), T, 'the second line is first')
    expect((await goodsOf(1)).includes(d.names[0]), 'the first line is second')
    await d.view.getByTestId('doc-save').click()
    await d.view.getByTestId('doc-dirty').waitFor({ state: 'hidden' })
    const doc = ok(await call('GET', `/sales/query?id=${d.sale.id}`), 'the saved delivery')
    expect(
      doc.entries[0].invName === d.names[1] && doc.entries[1].invName === d.names[0],
      `saved order: ${doc.entries.map((e) => e.invName)}`,
    )
    await closeTabs()
  })
}
