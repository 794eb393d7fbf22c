// Browser steps of the basic and assisting data screens:
// a warehouse (with its shop), a unit group with two units (the editor
// refuses a bad ratio first), a goods category with a child, and a staff
// member (disabled, hidden, shown again with "show disabled"), each seen in
// its list. Starts and ends signed in as admin; clicks by data-testid, so it
// works in either language.

export async function run({ page, step, expect, shot, byTest, waitFor, T }) {
  const stamp = Date.now().toString(36)
  /** Opens a page by its path and waits for an element of its view inside the page's tab. */
  const open = async (path, testid) => {
    await page.keyboard.press('Escape') // no dropdown left open
    await page.evaluate((h) => (location.hash = h), path)
    await page.locator(`[data-page="${path}"] [data-testid="${testid}"]`).waitFor()
    return page.locator(`[data-page="${path}"]`)
  }
  const visibleOption = (n) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').nth(n)
  const settled = () => page.waitForTimeout(400)
  const save = async (form) => {
    await byTest('dialog-ok').click()
    await byTest(form).waitFor({ state: 'detached' })
  }

  await step('warehouses: add one for a shop and see it in the list', async () => {
    const view = await open('/settings/base/invlocation', 'location-list')
    await view.getByTestId('location-add').click()
    await waitFor(async () => (await byTest('location-number').inputValue()) !== '', T, 'the proposed number')
    const name = `E2E 仓库 ${stamp}`
    await byTest('location-number').fill(`CK${stamp}`)
    await byTest('location-name').fill(name)
    await byTest('location-keeper').fill('老王')
    await byTest('location-phone').fill('0571-88886666')
    await byTest('location-shops').click()
    await visibleOption(0).click()
    await byTest('location-name').click() // closes the shop list
    await byTest('location-allow-negative').click()
    await settled()
    await shot('50-location-form')
    await save('location-form')
    const row = view.getByTestId('location-list').locator('tr', { hasText: name })
    await row.waitFor()
    await row.getByText('老王').waitFor()
    expect((await row.locator('.ant-tag').count()) >= 2, 'the row shows its shop and the negative-stock tag')
    await shot('50-locations')
  })

  await step('unit groups: the editor checks the ratio, then saves a group of two units', async () => {
    const view = await open('/settings/auxiliary/unit', 'unitType-list')
    await view.getByTestId('unitType-add').click()
    const group = `箱/个 ${stamp}`
    await byTest('unitType-name').fill(group)
    await byTest('unitType-unit-name-0').fill('个')
    await byTest('unitType-unit-name-1').fill('箱')
    await byTest('unitType-unit-rate-1').fill('1')
    await byTest('dialog-ok').click()
    await byTest('unitType-form').locator('.ant-form-item-has-error [data-testid="unitType-unit-rate-1"]').waitFor()
    await byTest('unitType-unit-rate-1').fill('12')
    await settled()
    await shot('50-unit-group-form')
    await save('unitType-form')
    const row = view.getByTestId('unitType-list').locator('tr', { hasText: group })
    await row.getByText('1 箱 = 12 个').waitFor()
    await waitFor(
      async () => (await view.getByTestId('unit-list').locator('tr', { hasText: group }).count()) === 2,
      T,
      'both units in the unit list',
    )
    await shot('50-units')
  })

  await step('categories: add a goods category and a child under it', async () => {
    const view = await open('/settings/auxiliary/assist', 'assist-list')
    await view.getByTestId('assist-type-trade').click()
    await view.locator('[data-testid="assist-list"][data-type="trade"]').waitFor()
    const top = `E2E 食品 ${stamp}`
    const child = `E2E 饮料 ${stamp}`
    await view.getByTestId('assist-add').click()
    await byTest('assist-name').fill(top)
    await save('assist-form')
    const list = view.getByTestId('assist-list')
    await list.locator('tr', { hasText: top }).waitFor()
    await list.getByTestId(`assist-add-child-${top}`).click()
    await byTest('assist-name').fill(child)
    await settled()
    await shot('50-category-form')
    await save('assist-form')
    const row = list.locator('tr', { hasText: child })
    await row.waitFor()
    expect((await row.locator('.ant-table-row-indent.indent-level-1').count()) === 1, 'the child sits one level down')
    await shot('50-categories')
  })

  await step('staff: add a member, disable (hidden), show disabled, enable', async () => {
    const view = await open('/settings/base/employee', 'employee-list')
    await view.getByTestId('employee-add').click()
    await waitFor(async () => (await byTest('employee-number').inputValue()) !== '', T, 'the proposed number')
    const number = `ZY${stamp}`
    const name = `E2E 张三 ${stamp}`
    await byTest('employee-number').fill(number)
    await byTest('employee-name').fill(name)
    await byTest('employee-mobile').fill('13800138000')
    await save('employee-form')
    const list = view.getByTestId('employee-list')
    const row = list.locator('tr', { hasText: name })
    await row.waitFor()
    await row.getByTestId(`employee-toggle-${number}`).click()
    await row.waitFor({ state: 'detached' })
    await list.getByTestId('employee-show-disabled').click()
    await row.waitFor()
    await row.getByTestId(`employee-toggle-${number}`).click() // enable again
    await view.getByTestId('employee-search').fill(name)
    await view.getByTestId('search-submit').click()
    await waitFor(async () => (await list.locator('tbody tr.ant-table-row').count()) === 1, T, 'the search finds the member')
    await shot('50-staff')
  })
}
