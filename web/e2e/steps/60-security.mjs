// Security: the built app works under its Content-Security-Policy
// (no violation while signed in and moving between pages), and a notice
// carrying a mutation-XSS payload opens from the header bell
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
  const { page, step, expect, byTest, waitFor, T, shot } = ctx
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
    // The run listens for violations on every page from its start (run.mjs:
    // cspViolations), through the walk of every page of the route tree and
    // every step before this one; here the app is loaded afresh as well.
    await page.evaluate(() => (location.hash = '/dashboard'))
    await page.reload()
    await byTest('notice-badge').waitFor()
    await byTest('dashboard-welcome').waitFor()
    expect(ctx.cspViolations.length === 0, `CSP violations: ${ctx.cspViolations.join('; ')}`)
    // and the listening works: an inline script is refused and reported
    await page.evaluate(() => {
      const s = document.createElement('script')
      s.textContent = 'window.__inline = 1'
      document.body.append(s)
    })
    await waitFor(async () => ctx.cspViolations.length === 1, T, "the policy's report of an inline script")
    expect((await page.evaluate(() => window.__inline)) === undefined, 'an inline script ran')
    expect(ctx.cspViolations[0].includes('script-src'), `reported: ${ctx.cspViolations[0]}`)
    ctx.cspViolations.length = 0
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
    expect(ctx.cspViolations.length === 0, `CSP violations: ${ctx.cspViolations.join('; ')}`)
  })
}
