// Browser steps of custom fields: an administrator defines
// a goods field on the settings screen; a goods item made through the API
// with a value shows it as a list column, is found by it, and opens with it
// in the edit dialog, where a change is saved; a required document field
// shows on the sales entry page and is asked for before saving. Starts and
// ends signed in as admin.
import { apiClient } from '../lib/api.mjs'

export async function run({ page, step, expect, shot, byTest, waitFor, T }) {
  const { call, ok, open } = apiClient(page, expect)
  const stamp = Date.now().toString(36)
  const label = `产地${stamp}`.slice(0, 30)
  let field
  let goods

  await step('custom fields: define a searchable goods field on the settings screen', async () => {
    const view = await open('/settings/advanced/customField', 'custom-field-view')
    await view.getByTestId('custom-target-goods').click()
    await view.getByTestId('custom-field-add').click()
    await byTest('custom-field-labelZh').fill(label)
    await byTest('custom-field-labelEn').fill(`Origin ${stamp}`)
    await byTest('custom-field-searchable').click()
    await shot('77-custom-field-dialog')
    await byTest('dialog-ok').click()
    await byTest('custom-field-dialog').waitFor({ state: 'detached' })
    const list = ok(await call('GET', '/customField/list?target=goods'), 'list fields')
    field = list.find((f) => f.labelZh === label)
    expect(field && field.searchable === 1 && field.inList === 1 && field.type === 'text', `defined ${JSON.stringify(field)}`)
    await view.getByTestId(`custom-field-${field.code}`).waitFor()
    await shot('77-custom-fields')
  })

  await step('custom fields: the value in the goods list, its search and the edit dialog', async () => {
    const unit = ok(await call('POST', '/unit/add', { name: `件${stamp}` }), 'add unit')
    goods = ok(
      await call('POST', '/inventory/add', {
        number: `CF${stamp}`.slice(0, 32),
        name: `自定义${stamp}`,
        unitId: unit.id,
        custom: { [field.code]: '云南普洱' },
      }),
      'add goods',
    )
    const view = await open('/settings/base/inventory', 'goods-view')
    await view.getByTestId('goods-search').fill('云南普洱')
    await view.getByTestId('goods-search').press('Enter')
    const row = view.locator('tr.ant-table-row', { hasText: goods.name })
    await row.waitFor({ timeout: T })
    await waitFor(async () => (await view.locator('tr.ant-table-row').count()) === 1, T, 'one row found by the custom value')
    // titled in the page's language (an earlier step may have switched to English)
    const titled = async (text) => (await view.locator('th', { hasText: text }).count()) === 1
    expect((await titled(label)) || (await titled(`Origin ${stamp}`)), 'the field is a column')
    expect((await row.textContent()).includes('云南普洱'), 'the row shows the value')
    await shot('77-goods-list')
    await row.locator('[data-testid^="goods-edit-"]').click()
    const input = byTest(`custom-${field.code}`)
    await input.waitFor()
    expect((await input.inputValue()) === '云南普洱', `the dialog has the value: ${await input.inputValue()}`)
    await input.fill('福建安溪')
    await shot('77-goods-dialog')
    await byTest('dialog-ok').click()
    await byTest('goods-dialog').waitFor({ state: 'detached' })
    const saved = ok(await call('GET', `/inventory/get_update?id=${goods.id}`), 'read goods')
    expect(saved.custom[field.code] === '福建安溪', `saved ${JSON.stringify(saved.custom)}`)
  })

  await step('custom fields: a required document field on the sales entry page', async () => {
    const plate = ok(
      await call('POST', '/customField/add', {
        target: 'bill',
        labelZh: `车牌${stamp}`.slice(0, 30),
        labelEn: 'Plate',
        type: 'text',
        required: 1,
      }),
      'define a document field',
    )
    await page.reload() // the entry page reads the fields when it opens
    await byTest('side-menu').waitFor()
    const view = await open('/sales/sales_detail', 'doc-entry-sales')
    await view.getByTestId('doc-custom').waitFor()
    await view.getByTestId(`custom-${plate.code}`).waitFor()
    await view.getByTestId('doc-save').click()
    // the page names the missing field before asking the server
    await view.locator('[data-testid="doc-custom"] .ant-form-item-has-error').first().waitFor({ timeout: T })
    await shot('77-doc-custom')
    // remove it again so the later steps' documents need nothing more
    ok(await call('DELETE', `/customField/delete?id=${plate.id}`), 'delete the document field')
  })
}
