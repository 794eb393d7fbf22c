// Seeded texts follow the language: the dictionaries, roles
// and categories screens, opened in Chinese, show the built-in dictionaries'
// names and remarks, the built-in roles and the built-in category types in
// English after the switch (without a reload or a search), and in Chinese
// again after switching back. Starts and ends signed in as admin, in Chinese.

async function open(ctx, path, testId) {
  await ctx.page.evaluate((h) => (location.hash = h), path)
  await ctx.page.locator(`[data-page="${path}"] [data-testid="${testId}"]`).waitFor()
  return ctx.page.locator(`[data-page="${path}"]`)
}

async function switchTo(ctx, lang) {
  await ctx.byTest('lang-switch').click()
  await ctx.byTest(`lang-${lang}`).click()
  await ctx.page.waitForFunction((l) => document.documentElement.lang === l, lang)
}

/** Waits until every text is shown in the view (a dictionary, role or category text). */
async function shows(ctx, view, texts, what) {
  for (const text of texts) {
    await ctx.waitFor(async () => (await view.getByText(text, { exact: true }).count()) > 0, ctx.T, `${what}: ${text}`)
  }
}

export async function run(ctx) {
  const { step, shot } = ctx
  const zh = {
    dict: ['性别', '通知类型', '通知级别', '用户的性别', '通知公告的类型'],
    role: ['业务员', '仓管员'],
    assist: ['商品类别', '客户类别', '供应商类别'],
  }
  const en = {
    dict: ['Gender', 'Notice type', 'Notice level'],
    role: ['Clerk', 'Warehouse keeper', 'Bookkeeper'],
    assist: ['Goods categories', 'Customer categories', 'Supplier categories'],
  }
  const views = {}

  await step('seeded texts in Chinese: dictionaries, roles, categories', async () => {
    await switchTo(ctx, 'zh-CN')
    views.dict = await open(ctx, '/system/dict', 'dict-list')
    await shows(ctx, views.dict, zh.dict, 'dictionaries in Chinese')
    views.role = await open(ctx, '/system/role', 'role-view')
    await shows(ctx, views.role, zh.role, 'roles in Chinese')
    views.assist = await open(ctx, '/settings/auxiliary/assist', 'assist-view')
    await shows(ctx, views.assist, zh.assist, 'categories in Chinese')
  })

  await step('switched to English, the open screens show the seeded texts in English', async () => {
    await switchTo(ctx, 'en')
    await shows(ctx, views.assist, en.assist, 'categories in English')
    await shot('67-categories-en')
    await open(ctx, '/system/dict', 'dict-list')
    await shows(ctx, views.dict, en.dict, 'dictionaries in English')
    const cjk = /[\u4e00-\u9fff]/
    const names = await views.dict.getByTestId('dict-row-name').allTextContents()
    ctx.expect(
      !names.some((n) => ['性别', '通知类型', '通知级别'].includes(n)) && names.length > 0,
      `dictionary names in English: ${names}`,
    )
    ctx.expect(!names.filter((n) => ['Gender', 'Notice type', 'Notice level'].includes(n)).some((n) => cjk.test(n)), 'no Chinese left')
    await shot('67-dicts-en')
    await open(ctx, '/system/role', 'role-view')
    await shows(ctx, views.role, en.role, 'roles in English')
    await ctx.waitFor(
      async () => (await views.role.getByText(/^Clerk: purchase and sales documents/).count()) > 0,
      ctx.T,
      'the clerk remark in English',
    )
    await shot('67-roles-en')
  })

  await step('switched back to Chinese, the seeded texts are Chinese again', async () => {
    await switchTo(ctx, 'zh-CN')
    await shows(ctx, views.role, zh.role, 'roles in Chinese again')
    await open(ctx, '/system/dict', 'dict-list')
    await shows(ctx, views.dict, zh.dict, 'dictionaries in Chinese again')
    await open(ctx, '/settings/auxiliary/assist', 'assist-view')
    await shows(ctx, views.assist, zh.assist, 'categories in Chinese again')
  })
}
