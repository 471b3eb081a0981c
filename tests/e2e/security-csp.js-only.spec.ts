import { expect, type Page, test } from '@playwright/test'

import { signIn } from './support/fixtures'
import { startServer } from './support/server'

declare global {
  interface Window {
    __injected?: boolean
    __violations?: string[]
  }
}

/** Records every Content-Security-Policy violation of each page the test opens. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    window.__violations = []
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__violations!.push(`${event.violatedDirective} ${event.blockedURI}`)
    })
  })
}

const violations = (page: Page) => page.evaluate(() => window.__violations)

/** The nonce a page's policy names. */
const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1]

test.describe('Content-Security-Policy', () => {
  test('an inline script injected into a page does not run, while the page hydrates', async ({ page }) => {
    await recordViolations(page)
    // Markup that slipped into the server's answer: the real response with its real headers, plus a script.
    let policy = ''
    await page.route(/\/login$/, async (route) => {
      const response = await route.fetch()
      const headers = Object.fromEntries(
        Object.entries(response.headers()).filter(([name]) => name !== 'content-encoding' && name !== 'content-length'),
      )
      policy = headers['content-security-policy'] ?? ''
      const html = (await response.text()).replace('<head>', '<head><script>window.__injected = true</script>')
      await route.fulfill({ response, headers, body: html })
    })
    await page.goto('/login')
    expect(policy).toContain("'nonce-")

    // Alt+D opens the panel once the page has hydrated, which a loaded machine may take a while to
    // do: press until it shows (a press before hydration does nothing, so none closes it again).
    const panel = page.getByRole('region', { name: 'Authentication debug log' })
    await expect(async () => {
      if (!(await panel.isVisible())) await page.keyboard.press('Alt+KeyD')
      await expect(panel).toBeVisible({ timeout: 1000 })
    }).toPass({ timeout: 30_000 })
    expect(await page.evaluate(() => window.__injected)).toBeUndefined()
    expect(await violations(page)).toEqual(['script-src-elem inline'])
  })

  test('the pages, their scroll restoration and the 404 page run without a single violation', async ({ page }) => {
    await recordViolations(page)
    await signIn(page, 'admin')
    for (const path of ['/dashboard', '/documents', '/admin']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      expect(await violations(page), path).toEqual([])
    }
    await page.goto('/no-such-page')
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
    expect(await violations(page)).toEqual([])
    // Hydrated: the link navigates in the browser, without a new document.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click()
    await expect(page.locator('.welcome')).toContainText('admin@demo.example.com')
    expect(await violations(page)).toEqual([])
  })

  test.describe('in a browser outside UTC', () => {
    test.use({ timezoneId: 'America/Los_Angeles' })

    test('the first load, which reloads with the zone in a cookie, runs without a violation', async ({ page }) => {
      // The reload starts a new document, so what the console said before it is kept here.
      const refused: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text())
      })
      let documents = 0
      page.on('request', (request) => {
        if (request.isNavigationRequest()) documents++
      })
      await page.goto('/login')
      // The check script set the cookie and reloaded once.
      await expect
        .poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'CH-time-zone'))
        .toBe(true)
      await expect.poll(() => documents).toBe(2)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(refused).toEqual([])
    })
  })

  test("every script of a page carries that response's nonce, new on each request", async ({ request }) => {
    const first = await request.get('/login')
    const second = await request.get('/login')
    const policy = first.headers()['content-security-policy']
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "style-src 'self'"]) {
      expect(policy).toContain(directive)
    }
    expect(policy).not.toContain("'unsafe-inline'")
    const nonce = nonceOf(policy)
    expect(nonce).toBeTruthy()
    expect(nonceOf(second.headers()['content-security-policy'])).not.toBe(nonce)
    const scripts = (await first.text()).match(/<script[^>]*>/g) ?? []
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`)
  })
})

test.describe('transport headers', () => {
  test('asks for HTTPS only (HSTS) where cookies are secure, and not otherwise', async ({ request }) => {
    // Starts a second server of its own.
    test.slow()
    const secure = await request.get('/login')
    expect(secure.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')

    const plain = await startServer({ COOKIE_SECURE: 'false' })
    try {
      const response = await fetch(`${plain.url}/login`)
      expect(response.headers.get('strict-transport-security')).toBeNull()
    } finally {
      await plain.stop()
    }
  })
})
