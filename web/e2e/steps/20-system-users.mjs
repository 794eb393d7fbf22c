// System administration screens: users (dialog create/edit, server field
// error, restricted user without the add/delete/import buttons), roles (the
// permission drawer), menus and departments. Starts and ends signed in as admin.

const token = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('cangshu.session')).state.accessToken)

async function api(ctx, method, path, body) {
  const t = await token(ctx.page)
  // in the page's language: seeded names (roles) are translated, and the steps pick them by label
  const lang = await ctx.page.evaluate(() => document.documentElement.lang || 'zh-CN')
  const res = await fetch(`${ctx.base}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${t}`, 'Content-Type': 'application/json', 'Accept-Language': lang },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = await res.json()
  if (json.status !== 200) throw new Error(`${method} ${path}: ${json.msg}`)
  return json.data
}

/** Opens a page by its hash path and waits for the view's test id. */
async function open(ctx, path, testId) {
  await ctx.page.evaluate((h) => (location.hash = h), path)
  await ctx.page.locator(`[data-page="${path}"] [data-testid="${testId}"]`).waitFor()
  return ctx.page.locator(`[data-page="${path}"]`)
}

/** Picks an option of an antd select by its label. */
async function pick(ctx, testId, label) {
  const { page } = ctx
  await page.getByTestId(testId).click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(label, { exact: true }).click()
  await page.keyboard.press('Escape')
}

export async function run(ctx) {
  const { page, step, expect, shot, byTest, signIn, waitFor, T } = ctx
  const name = `e2e_${Date.now().toString(36)}`
  const role = await api(ctx, 'GET', '/roles/options').then((l) => l.find((r) => r.value !== 1))
  const shop = await api(ctx, 'GET', '/shops/options').then((l) => l[0])

  await step('users: the list with the department tree', async () => {
    const view = await open(ctx, '/system/user', 'user-view')
    // the seeded head office is named in the page's language
    const lang = await page.evaluate(() => document.documentElement.lang || 'zh-CN')
    await view
      .getByTestId('user-dept-tree')
      .getByText(lang.startsWith('en') ? 'Head office' : '总部')
      .waitFor()
    await view.getByTestId('user-table').getByText('admin', { exact: true }).waitFor()
    await shot('20-users')
  })

  await step('users: create a user through the dialog (role and shop)', async () => {
    const view = page.locator('[data-page="/system/user"]')
    await view.getByTestId('user-add').click()
    const dialog = byTest('user-dialog')
    await dialog.waitFor()
    await byTest('user-username').fill(name)
    await pick(ctx, 'user-roles', role.label)
    await pick(ctx, 'user-shops', shop.label)
    await byTest('user-password').fill('Plum-Orchard-73')
    await byTest('user-nickname').fill('E2E 用户')
    await shot('21-user-dialog')
    await byTest('user-nickname').press('Enter') // Enter submits
    await dialog.waitFor({ state: 'detached' })
    const row = view.getByTestId('user-table').locator('tr', { hasText: name })
    await row.getByText('E2E 用户').waitFor()
    await row.getByText(role.label).waitFor()
    await row.getByText(shop.label).first().waitFor()
  })

  await step('users: edit the nickname and see the change', async () => {
    const view = page.locator('[data-page="/system/user"]')
    await view.getByTestId(`user-edit-${name}`).click()
    await byTest('user-dialog').waitFor()
    await waitFor(async () => (await byTest('user-nickname').inputValue()) === 'E2E 用户', T, 'the form loaded')
    await byTest('user-nickname').fill('E2E 已改')
    await byTest('dialog-ok').click()
    await byTest('user-dialog').waitFor({ state: 'detached' })
    await view.getByTestId('user-table').locator('tr', { hasText: name }).getByText('E2E 已改').waitFor()
  })

  await step('users: a duplicate username shows the server error on the field', async () => {
    const view = page.locator('[data-page="/system/user"]')
    await view.getByTestId('user-add').click()
    await byTest('user-dialog').waitFor()
    await byTest('user-username').fill(name)
    await byTest('user-nickname').fill('dup')
    await pick(ctx, 'user-roles', role.label)
    await pick(ctx, 'user-shops', shop.label)
    await byTest('dialog-ok').click()
    const item = byTest('user-dialog').locator('.ant-form-item', { has: byTest('user-username') })
    await item.getByText(name).waitFor() // "用户名 e2e_… 已存在" / "… already exists"
    await page.waitForTimeout(300)
    await shot('22-user-duplicate')
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Cancel|取\s*消/ })
      .click()
    await byTest('user-dialog').waitFor({ state: 'detached' })
  })

  await step('roles: the assign-permissions drawer renders the menu tree', async () => {
    const view = await open(ctx, '/system/role', 'role-view')
    await shot('23-roles')
    const code = (await api(ctx, 'GET', '/roles/page?pageNum=1&pageSize=50')).list.find((r) => r.id === role.value).code
    await view.getByTestId(`role-perms-${code}`).click()
    const tree = byTest('perm-tree')
    await tree.getByRole('treeitem').first().waitFor()
    const checked = await tree.locator('[role="treeitem"][aria-checked="true"]').count()
    expect(checked > 0, 'the role grants some menus')
    await byTest('perm-expand-all').click()
    await page.waitForTimeout(300) // the drawer's slide-in
    await shot('24-role-permissions')
    await page.keyboard.press('Escape')
    await byTest('perm-tree').waitFor({ state: 'detached' })
  })

  await step('menus and departments render', async () => {
    const menus = await open(ctx, '/system/menu', 'menu-view')
    await menus.getByTestId('menu-table').getByText('/system', { exact: true }).waitFor()
    const rows = await menus.getByTestId('menu-table').locator('tbody tr[data-row-key]').count()
    expect(rows >= 8, `menu rows: ${rows}`)
    await shot('25-menus')
    const depts = await open(ctx, '/system/dept', 'dept-view')
    await depts.getByText('HQ').waitFor()
    await shot('26-depts')
  })

  await step('a restricted user sees the list but no add/delete/import buttons', async () => {
    const list = await api(ctx, 'GET', '/menus/list')
    let usersMenu
    let dashboard
    const walk = (nodes) => {
      for (const n of nodes) {
        if (n.component === 'system/user') usersMenu = n
        if (n.component === 'dashboard') dashboard = n
        walk(n.children || [])
      }
    }
    walk(list)
    const query = usersMenu.children.find((b) => b.perm === 'sys:user:query')
    const code = `E2E_RO_${Date.now().toString(36).toUpperCase()}`
    const roleId = await api(ctx, 'POST', '/roles/', { name: `只读${code.slice(-4)}`, code, sort: 99, status: 1, dataScope: 0 })
    // the users menu with only its query button (and the dashboard to land on)
    await api(ctx, 'POST', `/roles/${roleId}/menus`, [dashboard.id, usersMenu.id, query.id])
    const viewer = `${name}_ro`
    await api(ctx, 'POST', '/users/', {
      username: viewer,
      nickname: 'Viewer',
      deptId: 1,
      roleIds: [roleId],
      shopIds: [shop.value],
      password: 'Quiet-River-58',
    })
    // New users must change their password first: done through the API.
    const form = new FormData()
    form.append('username', viewer)
    form.append('password', 'Quiet-River-58')
    const login = await (await fetch(`${ctx.base}/api/auth/login`, { method: 'POST', body: form })).json()
    const changed = await fetch(`${ctx.base}/api/users/set_password`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${login.data.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ oldPassword: 'Quiet-River-58', newPassword: 'Quiet-River-59', confirmPassword: 'Quiet-River-59' }),
    }).then((r) => r.json())
    expect(changed.status === 200, `change the viewer's password: ${changed.msg}`)
    await page.evaluate(() => {
      localStorage.removeItem('cangshu.session')
      location.hash = '/login'
    })
    await page.reload()
    await byTest('login-submit').waitFor()
    await signIn(viewer, 'Quiet-River-59')
    await byTest('dashboard-welcome').waitFor()
    const view = await open(ctx, '/system/user', 'user-view')
    await view.getByTestId('user-table').getByText(viewer, { exact: true }).waitFor()
    for (const id of ['user-add', 'user-batch-delete', 'user-import', 'user-export', `user-delete-${viewer}`, `user-edit-${viewer}`]) {
      expect((await view.getByTestId(id).count()) === 0, `${id} is shown to a user with only sys:user:query`)
    }
    await shot('27-users-restricted')
  })

  await step('sign back in as admin', async () => {
    await page.evaluate(() => {
      localStorage.removeItem('cangshu.session')
      location.hash = '/login'
    })
    await page.reload()
    await byTest('login-submit').waitFor()
    await signIn('admin', 'Hamster-Books-42')
    await byTest('dashboard-welcome').waitFor()
  })
}
