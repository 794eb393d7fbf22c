// Advanced settings: a coding rule edited with its preview, a
// period closed and reopened, a backup made then restored (a warehouse added
// after it is gone, the page keeps working), the API doc searched, and reset
// data with its password prompt (last: it clears the documents of earlier
// steps). Starts and ends signed in as admin.

const token = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('cangshu.session')).state.accessToken)

async function api(ctx, method, path, body) {
  const t = await token(ctx.page)
  const res = await fetch(`${ctx.base}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${t}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = await res.json()
  if (json.status !== 200) throw new Error(`${method} ${path}: ${json.msg}`)
  return json.data
}

async function open(ctx, path, testId) {
  await ctx.page.evaluate((h) => (location.hash = h), path)
  await ctx.page.locator(`[data-page="${path}"] [data-testid="${testId}"]`).waitFor()
  return ctx.page.locator(`[data-page="${path}"]`)
}

/** Picks an option of an antd select by its label (a RegExp: the UI may be in zh-CN or en). */
async function pick(ctx, testId, label) {
  const { page } = ctx
  await page.getByTestId(testId).click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click()
}

export async function run(ctx) {
  const { step, expect, shot, byTest, waitFor, T } = ctx
  const now = new Date()
  const pad = (n) => String(n).padStart(2, '0')
  const ym = `${now.getFullYear()}${pad(now.getMonth() + 1)}`

  await step('coding rules: edit the sales rule, the preview follows the form, the list shows the new next number', async () => {
    const view = await open(ctx, '/settings/advanced/coding', 'coding-view')
    await view.getByTestId('coding-name-sales').waitFor()
    await view.getByTestId('coding-edit-sales').click()
    await byTest('coding-dialog').waitFor()
    await byTest('coding-prefix').fill('SO-')
    await pick(ctx, 'coding-datePart', /yyyyMM）|yyyyMM\)/)
    await pick(ctx, 'coding-reset', /每月|Each month/)
    await waitFor(async () => (await byTest('coding-dialog-preview').textContent())?.startsWith(`SO-${ym}`), T, 'preview of the edit')
    // A rule that would repeat numbers: the server's message shows, nothing is saved.
    await pick(ctx, 'coding-reset', /每日|Each day/)
    await byTest('coding-preview-error').waitFor()
    await pick(ctx, 'coding-reset', /每月|Each month/)
    await shot('66-coding-dialog')
    await byTest('coding-save').click()
    await byTest('coding-dialog').waitFor({ state: 'detached' })
    await waitFor(async () => (await view.getByTestId('coding-preview-sales').textContent())?.startsWith(`SO-${ym}`), T, 'list preview')
    const rules = await api(ctx, 'GET', '/coding/list')
    expect(rules.find((r) => r.kind === 'sales').prefix === 'SO-', 'saved')
    await api(ctx, 'POST', '/coding/update', {
      kind: 'sales',
      prefix: 'XS',
      datePart: 'yyyyMMdd',
      digits: 3,
      reset: 'daily',
      manual: false,
    })
  })

  await step('period close: close through a date, then reopen', async () => {
    const view = await open(ctx, '/settings/advanced/period', 'period-view')
    await view.getByTestId('period-date').click()
    await view.getByTestId('period-date').fill('2000-01-31')
    await view.getByTestId('period-date').press('Enter')
    await view.getByTestId('period-close').click()
    await byTest('period-close-ok').click()
    await waitFor(async () => (await view.getByTestId('period-current').textContent()) === '2000-01-31', T, 'closed')
    await view.getByTestId('period-table').getByText('2000-01-31').waitFor()
    // A date not after the closed one: the server's message on the field.
    await view.getByTestId('period-date').click()
    await view.getByTestId('period-date').fill('2000-01-15')
    await view.getByTestId('period-date').press('Enter')
    await view.getByTestId('period-close').click()
    await byTest('period-close-ok').click()
    await view
      .getByText(/已结账至 2000-01-31，请选择更晚的日期|already closed through 2000-01-31/)
      .first()
      .waitFor()
    await shot('66-period')
    await view.getByTestId('period-reopen').click()
    await byTest('period-reopen-ok').click()
    await waitFor(async () => ['未结账', 'Nothing closed'].includes(await view.getByTestId('period-current').textContent()), T, 'reopened')
    const st = await api(ctx, 'GET', '/period/list')
    expect(st.closeDate === '' && st.closes.length === 0, `after reopen ${JSON.stringify(st)}`)
  })

  await step('backup then restore: a warehouse added after the backup is gone, the page keeps working', async () => {
    const view = await open(ctx, '/settings/advanced/backup', 'backup-view')
    const before = (await api(ctx, 'GET', '/backup/list')).length
    await view.getByTestId('backup-add').click()
    await waitFor(async () => (await api(ctx, 'GET', '/backup/list')).length === before + 1, T, 'backup made')
    const [made] = await api(ctx, 'GET', '/backup/list')
    await view.getByTestId('backup-table').getByText(made.name).waitFor()
    const loc = await api(ctx, 'POST', '/invlocation/add', { name: `E2E 临时仓 ${Date.now()}` })
    await view.getByTestId(`backup-restore-${made.name}`).click()
    await byTest('backup-restore-ok').click()
    // A restore backs up first, then restores: minutes on a big database.
    await view.getByTestId('backup-table').getByText('before-restore-', { exact: false }).first().waitFor({ timeout: 120_000 })
    const locs = await api(ctx, 'GET', '/invlocation/list?rows=500')
    const rows = locs.rows ?? locs.items ?? locs.list ?? []
    expect(!rows.some((r) => r.id === loc.id), 'the warehouse added after the backup is gone')
    await shot('66-backup')
  })

  await step('API doc: search a route and open its parameters', async () => {
    const view = await open(ctx, '/system/apidoc', 'apidoc-view')
    await view.locator('[data-testid="apidoc-table"] tbody tr.ant-table-row').first().waitFor()
    await view.getByTestId('apidoc-search').locator('input').fill('backup restore')
    await view.getByTestId('apidoc-table').getByText('/api/backup/restore').waitFor()
    const rows = await view.locator('[data-testid="apidoc-table"] tbody tr.ant-table-row').count()
    expect(rows === 1, `rows for "backup restore": ${rows}`)
    await view.locator('[data-testid="apidoc-table"] .ant-table-row-expand-icon').first().click()
    await view.getByTestId('apidoc-detail').getByText('name', { exact: false }).first().waitFor()
    await view.getByText('settings:backup:restore').waitFor()
    await shot('66-apidoc')
  })

  await step('reset data: a wrong password is refused on the field, the right one clears documents after a backup', async () => {
    const view = await open(ctx, '/settings/advanced/reset', 'reset-view')
    await view.getByTestId('reset-password').fill('wrong-password')
    await view.getByTestId('reset-run').click()
    await byTest('reset-confirm-ok').click()
    await view
      .getByText(/登录密码不正确|The password is wrong/)
      .first()
      .waitFor()
    await view.getByTestId('reset-password').fill('Hamster-Books-42')
    await view.getByTestId('reset-run').click()
    await byTest('reset-confirm-ok').click()
    await view.getByTestId('reset-result').waitFor()
    await view.getByTestId('reset-result').getByText('before-reset-', { exact: false }).waitFor()
    const sales = await api(ctx, 'GET', '/sales/list?page=1&rows=10')
    expect(sales.records === 0, `sales after reset: ${sales.records}`)
    await shot('66-reset')
  })
}
