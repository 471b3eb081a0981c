import { expect, test } from '@playwright/test'

import { api, createTeam, invitationLink } from './support/api'

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

test.describe('creating an account from an invitation', () => {
  test('a new person signs up on the sign-in card with their name, joins, and appears by name', async ({ page }) => {
    const { organization, adminToken } = await createTeam('Signups', ['member'])
    const email = `nora-${unique()}@example.com`
    await api('POST', `/organizations/${organization.slug}/invite/`, {
      token: adminToken,
      body: { email, role: 'analyst' },
    })

    const link = await invitationLink(email)
    await page.goto(link)
    const card = page.locator('.login-card')
    await expect(card.getByRole('heading', { level: 1, name: `Join ${organization.name}` })).toBeVisible()
    await expect(card).toContainText(`invited ${email} to join ${organization.name} as Analyst`)
    await expect(card.getByText('Exit Planner', { exact: true })).toBeVisible()

    await card.getByLabel('First name').fill('  Nora ')
    await card.getByLabel('Last name').fill('Newcomer')
    await card.getByLabel('Username').fill(`nora${unique()}`)
    await card.getByLabel('Password').fill('a-long-password-1')
    await card.getByRole('button', { name: 'Create account and join' }).click()

    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.locator('.toaster')).toContainText(`You have joined ${organization.name}`)
    await expect(page.getByRole('region', { name: 'Team Members' }).getByText('Nora', { exact: true })).toBeVisible()

    // The link opened again says it was used, and leads on: to the dashboard, or to sign in.
    await page.goto(link)
    await expect(card.getByRole('alert')).toHaveText('This invitation has already been accepted.')
    await card.getByRole('link', { name: 'Go to your dashboard' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.context().clearCookies()
    await page.goto(link)
    await card.getByRole('link', { name: 'Sign in', exact: true }).click()
    await expect(page).toHaveURL(/\/login$/)

    const members = await api<Array<{ user: { email: string; first_name: string; last_name: string } }>>(
      'GET',
      `/organizations/${organization.slug}/members/`,
      { token: adminToken },
    )
    expect(members.find((member) => member.user.email === email)?.user).toMatchObject({
      first_name: 'Nora',
      last_name: 'Newcomer',
    })
  })

  test("the backend's refusal (a username already taken) shows under its field, the names are kept", async ({
    page,
  }) => {
    const { organization, adminToken, users } = await createTeam('Signups', ['member'])
    const email = `taken-${unique()}@example.com`
    await api('POST', `/organizations/${organization.slug}/invite/`, {
      token: adminToken,
      body: { email, role: 'member' },
    })

    await page.goto(await invitationLink(email))
    await page.getByLabel('First name').fill('Tara')
    await page.getByLabel('Last name').fill('Taken')
    await page.getByLabel('Username').fill(users[0]!.username)
    await page.getByLabel('Password').fill('a-long-password-1')
    await page.getByRole('button', { name: 'Create account and join' }).click()

    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.locator('#new-account-username-error')).toHaveText('A user with that username already exists.')
    await expect(page.getByLabel('First name')).toHaveValue('Tara')
  })
})
