// Security (issue 12): the built app works under its Content-Security-Policy
// (no violation while signed in and moving between pages), and a notice
// carrying the mutation-XSS payload opens from the header bell
// without running anything. Starts and ends signed in as admin.

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

export async function run(ctx) {
  const { page, step, expect, byTest, waitFor, T, shot, closeTabs } = ctx
  const dialogs = []
  page.on('dialog', (d) => {
    dialogs.push(d.message())
    d.dismiss().catch(() => {})
  })

  await step('security: every answer carries the policy and framing headers', async () => {
    for (const path of ['/', '/api/openapi.json', '/api/no/such']) {
      const res = await fetch(`${ctx.base}${path}`)
      const csp = res.headers.get('content-security-policy') || ''
      expect(
        csp.includes("frame-ancestors 'none'") && csp.includes("script-src 'self'") && !csp.includes('unsafe-eval'),
        `${path}: CSP ${csp}`,
      )
      expect(res.headers.get('x-content-type-options') === 'nosniff', `${path}: nosniff`)
      expect(res.headers.get('x-frame-options') === 'DENY', `${path}: X-Frame-Options`)
    }
  })

  await step('security: the app loads and works under the policy without a violation', async () => {
    await page.addInitScript(() => {
      window.__csp = []
      document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`))
    })
    await page.evaluate(() => (location.hash = '/dashboard'))
    await page.reload()
    await byTest('notice-badge').waitFor()
    // Every page of the route tree, opened under the policy (the system
    // step checks each has a view; this one only listens for violations).
    const paths = await page.evaluate(async () => {
      const { state } = JSON.parse(localStorage.getItem('cangshu.session'))
      const res = await fetch('/prod-api/menus/routes', { headers: { Authorization: `Bearer ${state.accessToken}` } })
      const out = []
      const walk = (nodes, parent) => {
        for (const n of nodes) {
          const p = n.path.startsWith('/') ? n.path : `${parent.replace(/\/$/, '')}/${n.path}`
          if (n.component && n.component !== 'Layout') out.push(p)
          walk(n.children || [], p)
        }
      }
      walk((await res.json()).data, '')
      return out
    })
    let opened = 0
    let tried = 0
    for (const p of paths) {
      // every 12 pages the tabs are closed (as the route-tree step does: the tabs
      // view holds a bounded number of kept-alive pages) and the app reloaded
      if (++tried % 12 === 0) {
        await closeTabs()
        await page.waitForFunction(() => location.hash === '#/dashboard')
        await page.reload()
        await byTest('notice-badge').waitFor()
      }
      await page.evaluate((h) => (location.hash = h), p)
      await page
        .waitForFunction((h) => !!document.querySelector(`[data-page="${h}"] [data-view], [data-page="${h}"] [data-testid]`), p, {
          timeout: 5000,
          polling: 50,
        })
        .then(() => opened++)
        .catch(() => {})
    }
    const violations = await page.evaluate(() => window.__csp)
    expect(opened > paths.length / 2, `only ${opened} of ${paths.length} pages opened`)
    expect(violations.length === 0, `CSP violations: ${violations.join('; ')}`)
  })

  await step('security: a notice with the mutation-XSS payload opens from the bell and runs nothing', async () => {
    const title = `E2E XSS ${Date.now().toString(36)}`
    const payload =
      '<p>safe part</p><svg><title><noscript><xmp></noscript><img src=x onerror="window.__xss=1;alert(document.domain)"></xmp></noscript></title></svg>' +
      '<svg><style><img src=x onerror="window.__xss=2"></style></svg><math><mtext><table><mglyph><style><img src=x onerror="window.__xss=3"></style></mglyph></table></mtext></math>'
    const id = await api(ctx, 'POST', '/notices/', { title, type: 1, content: payload })
    await api(ctx, 'POST', `/notices/${id}/publish`)
    await page.evaluate(() => (location.hash = '/dashboard'))
    await page.reload()
    await byTest('notice-badge').waitFor()
    await byTest('notice-badge').click()
    await byTest('notice-dropdown').locator('[data-testid="notice-dropdown-item"]', { hasText: title }).click()
    await byTest('notice-detail-title').getByText(title).waitFor()
    await byTest('notice-detail').getByText('safe part').waitFor()
    await page.waitForTimeout(300) // let an image error fire, if one could
    await shot('60-notice-xss')
    const ran = await page.evaluate(() => window.__xss)
    expect(ran === undefined && dialogs.length === 0, `script ran: __xss=${ran}, dialogs ${dialogs.join(',')}`)
    expect((await byTest('notice-detail').locator('svg, math, [onerror]').count()) === 0, 'markup left in the notice')
    await page.keyboard.press('Escape')
    await byTest('notice-detail').waitFor({ state: 'hidden' })
    const violations = await page.evaluate(() => window.__csp)
    expect(violations.length === 0, `CSP violations: ${violations.join('; ')}`)
  })
  void waitFor
  void T
}
