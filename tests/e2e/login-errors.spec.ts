import { createServer, type Server } from 'node:http'

import { expect, test } from '@playwright/test'

import { submitLogin } from './support/fixtures'
import { freePort, type StartedServer, startServer } from './support/server'

// The web tier in front of a backend that misbehaves in chosen ways (by username), and in front of
// no backend at all: the spec's login error texts for each case.
const answers: Record<string, { status: number; body?: unknown }> = {
  'no-tokens': { status: 200, body: { user_id: 1 } },
  'server-error': { status: 500 },
  'with-detail': { status: 503, body: { detail: 'Maintenance until 10:00' } },
  'non-field': { status: 400, body: { non_field_errors: ['This account is locked.'] } },
  'bare-400': { status: 400, body: {} },
}

let fakeBackend: Server
let webWithFakeBackend: StartedServer
let webWithoutBackend: StartedServer

// One worker runs these tests in turn, so what beforeAll starts is started once, not once per worker.
test.describe.configure({ mode: 'default' })
test.beforeAll(async () => {
  fakeBackend = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      const { username } = JSON.parse(body || '{}') as { username?: string }
      const answer = answers[username ?? ''] ?? { status: 401, body: { detail: 'No active account' } }
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(answer.body === undefined ? '' : JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => fakeBackend.listen(0, '127.0.0.1', resolve))
  const address = fakeBackend.address()
  const port = typeof address === 'object' && address ? address.port : 0
  ;[webWithFakeBackend, webWithoutBackend] = await Promise.all([
    startServer({ API_URL: `http://127.0.0.1:${port}` }),
    startServer({ API_URL: `http://127.0.0.1:${await freePort()}` }),
  ])
})

test.afterAll(async () => {
  await Promise.all([webWithFakeBackend?.stop(), webWithoutBackend?.stop()])
  fakeBackend?.close()
})

const cases: Array<[string, string]> = [
  ['no-tokens', 'Authentication failed: Invalid response from server'],
  ['server-error', 'Login failed: Server error'],
  ['with-detail', 'Login failed: Maintenance until 10:00'],
  ['non-field', 'This account is locked.'],
  ['bare-400', 'Login failed. Please check your credentials.'],
  ['anyone-else', 'Invalid username or password'],
]

for (const [username, message] of cases) {
  test(`shows "${message}" when the backend answers the ${username} case`, async ({ page }) => {
    await page.goto(`${webWithFakeBackend.url}/login`)
    await submitLogin(page, username, 'secret')
    await expect(page.getByRole('alert')).toHaveText(message)
  })
}

test('says the authentication service is unavailable when no backend answers', async ({ page }) => {
  await page.goto(`${webWithoutBackend.url}/login`)
  await submitLogin(page, 'admin', 'demo-password')
  await expect(page.getByRole('alert')).toHaveText(
    'Authentication service unavailable. Please check your connection and try again.',
  )
})
