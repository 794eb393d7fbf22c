// Dashboard figures and chart, the log viewer (markers, level blocks, a
// logDownload link that downloads), and the sign-in page extras: forgot
// password, registration when the server allows it. Starts and ends signed
// in as admin.

const SAMPLE = [
  '[2026-01-01 12:00:00] [ERROR] disk full',
  '  at save()',
  '  at main()',
  '[2026-01-01 12:00:01] [INFO] started',
  '[2026-01-01 12:00:02] WARN: slow query',
  'export ready #link#{"name":"users-template.xlsx","url":"/api/users/template"}#link#',
  '#logerrorlog#failed block#logerrorlog# #logsuccesslog#ok block#logsuccesslog#',
  '#loginfolog#info over',
  'two lines#loginfolog# and #logwarninglog#careful#logwarninglog#',
].join('\n')

export async function run({ page, base, step, expect, shot, byTest, hash, signIn, signOut, waitFor, T }) {
  // A token of its own (signing out in the page ends the page's session).
  const adminToken = async () => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Hamster-Books-42' }),
    })
    return (await res.json()).data.accessToken
  }
  const apiAs = async (tok, method, path, body) => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${tok}`, 'Content-Type': 'application/json', 'Accept-Language': 'en' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: await res.json().catch(() => null) }
  }

  await step('dashboard: visit figures, business figures, trend chart (7/30 days)', async () => {
    await page.evaluate(() => (location.hash = '/dashboard'))
    const pv = byTest('dashboard-today-pv')
    await waitFor(async () => /\d/.test((await pv.locator('.ant-statistic-content').textContent()) ?? ''), T, 'today page views')
    const total = Number(((await byTest('dashboard-total-pv').locator('.ant-statistic-content').textContent()) ?? '').replace(/\D/g, ''))
    expect(total > 0, `total page views ${total}`)
    const users = Number(((await byTest('dashboard-users').locator('.ant-statistic-content').textContent()) ?? '').replace(/\D/g, ''))
    expect(users >= 1, `users ${users}`)
    await byTest('dashboard-unread').locator('.ant-statistic-content').waitFor()
    // business figures (the administrator holds every money right): numbers, not "—"
    for (const k of ['salesToday', 'purchasesToday', 'stockValue', 'receivables', 'payables', 'profitMonth']) {
      const fig = byTest(`dashboard-figure-${k}`).locator('.ant-statistic-content')
      await waitFor(async () => /\d/.test((await fig.textContent()) ?? ''), T, `${k} figure`)
    }
    await page.locator('[data-testid="dashboard-trend-chart"] canvas').first().waitFor()
    const trend = page.waitForResponse((r) => r.url().includes('/prod-api/logs/visit-trend') && r.status() === 200)
    await byTest('dashboard-trend-30').click()
    const days = (await (await trend).json()).data.dates.length
    expect(days === 30, `30-day trend has ${days} days`)
    await page.locator('[data-testid="dashboard-trend-chart"] canvas').first().waitFor()
    await shot('40-dashboard')
  })

  await step('dashboard: the notice ticker shows a published notice and opens it on click', async () => {
    const tok = await adminToken()
    const title = `Ticker notice ${Date.now()}`
    const made = await apiAs(tok, 'POST', '/notices/', { title, type: 1, content: '<p>On the dashboard</p>' })
    expect(made.status === 200 && made.body?.status === 200, `notice saved: ${JSON.stringify(made.body)}`)
    const id = made.body.data
    expect((await apiAs(tok, 'POST', `/notices/${id}/publish`)).status === 200, 'notice published')
    await page.evaluate(() => (location.hash = '/dashboard'))
    await page.reload()
    const item = byTest('dashboard-ticker-item')
    await waitFor(async () => (await item.getAttribute('data-id').catch(() => null)) === String(id), T, 'the new notice in the ticker')
    await shot('40-dashboard-ticker')
    await item.click()
    await waitFor(
      async () =>
        (await byTest('notice-detail-title')
          .textContent()
          .catch(() => '')) === title,
      T,
      'the notice opened',
    )
    await page.keyboard.press('Escape')
    await byTest('notice-detail').waitFor({ state: 'hidden' })
    await apiAs(tok, 'POST', `/notices/${id}/revoke`)
    await apiAs(tok, 'DELETE', `/notices/${id}`)
  })

  await step('log viewer: operation log text, pasted sample styled, logDownload link downloads', async () => {
    await page.evaluate(() => (location.hash = '/system/logViewer'))
    await byTest('log-viewer-page').waitFor()
    const content = page.locator('[data-testid="log-viewer"] .cm-content')
    await content.waitFor()
    await waitFor(async () => (await page.locator('.cs-log-marker-info').count()) > 0, T, 'operation log lines with an INFO marker')
    await page.locator('[data-testid="log-viewer"] .cm-lineNumbers').waitFor()
    await page.locator('[data-testid="log-viewer"] .cm-foldGutter').waitFor()

    await byTest('log-paste').click()
    await byTest('log-paste-input').fill(SAMPLE)
    await byTest('log-paste-ok').click()
    await page.locator('.logDownload').waitFor()
    const seen = await page.evaluate(() => {
      const pick = (sel) => [...document.querySelectorAll(sel)].map((e) => ({ text: e.textContent, color: getComputedStyle(e).color }))
      const text = document.querySelector('[data-testid="log-viewer"] .cm-content').textContent
      return {
        text,
        base: getComputedStyle(document.querySelector('[data-testid="log-viewer"] .cm-content')).color,
        markers: {
          error: pick('.cs-log-marker-error'),
          info: pick('.cs-log-marker-info'),
          warning: pick('.cs-log-marker-warning'),
        },
        levels: {
          error: pick('.cs-log-level-error'),
          info: pick('.cs-log-level-info'),
          warning: pick('.cs-log-level-warning'),
          success: pick('.cs-log-level-success'),
        },
        errorLines: document.querySelectorAll('.cs-log-line-error').length,
        links: pick('.logDownload'),
      }
    })
    const j = JSON.stringify(seen)
    expect(seen.markers.error.map((m) => m.text).join() === 'ERROR', `error markers ${j}`)
    expect(seen.markers.info.map((m) => m.text).join() === 'INFO', `info markers ${j}`)
    expect(seen.markers.warning.map((m) => m.text).join() === 'WARN', `warning markers ${j}`)
    expect(seen.errorLines === 1, `error lines ${seen.errorLines}`)
    expect(seen.levels.error[0]?.text === 'failed block' && seen.levels.success[0]?.text === 'ok block', `level blocks ${j}`)
    expect(seen.levels.warning[0]?.text === 'careful' && seen.levels.info.length >= 1, `level blocks ${j}`)
    const colors = new Set([seen.markers.error[0].color, seen.levels.warning[0].color, seen.levels.success[0].color, seen.base])
    expect(colors.size === 4, `error, warning, success and text colours differ: ${[...colors]}`)
    expect(!seen.text.includes('#logerrorlog#') && !seen.text.includes('#link#'), `markers hidden: ${seen.text}`)
    expect(seen.links.length === 1 && seen.links[0].text === 'users-template.xlsx', `links ${j}`)
    await shot('41-log-viewer')

    const [dl] = await Promise.all([page.waitForEvent('download'), page.locator('.logDownload').click()])
    expect(dl.suggestedFilename().endsWith('.xlsx'), `downloaded ${dl.suggestedFilename()}`)

    // The log mode shows the fclog constructs as they are.
    await byTest('log-mode-log').click()
    await waitFor(async () => (await page.locator('.logDownload').count()) === 0, T, 'no links in log mode')
    const raw = await content.textContent()
    expect(raw.includes('#link#') && raw.includes('#logerrorlog#'), 'log mode shows the raw text')
    expect((await page.locator('.cs-log-marker-error').count()) === 1, 'log mode still marks lines')
    await byTest('log-mode-fclog').click()
    await page.locator('.logDownload').waitFor()
  })

  await step('sign-in page: forgot password sends a code without telling whether the address is known', async () => {
    await signOut()
    await byTest('login-forgot').click()
    await byTest('reset-email').fill('nobody@example.com')
    await byTest('reset-send-code').click()
    await waitFor(async () => /\d/.test((await byTest('reset-send-code').textContent()) ?? ''), T, 'the resend countdown')
    expect(await byTest('reset-send-code').isDisabled(), 'the send button waits')
    await shot('42-forgot-password')
    await byTest('reset-back').click()
    expect((await byTest('login-register').count()) === 0, 'no register link while registration is closed')
    await signIn('admin', 'Hamster-Books-42')
    await byTest('dashboard-welcome').waitFor()
  })

  await step('register from the sign-in page when allowed, sign in as the new user, back to admin', async () => {
    const on = await apiAs(await adminToken(), 'POST', '/config/system', { allowRegister: 1, showAgreement: 1 })
    expect(on.status === 200, `allow registration: ${on.status} ${JSON.stringify(on.body)}`)
    const username = `reg.e2e${Date.now() % 100000}`
    let failed
    try {
      await signOut()
      await byTest('login-register').click()
      await byTest('register-username').fill(username)
      await byTest('register-nickname').fill('Newcomer')
      await byTest('register-password').fill('Velvet-Harbor-86')
      await byTest('register-confirm').fill('Velvet-Harbor-86')
      await byTest('register-submit').click()
      // The agreement must be accepted first.
      await page.locator('[data-testid="register-form"] .ant-form-item-explain-error').first().waitFor()
      await byTest('register-agreement-link').click()
      await byTest('register-agreement-text').waitFor()
      await page.getByRole('dialog').locator('.ant-btn-primary').click()
      await shot('43-register')
      await byTest('register-submit').click()
      await byTest('login-password').waitFor({ state: 'visible' })
      expect((await byTest('login-username').inputValue()) === username, 'the new username is filled in')
      await byTest('login-password').fill('Velvet-Harbor-86')
      await byTest('login-submit').click()
      await byTest('no-menus').waitFor() // no roles yet: nothing to open
      await byTest('user-menu').getByText('Newcomer').waitFor()
      await shot('44-registered-user')
      await signOut()
    } catch (e) {
      failed = e
    }
    // End signed in as admin whatever happened above; the first error is the one reported.
    try {
      await apiAs(await adminToken(), 'POST', '/config/system', { allowRegister: 0, showAgreement: 0 })
      if (!hash().startsWith('#/login')) await signOut().catch(() => undefined)
      if (!hash().startsWith('#/login')) {
        // signing out through the menu failed: drop the session and start again
        await page.evaluate(() => localStorage.removeItem('cangshu.session'))
        await page.reload()
      }
      await page.evaluate(() => (location.hash = '/login'))
      await byTest('login-submit').waitFor()
      await signIn('admin', 'Hamster-Books-42')
      await byTest('dashboard-welcome').waitFor()
    } catch (e) {
      failed ??= e
    }
    if (failed) throw failed
    expect(hash() === '#/dashboard', `back as admin on ${hash()}`)
    const found = await apiAs(await adminToken(), 'GET', `/users/page?keywords=${username}`)
    expect(found.body?.data?.total === 1, `the new user is listed: ${JSON.stringify(found.body)}`)
  })
}
