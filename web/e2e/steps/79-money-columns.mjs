// Money rights on the master-data screens (docs/rights.md, "Money rights"):
// a user holding every permission but the money rights sees the goods list,
// the customer list and the price list without a price or balance column
// (the server leaves those figures out; the screens no longer show them as
// blank columns) and no error, in Chinese and in English. Starts and ends
// signed in as admin.

import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { apiClient } from '../lib/api.mjs'

const locales = join(dirname(fileURLToPath(import.meta.url)), '../../src/locales')
const strings = (lang, ns) => JSON.parse(readFileSync(join(locales, lang, `${ns}.json`), 'utf8'))

export async function run(ctx) {
  const { page, step, expect, shot, byTest, signIn } = ctx
  const stamp = Date.now().toString(36)
  const { call, ok, open } = apiClient(page, expect)
  const username = `nomoney_${stamp}`

  await step('money columns: goods, a customer owing money, a user without money rights', async () => {
    const units = ok(await call('GET', '/unit/list?page=1&rows=100'), 'units')
    let unitId = (units.rows ?? units)[0]?.id
    if (!unitId) unitId = ok(await call('POST', '/unit/add', { name: `个${stamp}` }), 'unit').id
    ok(
      await call('POST', '/inventory/add', {
        number: `MC${stamp}`,
        name: `金额列${stamp}`,
        unitId,
        purPrice: '6.17',
        salePrice: '9.83',
        wholesalePrice: '8.71',
        vipPrice: '8.29',
      }),
      'goods',
    )
    ok(await call('POST', '/contact/add', { type: -10, number: `KMC${stamp}`, name: `金额客户${stamp}`, amount: '531.47' }), 'customer')
    ok(await call('POST', '/roles/', { name: `无金额${stamp}`, code: `NOMONEY_${stamp}`.toUpperCase(), status: 1, sort: 99 }), 'role')
    const roles = ok(await call('GET', `/roles/page?pageNum=1&pageSize=100&keywords=${stamp}`), 'roles')
    const role = roles.list.find((r) => r.code === `NOMONEY_${stamp}`.toUpperCase())
    expect(!!role, 'the role is made')
    // every menu and button but the money rights
    const ids = []
    const walk = (nodes) => {
      for (const n of nodes ?? []) {
        if (!(n.perm ?? '').startsWith('money:')) ids.push(n.id)
        walk(n.children)
      }
    }
    walk(ok(await call('GET', '/menus/list'), 'menus'))
    ok(await call('POST', `/roles/${role.id}/menus`, { menuIds: ids }), 'the role granted')
    const shops = ok(await call('GET', '/shops/options'), 'shops')
    ok(
      await call('POST', '/users/', {
        username,
        nickname: 'No money',
        deptId: 1,
        roleIds: [role.id],
        shopIds: [shops[0].value],
        password: 'Coin-Drawer-31',
      }),
      'user',
    )
    const base = new URL(page.url()).origin
    const form = new FormData()
    form.append('username', username)
    form.append('password', 'Coin-Drawer-31')
    const login = await (await fetch(`${base}/api/auth/login`, { method: 'POST', body: form })).json()
    const changed = await fetch(`${base}/api/users/set_password`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${login.data.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ oldPassword: 'Coin-Drawer-31', newPassword: 'Coin-Drawer-32', confirmPassword: 'Coin-Drawer-32' }),
    }).then((r) => r.json())
    expect(changed.status === 200, `password: ${changed.msg}`)
    await page.evaluate(() => {
      localStorage.removeItem('cangshu.session')
      location.hash = '/login'
    })
    await page.reload()
    await byTest('login-submit').waitFor()
    await signIn(username, 'Coin-Drawer-32')
    await byTest('tags-view').waitFor()
  })

  const errors = () => page.locator('.ant-message-error, .ant-notification-notice-error').count()
  const headers = async (view) => (await view.locator('.ant-table-thead th').allInnerTexts()).map((s) => s.trim()).filter(Boolean)
  const switchTo = async (lang) => {
    if ((await page.evaluate(() => document.documentElement.lang)) === lang) return
    await byTest('lang-switch').click()
    await byTest(`lang-${lang}`).click()
    await page.waitForFunction((l) => document.documentElement.lang === l, lang)
  }

  for (const lang of ['zh-CN', 'en']) {
    await step(`money columns (${lang}): goods, customers and the price list show no price or balance, and no error`, async () => {
      await switchTo(lang)
      const g = strings(lang, 'goods')
      const c = strings(lang, 'contact')
      const prices = [g.purPrice, g.salePrice, g.wholesalePrice, g.vipPrice]

      const goods = await open('/settings/base/inventory', 'goods-view')
      await goods.getByTestId('goods-search').fill(stamp)
      await goods.getByTestId('goods-search').press('Enter')
      await goods.getByText(`金额列${stamp}`).first().waitFor()
      let h = await headers(goods)
      expect(h.includes(g.stockQty), `${lang} goods: the on-hand column shows (${h})`)
      for (const p of prices) expect(!h.includes(p), `${lang} goods: no ${p} column (${h})`)
      expect(!(await goods.innerText()).includes('9.83'), `${lang} goods: no price shown`)
      await shot(`79-goods-${lang}`)

      const customers = await open('/settings/base/customer', 'customer-view')
      await customers.getByTestId('customer-search').fill(stamp)
      await customers.getByTestId('customer-search').press('Enter')
      await customers.getByText(`金额客户${stamp}`).first().waitFor()
      h = await headers(customers)
      expect(h.includes(c.number), `${lang} customers: the number column shows (${h})`)
      expect(!h.includes(c.receivable), `${lang} customers: no ${c.receivable} column (${h})`)
      expect(!(await customers.innerText()).includes('531.47'), `${lang} customers: no balance shown`)
      await shot(`79-customers-${lang}`)

      const list = await open('/settings/base/price', 'price-table')
      await list.getByTestId('price-search').fill(stamp)
      await list.getByTestId('price-search').press('Enter')
      await list.getByText(`金额列${stamp}`).first().waitFor()
      h = await headers(list)
      expect(h.includes(g.discountRate1), `${lang} price list: the discount column shows (${h})`)
      for (const p of prices) expect(!h.includes(p), `${lang} price list: no ${p} column (${h})`)
      expect((await list.locator('[data-field="salePrice"], [data-field="purPrice"]').count()) === 0, `${lang} price list: no price cell`)
      await shot(`79-prices-${lang}`)

      await page.waitForTimeout(500) // an error toast of a late answer shows within this
      expect((await errors()) === 0, `${lang}: an error toast shows`)
    })
  }

  await step('money columns: sign back in as admin', async () => {
    await switchTo('zh-CN')
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
