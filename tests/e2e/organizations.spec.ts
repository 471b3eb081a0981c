import { expect, test } from '@playwright/test'

import { api, apiSignIn, createTeam, invitationLink } from './support/api'
import { openUserMenu, signInAs } from './support/fixtures'

test.describe('organizations', () => {
  test('creates an organization, refusing an empty name, and works in it', async ({ page, javaScriptEnabled }) => {
    const { users } = await createTeam('Creators', ['member'])
    const [user] = users
    await signInAs(page, user!.username, user!.password, { to: '/organizations' })
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible()
    await page.getByText('Create New Organization').click()
    await page.getByRole('button', { name: 'Create Organization' }).click()
    await expect(page.getByText('Organization name is required')).toBeVisible()
    await expect(page.getByLabel('Organization Name')).toHaveAttribute('aria-invalid', 'true')

    const name = `Harbor Holdings ${Date.now()}`
    await page.getByLabel('Organization Name').fill(name)
    await page.getByLabel('Description').fill('Family business, second generation')
    await page.getByLabel('Website').fill('https://harbor.example.com')
    await page.getByRole('button', { name: 'Create Organization' }).press('Enter')
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.locator('.welcome')).toContainText(name)
    // The form that had focus is gone: focus goes to the new page's heading, not back to <body>.
    if (javaScriptEnabled) await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeFocused()
    await expect(page.getByRole('link', { name: 'Manage Organization' })).toBeVisible()
  })

  test('switches the current organization from the selector', async ({ page }) => {
    const { organization, users } = await createTeam('Switchers', ['analyst'])
    const [user] = users
    const { access } = await apiSignIn(user!.username, user!.password)
    const second = await api<{ name: string }>('POST', '/organizations/', {
      token: access,
      body: { name: `Second ${Date.now()}` },
    })

    await signInAs(page, user!.username, user!.password)
    await expect(page.locator('.welcome')).toContainText(organization.name)
    await page.goto('/organizations')
    await expect(page.getByRole('button', { name: new RegExp(organization.name) })).toContainText('member')
    await page.getByRole('button', { name: new RegExp(second.name) }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.locator('.welcome')).toContainText(second.name)
    await page.goto('/profile')
    await expect(page.getByText(`Working in ${second.name}`)).toBeVisible()
  })

  test('invites a new e-mail; the invitee creates an account from the e-mail and joins with the offered role', async ({
    page,
    browser,
  }) => {
    const { organization, users } = await createTeam('Inviters', ['admin'])
    const [admin] = users
    await signInAs(page, admin!.username, admin!.password, { to: '/admin/organization/invite' })
    await page.getByRole('button', { name: 'Send Invitation' }).click()
    await expect(page.getByText('Email is required')).toBeVisible()
    await page.getByLabel('Email address').fill('not-an-address')
    await page.getByRole('button', { name: 'Send Invitation' }).click()
    await expect(page.getByText('Please enter a valid email address')).toBeVisible()

    const email = `newcomer-${Date.now()}@example.com`
    await page.getByLabel('Email address').fill(email)
    await page.getByLabel('Role', { exact: true }).selectOption('analyst')
    await page.getByRole('button', { name: 'Send Invitation' }).click()
    await expect(page.getByRole('status')).toContainText(`Invitation sent to ${email}`)
    await expect(page.getByLabel('Email address')).toHaveValue('')
    await expect(page.getByLabel('Role', { exact: true })).toHaveValue('member')

    const link = await invitationLink(email)
    const invitee = await browser.newContext({ javaScriptEnabled: test.info().project.name === 'js-on' })
    const inviteePage = await invitee.newPage()
    await inviteePage.goto(link)
    await expect(inviteePage.getByRole('heading', { name: `Join ${organization.name}` })).toBeVisible()
    await expect(inviteePage.getByText('as Analyst')).toBeVisible()
    await inviteePage.getByLabel('First name').fill('Nora')
    await inviteePage.getByLabel('Last name').fill('Newcomer')
    await inviteePage.getByLabel('Username').fill(`newcomer${Date.now()}`)
    await inviteePage.getByLabel('Password').fill('a good password')
    await inviteePage.getByRole('button', { name: 'Create account and join' }).click()
    await expect(inviteePage).toHaveURL(/\/dashboard$/)
    await expect(inviteePage.locator('.welcome')).toContainText(email)
    await expect(inviteePage.locator('.welcome')).toContainText(organization.name)
    await expect(inviteePage.getByRole('status')).toContainText(`You have joined ${organization.name}`)
    const nav = inviteePage.getByRole('navigation', { name: 'Main', exact: true })
    await expect(nav.getByRole('link', { name: 'Analysis' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0)
    await invitee.close()

    await page.goto('/admin/organization')
    await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Analyst')
  })

  test('changes a member role and removes a member, each confirmed', async ({ page }) => {
    const { users } = await createTeam('Managers', ['admin', 'member', 'member'])
    const [admin, promoted, removed] = users
    await signInAs(page, admin!.username, admin!.password, { to: '/admin/organization' })

    await page.getByRole('link', { name: `Edit role of ${promoted!.email}` }).click()
    await page.getByLabel(`Role for ${promoted!.email}`).selectOption('analyst')
    await page.getByRole('button', { name: 'Save role' }).click()
    await expect(page.getByRole('status')).toContainText('Member role updated')
    await expect(page.getByRole('row', { name: new RegExp(promoted!.email) })).toContainText('Analyst')

    await page.getByRole('link', { name: `Remove ${removed!.email}` }).click()
    await expect(page.getByText(`Remove ${removed!.email} from the organization?`)).toBeVisible()
    await page.getByRole('button', { name: 'Confirm remove' }).click()
    await expect(page.getByRole('status')).toContainText('Member removed')
    await expect(page.getByRole('row', { name: new RegExp(removed!.email) })).toHaveCount(0)

    await page.goto('/admin/users')
    await expect(page.getByRole('row', { name: new RegExp(promoted!.email) })).toContainText('Analyst')
  })

  test('accepts and declines pending invitations', async ({ page }) => {
    const { users } = await createTeam('Joiners', ['member'])
    const [user] = users
    const { access } = await apiSignIn('admin', 'demo-password')
    const names: string[] = []
    for (const label of ['Accepted', 'Declined']) {
      const organization = await api<{ slug: string; name: string }>('POST', '/organizations/', {
        token: access,
        body: { name: `${label} Partners ${Date.now()}` },
      })
      await api('POST', `/organizations/${organization.slug}/invite/`, {
        token: access,
        body: { email: user!.email, role: 'analyst' },
      })
      names.push(organization.name)
    }
    await signInAs(page, user!.username, user!.password, { to: '/organizations/invitations' })
    await expect(page.getByRole('heading', { name: names[0] })).toBeVisible()
    await expect(page.getByText('Alex Morgan').first()).toBeVisible()

    await page.goto('/organizations')
    await page.getByRole('button', { name: `Accept the invitation to ${names[0]}` }).click()
    await expect(page.getByRole('status')).toContainText(`You have joined ${names[0]}`)
    await expect(page.getByRole('button', { name: new RegExp(names[0]!) })).toBeVisible()
    await page.getByRole('button', { name: `Decline the invitation to ${names[1]}` }).click()
    await expect(page.getByRole('status')).toContainText('Invitation declined')
    await page.goto('/organizations/invitations')
    await expect(page.getByText('You have no pending invitations.')).toBeVisible()
    await page.getByRole('link', { name: 'Return to Dashboard' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('changes the password, which then signs in', async ({ page }) => {
    const { users } = await createTeam('Passwords', ['member'])
    const [user] = users
    await signInAs(page, user!.username, user!.password, { to: '/profile' })
    await expect(page.getByRole('heading', { name: 'User Profile' })).toBeVisible()
    await expect(page.getByText('MEMBER').first()).toBeVisible()
    await page.getByText('Change Password', { exact: true }).first().click()
    await page.getByLabel('Current password').fill('wrong old password')
    await page.getByLabel('New password').fill('brand new secret')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect(page.getByText('Your old password was entered incorrectly.')).toBeVisible()
    await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Current password')).toHaveAccessibleDescription(
      'Your old password was entered incorrectly.',
    )
    await expect(page.getByLabel('New password')).not.toHaveAttribute('aria-invalid', 'true')

    await page.getByLabel('Current password').fill(user!.password)
    await page.getByLabel('New password').fill('brand new secret')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect(page.getByRole('status')).toContainText('Password changed')

    await openUserMenu(page, user!.email)
    await page.getByRole('button', { name: 'Logout' }).click()
    // Signed out first: signing in while the old cookie still stands would find no form at /login.
    await expect(page).toHaveURL(/\/login$/)
    await signInAs(page, user!.username, 'brand new secret')
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('deletes the current organization after a confirm step and falls back to another', async ({ page }) => {
    const { organization, users } = await createTeam('Deleters', ['admin'])
    const [admin] = users
    const { access } = await apiSignIn(admin!.username, admin!.password)
    const other = await api<{ name: string }>('POST', '/organizations/', {
      token: access,
      body: { name: `Remaining ${Date.now()}` },
    })
    await signInAs(page, admin!.username, admin!.password)
    await expect(page.locator('.welcome')).toContainText(organization.name)

    await page.goto('/admin/organization')
    await page.getByLabel('Description').fill('Renamed for the test')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByRole('status')).toContainText('Organization updated')

    await page.getByRole('link', { name: 'Delete organization' }).click()
    await page.getByRole('button', { name: 'Delete permanently' }).click()
    await expect(page).toHaveURL(/\/organizations$/)
    await expect(page.getByRole('status')).toContainText(`Organization ${organization.name} deleted`)
    await expect(page.getByRole('button', { name: new RegExp(organization.name) })).toHaveCount(0)
    await page.goto('/dashboard')
    await expect(page.locator('.welcome')).toContainText(other.name)
  })
})
