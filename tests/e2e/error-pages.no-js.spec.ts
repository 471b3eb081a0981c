import { expect, type Page, test } from '@playwright/test'

import { apiSignIn, createTeam } from './support/api'
import { signedInBehind, webBehindFailingBackend } from './support/behind-failing-backend'
import { signIn, signInAs } from './support/fixtures'

const ADMIN_DENIED = 'Access Denied: You do not have permission to access the organization administration page.'

/** The signed-in frame: the header with the main navigation, and the footer. */
async function expectAppFrame(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toContainText('Exit Planner')
}

test.describe('error pages inside the app frame', () => {
  test('an unknown URL is Page Not Found with the header, the footer and a link back to the dashboard', async ({
    page,
  }) => {
    await signIn(page, 'member')
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    await expectAppFrame(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
    await expect(page).toHaveTitle('Page Not Found | Exit Planner')
    await page.getByRole('link', { name: 'Back to Dashboard' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  })

  test('an unknown document is Page Not Found inside the frame, with the way back to the documents', async ({
    page,
  }) => {
    await signIn(page, 'member')
    for (const id of ['987654321', 'not-a-number']) {
      const response = await page.goto(`/documents/${id}`)
      expect(response?.status(), id).toBe(404)
      await expectAppFrame(page)
      await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
      await expect(
        page.getByText('Document not found: it does not exist or belongs to another organization.'),
      ).toBeVisible()
    }
    await page.getByRole('link', { name: 'Back to documents' }).click()
    await expect(page).toHaveURL(/\/documents$/)
  })

  test("a page refused to the user's role answers 403 in place, with the spec's text and Return to Dashboard", async ({
    page,
  }) => {
    await signIn(page, 'member')
    for (const path of ['/admin', '/admin/organization', '/admin/organization/invite', '/admin/users']) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(403)
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      await expectAppFrame(page)
      await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible()
      await expect(page.getByRole('alert')).toHaveText(ADMIN_DENIED)
      await expect(page.getByRole('table')).toHaveCount(0)
    }
    await page.getByRole('link', { name: 'Return to Dashboard' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('a form posted by a role that may not use it is refused with 403, and nothing changes', async ({ page }) => {
    const { organization, users } = await createTeam('Refused', ['member'])
    const member = users[0]!
    await signInAs(page, member.username, member.password)
    const response = await page.request.post('/admin/organization', {
      form: { intent: 'update-organization', name: 'Taken over' },
      headers: { Origin: new URL(page.url()).origin },
    })
    expect(response.status()).toBe(403)
    expect(await response.text()).toContain(ADMIN_DENIED)
    const { access } = await apiSignIn(member.username, member.password)
    const stored = await fetch(`http://localhost:${process.env.E2E_PORT}/api/organizations/${organization.slug}/`, {
      headers: { authorization: `Bearer ${access}` },
    })
    expect(((await stored.json()) as { name: string }).name).toBe(organization.name)
  })
})

test.describe('error pages for visitors who are signed out', () => {
  test('an unknown URL is the 404 page without the signed-in header', async ({ page }) => {
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toHaveCount(0)
    await expect(page.getByRole('banner')).toHaveCount(0)
    await page.getByRole('link', { name: 'Back to Dashboard' }).click()
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
  })

  test('an unknown API path still answers JSON 404', async ({ request }) => {
    const response = await request.get('/api/no-such-endpoint/')
    expect(response.status()).toBe(404)
    expect(response.headers()['content-type']).toContain('application/json')
    expect(await response.json()).toHaveProperty('detail')
  })
})

test.describe('server errors', () => {
  // A web tier of its own, in front of a backend that fails the calls a test names: its log is read.
  const setup = webBehindFailingBackend()

  const signedInOnWebTier = (page: Page, label: string) => signedInBehind(setup, page, label, 'member')

  const referenceOn = async (page: Page) => {
    const text = await page.locator('.error-reference code').textContent()
    expect(text).toMatch(/^[0-9a-f]{8}$/)
    return text!
  }

  test('a page that fails on the server shows a short reference that the server log holds with the error', async ({
    page,
  }) => {
    const { userId } = await signedInOnWebTier(page, 'Broken')
    setup.backend.fail(
      userId,
      { method: 'GET', path: /^\/me\/$/ },
      { status: 500, body: { detail: 'Internal server error' } },
    )
    const response = await page.goto(`${setup.web.url}/profile`)
    expect(response?.status()).toBe(500)
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
    const reference = await referenceOn(page)
    await expect.poll(() => setup.web.output()).toContain(`[error ${reference}] GET /profile`)
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/profile')
  })
})
