import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CALLER_PROFILE_HEADER } from '../../api/auth/contract'
import type { OwnProfilePayload } from '../../api/users/contract'
import { registerApiHandler } from '../../app/http/request-context.server'
import { ApiError } from '../../app/services/api-fetch.server'
import { currentUser } from '../../app/services/auth.server'
import { dashboardApi } from '../../app/services/dashboard.server'
import { documentsApi } from '../../app/services/documents.server'
import { measured, newRequestMetrics } from '../../runtime/request-metrics'
import { demoAndHarbor, type Harness, type Session, startApi } from './support/harness'
import { asPage, sessionCookie } from './support/web-page'

// Issue 49, decision 079: a page's one call brings the caller's profile its frame shows.
let api: Harness
let admin: Session
let outsider: Session
let harbor: string
const DEMO = 'demo-advisory-group'

beforeAll(async () => {
  process.env.SESSION_SECRET ??= 'a-test-session-secret-of-some-length'
  api = await startApi()
  ;({ admin, outsider, harbor } = await demoAndHarbor(api))
  registerApiHandler((request, bindings) => api.fetch(request, bindings))
  // Olivia is waiting on both notices: an invitation to the demo organization, a new address.
  expect(
    (
      await api.request(`/organizations/${DEMO}/invite/`, {
        method: 'POST',
        token: admin.access,
        json: { email: 'olivia@harbor.example', role: 'member' },
      })
    ).status,
  ).toBe(201)
  expect(
    (await api.request('/me/', { method: 'PATCH', token: outsider.access, json: { email: 'olivia@new.example' } }))
      .status,
  ).toBe(200)
})
afterAll(() => api.close())

const asked = { [CALLER_PROFILE_HEADER]: '1' }
const decoded = (response: Response) =>
  JSON.parse(Buffer.from(response.headers.get(CALLER_PROFILE_HEADER)!, 'base64url').toString('utf8')) as unknown

async function statementsOf(run: () => Promise<Response>) {
  const metrics = newRequestMetrics()
  const response = await measured(metrics, run)
  return { response, statements: metrics.sqlStatements }
}

describe('the API: a call that asks for the caller’s profile', () => {
  it('brings it beside its own body, which is what it is without asking, as GET /api/me/ answers it', async () => {
    for (const [session, org] of [
      [admin, harbor],
      [admin, DEMO],
      [outsider, undefined],
    ] as const) {
      const me = await (await api.request('/me/', { token: session.access, org })).json()
      const plain = await api.request('/dashboard/', { token: session.access, org })
      const carrying = await api.request('/dashboard/', { token: session.access, org, headers: asked })
      expect(carrying.status).toBe(plain.status)
      expect(await carrying.json()).toEqual(await plain.json())
      expect(plain.headers.get(CALLER_PROFILE_HEADER)).toBeNull()
      expect(decoded(carrying)).toEqual(me)
    }
  })

  it('finds the caller, their memberships and their notices in one statement', async () => {
    const one = await statementsOf(() => api.request('/me/', { token: outsider.access, headers: asked }))
    const apart = await statementsOf(() => api.request('/me/', { token: outsider.access }))
    expect([one.statements, apart.statements]).toEqual([1, 2])
    const profile = await one.response.json()
    expect(profile).toEqual(await apart.response.json())
    expect(profile).toMatchObject({ pending_email: 'olivia@new.example', pending_invitations: 1 })
    // The profile is the body here: it is not sent twice.
    expect(one.response.headers.get(CALLER_PROFILE_HEADER)).toBeNull()
  })

  it('is handed the profile as a value in process, nothing encoded', async () => {
    const handed: OwnProfilePayload[] = []
    const request = new Request('http://api.test/api/dashboard/', {
      headers: { ...asked, authorization: `Bearer ${admin.access}`, 'x-organization': DEMO },
    })
    const response = await api.fetch(request, { deliverProfile: (profile) => handed.push(profile) })
    expect(response.status).toBe(200)
    expect(response.headers.get(CALLER_PROFILE_HEADER)).toBeNull()
    expect(handed).toEqual([await (await api.request('/me/', { token: admin.access, org: DEMO })).json()])
  })

  it('brings nothing with a refusal', async () => {
    const handed: OwnProfilePayload[] = []
    const missing = new Request('http://api.test/api/documents/999999/', {
      headers: { ...asked, authorization: `Bearer ${admin.access}` },
    })
    expect((await api.fetch(missing, { deliverProfile: (profile) => handed.push(profile) })).status).toBe(404)
    const refused = await api.request('/dashboard/', { token: 'not-a-token', headers: asked })
    expect(refused.status).toBe(401)
    expect(refused.headers.get(CALLER_PROFILE_HEADER)).toBeNull()
    expect(handed).toEqual([])
  })
})

describe('the web tier: a page’s frame and its loader', () => {
  it('take the caller from the page’s one call', async () => {
    const cookie = await sessionCookie(admin, DEMO)
    const { result, metrics } = await asPage(cookie, (request) =>
      Promise.all([currentUser(request), dashboardApi(request).get()]),
    )
    const [me, dashboard] = result
    expect(me).toEqual(await (await api.request('/me/', { token: admin.access, org: DEMO })).json())
    expect(dashboard.organization?.slug).toBe(DEMO)
    expect(metrics).toMatchObject({ apiCalls: 1, callerResolutions: 1 })
  })

  it('ask GET /api/me/ when the page’s call fails, or when the page makes none', async () => {
    const cookie = await sessionCookie(outsider)
    const failed = await asPage(cookie, (request) =>
      Promise.all([
        currentUser(request),
        documentsApi(request)
          .get(999999)
          .catch((error: unknown) => error),
      ]),
    )
    expect(failed.result[0]).toMatchObject({ username: 'olivia', pending_invitations: 1 })
    expect(failed.result[1]).toBeInstanceOf(ApiError)
    expect(failed.metrics.apiCalls).toBe(2)
    const alone = await asPage(cookie, (request) => currentUser(request))
    expect(alone.result).toEqual(failed.result[0])
    expect(alone.metrics).toMatchObject({ apiCalls: 1, callerResolutions: 1, sqlStatements: 1 })
  })

  it('get the caller from the call retried after a refused access token was refreshed', async () => {
    const cookie = await sessionCookie({ ...admin, access: 'an-expired-access-token' }, DEMO)
    const { result, metrics } = await asPage(cookie, (request) =>
      Promise.all([currentUser(request), dashboardApi(request).get()]),
    )
    expect(result[0]).toMatchObject({ username: 'admin', organization: { slug: DEMO } })
    // The refused call, the refresh, the retry: no GET /api/me/.
    expect(metrics.apiCalls).toBe(3)
  })
})
