import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { expect, test } from '@playwright/test'

import { apiSignIn, createTeam } from './support/api'
import { type FailingBackend, startFailingBackend, userIdOf } from './support/failing-backend'
import { expectNoAxeViolations, openUserMenu, signIn, signInAs } from './support/fixtures'
import { type AppProcess, startApp } from './support/server'

// After a navigation in the browser only the new page's loaders run (a data request): the layout
// stays, and the error's reference comes with the failed answer instead of with the page.
let backend: FailingBackend
let web: AppProcess
let dataDir: string

// One worker runs these tests in turn, so what beforeAll starts is started once, not once per worker.
test.describe.configure({ mode: 'default' })
test.beforeAll(async () => {
  test.setTimeout(120_000)
  backend = await startFailingBackend()
  dataDir = mkdtempSync(path.join(tmpdir(), 'exit-planner-e2e-errors-'))
  web = await startApp(dataDir, { API_URL: backend.url, LOGIN_MAX_FAILURES_PER_ADDRESS: '100000' })
})

test.afterAll(async () => {
  await web?.terminate()
  await backend?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

test('a page that fails after a navigation keeps the app frame and shows the reference the server logged', async ({
  page,
}) => {
  const { users } = await createTeam('BrokenNav', ['member'])
  const user = users[0]!
  const { access } = await apiSignIn(user.username, user.password)
  await signInAs(page, user.username, user.password, web.url)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()

  backend.fail(
    userIdOf(access),
    { method: 'GET', path: /^\/me\/$/ },
    { status: 500, body: { detail: 'Internal server error' } },
  )
  await openUserMenu(page, user.email)
  await page.getByRole('link', { name: 'Profile', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
  await expect(page).toHaveURL(`${web.url}/profile`)
  await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toContainText('Exit Planner')
  const reference = await page.locator('.error-reference code').textContent()
  expect(reference).toMatch(/^[0-9a-f]{8}$/)
  await expect.poll(() => web.output()).toContain(`[error ${reference}] GET /profile`)
})

test('the 403 and 404 pages inside the frame have no accessibility violations', async ({ page }) => {
  await signIn(page, 'member')
  for (const path of ['/admin', '/documents/987654321']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoAxeViolations(page)
  }
})
