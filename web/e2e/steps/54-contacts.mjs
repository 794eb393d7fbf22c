// Browser steps of the customer screen (settings/customer; suppliers share
// it): a customer with a price level, an opening receivable and two
// contacts, the second marked as the first contact; found by pinyin
// initials; its contacts kept on edit; deleted with the per-id answer.
// Starts and ends signed in as admin; clicks by data-testid.
import { apiClient } from '../lib/api.mjs'

export async function run({ page, step, expect, shot, byTest, waitFor, T, confirmUntil }) {
  const stamp = Date.now().toString(36)
  const { call } = apiClient(page, expect)
  const path = '/settings/base/customer'
  const open = async () => {
    await page.keyboard.press('Escape')
    await page.evaluate((h) => (location.hash = h), path)
    await page.locator(`[data-page="${path}"] [data-testid="customer-view"]`).waitFor()
    return page.locator(`[data-page="${path}"]`)
  }
  const visibleOption = (n) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').nth(n)
  const name = `华联超市${stamp}`
  let number = ''

  await step('customers: add one with a price level, an opening receivable and two contacts', async () => {
    const view = await open()
    await view.getByTestId('customer-add').click()
    await byTest('contact-name').waitFor()
    await waitFor(async () => (await byTest('contact-number').inputValue()) !== '', T, 'the next number')
    number = await byTest('contact-number').inputValue()
    await byTest('contact-name').fill(name)
    await byTest('contact-level').click()
    await visibleOption(2).click() // VIP
    await byTest('contact-amount').fill('1000.5')
    await byTest('contact-linkName-0').fill('张三')
    await byTest('contact-linkMobile-0').fill('13800000000')
    await byTest('contact-link-add').click()
    await byTest('contact-linkName-1').fill('李四')
    await byTest('contact-linkMobile-1').fill('13900000000')
    await byTest('contact-link-first-1').click()
    await page.waitForTimeout(300)
    await shot('54-customer-form')
    const saved = page.waitForResponse((r) => r.url().includes('/prod-api/contact/add'))
    await byTest('dialog-ok').click()
    const res = await saved
    expect(res.status() === 200, `save: HTTP ${res.status()} ${(await res.text()).slice(0, 400)}`)
    await byTest('contact-dialog').waitFor({ state: 'detached' })
  })

  await step('customers: found by pinyin initials, the first contact and the receivable shown', async () => {
    const view = await open()
    await view.getByTestId('customer-search').fill('hlcs')
    await view.getByTestId('customer-search').press('Enter')
    const row = view.locator('tr.ant-table-row', { hasText: name })
    await row.waitFor()
    await row.getByText('李四').waitFor()
    await row.getByText('1000.5').waitFor()
    await shot('54-customers')
    const found = await call('GET', `/contact/list?type=-10&page=1&rows=10&matchCon=${encodeURIComponent(number)}`)
    const c = found.data.rows.find((r) => r.name === name)
    const full = await call('GET', `/contact/get_update?id=${c.id}`)
    const links = full.data.linkMans
    expect(links.length === 2 && links.find((l) => l.linkName === '李四').linkFirst === 1, `contacts: ${JSON.stringify(links)}`)
    expect(full.data.cLevel === 2, `level: ${full.data.cLevel}`)
  })

  await step('customers: editing keeps the contacts; delete answers per id', async () => {
    const view = await open()
    const before = (await call('GET', `/contact/list?type=-10&page=1&rows=10&matchCon=${encodeURIComponent(number)}`)).data.rows[0]
    const ids = (await call('GET', `/contact/get_update?id=${before.id}`)).data.linkMans.map((l) => l.id).sort()
    await view.getByTestId(`customer-edit-${number}`).click()
    await byTest('contact-name').waitFor()
    await waitFor(async () => (await byTest('contact-linkName-1').inputValue()) !== '', T, 'the contacts loaded')
    await byTest('contact-remark').fill('E2E')
    const saved = page.waitForResponse((r) => r.url().includes('/prod-api/contact/update'))
    await byTest('dialog-ok').click()
    expect((await saved).status() === 200, 'update saved')
    await byTest('contact-dialog').waitFor({ state: 'detached' })
    const after = (await call('GET', `/contact/get_update?id=${before.id}`)).data.linkMans.map((l) => l.id).sort()
    expect(JSON.stringify(after) === JSON.stringify(ids), `contact ids kept: ${ids} → ${after}`)
    await view.getByTestId(`customer-delete-${number}`).click()
    await byTest('confirm-delete-ok').waitFor()
    await shot('54-customer-delete')
    await confirmUntil(
      byTest('confirm-delete-ok'),
      view.locator('tr.ant-table-row', { hasText: name }),
      'the deleted customer gone',
      'detached',
    )
  })
}
