import { expect, test } from '@playwright/test'

import { OFF_SITE_REDIRECTS } from '../support/redirect-payloads'
import { DEMO_PASSWORD, submitLogin } from './support/fixtures'

const origin = () => `http://localhost:${process.env.E2E_PORT}`

test.describe('redirect after sign-in', () => {
  for (const payload of OFF_SITE_REDIRECTS) {
    test(`lands on the dashboard, never off-site, for ?redirectTo=${payload}`, async ({ page }) => {
      await page.goto(`/login?redirectTo=${payload}`)
      await submitLogin(page, 'member', DEMO_PASSWORD)
      await expect(page).toHaveURL(`${origin()}/dashboard`)
      await expect(page.locator('.welcome')).toContainText('member@demo.example.com')

      // Signed in already, the sign-in page sends the visitor straight on: to the same place.
      await page.goto(`/login?redirectTo=${payload}`)
      await expect(page).toHaveURL(`${origin()}/dashboard`)
      await expect(page.locator('.welcome')).toContainText('member@demo.example.com')
    })
  }

  test('returns to a page on this site with its query string', async ({ page }) => {
    await page.goto('/documents?status=failed')
    await expect(page).toHaveURL(`${origin()}/login?redirectTo=%2Fdocuments%3Fstatus%3Dfailed`)
    await submitLogin(page, 'admin', DEMO_PASSWORD)
    await expect(page).toHaveURL(`${origin()}/documents?status=failed`)
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible()
    await expect(
      page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: 'Failed' }),
    ).toHaveAttribute('aria-current', 'page')
  })
})
