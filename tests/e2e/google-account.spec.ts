import { type Server, createServer } from 'node:http'
import { createCookieSessionStorage } from '@remix-run/node'
import { expect, test } from '@playwright/test'
import { SignJWT, exportJWK, generateKeyPair } from 'jose'
import { type StartedServer, startServer } from './support/server'

// A server with Google sign-in configured against a local key set: the Google account's session is
// made through the real /api/users/google/ exchange, then handed to the browser as its cookie.
const CLIENT_ID = 'e2e-client.apps.googleusercontent.com'
const SESSION_SECRET = 'e2e-session-secret-for-google-tests'

let jwks: Server
let server: StartedServer
let privateKey: CryptoKey

test.beforeAll(async () => {
  const keys = await generateKeyPair('RS256')
  privateKey = keys.privateKey as CryptoKey
  const publicJwk = { ...(await exportJWK(keys.publicKey)), kid: 'e2e-key', alg: 'RS256', use: 'sig' }
  jwks = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ keys: [publicJwk] }))
  })
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve))
  const address = jwks.address()
  const port = typeof address === 'object' && address ? address.port : 0
  server = await startServer({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: 'e2e-client-secret',
    GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs`,
    SESSION_SECRET,
  })
})

test.afterAll(async () => {
  await server?.stop()
  jwks?.close()
})

async function googleSession(email: string) {
  const idToken = await new SignJWT({ email, email_verified: true, given_name: 'Grace', family_name: 'Hopper' })
    .setProtectedHeader({ alg: 'RS256', kid: 'e2e-key' })
    .setIssuer('https://accounts.google.com')
    .setAudience(CLIENT_ID)
    .setSubject(`google-${email}`)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey)
  const response = await fetch(`${server.url}/api/users/google/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: idToken }),
  })
  expect(response.status).toBe(200)
  const answer = (await response.json()) as { access: string; refresh: string; user: { auth_provider: string } }
  expect(answer.user.auth_provider).toBe('google')
  const storage = createCookieSessionStorage({ cookie: { name: '__session', secrets: [SESSION_SECRET], path: '/' } })
  const session = await storage.getSession()
  session.set('auth', { access: answer.access, refresh: answer.refresh, user: answer.user })
  const cookie = await storage.commitSession(session)
  return cookie.slice('__session='.length, cookie.indexOf(';'))
}

test('shows the Google button when Google sign-in is configured', async ({ page }) => {
  await page.goto(`${server.url}/login`)
  const button = page.getByRole('button', { name: 'Sign in with Google' })
  await expect(button).toBeVisible()
  expect(await button.evaluate((element) => getComputedStyle(element).width)).toBe('280px')
})

test('refuses a password change to a Google account', async ({ page, context }) => {
  const email = `grace-${Date.now()}-${test.info().project.name}@example.com`
  await context.addCookies([{ name: '__session', value: await googleSession(email), url: server.url }])
  await page.goto(`${server.url}/dashboard`)
  await expect(page.locator('.welcome')).toContainText(email)
  await expect(page.getByText("You don't have an active organization.")).toBeVisible()
  await page.goto(`${server.url}/profile`)
  await page.getByText('Change Password', { exact: true }).click()
  await expect(page.getByText('Password change is only available for username/password accounts')).toBeVisible()
  await expect(page.getByLabel('Current password')).toHaveCount(0)
})
