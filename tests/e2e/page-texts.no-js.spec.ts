import { expect, test } from '@playwright/test'

import { api, apiSignIn, createTeam } from './support/api'
import { signIn, signInAs } from './support/fixtures'

// Texts of spec §2 that a page shows in a particular state: the login help, the user management
// page, a team larger than the dashboard's preview, a user left without an organization.
test('opens the login help from "Need help?" with the common issues and the support address', async ({ page }) => {
  await page.goto('/login')
  const help = page.locator('#login-help')
  await expect(help.getByText('Common issues:')).toBeHidden()
  await page.getByText('Need help?', { exact: true }).click()
  await expect(help.getByText('Common issues:')).toBeVisible()
  await expect(help.getByRole('listitem')).toHaveCount(4)
  await expect(help.getByRole('listitem').nth(1)).toContainText(
    'Google login only works with a Google account authorised',
  )
  await expect(help.getByRole('link', { name: 'support@exitplanner.example' })).toHaveAttribute(
    'href',
    'mailto:support@exitplanner.example',
  )
})

test('shows an admin the User Management page with the members and a way to invite', async ({ page }) => {
  await signIn(page, 'admin', { to: '/admin/users' })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('User Management')
  await expect(page.getByRole('row', { name: /member@demo\.example\.com/ })).toBeVisible()
  await page.getByRole('link', { name: 'Invite Members' }).click()
  await expect(page).toHaveURL(/\/admin\/organization\/invite$/)
})

test('previews five members of a larger team on the dashboard, with links to all of them and to invite', async ({
  page,
}) => {
  // The demo admin who created the organization is a member too: seven in all.
  const { organization, users } = await createTeam('Crowd', ['admin', 'member', 'member', 'member', 'member', 'member'])
  const [admin] = users
  await signInAs(page, admin!.username, admin!.password)
  const team = page.getByRole('region', { name: 'Team Members' })
  await expect(team.getByRole('listitem')).toHaveCount(5)
  await expect(page.getByRole('region', { name: 'Organization Overview' })).toContainText(organization.name)
  await team.getByRole('link', { name: 'Invite Member' }).click()
  await expect(page).toHaveURL(/\/admin\/organization\/invite$/)
  await page.goBack()
  await team.getByRole('link', { name: 'View all 7 members' }).click()
  await expect(page).toHaveURL(/\/admin\/organization$/)
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(8)
})

test('tells a user whose organization was deleted to select one, and shows no organization on the profile', async ({
  page,
}) => {
  const { organization, users } = await createTeam('Leavers', ['admin'])
  const [admin] = users
  const { access } = await apiSignIn(admin!.username, admin!.password)
  await api('DELETE', `/organizations/${organization.slug}/`, { token: access })

  await signInAs(page, admin!.username, admin!.password)
  await expect(page.getByText("You don't have an active organization.")).toBeVisible()
  await expect(page.getByRole('link', { name: 'Manage Organization' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Select Organization' }).click()
  await expect(page).toHaveURL(/\/organizations$/)
  await expect(page.getByText("You don't belong to any organization yet.")).toBeVisible()

  await page.goto('/profile')
  await expect(page.locator('.org-banner')).toHaveText('No organization assigned')
  await expect(page.getByRole('region', { name: 'Organization' })).toContainText('No organization assigned')
  await expect(page.getByRole('region', { name: 'Organization' }).getByText('Slug')).toHaveCount(0)
})

test('labels the documents search box with the spec placeholder', async ({ page }) => {
  await signIn(page, 'member', { to: '/documents' })
  await expect(page.getByLabel('Search documents')).toHaveAttribute(
    'placeholder',
    'Search documents by title, description or filename...',
  )
})
