import { expect, test } from '@playwright/test'

import { DEMO_PASSWORD, openUserMenu, signIn, submitLogin } from './support/fixtures'

test.describe('JavaScript enhancements', () => {
  test('Alt+D toggles the auth debug panel, which lists, clears and closes', async ({ page }) => {
    // Through the form: the login page itself logs the attempt.
    await page.goto('/login')
    await submitLogin(page, 'admin', DEMO_PASSWORD)
    await expect(page).toHaveURL(/\/dashboard/)
    await page.keyboard.press('Alt+KeyD')
    const panel = page.getByRole('region', { name: 'Authentication debug log' })
    await expect(panel).toBeVisible()
    await expect(panel).toContainText('Login successful')
    await expect(panel).toContainText('Login attempt')

    await panel.getByRole('button', { name: 'Collapse' }).click()
    await expect(panel.getByRole('listitem')).toHaveCount(0)
    await panel.getByRole('button', { name: 'Expand' }).click()
    await expect(panel.getByRole('listitem').first()).toBeVisible()

    await panel.getByRole('button', { name: 'Clear' }).click()
    await expect(panel).toContainText('No authentication events yet.')
    expect(await page.evaluate(() => localStorage.getItem('auth_debug_logs'))).toBeNull()

    // The panel re-reads the log every second: an entry written elsewhere shows up.
    await page.evaluate(() =>
      localStorage.setItem(
        'auth_debug_logs',
        JSON.stringify([
          { timestamp: new Date().toISOString(), source: 'Test', message: 'written by another tab', type: 'info' },
        ]),
      ),
    )
    await expect(panel).toContainText('written by another tab')

    await panel.getByRole('button', { name: 'Close' }).click()
    await expect(panel).toBeHidden()
    await page.keyboard.press('Alt+KeyD')
    await expect(panel).toBeVisible()
    await page.keyboard.press('Alt+KeyD')
    await expect(panel).toBeHidden()
  })

  test('keeps only the 100 newest debug entries', async ({ page }) => {
    await page.goto('/login')
    await page.evaluate(() =>
      localStorage.setItem(
        'auth_debug_logs',
        JSON.stringify(
          Array.from({ length: 100 }, (_, index) => ({
            timestamp: new Date().toISOString(),
            source: 'Test',
            message: `old ${index}`,
            type: 'info',
          })),
        ),
      ),
    )
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('alert')).toBeVisible()
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('auth_debug_logs') ?? '[]').length))
      .toBe(100)
    const first = await page.evaluate(() => JSON.parse(localStorage.getItem('auth_debug_logs') ?? '[]')[0].message)
    expect(first).not.toBe('old 0')
  })

  test('a toast dismisses itself after five seconds, or when closed', async ({ page }) => {
    const logout = async () => {
      await openUserMenu(page, 'member@demo.example.com')
      await page.getByRole('button', { name: 'Logout' }).click()
      await expect(page).toHaveURL(/\/login$/)
    }
    // The page's clock is stopped before the toast arrives, then moved on by hand: the toast must
    // still be there a moment before five seconds and gone at five.
    await page.clock.install()
    await signIn(page, 'member')
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
    await logout()
    const toast = page.getByRole('status').getByText('You have been signed out.')
    await expect(toast).toBeVisible()
    await page.clock.runFor(4_990)
    await expect(toast).toBeVisible()
    await page.clock.runFor(10)
    await expect(toast).toBeHidden()
    await page.clock.resume()

    await signIn(page, 'member')
    await logout()
    await expect(toast).toBeVisible()
    await page.getByRole('button', { name: 'Close notification' }).click()
    await expect(toast).toBeHidden()
  })

  test('a menu opened before the scripts arrive stays open through hydration, and a navigation closes it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 400, height: 800 })
    await signIn(page, 'member')
    // The page's scripts are held, as on a slow network, while the user opens the menu.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(
      (url) => url.pathname.startsWith('/build/') && url.pathname.endsWith('.js'),
      async (route) => {
        await held
        await route.continue()
      },
    )
    await page.goto('/documents', { waitUntil: 'commit' })
    await page.getByText('Menu', { exact: true }).click()
    const mainMenu = page.getByRole('navigation', { name: 'Main menu' })
    await expect(mainMenu.getByRole('link', { name: 'Search' })).toBeVisible()
    release()
    // Alt+D answers once the page's effects have run, the header's among them.
    const panel = page.getByRole('region', { name: 'Authentication debug log' })
    await expect(async () => {
      if (!(await panel.isVisible())) await page.keyboard.press('Alt+KeyD')
      await expect(panel).toBeVisible({ timeout: 1_000 })
    }).toPass({ timeout: 30_000 })
    await expect(mainMenu.getByRole('link', { name: 'Search' })).toBeVisible()

    await mainMenu.getByRole('link', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\/search$/)
    await expect(mainMenu.getByRole('link', { name: 'Search' })).toBeHidden()
  })

  test('the header’s links navigate within the page and mark the page shown; a Ctrl+click is the browser’s', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await signIn(page, 'member')
    const nav = page.getByRole('navigation', { name: 'Main', exact: true })
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
    // A full page load would start a new window object and lose this mark.
    await page.evaluate(() => Object.assign(window, { stayedInPage: true }))
    await nav.getByRole('link', { name: 'Documents' }).click()
    await expect(page).toHaveURL(/\/documents$/)
    await expect(nav.getByRole('link', { name: 'Documents' })).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current')
    expect(await page.evaluate(() => 'stayedInPage' in window)).toBe(true)
    await page.goBack()
    await expect(page).toHaveURL(/\/dashboard$/)

    const opened = context.waitForEvent('page')
    await nav.getByRole('link', { name: 'Search' }).click({ modifiers: ['ControlOrMeta'] })
    await expect(await opened).toHaveURL(/\/search$/)
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('preloads the page modules at low priority, so its HTML and CSS come first on a slow link', async ({ page }) => {
    await signIn(page, 'member')
    for (const path of ['/login', '/documents']) {
      const html = await (await page.request.get(path)).text()
      const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? []
      expect(preloads.length).toBeGreaterThan(3)
      for (const preload of preloads) expect(preload).toContain('fetchpriority="low"')
    }
  })
})
