// Browser steps of the sales invoice: two audited deliveries to one
// customer, both selected in the deliveries list, "invoice" (开票) opens a
// new sales invoice with their lines; an invoice number entered, saved and
// audited; both deliveries then answer invoiceState 2 and the list shows them
// fully invoiced; a second invoice of the same lines (a draft made earlier
// through the API) is refused with the message on its line.
// The goods, contacts, stock and deliveries are made through the API. Starts
// and ends signed in as admin; clicks by data-testid.

import { apiClient } from '../lib/api.mjs'

export async function run(ctx) {
  const { page, step, expect, shot } = ctx
  const stamp = Date.now().toString(36)
  const { call, ok, open } = apiClient(page, expect)
  const today = new Date().toISOString().slice(0, 10)
  const d = {}

  await step('invoice: goods, a customer, stock and two audited deliveries through the API', async () => {
    const unit = ok(await call('POST', '/unit/add', { name: `张${stamp}` }), 'unit')
    d.wh = ok(await call('POST', '/invlocation/add', { number: `FP${stamp}`.slice(0, 32), name: `发票仓${stamp}` }), 'warehouse')
    d.goods = ok(
      await call('POST', '/inventory/add', { number: `FP1${stamp}`, name: `发票纸${stamp}`, unitId: unit.id, purPrice: '2' }),
      'goods',
    )
    d.customer = ok(await call('POST', '/contact/add', { type: -10, number: `FK${stamp}`, name: `发票客户${stamp}` }), 'customer')
    const supplier = ok(await call('POST', '/contact/add', { type: 10, number: `FG${stamp}`, name: `发票供应商${stamp}` }), 'supplier')
    ok(
      await call('POST', '/purchase/add?check=1', {
        date: today,
        buId: supplier.id,
        locationId: d.wh.id,
        entries: [{ invId: d.goods.id, qty: '100', price: '2' }],
        accounts: [],
      }),
      'purchase',
    )
    const sale = (qty, price) =>
      call('POST', '/sales/add?check=1', {
        date: today,
        buId: d.customer.id,
        locationId: d.wh.id,
        entries: [{ invId: d.goods.id, qty, price }],
        accounts: [],
      })
    d.s1 = ok(await sale('10', '10'), 'delivery 1') // 100
    d.s2 = ok(await sale('5', '20'), 'delivery 2') // 100
    // a draft invoice of delivery 1 made by someone else: it draws nothing until audited
    d.draft = ok(
      await call('POST', '/salesInvoice/add', {
        date: today,
        buId: d.customer.id,
        invoiceNo: `DRAFT${stamp}`,
        entries: [{ srcBillId: d.s1.id, srcEntryId: d.s1.entries[0].id, qty: '10', amount: '100', tax: '0' }],
      }),
      'draft invoice',
    )
    await page.reload()
    await page.locator('[data-testid="tags-view"]').first().waitFor()
  })

  await step(
    'invoice: both deliveries selected in the list, "invoice" opens a sales invoice with their lines; saved and audited',
    async () => {
      const list = await open('/sales/sales', 'doc-list-sales')
      await list.getByTestId('doc-list-match').fill(d.customer.name)
      await list.getByTestId('search-submit').click()
      for (const s of [d.s1, d.s2]) {
        await list.getByTestId(`doc-open-${s.billNo}`).waitFor()
        await list.locator(`tr[data-row-key="${s.id}"] input[type="checkbox"]`).check()
      }
      expect(
        (await list.getByTestId(`doc-invoice-state-${d.s1.billNo}`).getAttribute('data-state')) === '0',
        'the list shows delivery 1 not invoiced',
      )
      await list.getByTestId('doc-list-invoice').click()
      const view = page.locator('[data-page^="/sales/salesInvoice_detail?from=sales:"]')
      await view.getByTestId('invoice-entry-salesInvoice').waitFor()
      await view.getByTestId('invoice-cell-1-qty').waitFor()
      const lines = await view.getByTestId('invoice-lines').locator('tbody tr[data-row-key]').allInnerTexts()
      expect(lines.length === 2, `two lines: ${lines.join(' | ')}`)
      expect(
        [d.s1.billNo, d.s2.billNo].every((no) => lines.some((l) => l.includes(no))),
        `the lines come from both deliveries: ${lines.join(' | ')}`,
      )
      const total = (await view.getByTestId('invoice-total-taxAmount').innerText()).trim()
      expect(total === '200.00', `the invoice totals 200 with tax: ${total}`)
      expect((await view.getByTestId('doc-contact').innerText()).includes(d.customer.name), 'the customer is taken from the deliveries')
      await view.getByTestId('invoice-no').fill(`No.${stamp}`)
      await view.getByTestId('invoice-type').click()
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(1).click()
      await shot('71-invoice-from-deliveries')
      const saved = page.waitForResponse((r) => r.url().includes('/prod-api/salesInvoice/add'))
      await view.getByTestId('doc-save-check').click()
      const res = await (await saved).json()
      expect(res.status === 200, `save and audit: ${JSON.stringify(res).slice(0, 400)}`)
      d.invoice = res.data
      expect(d.invoice.checked === 1 && d.invoice.invoiceNo === `No.${stamp}` && d.invoice.invoiceType === 2, 'audited, special invoice')
      expect(String(d.invoice.amount) === '200' && d.invoice.entries.length === 2, `invoice of 200: ${d.invoice.amount}`)
      await view.getByTestId('doc-uncheck').waitFor()
    },
  )

  await step('invoice: both deliveries answer invoiceState 2 and the list shows them fully invoiced', async () => {
    for (const s of [d.s1, d.s2]) {
      const g = ok(await call('GET', `/sales/query?id=${s.id}`), 'delivery')
      expect(g.invoiceState === 2 && String(g.invoicedAmount) === '100', `${s.billNo}: ${g.invoiceState} / ${g.invoicedAmount}`)
    }
    const list = await open('/sales/sales', 'doc-list-sales')
    await list.getByTestId('search-submit').click()
    for (const s of [d.s1, d.s2]) {
      const tag = list.getByTestId(`doc-invoice-state-${s.billNo}`)
      await page.waitForFunction((el) => el.getAttribute('data-state') === '2', await tag.elementHandle(), { timeout: 10000 })
      expect(/已开票|Fully invoiced/.test(await tag.innerText()), 'the tag says fully invoiced')
    }
    await shot('71-deliveries-invoiced')
    // selecting them again: nothing left to invoice, said so
    await list.locator(`tr[data-row-key="${d.s1.id}"] input[type="checkbox"]`).check()
    await list.getByTestId('doc-list-invoice').click()
    await page
      .locator('.ant-message')
      .getByText(/已全部开票|fully invoiced/)
      .waitFor()
  })

  await step('invoice: a second invoice of the same line is refused with the message on the line', async () => {
    const view = await open(`/sales/salesInvoice_detail?id=${d.draft.id}`, 'invoice-entry-salesInvoice')
    await view.getByTestId('invoice-cell-0-amount').waitFor()
    expect((await view.getByTestId('invoice-no').inputValue()) === `DRAFT${stamp}`, 'the draft is open')
    const saved = page.waitForResponse((r) => r.url().includes('/prod-api/salesInvoice/update'))
    await view.getByTestId('doc-save-check').click()
    const res = await (await saved).json()
    expect(res.status !== 200 && res.errors?.['entries[0].amount'], `refused on the line: ${JSON.stringify(res).slice(0, 300)}`)
    const err = view.getByTestId('invoice-error-0-amount')
    await err.waitFor()
    const text = await err.innerText()
    expect(text.includes(d.s1.billNo), `the message on the line names the delivery: ${text}`)
    await shot('71-second-invoice-refused')
    const g = ok(await call('GET', `/sales/query?id=${d.s1.id}`), 'delivery 1')
    expect(String(g.invoicedAmount) === '100', `nothing more invoiced: ${g.invoicedAmount}`)
  })
}
