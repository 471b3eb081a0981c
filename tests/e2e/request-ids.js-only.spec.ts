// Runs once (the js-off project skips *.js-only specs): it reads the log of a server of its own.
import { expect, test } from '@playwright/test'

import { signIn } from './support/fixtures'
import { type StartedServer, startServer } from './support/server'

interface LogLine {
  msg: string
  requestId?: string
  [field: string]: unknown
}

/** The server's JSON log lines so far (the start-up banner and other plain lines left out). */
function logLines(server: StartedServer): LogLine[] {
  return server
    .output()
    .split('\n')
    .slice(0, -1) // the last piece may be a line still being written
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

test.describe('request ids in the logs', () => {
  let server: StartedServer

  // Behind a trusted proxy (TRUST_PROXY), whose X-Request-Id the server keeps when it is sane.
  test.beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: 'true', LOG_LEVEL: 'info' })
  })
  test.afterAll(async () => {
    await server?.stop()
  })

  test('an upload through the web tier: its page request, its API call and its job log the same request id', async ({
    page,
  }) => {
    await signIn(page, 'analyst', { from: server.url })
    await page.goto(`${server.url}/documents?upload=true`)
    await page.getByLabel('File', { exact: true }).setInputFiles({
      name: 'traced-upload.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Revenue grew 12% last year; the business is valued at 4.2x EBITDA.'),
    })
    const posted = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/documents',
    )
    await page.getByRole('button', { name: 'Upload Document' }).click()
    const requestId = (await posted).headers()['x-request-id']
    expect(requestId).toMatch(UUID)
    await expect(page.getByRole('status').getByText('"traced-upload" uploaded. It is being processed.')).toBeVisible()

    // The job may run in another process (the primary of several web processes): it is found by the id alone.
    await expect
      .poll(() =>
        logLines(server)
          .filter((line) => line.requestId === requestId)
          .map((line) => line.msg),
      )
      .toEqual(expect.arrayContaining(['page request', 'api request', 'job started', 'job finished']))
    const lines = logLines(server).filter((line) => line.requestId === requestId)
    expect(lines.find((line) => line.msg === 'page request')).toMatchObject({ method: 'POST', path: '/documents' })
    // The action's call that stored the file, among the calls the page made.
    expect(lines.find((line) => line.msg === 'api request' && line.method === 'POST')).toMatchObject({
      path: '/api/documents/',
      status: 201,
      userId: expect.any(Number),
      organizationId: expect.any(Number),
    })
    expect(lines.find((line) => line.msg === 'job started')).toMatchObject({
      kind: 'process-document',
      jobId: expect.any(Number),
    })
  })

  test("keeps a trusted proxy's sane X-Request-Id and replaces a malformed one instead of logging it", async () => {
    const kept = await fetch(`${server.url}/login`, { headers: { 'X-Request-Id': 'edge-4f9c.17' } })
    expect(kept.headers.get('x-request-id')).toBe('edge-4f9c.17')

    const tooLong = `x${'0123456789'.repeat(20)}`
    for (const id of [tooLong, 'spaces are not allowed', 'quote"d']) {
      const replaced = await fetch(`${server.url}/login`, { headers: { 'X-Request-Id': id } })
      expect(replaced.headers.get('x-request-id')).toMatch(UUID)
    }
    await expect
      .poll(() => logLines(server).filter((line) => line.msg === 'page request' && line.path === '/login').length)
      .toBeGreaterThanOrEqual(4)
    const output = server.output()
    expect(output).toContain('"requestId":"edge-4f9c.17"')
    expect(output).not.toContain(tooLong)
    expect(output).not.toContain('spaces are not allowed')
  })
})

test('without a trusted proxy, an incoming X-Request-Id is replaced by one the server makes', async ({ request }) => {
  const response = await request.get('/login', { headers: { 'X-Request-Id': 'chosen-by-the-client' } })
  expect(response.headers()['x-request-id']).toMatch(UUID)
  expect(response.headers()['x-request-id']).not.toBe('chosen-by-the-client')
})

test('the web server serves liveness and readiness at /api/, each answer with its request id', async ({ request }) => {
  const health = await request.get('/api/health/')
  expect(health.status()).toBe(200)
  expect(await health.json()).toEqual({ status: 'ok' })
  expect(health.headers()['x-request-id']).toMatch(UUID)
  const ready = await request.get('/api/ready/')
  expect(ready.status()).toBe(200)
  expect(ready.headers()['cache-control']).toBe('no-store')
  expect(await ready.json()).toEqual({
    status: 'ready',
    checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
  })
})
