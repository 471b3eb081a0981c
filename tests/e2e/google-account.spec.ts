import { createServer, type Server } from 'node:http'

import { expect, type Page, test } from '@playwright/test'
import { decodeJwt } from 'jose'

import { type FakeGoogle, startFakeGoogle } from './support/fake-google'
import { freePort, type StartedServer, startServer } from './support/server'

// Google sign-in end to end: the button, Google's authorization page (a stand-in), the callback
// that exchanges the code at Google's token endpoint (the stand-in again) and the ID token at the
// backend's /api/users/google/, which verifies it against the stand-in's published key.
let google: FakeGoogle
let server: StartedServer
// The same web tier in front of a backend that answers the exchange with the status the account's
// e-mail names (status-400@…), and in front of no backend at all.
let fakeBackend: Server
let webWithFakeBackend: StartedServer
let webWithoutBackend: StartedServer
let webWithoutSecret: StartedServer

// One worker runs these tests in turn, so what beforeAll starts is started once, not once per worker.
test.describe.configure({ mode: 'default' })
test.beforeAll(async () => {
  // Three servers start on a small machine: more than one test's time.
  test.setTimeout(180_000)
  google = await startFakeGoogle()
  fakeBackend = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      const { token } = JSON.parse(body || '{}') as { token?: string }
      const email = token ? String(decodeJwt(token).email) : ''
      const status = Number(/^status-(\d{3})@/.exec(email)?.[1] ?? 500)
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ detail: 'Refused by the test backend.' }))
    })
  })
  await new Promise<void>((resolve) => fakeBackend.listen(0, '127.0.0.1', resolve))
  const address = fakeBackend.address()
  const fakePort = typeof address === 'object' && address ? address.port : 0
  ;[server, webWithFakeBackend, webWithoutBackend, webWithoutSecret] = await Promise.all([
    startServer(google.env),
    startServer({ ...google.env, API_URL: `http://127.0.0.1:${fakePort}` }),
    startServer({ ...google.env, API_URL: `http://127.0.0.1:${await freePort()}` }),
    startServer({ GOOGLE_CLIENT_ID: google.env.GOOGLE_CLIENT_ID }),
  ])
})

test.afterAll(async () => {
  await Promise.all([server?.stop(), webWithFakeBackend?.stop(), webWithoutBackend?.stop(), webWithoutSecret?.stop()])
  fakeBackend?.close()
  await google?.close()
})

const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${test.info().project.name}@example.com`

/** Clicks the Google button on `base`'s login page and picks `email` on Google's account page. */
async function signInWithGoogle(
  page: Page,
  base: string,
  email: string,
  options: { emailVerified?: boolean; idToken?: boolean; refuseCode?: boolean } = {},
) {
  await page.goto(`${base}/login`)
  await page.getByRole('button', { name: 'Sign in with Google' }).click()
  await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible()
  await page.getByLabel('Email', { exact: true }).fill(email)
  if (options.emailVerified === false) await page.getByLabel('Email verified').uncheck()
  if (options.idToken === false) await page.getByLabel('Hand back an ID token').uncheck()
  if (options.refuseCode) await page.getByLabel('Refuse the code').check()
  await page.getByRole('button', { name: 'Continue' }).click()
}

test('shows the Google button when Google sign-in is configured', async ({ page }) => {
  await page.goto(`${server.url}/login`)
  const button = page.getByRole('button', { name: 'Sign in with Google' })
  await expect(button).toBeVisible()
  expect(await button.evaluate((element) => getComputedStyle(element).width)).toBe('280px')
})

test('says Google login is not properly configured when the client id comes without its secret', async ({ page }) => {
  await page.goto(`${webWithoutSecret.url}/login`)
  await expect(page.getByText('Google login is not properly configured. Please contact support.')).toBeVisible()
  await expect(page.getByText('OR', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0)
})

test('signs a new Google account in through Google, with no organization and no password to change', async ({
  page,
}) => {
  const email = uniqueEmail('grace')
  await signInWithGoogle(page, server.url, email)
  await expect(page).toHaveURL(`${server.url}/dashboard`)
  await expect(page.locator('.welcome')).toContainText(email)
  await expect(page.getByText("You don't have an active organization.")).toBeVisible()
  expect(decodeJwt(google.issued.at(-1)!).email).toBe(email)

  await page.getByRole('link', { name: 'Select Organization' }).click()
  await expect(page).toHaveURL(`${server.url}/organizations`)
  await expect(page.getByRole('heading', { name: `Welcome, ${email.split('@')[0]}!` })).toBeVisible()

  await page.goto(`${server.url}/profile`)
  await expect(page.locator('.org-banner')).toHaveText('No organization assigned')
  await expect(page.getByRole('region', { name: 'Organization' })).toContainText('No organization assigned')
  await expect(page.locator('.profile-role')).toHaveText('MEMBER')
  await page.getByText('Change Password', { exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Password change is only available for username/password accounts')
  await expect(page.getByLabel('Current password')).toHaveCount(0)
})

test('links the Google sign-in to the existing account with the same verified e-mail', async ({ page }) => {
  await signInWithGoogle(page, server.url, 'analyst@demo.example.com')
  await expect(page).toHaveURL(`${server.url}/dashboard`)
  await expect(page.locator('.welcome')).toContainText('analyst@demo.example.com')
  await expect(page.locator('.welcome')).toContainText('Demo Advisory Group')
})

test('says Google authentication was rejected when the backend refuses the account', async ({ page }) => {
  // The backend creates no account for an e-mail Google has not verified (401).
  await signInWithGoogle(page, server.url, uniqueEmail('unverified'), { emailVerified: false })
  await expect(page).toHaveURL(`${server.url}/login`)
  await expect(page.getByRole('alert')).toHaveText(
    'Google authentication was rejected. Please try again with a different account.',
  )
})

test('says no credential was received when Google hands back no ID token', async ({ page }) => {
  await signInWithGoogle(page, server.url, uniqueEmail('no-token'), { idToken: false })
  await expect(page).toHaveURL(`${server.url}/login`)
  await expect(page.getByRole('alert')).toHaveText('Google authentication failed: No credential received')
})

test('says Google login failed to start when Google refuses the code', async ({ page }) => {
  await signInWithGoogle(page, server.url, uniqueEmail('refused'), { refuseCode: true })
  await expect(page).toHaveURL(`${server.url}/login`)
  await expect(page.getByRole('alert')).toHaveText('Failed to initialize Google login. Please try again later.')
})

test('refuses a callback this browser did not start, signing no one in', async ({ page }) => {
  await page.goto(`${server.url}/auth/google/callback?code=made-up&state=made-up`)
  await expect(page).toHaveURL(`${server.url}/login`)
  await expect(page.getByRole('alert')).toHaveText('Failed to initialize Google login. Please try again later.')
  await page.goto(`${server.url}/dashboard`)
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
})

for (const [status, message] of [
  [400, 'Invalid Google account information. Please try again.'],
  [401, 'Google authentication was rejected. Please try again with a different account.'],
  [404, 'Authentication service is not available. Please contact support.'],
  [500, 'Server error during authentication. Please try again later.'],
] as const) {
  test(`says "${message}" when the backend answers ${status}`, async ({ page }) => {
    await signInWithGoogle(page, webWithFakeBackend.url, `status-${status}@example.com`)
    await expect(page).toHaveURL(`${webWithFakeBackend.url}/login`)
    await expect(page.getByRole('alert')).toHaveText(message)
  })
}

test('says the network failed when no backend answers the exchange', async ({ page }) => {
  await signInWithGoogle(page, webWithoutBackend.url, uniqueEmail('offline'))
  await expect(page).toHaveURL(`${webWithoutBackend.url}/login`)
  await expect(page.getByRole('alert')).toHaveText(
    'Network error. Please check your internet connection and try again.',
  )
})
