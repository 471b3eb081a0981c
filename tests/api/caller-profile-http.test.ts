import type { AddressInfo } from 'node:net'

import { createAdaptorServer } from '@hono/node-server'
import { afterAll, beforeAll, expect, it } from 'vitest'

import { currentUser } from '../../app/services/auth.server'
import { dashboardApi } from '../../app/services/dashboard.server'
import { type Harness, type Session, signIn, startApi } from './support/harness'
import { asPage, sessionCookie } from './support/web-page'

// Decision 079 with the web tier talking to an API run on its own (API_URL): the profile comes as a
// response header, checked against the contract; a call that fails leaves the frame to ask GET /api/me/.
let api: Harness
let admin: Session
let server: ReturnType<typeof createAdaptorServer>
const calls: string[] = []
let failDashboard = false

beforeAll(async () => {
  api = await startApi()
  admin = await signIn(api, 'admin')
  server = createAdaptorServer({
    fetch: (request: Request, bindings: object) => {
      const { pathname } = new URL(request.url)
      calls.push(`${request.method} ${pathname}`)
      if (failDashboard && pathname === '/api/dashboard/') return Response.json({ detail: 'Down.' }, { status: 503 })
      return api.fetch(request, bindings)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  process.env.SESSION_SECRET ??= 'a-test-session-secret-of-some-length'
  // Read once, at the web tier's first call.
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  delete process.env.API_URL
  await new Promise((resolve) => server.close(resolve))
  await api.close()
})

const load = (request: Request) =>
  Promise.all([
    currentUser(request),
    dashboardApi(request)
      .get()
      .catch(() => null),
  ])

it('takes the caller from the header of the page’s one call', async () => {
  calls.length = 0
  const { result } = await asPage(await sessionCookie(admin), load)
  expect(result[0]).toEqual(await (await api.request('/me/', { token: admin.access })).json())
  expect(result[1]?.organization?.slug).toBe('demo-advisory-group')
  expect(calls).toEqual(['GET /api/dashboard/'])
})

it('asks GET /api/me/ when the page’s call fails', async () => {
  calls.length = 0
  failDashboard = true
  try {
    const { result } = await asPage(await sessionCookie(admin), load)
    expect(result).toEqual([expect.objectContaining({ username: 'admin' }), null])
    expect(calls).toEqual(['GET /api/dashboard/', 'GET /api/me/'])
  } finally {
    failDashboard = false
  }
})
