// Advanced settings: a coding rule edited with its preview, a
// period closed and reopened, a backup made then restored (a warehouse added
// after it is gone, the page keeps working), the API doc searched (in the
// Chinese UI by its Chinese descriptions), the sidebar's labels carrying
// their whole text as a title, and reset
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

/** Switches the UI language from the header (lang: zh-CN or en). */
async function switchLanguage(ctx, lang) {
  const { page, byTest } = ctx
  if ((await page.evaluate(() => document.documentElement.lang)) === lang) return
  await byTest('lang-switch').click()
  await byTest(`lang-${lang}`).click()
  await page.waitForFunction((l) => document.documentElement.lang === l, lang)
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
    // Types a date into the app's date picker until the form holds it.
    const setDate = async (value) => {
      const input = view.getByTestId('period-date')
      let tries = 0
      await waitFor(
        async () => {
          tries++
          await input.click()
          await input.fill(value)
          await input.press('Enter')
          return (await input.inputValue()) === value && (await view.getByTestId('period-close').isEnabled())
        },
        T,
        `the close date ${value}`,
      )
      if (tries > 1) console.log(`     the close date ${value} took ${tries} tries`)
    }
    await setDate('2000-01-31')
    await view.getByTestId('period-close').click()
    await byTest('period-close-ok').click()
    await waitFor(async () => (await view.getByTestId('period-current').textContent()) === '2000-01-31', T, 'closed')
    await view.getByTestId('period-table').getByText('2000-01-31').waitFor()
    // The form clears once the close is answered (the list may show it a moment before).
    await waitFor(
      async () =>
        (await view.getByTestId('period-date').inputValue()) === '' &&
        !(await view.getByTestId('period-close').evaluate((b) => b.classList.contains('ant-btn-loading'))),
      T,
      'the form cleared',
    )
    // A date not after the closed one: the server's message on the field.
    await setDate('2000-01-15')
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
    // A restore backs up first, then restores (minutes on a big database), and
    // ends every session, this one included (docs/limits.md): the app says so
    // and signs in again.
    const { page } = ctx
    const expired = page.getByRole('dialog').getByRole('button', { name: /^(OK|确\s*定)$/ })
    await waitFor(
      async () => (await expired.isVisible()) || (await byTest('login-submit').isVisible()),
      120_000,
      'signed out by the restore',
    )
    if (await expired.isVisible()) await expired.click()
    await ctx.signIn('admin', 'Hamster-Books-42')
    await page.waitForFunction(() => !location.hash.startsWith('#/login'))
    const after = await open(ctx, '/settings/advanced/backup', 'backup-view')
    await after.getByTestId('backup-table').getByText('before-restore-', { exact: false }).first().waitFor()
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
    // In the Chinese UI the routes read Chinese, the generated ones of every
    // document kind included, and the search finds them by those words.
    const lang = await ctx.page.evaluate(() => document.documentElement.lang)
    if (lang !== 'zh-CN') await switchLanguage(ctx, 'zh-CN')
    await view.getByTestId('apidoc-search').locator('input').fill('销货单 审核')
    const row = view.locator('[data-testid="apidoc-table"] tbody tr.ant-table-row').filter({ hasText: '/api/sales/check' })
    await row.getByText(/^销货单：审核/).waitFor()
    const found = await view.locator('[data-testid="apidoc-table"] tbody tr.ant-table-row').allInnerTexts()
    expect(
      found.every((r) => r.includes('销货单') && r.includes('审核')),
      `rows for "销货单 审核": ${found.join(' | ')}`,
    )
    await view.getByTestId('apidoc-search').locator('input').fill('')
    const english = await view
      .locator('[data-testid="apidoc-table"] tbody tr.ant-table-row td:nth-child(4)')
      .evaluateAll((cells) => cells.map((c) => c.textContent).filter((t) => !/\p{Script=Han}/u.test(t)))
    expect(english.length === 0, `descriptions without Chinese: ${english.join(' | ')}`)
    await shot('66-apidoc-zh')
    if (lang !== 'zh-CN') await switchLanguage(ctx, lang)
  })

  await step('sidebar: every menu label carries its whole text as a title, so one cut off shows in full on hover', async () => {
    await open(ctx, '/report/sales/salesSummaryInv', 'report-salesSummaryInv')
    for (const lang of ['zh-CN', 'en']) {
      await switchLanguage(ctx, lang)
      const reports = lang === 'en' ? 'Sales summary by goods' : '销售汇总表（按商品）'
      await byTest('side-menu').getByText(reports, { exact: true }).waitFor()
      const labels = await ctx.page.locator('[data-testid="side-menu"] .ant-menu-title-content').evaluateAll((els) =>
        els
          .filter((el) => el.offsetParent !== null)
          .map((el) => {
            const span = el.querySelector('[title]')
            const cut =
              el.scrollWidth > el.clientWidth ||
              (span && span.scrollWidth > span.clientWidth) ||
              el.closest('li').scrollWidth > el.closest('li').clientWidth
            return { text: el.textContent, title: span?.getAttribute('title') ?? null, cut }
          }),
      )
      expect(labels.length > 10, `${lang}: only ${labels.length} menu labels seen`)
      const bad = labels.filter((l) => l.title !== l.text)
      expect(bad.length === 0, `${lang}: labels without their whole text as title: ${JSON.stringify(bad)}`)
      console.log(
        `     ${lang}: ${labels.length} labels, ${labels.filter((l) => l.cut).length} cut: ${labels
          .filter((l) => l.cut)
          .map((l) => l.title)
          .join(', ')}`,
      )
    }
    await shot('66-sidebar-titles')
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
