// Settings tools: cost recalculation with its progress bar and
// list of changes, a print template edited with its preview, and the stock
// warnings list. Starts and ends signed in as admin.

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

export async function run(ctx) {
  const { step, expect, shot, byTest, waitFor, T } = ctx

  await step('cost recalculation: start, the bar reaches 100%, the result shows', async () => {
    const view = await open(ctx, '/settings/advanced/recost', 'recost-view')
    await view.getByTestId('recost-start').click()
    await waitFor(async () => (await api(ctx, 'GET', '/recost/status')).status === 'done', 120_000, 'recalculation done')
    // the bar turns to success (a check mark instead of the percentage) and the status says so
    await view.locator('[data-testid="recost-progress"].ant-progress-status-success').waitFor({ timeout: T })
    await waitFor(async () => /已完成|Finished/.test(await view.getByTestId('recost-status').textContent()), T, 'status finished')
    await view.getByTestId('recost-changes').waitFor()
    await shot('69-recost')
  })

  await step('print template: the preview follows the form; saved as the default', async () => {
    const view = await open(ctx, '/settings/advanced/printTemplate', 'printtpl-view')
    await view.getByTestId('printtpl-add').click()
    await byTest('printtpl-form').waitFor()
    await byTest('printtpl-name').fill(`E2E ${Date.now() % 100000}`)
    await byTest('printtpl-title').fill('送货单（三联）')
    await waitFor(async () => (await byTest('printtpl-preview-title').textContent()) === '送货单（三联）', T, 'preview title')
    await byTest('printtpl-capitals').click()
    await waitFor(async () => (await byTest('printtpl-preview-capitals').count()) === 0, T, 'capitals off in the preview')
    await byTest('printtpl-signatures').fill('送货人, 收货人, 仓管')
    await waitFor(async () => (await byTest('printtpl-preview-signature').count()) === 3, T, 'three signature lines')
    // the amount column moved up before the price: the preview follows the order
    const heads = () => byTest('printtpl-preview-col').evaluateAll((els) => els.map((e) => e.dataset.col))
    await byTest('printtpl-up-amount').click()
    await waitFor(
      async () => {
        const h = await heads()
        return h.indexOf('amount') >= 0 && h.indexOf('amount') < h.indexOf('price')
      },
      T,
      'amount before price',
    )
    if ((await byTest('printtpl-default').getAttribute('aria-checked')) !== 'true') await byTest('printtpl-default').click()
    await shot('69-print-template')
    await byTest('printtpl-save').click()
    await byTest('printtpl-form').waitFor({ state: 'detached' })
    const def = await api(ctx, 'GET', '/printTemplate/default?kind=sales')
    expect(def.id > 0 && def.title === '送货单（三联）' && !def.capitals && def.signatures.length === 3, `default ${JSON.stringify(def)}`)
  })

  await step('stock warnings: the list and the dashboard counts', async () => {
    const view = await open(ctx, '/report/stock/stockWarning', 'warning-view')
    await view.getByTestId('warning-table').waitFor()
    const counts = await api(ctx, 'GET', '/report/stockWarning/counts')
    await ctx.page.evaluate(() => (location.hash = '/dashboard'))
    await byTest('dashboard-warnings').waitFor()
    const low = (await byTest('dashboard-warnings-low').textContent()).replace(/\D/g, '')
    expect(Number(low) === counts.low, `dashboard low ${low}, server ${counts.low}`)
    await shot('69-warnings')
  })
}
