import { type Browser, type BrowserContext, expect, test } from '@playwright/test'

import { api, apiSignIn, createTeam, invitationLink, mailedLink } from './support/api'
import { openUserMenu, readSession, signInAs } from './support/fixtures'

const meStatus = async (access: string) =>
  (await fetch(`http://localhost:${process.env.E2E_PORT}/api/me/`, { headers: { authorization: `Bearer ${access}` } }))
    .status

/** A second browser holding a copy of the first one's cookies, as a thief with the cookie would. */
async function copyOf(
  browser: Browser,
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>,
  javaScriptEnabled: boolean,
) {
  const context = await browser.newContext({ javaScriptEnabled })
  await context.addCookies(cookies)
  return context.newPage()
}

test.describe('account security', () => {
  test('changes the e-mail address only once the link mailed to it is followed', async ({ page }) => {
    const { users } = await createTeam('Emails', ['member'])
    const user = users[0]!
    const newEmail = `moved-${user.email}`
    await signInAs(page, user.username, user.password, { to: '/profile' })
    await page.getByText('Change e-mail address', { exact: true }).click()
    await page.getByLabel('New e-mail address').fill(newEmail)
    await page.getByRole('button', { name: 'Send confirmation link' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Your address changes when you follow it.' }),
    ).toContainText(newEmail)
    await expect(page.locator('#email-title + p')).toContainText(user.email)

    await page.goto(await mailedLink(newEmail, '/confirm-email/'))
    await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible()
    await page.getByRole('button', { name: 'Confirm e-mail address' }).click()
    await expect(page).toHaveURL(/\/profile$/)
    await expect(page.getByRole('status').first()).toContainText(`Your e-mail address is now ${newEmail}.`)
    await expect(page.locator('#email-title + p')).toContainText(`${newEmail} Confirmed`)
  })

  test('refuses a copied cookie and the old access token right after sign-out', async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const { users } = await createTeam('Signout', ['member'])
    const user = users[0]!
    await signInAs(page, user.username, user.password)
    const cookies = await page.context().cookies()
    const { access } = (await readSession(page))!.auth!
    await openUserMenu(page, user.email)
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/login$/)

    expect(await meStatus(access)).toBe(401)
    const thief = await copyOf(browser, cookies, javaScriptEnabled)
    await thief.goto('/dashboard')
    await expect(thief).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
    await thief.context().close()
  })

  test('refuses a copied cookie and the old access token right after a password change, and keeps the user signed in', async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const { users } = await createTeam('Rekey', ['member'])
    const user = users[0]!
    await signInAs(page, user.username, user.password)
    const cookies = await page.context().cookies()
    const { access } = (await readSession(page))!.auth!
    await page.goto('/profile')
    await page.getByText('Change Password', { exact: true }).click()
    await page.getByLabel('Current password').fill(user.password)
    await page.getByLabel('New password').fill('a-completely-new-secret')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect(page.getByRole('status').first()).toContainText('Password changed')

    expect(await meStatus(access)).toBe(401)
    const thief = await copyOf(browser, cookies, javaScriptEnabled)
    await thief.goto('/dashboard')
    await expect(thief).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
    await thief.context().close()

    await page.goto('/dashboard')
    await expect(page.locator('.welcome')).toContainText(user.email)
    expect(await meStatus((await readSession(page))!.auth!.access)).toBe(200)
  })

  test('lets an existing user answer an invitation through its e-mailed link while signed in', async ({ page }) => {
    const { users, organization } = await createTeam('Linkers', ['member'])
    const user = users[0]!
    const other = await createTeam('Hosts', [])
    await api('POST', `/organizations/${other.organization.slug}/invite/`, {
      token: other.adminToken,
      body: { email: user.email, role: 'analyst' },
    })
    const link = await invitationLink(user.email)
    await signInAs(page, user.username, user.password)
    await page.goto(link)
    await expect(page.getByRole('heading', { name: `Join ${other.organization.name}` })).toBeVisible()
    await page.getByRole('button', { name: 'Accept' }).click()
    await expect(page).toHaveURL(/\/organizations$/)
    await expect(page.getByRole('status').first()).toContainText(`You have joined ${other.organization.name}`)
    const { access } = await apiSignIn(user.username, user.password)
    const mine = await api<Array<{ slug: string; role: string }>>('GET', '/users/my-organizations/', { token: access })
    expect(mine.map((entry) => [entry.slug, entry.role]).sort()).toEqual(
      [
        [organization.slug, 'member'],
        [other.organization.slug, 'analyst'],
      ].sort(),
    )
  })
})
