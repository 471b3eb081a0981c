import { expect, type Page, test } from '@playwright/test'

import { api, apiSignIn, type Role, uploadTranscript } from './support/api'
import { signedInBehind, webBehindFailingBackend } from './support/behind-failing-backend'

// What a button says while its form is on its way (spec §2): the backend holds the one call until
// the test has looked, then lets it through.
const setup = webBehindFailingBackend()

const signedIn = (page: Page, label: string, role: Role) => signedInBehind(setup, page, label, role)

test('says "Sending Invitation..." on a disabled button until the invitation is sent', async ({ page }) => {
  const { userId } = await signedIn(page, 'Slow inviters', 'admin')
  const held = setup.backend.hold(userId, { method: 'POST', path: /^\/organizations\/[\w-]+\/invite\/$/ })
  await page.goto(`${setup.web.url}/admin/organization/invite`)
  const email = `slow-${Date.now()}@example.com`
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Send Invitation' }).click()
  const sending = page.getByRole('button', { name: 'Sending Invitation...' })
  await expect(sending).toBeDisabled()
  held.release()
  await expect(page.getByRole('status').getByText(`Invitation sent to ${email}`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send Invitation' })).toBeEnabled()
})

test('says "Saving..." on a disabled button until the new password is saved', async ({ page }) => {
  const { user, userId } = await signedIn(page, 'Slow savers', 'member')
  const held = setup.backend.hold(userId, { method: 'POST', path: /^\/change-password\/$/ })
  await page.goto(`${setup.web.url}/profile`)
  await page.getByText('Change Password', { exact: true }).click()
  await page.getByLabel('Current password').fill(user.password)
  await page.getByLabel('New password').fill('a slower new secret')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled()
  held.release()
  await expect(
    page.getByRole('status').getByText('Password changed. Your other sessions have been signed out.'),
  ).toBeVisible()
})

test('says "Saving..." on a disabled button until the template is saved', async ({ page }) => {
  const { userId } = await signedIn(page, 'Slow templaters', 'analyst')
  const held = setup.backend.hold(userId, { method: 'POST', path: /^\/conversation-templates\/$/ })
  await page.goto(`${setup.web.url}/conversation-templates/new`)
  await expect(page.locator('form#template-form')).toHaveAttribute('novalidate', '')
  await page.getByLabel('Template name').fill('Slow template')
  await page.getByLabel('Exit planning phase').selectOption({ label: 'Post-Exit Future' })
  await page.getByRole('button', { name: 'Create Template' }).click()
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled()
  held.release()
  await expect(page.getByRole('heading', { name: 'Slow template', level: 1 })).toBeVisible()
})

test('says "Converting..." on a disabled button until the conversation is made', async ({ page }) => {
  const { user, userId } = await signedIn(page, 'Slow converters', 'analyst')
  const { access } = await apiSignIn(user.username, user.password)
  const meeting = await api<{ id: string }>('POST', '/meetings/', {
    token: access,
    body: { title: 'Slow meeting', date: '2026-11-18T15:00:00Z', duration: 15, participants: [] },
  })
  await uploadTranscript(access, meeting.id, { name: 'slow.txt', text: 'Nina Park: We will meet again next week.' })
  const held = setup.backend.hold(userId, { method: 'POST', path: /^\/meetings\/meet-\d+\/convert\/$/ })
  await page.goto(`${setup.web.url}/transcriptions`)
  await page.getByRole('button', { name: 'Convert to Conversation of Slow meeting' }).click()
  await expect(page.getByRole('button', { name: 'Converting... of Slow meeting' })).toBeDisabled()
  held.release()
  await expect(page).toHaveURL(/\/chat\/\d+$/)
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('We will meet again next week.')
})
