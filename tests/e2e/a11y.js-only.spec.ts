import { expect, test } from '@playwright/test'

import { expectNoAxeViolations, openUserMenu, signIn } from './support/fixtures'

test.describe('accessibility (axe)', () => {
  // One test per public page: they need no sign-in, and a failure names its page.
  for (const path of ['/login', '/login?help=1', '/terms', '/privacy', '/no-such-page']) {
    test(`public page ${path} has no violations`, async ({ page }) => {
      await page.goto(path)
      await expectNoAxeViolations(page)
    })
  }

  test('the login page with an error has no violations', async ({ page }) => {
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('alert')).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('signed-in pages and the open menus have no violations', async ({ page }) => {
    // Four pages and the open menus through axe: one sign-in, more time.
    test.slow()
    await signIn(page, 'admin')
    for (const path of ['/dashboard', '/admin', '/unauthorized', '/no-such-page']) {
      await page.goto(path)
      await expectNoAxeViolations(page)
    }
    await page.goto('/dashboard')
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByText('Resources').click()
    await openUserMenu(page, 'admin@demo.example.com')
    await expectNoAxeViolations(page)
  })

  test('the mobile menu has no violations', async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 800 })
    await signIn(page, 'member')
    await page.getByText('Menu', { exact: true }).click()
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Search' }),
    ).toBeVisible()
    await expectNoAxeViolations(page)
  })
})

test.describe('accessibility of the organization pages (axe)', () => {
  test('organization, invitation, admin and profile pages have no violations', async ({ page }) => {
    // Ten pages through axe, each several seconds on a busy machine: one sign-in, more time.
    test.slow()
    await signIn(page, 'admin')
    for (const path of [
      '/organizations',
      '/organizations?create',
      '/organizations/invitations',
      '/admin/organization',
      '/admin/organization?edit=3',
      '/admin/organization?remove=3',
      '/admin/organization?delete',
      '/admin/organization/invite',
      '/admin/users',
      '/profile',
    ]) {
      await page.goto(path)
      await expectNoAxeViolations(page)
    }
    await page.getByText('Change Password', { exact: true }).click()
    await expectNoAxeViolations(page)
  })
  test('the invitation link page has no violations', async ({ page }) => {
    await page.goto('/invitations/not-a-real-token')
    await expect(page.getByRole('heading', { name: 'Invitation not found' })).toBeVisible()
    await expectNoAxeViolations(page)
  })
})
