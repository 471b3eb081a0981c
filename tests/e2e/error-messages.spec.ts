import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'

import { api, type Role } from './support/api'
import { signedInBehind, webBehindFailingBackend } from './support/behind-failing-backend'
import { uploadDocument } from './support/documents'

// The spec's error texts (§8) as people see them when one backend call fails: a web tier whose
// backend passes every call on to the real one except the call each test fails.
const setup = webBehindFailingBackend()

const SERVER_ERROR = { status: 500, body: { detail: 'Internal server error' } }
const UNAVAILABLE = { status: 503 }

const signedIn = (page: Page, label: string, role: Role) => signedInBehind(setup, page, label, role)

/** The toast saying exactly `message`, in the page's status region. */
const toast = (page: Page, message: string) => page.getByRole('status').getByText(message, { exact: true })

test.describe('documents', () => {
  const CORPUS = path.resolve('../shared/corpus/parsing')

  test('says the documents could not be loaded', async ({ page }) => {
    const { userId } = await signedIn(page, 'Unlisted', 'analyst')
    setup.backend.fail(userId, { method: 'GET', path: /^\/documents\/$/ }, SERVER_ERROR)
    await page.goto(`${setup.web.url}/documents`)
    await expect(page.getByRole('alert')).toHaveText('Failed to load documents. Please try again later.')
  })

  test('says a delete failed, and the document stays', async ({ page }) => {
    const { userId, user, organization } = await signedIn(page, 'Undeleted', 'analyst')
    await uploadDocument(user, organization.slug, { title: 'Keeper', name: 'keeper.txt', content: 'Stays put.' })
    setup.backend.fail(userId, { method: 'DELETE', path: /^\/documents\/\d+\/$/ }, SERVER_ERROR)
    await page.goto(`${setup.web.url}/documents`)
    await page.getByRole('link', { name: 'Delete Keeper' }).click()
    await page.getByRole('button', { name: 'Delete document' }).click()
    await expect(toast(page, 'Failed to delete document. Please try again later.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Keeper', exact: true })).toBeVisible()
  })

  test('says a reprocess failed', async ({ page }) => {
    const { userId, user, organization } = await signedIn(page, 'Unreprocessed', 'analyst')
    const failing = await uploadDocument(user, organization.slug, {
      title: 'Blank scan',
      path: path.join(CORPUS, 'pdf/pdfjs__empty.pdf'),
    })
    await expect(async () => {
      await page.goto(`${setup.web.url}/documents`)
      await expect(page.locator('.document-item', { hasText: failing.title }).locator('.status')).toHaveText('Failed')
    }).toPass({ timeout: 30_000 })
    setup.backend.fail(userId, { method: 'POST', path: /^\/documents\/\d+\/reprocess\/$/ }, SERVER_ERROR)
    await page.getByRole('button', { name: 'Reprocess Blank scan' }).click()
    await expect(toast(page, 'Failed to reprocess document. Please try again later.')).toBeVisible()
  })

  test("says an upload failed: the server's detail, else the spec's sentence", async ({ page }) => {
    const { userId } = await signedIn(page, 'Unuploaded', 'analyst')
    const upload = async () => {
      await page.goto(`${setup.web.url}/documents?upload=true`)
      await page
        .getByLabel('File', { exact: true })
        .setInputFiles({ name: 'memo.txt', mimeType: 'text/plain', buffer: Buffer.from('A memo.') })
      await page.getByLabel('Title').fill('Memo')
      await page.getByRole('button', { name: 'Upload Document' }).click()
    }
    setup.backend.fail(userId, { method: 'POST', path: /^\/documents\/$/ }, UNAVAILABLE, { once: true })
    await upload()
    await expect(page.getByText('Failed to upload document. Please try again.')).toBeVisible()
    setup.backend.fail(
      userId,
      { method: 'POST', path: /^\/documents\/$/ },
      { status: 500, body: { detail: 'Storage is full.' } },
      { once: true },
    )
    await upload()
    await expect(page.getByText('Storage is full.')).toBeVisible()
    await page.goto(`${setup.web.url}/documents`)
    await expect(page.getByRole('heading', { name: 'No documents found' })).toBeVisible()
  })
})

test.describe('organizations and invitations', () => {
  test('says the dashboard could not be loaded, and Retry loads it again', async ({ page }) => {
    const { userId, organization } = await signedIn(page, 'Undashed', 'admin')
    setup.backend.fail(userId, { method: 'GET', path: /^\/dashboard\/$/ }, SERVER_ERROR, { once: true })
    await page.goto(`${setup.web.url}/dashboard`)
    await expect(page.getByRole('alert')).toContainText('Failed to load dashboard data')
    await page.getByRole('button', { name: 'Retry' }).click()
    await expect(page.getByRole('alert')).toHaveCount(0)
    await expect(page.locator('.welcome')).toContainText(organization.name)
  })

  test('says your organizations and your invitations could not be loaded', async ({ page }) => {
    const { userId } = await signedIn(page, 'Unlisted orgs', 'member')
    setup.backend.fail(userId, { method: 'GET', path: /^\/users\/my-organizations\/$/ }, SERVER_ERROR)
    setup.backend.fail(userId, { method: 'GET', path: /^\/users\/invitations\/$/ }, SERVER_ERROR)
    await page.goto(`${setup.web.url}/organizations`)
    await expect(page.getByText('Failed to load your organizations. Please try again later.')).toBeVisible()
    await expect(page.getByText('Failed to load pending invitations. Please try again later.')).toBeVisible()
    await page.goto(`${setup.web.url}/organizations/invitations`)
    await expect(page.getByRole('alert')).toHaveText('Failed to load your invitations. Please try again later.')
  })

  test('says an organization could not be created', async ({ page }) => {
    const { userId } = await signedIn(page, 'Uncreated', 'member')
    setup.backend.fail(userId, { method: 'POST', path: /^\/organizations\/$/ }, SERVER_ERROR)
    await page.goto(`${setup.web.url}/organizations?create`)
    await page.getByLabel('Organization Name').fill('Never made')
    await page.getByRole('button', { name: 'Create Organization' }).click()
    await expect(page.getByText('Failed to create organization')).toBeVisible()
    await expect(page).toHaveURL(/\/organizations/)
  })

  test('says an invitation could not be accepted or declined, and it stays offered', async ({ page }) => {
    const { userId, user, adminToken } = await signedIn(page, 'Unanswered', 'member')
    const other = await api<{ slug: string; name: string }>('POST', '/organizations/', {
      token: adminToken,
      body: { name: `Offering ${Date.now()}` },
    })
    await api('POST', `/organizations/${other.slug}/invite/`, {
      token: adminToken,
      body: { email: user.email, role: 'analyst' },
    })
    const accept = page.getByRole('button', { name: `Accept the invitation to ${other.name}` })
    const decline = page.getByRole('button', { name: `Decline the invitation to ${other.name}` })

    setup.backend.fail(userId, { method: 'POST', path: /^\/users\/invitations\/\d+\/accept\/$/ }, SERVER_ERROR)
    setup.backend.fail(userId, { method: 'POST', path: /^\/users\/invitations\/\d+\/decline\/$/ }, SERVER_ERROR)
    await page.goto(`${setup.web.url}/organizations`)
    await accept.click()
    await expect(toast(page, 'Failed to accept invitation')).toBeVisible()
    await decline.click()
    await expect(toast(page, 'Failed to decline invitation')).toBeVisible()
    await expect(accept).toBeEnabled()
    await page.goto(`${setup.web.url}/organizations/invitations`)
    await accept.click()
    await expect(toast(page, 'Failed to accept invitation')).toBeVisible()
    await expect(accept).toBeVisible()
  })

  test('says the organization page could not be loaded, and a members list that comes back empty', async ({ page }) => {
    const { userId } = await signedIn(page, 'Unadministered', 'admin')
    setup.backend.fail(userId, { method: 'GET', path: /^\/organizations\/[\w-]+\/invitations\/$/ }, SERVER_ERROR, {
      once: true,
    })
    await page.goto(`${setup.web.url}/admin/organization`)
    await expect(page.getByRole('alert')).toHaveText('Failed to load organization details. Please try again later.')
    await expect(page.getByRole('table')).toHaveCount(0)

    setup.backend.fail(
      userId,
      { method: 'GET', path: /^\/organizations\/[\w-]+\/members\/$/ },
      { status: 200, body: [] },
    )
    await page.goto(`${setup.web.url}/admin/organization`)
    await expect(page.getByText('No members found in this organization.')).toBeVisible()
  })

  test('says an invitation could not be sent, and keeps what was typed', async ({ page }) => {
    const { userId } = await signedIn(page, 'Uninvited', 'admin')
    setup.backend.fail(userId, { method: 'POST', path: /^\/organizations\/[\w-]+\/invite\/$/ }, SERVER_ERROR)
    await page.goto(`${setup.web.url}/admin/organization/invite`)
    await page.getByLabel('Email address').fill('colleague@example.com')
    await page.getByRole('button', { name: 'Send Invitation' }).click()
    await expect(page.getByText('Failed to send invitation. Please try again.')).toBeVisible()
    await expect(page.getByLabel('Email address')).toHaveValue('colleague@example.com')
  })
})

test.describe('profile', () => {
  test('says the password could not be changed, or the profile not updated', async ({ page }) => {
    const { userId, user } = await signedIn(page, 'Unchanged', 'member')
    setup.backend.fail(userId, { method: 'POST', path: /^\/change-password\/$/ }, SERVER_ERROR)
    setup.backend.fail(userId, { method: 'PUT', path: /^\/me\/$/ }, SERVER_ERROR)
    await page.goto(`${setup.web.url}/profile`)
    await page.getByText('Change Password', { exact: true }).click()
    await page.getByLabel('Current password').fill(user.password)
    await page.getByLabel('New password').fill('a brand new secret')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect(page.getByText('Failed to change password')).toBeVisible()

    await page.getByText('Change e-mail address', { exact: true }).click()
    await page.getByLabel('New e-mail address').fill(`moved-${user.email}`)
    await page.getByRole('button', { name: 'Send confirmation link' }).click()
    await expect(page.getByText('Failed to update profile')).toBeVisible()
  })
})

test.describe('conversation templates', () => {
  test('says the templates could not be loaded, or one template', async ({ page }) => {
    const { userId } = await signedIn(page, 'Untemplated', 'member')
    setup.backend.fail(userId, { method: 'GET', path: /^\/conversation-templates\/$/ }, SERVER_ERROR)
    setup.backend.fail(userId, { method: 'GET', path: /^\/conversation-templates\/template-\d+\/$/ }, SERVER_ERROR)
    await page.goto(`${setup.web.url}/conversation-templates`)
    await expect(page.getByRole('alert')).toHaveText('Failed to load templates. Please try again later.')
    await page.goto(`${setup.web.url}/conversation-templates/view/template-001`)
    await expect(page.getByRole('alert')).toHaveText('Failed to load template')
  })

  test('says a delete or a save failed, and keeps the template and the form', async ({ page }) => {
    const { userId } = await signedIn(page, 'Unsaved', 'analyst')
    setup.backend.fail(userId, { method: 'DELETE', path: /^\/conversation-templates\/template-\d+\/$/ }, SERVER_ERROR)
    setup.backend.fail(userId, { method: 'POST', path: /^\/conversation-templates\/$/ }, SERVER_ERROR)
    await page.goto(`${setup.web.url}/conversation-templates`)
    await page.getByRole('link', { name: 'Delete Initial Discovery Meeting' }).click()
    await page.getByRole('button', { name: 'Delete template' }).click()
    await expect(toast(page, 'Failed to delete template. Please try again.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Initial Discovery Meeting', exact: true })).toBeVisible()

    await page.goto(`${setup.web.url}/conversation-templates/new`)
    await page.getByLabel('Template name').fill('Kept on failure')
    await page.getByLabel('Exit planning phase').selectOption({ label: 'Preparation & Enhancement' })
    await page.getByRole('button', { name: 'Create Template' }).click()
    await expect(page.getByText('Failed to save template')).toBeVisible()
    await expect(page.getByLabel('Template name')).toHaveValue('Kept on failure')
  })
})
