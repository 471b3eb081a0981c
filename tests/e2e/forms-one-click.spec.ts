import { expect, type Locator, type Page, test } from '@playwright/test'

import { api, createTeam, invitationLink } from './support/api'
import { uploadDocument } from './support/documents'
import { signInAs } from './support/fixtures'

/*
 * After a field error, one click on the submit button must send the form. With JavaScript the error
 * lists used to collapse when the field lost focus, at the mousedown on the button: the button moved
 * away from the pointer before mouseup and the click was lost. Each test submits something invalid,
 * fills valid values, clicks exactly once and waits for the result only a real submission can show.
 * Without JavaScript the same steps check the server's side of each form.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

const toast = (page: Page) => page.locator('.toaster')

/** The field's error is shown and tied to it. */
async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  const describedBy = await field.getAttribute('aria-describedby')
  expect(describedBy).toBeTruthy()
  await expect(field.page().locator(`[id="${describedBy!.split(' ')[0]}"]`)).toHaveText(message)
}

test.describe('one click submits after a field error', () => {
  test('sign-in form', async ({ page }) => {
    const { users } = await createTeam('OneClickLogin', ['member'])
    const user = users[0]!
    await page.goto('/login')
    const signIn = page.getByRole('button', { name: 'Sign In' })
    await signIn.click()
    await expect(page.getByRole('alert')).toHaveText('Please enter both username and password')
    await page.getByLabel('Username or Email').fill(user.username)
    await page.getByLabel('Password').fill(user.password)
    await signIn.click()
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('invitation sign-up form', async ({ page }) => {
    const { organization, adminToken } = await createTeam('OneClickSignup', [])
    const email = `one-click-${unique()}@example.com`
    await api('POST', `/organizations/${organization.slug}/invite/`, {
      token: adminToken,
      body: { email, role: 'member' },
    })
    await page.goto(await invitationLink(email))
    const create = page.getByRole('button', { name: 'Create account and join' })
    await create.click()
    await expectFieldError(page.getByLabel('First name'), 'Enter your first name')
    await expectFieldError(page.getByLabel('Username'), 'Choose a username')
    await page.getByLabel('First name').fill('Olive')
    await page.getByLabel('Last name').fill('Clicker')
    await page.getByLabel('Username').fill(`olive${unique()}`)
    await page.getByLabel('Password').fill('a-long-password-1')
    await create.click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(toast(page)).toContainText(`You have joined ${organization.name}`)
  })

  test('change password form, whose wrong current password is shown', async ({ page }) => {
    const { users } = await createTeam('OneClickPassword', ['member'])
    const user = users[0]!
    await signInAs(page, user.username, user.password, { to: '/profile' })
    await page.getByText('Change Password', { exact: true }).click()
    const save = page.getByRole('button', { name: 'Save new password' })
    await save.click()
    await expectFieldError(page.getByLabel('Current password'), 'Enter your current password')

    await page.getByLabel('Current password').fill('not-my-password')
    await page.getByLabel('New password').fill('a-new-password-1')
    await save.click()
    await expectFieldError(page.getByLabel('Current password'), 'Your old password was entered incorrectly.')

    await page.getByLabel('Current password').fill(user.password)
    await page.getByLabel('New password').fill('a-new-password-1')
    await save.click()
    await expect(toast(page)).toContainText('Password changed. Your other sessions have been signed out.')
  })

  test('change e-mail form', async ({ page }) => {
    const { users } = await createTeam('OneClickEmail', ['member'])
    const user = users[0]!
    await signInAs(page, user.username, user.password, { to: '/profile' })
    await page.getByText('Change e-mail address', { exact: true }).click()
    const send = page.locator('#change-email').getByRole('button', { name: 'Send confirmation link' })
    await page.getByLabel('New e-mail address').fill('not-an-address')
    await send.click()
    await expectFieldError(page.getByLabel('New e-mail address'), 'Please enter a valid email address')
    const newEmail = `moved-${unique()}@example.com`
    await page.getByLabel('New e-mail address').fill(newEmail)
    await send.click()
    await expect(toast(page)).toContainText(`We sent a confirmation link to ${newEmail}`)
  })

  test('create organization form', async ({ page }) => {
    const { users } = await createTeam('OneClickCreate', ['member'])
    const user = users[0]!
    await signInAs(page, user.username, user.password, { to: '/organizations?create' })
    const create = page.getByRole('button', { name: 'Create Organization' })
    await page.getByLabel('Website').fill('not a url')
    await create.click()
    await expectFieldError(page.getByLabel('Organization Name'), 'Organization name is required')
    await expectFieldError(page.getByLabel('Website'), 'Please enter a valid URL, starting with http:// or https://')
    const name = `One Click ${unique()}`
    await page.getByLabel('Organization Name').fill(name)
    await page.getByLabel('Website').fill('https://one-click.example.com')
    await create.click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(toast(page)).toContainText(`Organization ${name} created`)
  })

  test('organization settings form', async ({ page }) => {
    const { users } = await createTeam('OneClickSettings', ['admin'])
    const admin = users[0]!
    await signInAs(page, admin.username, admin.password, { to: '/admin/organization' })
    const save = page.getByRole('button', { name: 'Save changes' })
    await page.getByLabel('Organization Name').fill('')
    await save.click()
    await expectFieldError(page.getByLabel('Organization Name'), 'Organization name is required')
    const name = `Settled ${unique()}`
    await page.getByLabel('Organization Name').fill(name)
    await save.click()
    await expect(toast(page)).toContainText('Organization updated')
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  })

  test('invite form', async ({ page }) => {
    const { users } = await createTeam('OneClickInvite', ['admin'])
    const admin = users[0]!
    await signInAs(page, admin.username, admin.password, { to: '/admin/organization/invite' })
    const send = page.getByRole('button', { name: 'Send Invitation' })
    await send.click()
    await expectFieldError(page.getByLabel('Email address'), 'Email is required')
    const email = `invitee-${unique()}@example.com`
    await page.getByLabel('Email address').fill(email)
    await send.click()
    await expect(toast(page)).toContainText(`Invitation sent to ${email}`)
  })

  test('document upload form', async ({ page }) => {
    const { users } = await createTeam('OneClickUpload', ['analyst'])
    const analyst = users[0]!
    await signInAs(page, analyst.username, analyst.password, { to: '/documents?upload=true' })
    const upload = page.getByRole('button', { name: 'Upload Document' })
    await upload.click()
    await expect(page.getByText('Please select a file to upload')).toBeVisible()
    const title = `One click ${unique()}`
    await page.getByLabel('File', { exact: true }).setInputFiles({
      name: 'one-click.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(`Notes of ${title}.`),
    })
    await page.getByLabel('Title').fill(title)
    await upload.click()
    await expect(toast(page)).toContainText(`"${title}" uploaded`)
  })

  test('document metadata form', async ({ page }) => {
    const { organization, users } = await createTeam('OneClickMetadata', ['analyst'])
    const analyst = users[0]!
    const document = await uploadDocument(analyst, organization.slug, {
      title: 'Metadata one click',
      name: 'meta.txt',
      content: 'Some text.',
    })
    await signInAs(page, analyst.username, analyst.password, { to: `/documents/${document.id}?tab=metadata` })
    const save = page.getByRole('button', { name: 'Save details' })
    await page.getByLabel('Title').fill('')
    await save.click()
    await expectFieldError(page.getByLabel('Title'), 'Please enter a document title')
    await page.getByLabel('Title').fill('Metadata saved in one click')
    await save.click()
    await expect(toast(page)).toContainText('Document details saved')
    await expect(page.getByRole('heading', { name: 'Metadata saved in one click' })).toBeVisible()
  })

  test('member role and remove confirms', async ({ page }) => {
    const { users } = await createTeam('OneClickMembers', ['admin', 'member', 'member'])
    const [admin, promoted, removed] = users
    await signInAs(page, admin!.username, admin!.password, { to: '/admin/organization' })
    await page.getByRole('link', { name: `Edit role of ${promoted!.email}` }).click()
    await page.getByLabel(`Role for ${promoted!.email}`).selectOption('analyst')
    await page.getByRole('button', { name: 'Save role' }).click()
    await expect(toast(page)).toContainText('Member role updated')
    await page.getByRole('link', { name: `Remove ${removed!.email}` }).click()
    await page.getByRole('button', { name: 'Confirm remove' }).click()
    await expect(toast(page)).toContainText('Member removed')
    await expect(page.getByRole('row', { name: new RegExp(removed!.email) })).toHaveCount(0)
  })
})

test.describe('what the forms say', () => {
  test('adding a tag the document already has says so instead of claiming it was added', async ({ page }) => {
    const { organization, users } = await createTeam('TagSayers', ['analyst'])
    const analyst = users[0]!
    const document = await uploadDocument(analyst, organization.slug, {
      title: 'Tagged',
      name: 'tagged.txt',
      content: 'Tag me.',
    })
    await signInAs(page, analyst.username, analyst.password, { to: `/documents/${document.id}?tab=metadata` })
    const addTag = async (tag: string) => {
      await page.getByLabel('New tag').fill(tag)
      await page.getByRole('button', { name: 'Add tag' }).click()
    }
    await addTag('Valuation')
    await expect(toast(page)).toContainText('Tag "Valuation" added')
    await addTag('valuation ')
    await expect(toast(page)).toContainText('Tag "Valuation" already exists.')
    await expect(page.locator('.tag-list .tag')).toHaveCount(1)
    await addTag('   ')
    await expect(toast(page)).toContainText('Nothing was added: the tag was empty.')
  })

  test('the Metadata tab gives the size as the list does', async ({ page }) => {
    const { organization, users } = await createTeam('Sizers', ['analyst'])
    const analyst = users[0]!
    const content = 'x'.repeat(2048)
    const document = await uploadDocument(analyst, organization.slug, {
      title: 'Two kilobytes',
      name: 'two-kb.txt',
      content,
    })
    await signInAs(page, analyst.username, analyst.password, { to: `/documents/${document.id}?tab=metadata` })
    await expect(page.locator('.facts').filter({ hasText: 'Size' })).toContainText('2.0 KB')
    await page.goto('/documents')
    await expect(page.getByRole('listitem').filter({ hasText: 'Two kilobytes' })).toContainText('2.0 KB')
  })

  test('an organization form error leaves the address as it was, without ?index', async ({ page }) => {
    const { users } = await createTeam('CleanUrls', ['admin'])
    const admin = users[0]!
    await signInAs(page, admin.username, admin.password, { to: '/organizations?create' })
    await page.getByRole('button', { name: 'Create Organization' }).click()
    await expect(page.getByText('Organization name is required')).toBeVisible()
    expect(new URL(page.url()).search).not.toContain('index')
    expect(new URL(page.url()).pathname).toBe('/organizations')

    for (const path of ['/admin/organization', '/admin']) {
      await page.goto(path)
      await page.getByLabel('Organization Name').fill('')
      await page.getByRole('button', { name: 'Save changes' }).click()
      await expect(page.getByText('Organization name is required')).toBeVisible()
      expect(new URL(page.url()).search, path).not.toContain('index')
    }
  })
})
