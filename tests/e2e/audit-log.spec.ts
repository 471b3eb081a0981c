import { expect, type Page, test } from '@playwright/test'

import { api, apiSignIn, createTeam } from './support/api'
import { expectNoAxeViolations, signInAs, tabTo } from './support/fixtures'

const ADMIN_DENIED = 'Access Denied: You do not have permission to access the organization administration page.'

/** Opens the audit log from the admin area's navigation with the keyboard alone. */
async function openAuditLogByKeyboard(page: Page) {
  const link = page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Audit Log' })
  await tabTo(page, link)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/audit$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible()
}

test.describe('audit log', () => {
  test("an admin changes a member's role, then finds it in the audit log with the keyboard", async ({
    page,
    javaScriptEnabled,
  }) => {
    const { users } = await createTeam('Auditors', ['admin', 'member'])
    const [admin, member] = users
    await signInAs(page, admin!.username, admin!.password, { to: '/admin/organization' })
    await page.getByRole('link', { name: `Edit role of ${member!.email}` }).click()
    await page.getByLabel(`Role for ${member!.email}`).selectOption('analyst')
    await page.getByRole('button', { name: 'Save role' }).click()
    await expect(page.getByRole('status')).toContainText('Member role updated')

    await openAuditLogByKeyboard(page)
    const row = page.getByRole('row', { name: /Changed a member’s role/ })
    await expect(row).toHaveCount(1)
    await expect(row).toContainText(admin!.username)
    await expect(row).toContainText(admin!.email)
    await expect(row).toContainText(member!.username)
    await expect(row).toContainText('From Member to Analyst')
    await expect(row.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/)
    // Newest first: the role change comes before the invitations that made the team.
    await expect(page.getByRole('row').nth(1)).toContainText('Changed a member’s role')
    await expect(page.getByRole('row', { name: /Invited a member/ })).toHaveCount(2)
    await expect(
      page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Audit Log' }),
    ).toHaveAttribute('aria-current', 'page')
    // axe runs in the page: where JavaScript is off it cannot (the page is the same either way).
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    // A phone: the table wraps instead of making the page scroll sideways.
    await page.setViewportSize({ width: 360, height: 740 })
    await expect(row).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0)
  })

  test('pages through a long log with links that work from the keyboard', async ({ page }) => {
    const { organization, users, adminToken } = await createTeam('Pagers', ['admin', 'member'])
    const [admin, member] = users
    const members = await api<Array<{ user: { id: number; email: string } }>>(
      'GET',
      `/organizations/${organization.slug}/members/`,
      { token: adminToken },
    )
    const user = members.find((row) => row.user.email === member!.email)!.user
    // 22 role changes, the 2 invitations and the organization's creation: two pages of 20.
    for (let change = 0; change < 22; change++) {
      await api('POST', `/organizations/${organization.slug}/update_member_role/`, {
        token: adminToken,
        body: { user_id: user.id, role: change % 2 === 0 ? 'analyst' : 'member' },
      })
    }
    await signInAs(page, admin!.username, admin!.password, { to: '/admin/users' })
    await openAuditLogByKeyboard(page)
    await expect(page.getByText('25 actions recorded, newest first.')).toBeVisible()
    await expect(page.getByText('Page 1 of 2')).toBeVisible()
    await expect(page.getByRole('row', { name: /Invited a member/ })).toHaveCount(0)

    const pages = page.getByRole('navigation', { name: 'Pages' })
    await tabTo(page, pages.getByRole('link', { name: 'Next page' }))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/admin\/audit\?page=2$/)
    await expect(page.getByText('Page 2 of 2')).toBeVisible()
    await expect(page.getByRole('row', { name: /Invited a member/ })).toHaveCount(2)
    await expect(page.getByRole('row', { name: /Changed a member’s role/ })).toHaveCount(2)
    await expect(page.getByRole('row', { name: /Created the organization/ })).toHaveCount(1)
    await tabTo(page, pages.getByRole('link', { name: 'Previous page' }))
    await page.keyboard.press('Enter')
    await expect(page.getByText('Page 1 of 2')).toBeVisible()

    await page.goto('/admin/audit?page=9')
    await expect(page.getByText('This page is past the end of the log.')).toBeVisible()
  })

  test('a new organization shows its creation, and nothing else', async ({ page, javaScriptEnabled }) => {
    const { users } = await createTeam('Founders', ['member'])
    const [founder] = users
    const { access } = await apiSignIn(founder!.username, founder!.password)
    const own = await api<{ name: string }>('POST', '/organizations/', {
      token: access,
      body: { name: `Quiet ${Date.now()}` },
    })
    await signInAs(page, founder!.username, founder!.password, { to: '/organizations' })
    await page.getByRole('button', { name: new RegExp(own.name) }).click()
    await expect(page.locator('.welcome')).toContainText(own.name)
    await page.goto('/admin/audit')
    // Creating an organization is an administrative action of its own (issue 30, finding 11).
    await expect(page.getByText('1 action recorded, newest first.')).toBeVisible()
    const row = page.getByRole('row', { name: /Created the organization/ })
    await expect(row).toHaveCount(1)
    await expect(row).toContainText(founder!.username)
    if (javaScriptEnabled) await expectNoAxeViolations(page)
  })

  test('a member or an analyst is refused, in place, and sees no event', async ({ page }) => {
    const { users } = await createTeam('Outsiders', ['member', 'analyst'])
    for (const user of users) {
      await signInAs(page, user.username, user.password)
      const response = await page.goto('/admin/audit')
      expect(response?.status()).toBe(403)
      await expect(page).toHaveURL(/\/admin\/audit$/)
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
      await expect(page.getByRole('alert')).toHaveText(ADMIN_DENIED)
      await expect(page.getByRole('table')).toHaveCount(0)
      await page.context().clearCookies()
    }
  })
})
