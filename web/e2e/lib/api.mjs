// What a browser step uses to reach the app: call() the API with the
// signed-in page's token, through the app's own origin; ok() asserts a 200
// answer and hands back its data; open() shows a page by its hash route and
// waits for an element of it (a lazy view on a busy machine may take up to a
// minute) and hands back the page's root.
export function apiClient(page, expect) {
  const token = () => page.evaluate(() => JSON.parse(localStorage.getItem('cangshu.session')).state.accessToken)
  // opts.bearer: another user's token; opts.lang: the Accept-Language asked for
  const call = async (method, path, body, opts = {}) => {
    const tk = opts.bearer ?? (await token())
    return page.evaluate(
      async ({ method, path, body, tk, lang }) => {
        const headers = { Authorization: `Bearer ${tk}`, 'Content-Type': 'application/json' }
        if (lang) headers['Accept-Language'] = lang
        const res = await fetch(`/prod-api${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        })
        return { http: res.status, ...(await res.json().catch(() => ({}))) }
      },
      { method, path, body, tk, lang: opts.lang },
    )
  }
  const ok = (r, what) => {
    expect(r.http === 200 && r.status === 200, `${what}: ${JSON.stringify(r).slice(0, 400)}`)
    return r.data
  }
  const open = async (path, testId) => {
    await page.keyboard.press('Escape')
    await page.evaluate((h) => (location.hash = h), path)
    const root = page.locator(`[data-page="${path}"]`)
    await root.locator(`[data-testid="${testId}"]`).first().waitFor({ timeout: 60_000 })
    return root
  }
  return { call, ok, open }
}
