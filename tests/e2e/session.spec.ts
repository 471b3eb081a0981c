import { expect, test } from '@playwright/test'

import { jwtExpiry, readSession, signIn } from './support/fixtures'
import { type StartedServer, startServer } from './support/server'

// A server whose access tokens live three seconds, so expiry happens within a test. One second was
// too short on CI's busy cores: a token refreshed at the start of a page expired before the page's
// own calls to the backend were made, and the page answered as if the session had ended.
let server: StartedServer
// One worker runs these tests in turn, so what beforeAll starts is started once, not once per worker.
test.describe.configure({ mode: 'default' })
test.beforeAll(async () => {
  server = await startServer({ ACCESS_TOKEN_TTL_SECONDS: '3' })
})
test.afterAll(async () => {
  await server?.stop()
})

async function waitUntilExpired(token: string) {
  const expiry = jwtExpiry(token)
  await expect.poll(() => Date.now() / 1000 > expiry, { timeout: 10_000 }).toBe(true)
}

test.describe('session tokens', () => {
  test('refreshes an expired access token without the user noticing', async ({ page }) => {
    await signIn(page, 'admin', { from: `${server.url}/login` })
    const before = await readSession(page)
    expect(before?.auth?.access).toBeTruthy()
    await waitUntilExpired(before!.auth!.access)

    await page.goto(`${server.url}/dashboard`)
    await expect(page).toHaveURL(`${server.url}/dashboard`)
    await expect(page.locator('.welcome')).toContainText('admin@demo.example.com')
    const after = await readSession(page)
    expect(after?.auth?.access).not.toBe(before?.auth?.access)
    expect(after?.auth?.refresh).not.toBe(before?.auth?.refresh)

    // The rotated session keeps working on the next expiry too.
    await waitUntilExpired(after!.auth!.access)
    await page.goto(`${server.url}/admin`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo Advisory Group')
  })

  test('sends the user to /login when the refresh fails', async ({ page }) => {
    await signIn(page, 'analyst', { from: `${server.url}/login` })
    const session = await readSession(page)
    // Revoke the browser's refresh token behind its back, as a sign-out elsewhere would.
    const revoked = await fetch(`${server.url}/api/token/revoke/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: session!.auth!.refresh }),
    })
    expect(revoked.status).toBe(200)
    await waitUntilExpired(session!.auth!.access)

    await page.goto(`${server.url}/dashboard`)
    await expect(page).toHaveURL(`${server.url}/login?redirectTo=%2Fdashboard`)
    await expect(page.getByRole('status')).toContainText('Your session has ended. Please sign in again.')
    expect((await readSession(page))?.auth).toBeUndefined()
  })
})
