import { expect, test } from '@playwright/test'

import { api, createTeam, invitationLink } from './support/api'
import { expectNoAxeViolations } from './support/fixtures'

test('the sign-up form of an invitation, with its errors, has no accessibility violations', async ({ page }) => {
  const { organization, adminToken } = await createTeam('AxeSignups', [])
  const email = `axe-${Date.now().toString(36)}@example.com`
  await api('POST', `/organizations/${organization.slug}/invite/`, {
    token: adminToken,
    body: { email, role: 'member' },
  })
  await page.goto(await invitationLink(email))
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Create account and join' }).click()
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page)
})
