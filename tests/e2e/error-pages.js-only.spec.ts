import { expect, test } from '@playwright/test'

import { signedInBehind, webBehindFailingBackend } from './support/behind-failing-backend'
import { expectNoAxeViolations, openUserMenu, signIn } from './support/fixtures'

// After a navigation in the browser only the new page's loaders run (a data request): the layout
// stays, and the error's reference comes with the failed answer instead of with the page.
const setup = webBehindFailingBackend()

test('a page that fails after a navigation keeps the app frame and shows the reference the server logged', async ({
  page,
}) => {
  const { user, userId } = await signedInBehind(setup, page, 'BrokenNav', 'member')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()

  setup.backend.fail(
    userId,
    { method: 'GET', path: /^\/me\/$/ },
    { status: 500, body: { detail: 'Internal server error' } },
  )
  await openUserMenu(page, user.email)
  await page.getByRole('link', { name: 'Profile', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
  await expect(page).toHaveURL(`${setup.web.url}/profile`)
  await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toContainText('Exit Planner')
  const reference = await page.locator('.error-reference code').textContent()
  expect(reference).toMatch(/^[0-9a-f]{8}$/)
  await expect.poll(() => setup.web.output()).toContain(`[error ${reference}] GET /profile`)
})

test('the 403 and 404 pages inside the frame have no accessibility violations', async ({ page }) => {
  await signIn(page, 'member')
  for (const path of ['/admin', '/documents/987654321']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoAxeViolations(page)
  }
})
