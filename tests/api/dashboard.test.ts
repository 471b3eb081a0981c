import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DashboardSchema } from '../../api/dashboard/contract'
import type { RequestScope } from '../../api/kernel/request-scope'
import { measured, newRequestMetrics } from '../../runtime/request-metrics'
import { inContract } from './support/contract'
import { demoAndHarbor, type Harness, startApi, type TwoOrganizations } from './support/harness'

const DEMO = 'demo-advisory-group'
let api: Harness
let people: TwoOrganizations

beforeAll(async () => {
  api = await startApi()
  people = await demoAndHarbor(api)
})
afterAll(() => api.close())

const get = async (path: string, token: string, org?: string) => {
  const response = await api.request(path, { token, org })
  return { status: response.status, body: await response.json() }
}

describe('GET /api/dashboard/', () => {
  it.each(['admin', 'analyst', 'member'] as const)(
    "gives the %s the organization's details, first members and statistics, as the separate endpoints do",
    async (role) => {
      const token = people[role].access
      const dashboard = await get('/dashboard/', token, DEMO)
      expect(dashboard.status).toBe(200)
      inContract(DashboardSchema, dashboard.body)
      const [organization, members, statistics] = await Promise.all([
        get(`/organizations/${DEMO}/`, token),
        get(`/organizations/${DEMO}/members/`, token),
        get('/documents/statistics/', token, DEMO),
      ])
      expect(dashboard.body.organization).toEqual(organization.body)
      expect(dashboard.body.organization).toMatchObject({ slug: DEMO, role, members_count: members.body.length })
      expect(dashboard.body.members).toEqual(members.body.slice(0, 5))
      expect(dashboard.body.statistics).toEqual(statistics.body)
    },
  )

  it('answers 404 for an organization the caller does not belong to, and shows none of its data', async () => {
    const refused = await api.request('/dashboard/', { token: people.outsider.access, org: DEMO })
    expect(refused.status).toBe(404)
    const text = await refused.text()
    for (const secret of ['Demo Advisory Group', 'admin@demo.example.com']) expect(text).not.toContain(secret)
  })

  it('shows a caller without an X-Organization header their own first organization', async () => {
    const own = await get('/dashboard/', people.outsider.access)
    expect(own.status).toBe(200)
    expect(own.body.organization.slug).toBe(people.harbor)
    expect(own.body.members.map((member: { user: { email: string } }) => member.user.email)).not.toContain(
      'member@demo.example.com',
    )
  })

  it('asks for credentials', async () => {
    expect((await api.request('/dashboard/')).status).toBe(401)
  })
})

describe('the caller, resolved once per request scope', () => {
  const resolutions = async (run: () => Promise<unknown>) => {
    const metrics = newRequestMetrics()
    await measured(metrics, run)
    return metrics.callerResolutions
  }

  it('is resolved once for several calls that share a scope, and once per call without one', async () => {
    const token = people.member.access
    const scope: RequestScope = new Map()
    const shared = await resolutions(() =>
      Promise.all([
        api.request('/me/', { token, org: DEMO, scope }),
        api.request('/dashboard/', { token, org: DEMO, scope }),
        api.request('/documents/', { token, org: DEMO, scope }),
      ]),
    )
    const apart = await resolutions(() =>
      Promise.all([api.request('/me/', { token, org: DEMO }), api.request('/dashboard/', { token, org: DEMO })]),
    )
    expect([shared, apart]).toEqual([1, 2])
  })

  it('does not remember a refusal: a token refused once is checked again', async () => {
    const scope: RequestScope = new Map()
    expect((await api.request('/me/', { token: 'not-a-token', scope })).status).toBe(401)
    expect(scope.size).toBe(0)
  })

  it("keeps one caller's resolution from another's within a scope", async () => {
    const scope: RequestScope = new Map()
    const mine = await (await api.request('/me/', { token: people.member.access, scope })).json()
    const theirs = await (await api.request('/me/', { token: people.outsider.access, scope })).json()
    expect([mine.username, theirs.username]).toEqual(['member', 'olivia'])
  })
})
