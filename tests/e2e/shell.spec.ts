import { expect, test } from '@playwright/test'

import { type DemoRole, demoUser, openUserMenu, signIn } from './support/fixtures'

/**
 * Where each header link goes (spec §2 "Header and navigation"), for the roles that see it, and the
 * heading of the page it lands on.
 */
const DESTINATIONS: Array<{ link: string; path: string; heading: string; roles: DemoRole[]; menu?: string }> = [
  { link: 'Dashboard', path: '/dashboard', heading: 'Dashboard', roles: ['admin', 'analyst', 'member'] },
  { link: 'Documents', path: '/documents', heading: 'Documents', roles: ['admin', 'analyst', 'member'] },
  // /chat opens the user's latest conversation when there is one.
  { link: 'Conversations', path: '/chat(?:/\\d+)?', heading: 'Conversations', roles: ['admin', 'analyst', 'member'] },
  { link: 'Search', path: '/search', heading: 'Semantic Search', roles: ['admin', 'analyst', 'member'] },
  { link: 'Readiness', path: '/readiness', heading: 'Readiness', roles: ['admin', 'analyst', 'member'] },
  { link: 'Actions', path: '/actions', heading: 'Action plan', roles: ['admin', 'analyst', 'member'] },
  {
    link: 'Templates',
    path: '/conversation-templates',
    heading: 'Conversation Templates',
    roles: ['admin', 'analyst', 'member'],
    menu: 'Resources',
  },
  {
    link: 'Transcriptions',
    path: '/transcriptions',
    heading: 'Recorded Meetings',
    roles: ['admin', 'analyst', 'member'],
    menu: 'Resources',
  },
  { link: 'Analysis', path: '/analysis', heading: 'Document Analysis', roles: ['admin', 'analyst'] },
  { link: 'Admin', path: '/admin', heading: 'Demo Advisory Group', roles: ['admin'] },
]

test.describe('protected shell', () => {
  test('answers an unknown path with the 404 page and a way back', async ({ page }) => {
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to Dashboard' }).click()
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
  })

  test('redirects / to the dashboard', async ({ page }) => {
    await signIn(page, 'member', { to: '/' })
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('answers a member who opens an admin-only page with Access Denied in place', async ({ page }) => {
    await signIn(page, 'member')
    for (const path of ['/admin/users', '/admin/organization/invite']) {
      const response = await page.goto(path)
      expect(response?.status()).toBe(403)
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toBeVisible()
    }
  })

  test('lets an analyst reach neither the admin page nor see its link', async ({ page }) => {
    await signIn(page, 'analyst')
    const nav = page.getByRole('navigation', { name: 'Main', exact: true })
    await expect(nav.getByRole('link', { name: 'Analysis' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0)
    const response = await page.goto('/admin/organization')
    expect(response?.status()).toBe(403)
    await expect(page.getByRole('alert')).toHaveText(
      'Access Denied: You do not have permission to access the organization administration page.',
    )
    await expect(page.getByRole('table')).toHaveCount(0)
  })

  test('shows the admin every link, the members table and the user menu', async ({ page }) => {
    await signIn(page, 'admin')
    const nav = page.getByRole('navigation', { name: 'Main', exact: true })
    for (const name of ['Dashboard', 'Documents', 'Conversations', 'Search', 'Readiness', 'Analysis', 'Admin']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
    }
    await nav.getByText('Resources').click()
    await expect(nav.getByRole('link', { name: 'Templates' })).toHaveAttribute('href', '/conversation-templates')
    await expect(nav.getByRole('link', { name: 'Transcriptions' })).toHaveAttribute('href', '/transcriptions')

    const demo = page.getByRole('link', { name: /Request a Demo/ })
    await expect(demo).toHaveAttribute('target', '_blank')
    await expect(demo).toHaveAttribute('rel', /noopener/)
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Exit Planner`)

    await openUserMenu(page, 'admin@demo.example.com')
    await expect(page.getByRole('link', { name: 'Profile', exact: true })).toBeVisible()
    await nav.getByRole('link', { name: 'Admin' }).click()
    await expect(page.getByRole('cell', { name: 'member@demo.example.com', exact: true })).toBeVisible()
    await expect(page.getByRole('row', { name: /analyst@demo.example.com/ })).toContainText('Analyst')
  })

  test('hides Analysis and Admin from a member', async ({ page }) => {
    await signIn(page, 'member')
    const nav = page.getByRole('navigation', { name: 'Main', exact: true })
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Analysis' })).toHaveCount(0)
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0)
  })

  test('opens the Resources menu from the keyboard', async ({ page }) => {
    await signIn(page, 'member')
    const nav = page.getByRole('navigation', { name: 'Main', exact: true })
    await nav.getByText('Resources').focus()
    await page.keyboard.press('Enter')
    await expect(nav.getByRole('link', { name: 'Templates' })).toBeVisible()
  })

  for (const role of ['admin', 'analyst', 'member'] as const) {
    test(`takes the ${role} to every page the header offers, and offers no other`, async ({ page }) => {
      await signIn(page, role)
      const nav = page.getByRole('navigation', { name: 'Main', exact: true })
      for (const destination of DESTINATIONS) {
        if (destination.menu) await nav.getByText(destination.menu, { exact: true }).click()
        const link = nav.getByRole('link', { name: destination.link, exact: true })
        if (!destination.roles.includes(role)) {
          await expect(link, destination.link).toHaveCount(0)
          continue
        }
        await link.click()
        await expect(page).toHaveURL(new RegExp(`${destination.path}$`))
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(destination.heading)
        // The link to the page shown is marked as the current one (in a menu, which closes, too).
        await expect(nav.locator('a[aria-current="page"]')).toHaveText(destination.link)
      }

      await page.getByRole('link', { name: 'Exit Planner dashboard' }).click()
      await expect(page).toHaveURL(/\/dashboard$/)
      await openUserMenu(page, demoUser(role).email)
      await page.getByRole('link', { name: 'Profile', exact: true }).click()
      await expect(page).toHaveURL(/\/profile$/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('User Profile')
      await expect(page.locator('.profile-email')).toHaveText(demoUser(role).email)
    })
  }

  test('fits a phone screen: the header and pages never scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await signIn(page, 'admin')
    for (const path of ['/dashboard', '/documents', '/search?q=lease', '/profile', '/admin/organization']) {
      await page.goto(path)
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        screen: window.innerWidth,
      }))
      expect(widths.page, path).toBeLessThanOrEqual(widths.screen)
    }
    await expect(page.getByRole('link', { name: /Request a Demo/ })).toBeInViewport()
    await expect(page.getByText('Menu', { exact: true })).toBeInViewport()
  })
})
