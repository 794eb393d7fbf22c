// Browser steps of the system screens: dictionaries and items, notices with
// the header badge and My notices, the operation log, system parameters,
// shops, and the security settings (a fresh user changes the password and
// signs in with it). Starts and ends signed in as admin; works in either
// language (it clicks by data-testid).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { apiClient } from '../lib/api.mjs'

export async function run({ page, step, expect, shot, byTest, signIn, signOut, waitFor, T, artifacts }) {
  const stamp = Date.now().toString(36)
  const { call } = apiClient(page, expect)
  const anonLogin = (username, password) =>
    page.evaluate(
      async ({ username, password }) => {
        const f = new FormData()
        f.append('username', username)
        f.append('password', password)
        const res = await fetch('/prod-api/auth/login', { method: 'POST', body: f })
        return res.json()
      },
      { username, password },
    )
  /** Opens a page by its path and waits for its view inside the page's tab. */
  const open = async (path, testid) => {
    await page.keyboard.press('Escape') // no dropdown left open
    await page.evaluate((h) => (location.hash = h), path)
    await page.locator(`[data-page="${path}"] [data-testid="${testid}"]`).waitFor()
    return page.locator(`[data-page="${path}"]`)
  }
  const okDialog = () => page.locator('.ant-modal-confirm .ant-modal-confirm-btns .ant-btn-primary').click()
  const visibleOption = (n) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').nth(n)
  const settled = () => page.waitForTimeout(400) // let a dialog or dropdown finish opening before a screenshot
  const unread = async () => Number(await byTest('notice-badge').getAttribute('data-count'))

  await step('dictionaries: create a dictionary with an item and see it', async () => {
    const view = await open('/system/dict', 'dict-list')
    await shot('30-dict')
    await view.getByTestId('dict-add').click()
    await byTest('dict-name').fill(`E2E 颜色 ${stamp}`)
    await byTest('dict-code').fill(`e2e_color_${stamp}`)
    await byTest('dialog-ok').click()
    await byTest('dict-form').waitFor({ state: 'detached' })
    await view.getByTestId('dict-search-keywords').fill(`e2e_color_${stamp}`)
    await view.getByTestId('search-submit').click()
    const row = view.locator('tr', { hasText: `e2e_color_${stamp}` })
    await row.waitFor()
    await row.getByTestId('dict-items').click()
    const items = page.locator('[data-testid="dict-items-view"]:visible')
    await items.getByTestId('dict-items-code').getByText(`e2e_color_${stamp}`).waitFor()
    await items.getByTestId('dict-item-add').click()
    await byTest('dict-item-label').fill('红色')
    await byTest('dict-item-label-en').fill('Red')
    await byTest('dict-item-value').fill('red')
    await byTest('dict-item-tag-type').click()
    await visibleOption(5).click() // danger
    await byTest('dict-item-preview').locator('.ant-tag-error').getByText('红色').waitFor()
    await settled()
    await shot('30-dict-item-form')
    await byTest('dialog-ok').click()
    await items.locator('tr', { hasText: 'Red' }).locator('.ant-tag-error').getByText('红色').waitFor()
    await shot('30-dict-items')
    const cached = await call('GET', `/v1/dicts/e2e_color_${stamp}/items`)
    expect(cached.data?.length === 1 && cached.data[0].value === 'red' && cached.data[0].tagType === 'danger', JSON.stringify(cached))
  })

  const title = `E2E notice ${stamp}`
  let before = 0

  await step('notices: create one for everyone, publish it, the header badge counts it', async () => {
    const view = await open('/system/notice', 'notice-list')
    before = await unread()
    await view.getByTestId('notice-add').click()
    await byTest('notice-title').fill(title)
    await byTest('notice-type').click()
    await visibleOption(0).click()
    await byTest('notice-content').fill('<p>Hello <b>everyone</b></p><ul><li>one</li><li>two</li></ul>')
    await settled()
    await shot('31-notice-form')
    await byTest('dialog-ok').click()
    const row = view.locator('tr', { hasText: title })
    await row.waitFor()
    expect((await unread()) === before, 'a draft is not counted')
    await row.getByTestId('notice-publish').click()
    await okDialog()
    await row.getByTestId('notice-revoke').waitFor()
    await waitFor(async () => (await unread()) === before + 1, T, `badge ${before + 1}`)
    await row.getByTestId('notice-preview').click()
    await byTest('notice-detail').locator('b', { hasText: 'everyone' }).waitFor()
    await settled()
    await shot('31-notice-preview')
    await page.keyboard.press('Escape')
    await byTest('notice-detail').waitFor({ state: 'hidden' })
    expect((await unread()) === before + 1, "the administrators' preview does not mark it read")
    await shot('31-notices')
  })

  await step('My notices: reading the notice lowers the badge', async () => {
    await byTest('notice-badge').click()
    await byTest('notice-dropdown').locator('[data-testid="notice-dropdown-item"]', { hasText: title }).waitFor()
    await settled()
    await shot('32-notice-badge')
    await byTest('notice-dropdown-all').click()
    await page.waitForFunction(() => location.hash === '#/myNotice')
    const view = page.locator('[data-page="/myNotice"]')
    const row = view.locator('tr', { hasText: title })
    await row.getByTestId('notice-unread').waitFor()
    await shot('32-my-notices')
    await row.getByTestId('my-notice-title').click()
    await byTest('notice-detail-title').getByText(title).waitFor()
    await waitFor(async () => (await unread()) === before, T, `badge back to ${before}`)
    await page.keyboard.press('Escape')
    await row.getByTestId('notice-read').waitFor()
  })

  await step('the operation log lists the notice creation', async () => {
    const view = await open('/system/log', 'oplog-list')
    await view.getByTestId('oplog-search-keywords').fill('/api/notices/')
    await view.getByTestId('search-submit').click()
    // The newest creation first; publishing sends no body (no parameters to expand).
    const row = view
      .locator('tr.ant-table-row', { hasText: '/api/notices/' })
      .filter({ has: page.locator('button.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)') })
      .first()
    await row.waitFor()
    await row.locator('button.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)').click()
    await view.getByTestId('oplog-params').filter({ hasText: title }).first().waitFor()
    await shot('33-oplog')
  })

  await step('system parameters: qtyPlaces 3 is saved, 9 is refused on the field', async () => {
    const view = await open('/settings/advanced/parameter', 'parameters')
    const qty = view.getByTestId('param-qtyPlaces')
    await qty.fill('3')
    await view.getByTestId('parameters-save').click()
    await waitFor(async () => (await call('GET', '/config/system')).data?.qtyPlaces === 3, T, 'qtyPlaces saved as 3')
    await qty.fill('9')
    await view.getByTestId('parameters-save').click()
    const item = view.locator('.ant-form-item').filter({ has: page.getByTestId('param-qtyPlaces') })
    await item.locator('.ant-form-item-explain-error').waitFor()
    expect(((await item.locator('.ant-form-item-explain-error').textContent()) || '').includes('6'), 'the range is named')
    await shot('34-parameters-error')
    expect((await call('GET', '/config/system')).data?.qtyPlaces === 3, 'still 3 after the refused save')
    await qty.fill('2')
    await view.getByTestId('parameters-save').click()
    await waitFor(async () => (await call('GET', '/config/system')).data?.qtyPlaces === 2, T, 'qtyPlaces back to 2')
    await shot('34-parameters')
  })

  await step('shops: create a shop and open its members', async () => {
    const view = await open('/system/shop', 'shop-list')
    const code = `E3${stamp}`.slice(0, 20)
    await view.getByTestId('shop-add').click()
    await byTest('shop-code').fill(code)
    await byTest('shop-name').fill(`三号店 ${stamp}`)
    await byTest('dialog-ok').click()
    await byTest('shop-form').waitFor({ state: 'detached' })
    await view.getByTestId('shop-search-keywords').fill(code)
    await view.getByTestId('search-submit').click()
    const row = view.locator('tr', { hasText: code })
    await row.waitFor()
    await row.getByTestId('shop-members-open').click()
    await byTest('shop-members').waitFor()
    await settled()
    await shot('35-shop-members')
    await page.keyboard.press('Escape')
    await byTest('shop-members').waitFor({ state: 'hidden' })
    await shot('35-shops')
  })

  await step('system config: the list, built-in keys cannot be deleted', async () => {
    const view = await open('/system/config', 'config-list')
    const builtinRow = view.locator('tr', { hasText: 'companyName' })
    await builtinRow.waitFor()
    expect((await builtinRow.getByTestId('config-delete').count()) === 0, 'no delete on a built-in key')
    await view.getByTestId('config-refresh').click()
    await shot('36-config')
  })

  await step('security settings: a fresh user changes the password and signs in with it', async () => {
    const roles = await call('GET', '/roles/options')
    const role = roles.data.find((r) => r.value !== 1)
    const username = `e2e_pw_${stamp}`.slice(0, 30)
    const made = await call('POST', '/users/', {
      username,
      nickname: 'E2E 密码',
      roleIds: [role.value],
      shopIds: [1],
      password: 'Silver-Maple-27',
    })
    expect(made.status === 200, `create user: ${JSON.stringify(made)}`)
    // The first password must be changed at the first sign-in; do that through the API.
    const first = await anonLogin(username, 'Silver-Maple-27')
    const changed = await call(
      'POST',
      '/users/set_password',
      { oldPassword: 'Silver-Maple-27', newPassword: 'Silver-Maple-28', confirmPassword: 'Silver-Maple-28' },
      { bearer: first.data.accessToken },
    )
    expect(changed.status === 200, `first change: ${JSON.stringify(changed)}`)

    await signOut()
    await signIn(username, 'Silver-Maple-28')
    await byTest('dashboard-welcome').waitFor()
    const view = await open('/profile?tab=security', 'security-settings')
    await shot('37-profile-security')
    await view.getByTestId('password-old').fill('Silver-Maple-28')
    await view.getByTestId('password-new').fill('Silver-Maple-29')
    await view.getByTestId('password-confirm').fill('Silver-Maple-2')
    await view.getByTestId('password-save').click()
    await view.locator('.ant-form-item-explain-error').first().waitFor() // the confirmation does not match
    await view.getByTestId('password-confirm').fill('Silver-Maple-29')
    await view.getByTestId('password-save').click()
    await waitFor(async () => (await view.getByTestId('password-old').inputValue()) === '', T, 'the form is cleared after the change')
    await signOut()
    await signIn(username, 'Silver-Maple-29')
    await byTest('dashboard-welcome').waitFor()
    await signOut()
    await signIn('admin', 'Hamster-Books-42')
    await byTest('dashboard-welcome').waitFor()
  })

  // Whatever failed above, go on as admin.
  const me = await call('GET', '/users/me').catch(() => null)
  if (me?.data?.username !== 'admin') {
    if (
      await byTest('user-menu')
        .isVisible()
        .catch(() => false)
    )
      await signOut().catch(() => {})
    await page.evaluate(() => (location.hash = '/login'))
    await byTest('login-submit').waitFor()
    await signIn('admin', 'Hamster-Books-42')
    await byTest('dashboard-welcome').waitFor()
  }

  await step('profile: edit the nickname', async () => {
    const view = await open('/profile', 'profile-form')
    const nick = view.getByTestId('profile-nickname')
    const old = await nick.inputValue()
    await nick.fill(`${old} E2E`)
    await view.getByTestId('profile-save').click()
    await view.getByTestId('profile-card-nickname').getByText(`${old} E2E`).waitFor()
    await shot('37-profile')
    await nick.fill(old)
    await view.getByTestId('profile-save').click()
    await view.getByTestId('profile-card-nickname').getByText(old, { exact: true }).waitFor()
  })

  await step('security settings: bind a mobile number with a one-time code (60 s countdown)', async () => {
    const view = await open('/profile?tab=security', 'security-settings')
    const mobile = `139${String(Date.now()).slice(-8)}`
    await view.getByTestId('bind-mobile-target').fill(mobile)
    await view.getByTestId('bind-mobile-send').click()
    const send = view.getByTestId('bind-mobile-send')
    await waitFor(async () => /\b(60|59|58)\b/.test((await send.textContent()) || ''), T, 'the countdown')
    expect(await send.isDisabled(), 'the send button waits')
    // Without SMTP the server writes the code to its log (artifacts/server.log).
    let code = ''
    await waitFor(
      async () => {
        const log = readFileSync(join(artifacts, 'server.log'), 'utf8')
        const m = [...log.matchAll(new RegExp(`one-time code.*target=${mobile} code=(\\d+)`, 'g'))].pop()
        code = m?.[1] ?? ''
        return code !== ''
      },
      T,
      'the code in the server log',
    )
    await view.getByTestId('bind-mobile-code').fill(code)
    await settled()
    await shot('37-profile-bind-mobile')
    await view.getByTestId('bind-mobile-submit').click()
    await page.locator(`[data-page="/profile?tab=security"] [data-testid="profile"]`).getByText(mobile).waitFor()
  })
}
