import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { MemberSchema, OrganizationSchema } from '../../api/organizations/contract'
import { inContract } from './support/contract'
import { type Harness, registerThroughInvitation, type Session, signIn, startApi } from './support/harness'

const A = 'demo-advisory-group'
let api: Harness
let adminA: Session
let analystA: Session
let memberA: Session
/** People of organization B only, one per role. */
let outsiders: Record<'admin' | 'analyst' | 'member', Session>
let slugB: string
let pendingInvitationId: number

beforeAll(async () => {
  api = await startApi()
  ;[adminA, analystA, memberA] = await Promise.all(['admin', 'analyst', 'member'].map((name) => signIn(api, name)))
  const created = await api.request('/organizations/', {
    method: 'POST',
    token: adminA.access,
    json: { name: 'Harbor Capital' },
  })
  slugB = (await created.json()).slug
  const people: Array<['admin' | 'analyst' | 'member', string]> = [
    ['admin', 'bella'],
    ['analyst', 'bruno'],
    ['member', 'bianca'],
  ]
  outsiders = {} as typeof outsiders
  for (const [role, username] of people) {
    outsiders[role] = await registerThroughInvitation(api, adminA, slugB, {
      email: `${username}@harbor.example`,
      username,
      role,
    })
  }
  const invite = await api.request(`/organizations/${A}/invite/`, {
    method: 'POST',
    token: adminA.access,
    json: { email: 'pending@demo.example', role: 'analyst' },
  })
  pendingInvitationId = (await invite.json()).id
})
afterAll(() => api.close())

const SECRET_WORDS = [
  'Demo Advisory Group',
  'admin@demo.example.com',
  'member@demo.example.com',
  'pending@demo.example',
]

/** Every organization endpoint of organization A, with a body that would change something. */
const endpoints = (): Array<[string, string, unknown?]> => [
  ['GET', `/organizations/${A}/`],
  ['PATCH', `/organizations/${A}/`, { name: 'Taken over' }],
  ['DELETE', `/organizations/${A}/`],
  ['GET', `/organizations/${A}/members/`],
  ['POST', `/organizations/${A}/remove_member/`, { user_id: 3 }],
  ['POST', `/organizations/${A}/update_member_role/`, { user_id: 3, role: 'admin' }],
  ['GET', `/organizations/${A}/invitations/`],
  ['POST', `/organizations/${A}/invite/`, { email: 'intruder@example.com', role: 'admin' }],
  ['POST', `/organizations/${A}/remove_invitation/`, { invitation_id: pendingInvitationId }],
  ['POST', `/users/invitations/${pendingInvitationId}/resend/`],
  ['DELETE', `/users/invitations/${pendingInvitationId}/`],
  ['POST', '/users/invitations/', { organization: A, email: 'intruder@example.com', role: 'admin' }],
]

const ADMIN_ONLY = new Set(['PATCH', 'DELETE', 'POST'])
const isAdminOnly = (method: string, path: string) => ADMIN_ONLY.has(method) || path.endsWith('/invitations/')

async function call(session: Session, [method, path, json]: [string, string, unknown?]) {
  return api.request(path, { method, token: session.access, json })
}

async function expectUnchanged() {
  const organization = await (await api.request(`/organizations/${A}/`, { token: adminA.access })).json()
  expect(organization).toMatchObject({ name: 'Demo Advisory Group', members_count: 3 })
  const members = await (await api.request(`/organizations/${A}/members/`, { token: adminA.access })).json()
  expect(members.map((member: { role: string }) => member.role).sort()).toEqual(['admin', 'analyst', 'member'])
  const invitations = await (await api.request(`/organizations/${A}/invitations/`, { token: adminA.access })).json()
  expect(invitations.map((invitation: { email: string }) => invitation.email)).toEqual(['pending@demo.example'])
}

describe('organization endpoints and another organization', () => {
  for (const role of ['admin', 'analyst', 'member'] as const) {
    it(`answers 404 to organization B's ${role} on every endpoint of A, and leaks nothing`, async () => {
      for (const endpoint of endpoints()) {
        const response = await call(outsiders[role], endpoint)
        expect(response.status, `${endpoint[0]} ${endpoint[1]}`).toBe(404)
        const body = await response.text()
        for (const word of SECRET_WORDS) expect(body).not.toContain(word)
      }
      const statistics = await api.request('/documents/statistics/', { token: outsiders[role].access, org: A })
      expect(statistics.status).toBe(404)
      await expectUnchanged()
    })
  }

  it('answers 404 for an organization that does not exist', async () => {
    expect((await api.request('/organizations/no-such-org/', { token: adminA.access })).status).toBe(404)
    expect((await api.request('/organizations/no-such-org/members/', { token: adminA.access })).status).toBe(404)
  })

  it('lists only the caller’s organizations, with counts and role', async () => {
    const mine = inContract(
      z.array(OrganizationSchema),
      await (await api.request('/users/my-organizations/', { token: outsiders.analyst.access })).json(),
    )
    expect(mine).toEqual([expect.objectContaining({ slug: slugB, name: 'Harbor Capital', members_count: 4 })])
    expect(JSON.stringify(mine)).not.toContain('Demo Advisory Group')
    const admins = await (await api.request('/users/my-organizations/', { token: adminA.access })).json()
    expect(admins.map((organization: { slug: string }) => organization.slug).sort()).toEqual([A, slugB].sort())
  })
})

describe('roles inside an organization', () => {
  for (const [label, session] of [
    ['member', () => memberA],
    ['analyst', () => analystA],
  ] as const) {
    it(`refuses every admin-only call to a ${label} with 403 and changes nothing`, async () => {
      for (const endpoint of endpoints()) {
        const response = await call(session(), endpoint)
        if (isAdminOnly(endpoint[0], endpoint[1])) {
          expect(response.status, `${endpoint[0]} ${endpoint[1]}`).toBe(403)
          expect(await response.json()).toEqual({ detail: 'You do not have permission to perform this action.' })
        } else {
          expect(response.status, `${endpoint[0]} ${endpoint[1]}`).toBe(200)
        }
      }
      await expectUnchanged()
    })
  }

  it('lets members read the organization and its members with role fields', async () => {
    const members = inContract(
      z.array(MemberSchema),
      await (await api.request(`/organizations/${A}/members/`, { token: memberA.access })).json(),
    )
    expect(members).toContainEqual(
      expect.objectContaining({
        role: 'admin',
        role_display: 'Administrator',
        user: expect.objectContaining({ email: 'admin@demo.example.com' }),
      }),
    )
  })
})

describe('the last admin', () => {
  it('cannot be demoted or removed until another admin exists', async () => {
    const team = await api.request('/organizations/', {
      method: 'POST',
      token: outsiders.member.access,
      json: { name: 'Solo Shop' },
    })
    const slug = (await team.json()).slug
    const owner = outsiders.member
    const ownerId = owner.user.id
    const demote = await api.request(`/organizations/${slug}/update_member_role/`, {
      method: 'POST',
      token: owner.access,
      json: { user_id: ownerId, role: 'member' },
    })
    expect(demote.status).toBe(400)
    expect(await demote.json()).toEqual({
      detail: 'An organization needs at least one admin: make another member admin first.',
    })
    const remove = await api.request(`/organizations/${slug}/remove_member/`, {
      method: 'POST',
      token: owner.access,
      json: { user_id: ownerId },
    })
    expect(remove.status).toBe(400)

    const partner = await registerThroughInvitation(api, owner, slug, {
      email: 'partner@solo.example',
      username: 'partner',
      role: 'member',
    })
    const promote = await api.request(`/organizations/${slug}/update_member_role/`, {
      method: 'POST',
      token: owner.access,
      json: { user_id: partner.user.id, role: 'admin' },
    })
    expect(promote.status).toBe(200)
    const nowDemote = await api.request(`/organizations/${slug}/update_member_role/`, {
      method: 'POST',
      token: owner.access,
      json: { user_id: ownerId, role: 'member' },
    })
    expect(nowDemote.status).toBe(200)
    expect((await nowDemote.json()).role).toBe('member')
  })
})

describe('creating and editing', () => {
  it('makes the creator admin, gives distinct slugs to equal names, and refuses an empty name', async () => {
    const first = await (
      await api.request('/organizations/', { method: 'POST', token: analystA.access, json: { name: 'Twin Holdings' } })
    ).json()
    const second = await (
      await api.request('/organizations/', { method: 'POST', token: analystA.access, json: { name: 'Twin Holdings' } })
    ).json()
    expect(first.slug).not.toBe(second.slug)
    const members = await (
      await api.request(`/organizations/${first.slug}/members/`, { token: analystA.access })
    ).json()
    expect(members).toEqual([expect.objectContaining({ role: 'admin' })])
    const empty = await api.request('/organizations/', {
      method: 'POST',
      token: analystA.access,
      json: { name: '   ' },
    })
    expect(empty.status).toBe(400)
    expect(await empty.json()).toEqual({ name: ['Organization name is required'] })
  })

  it('answers 400 to malformed JSON and wrong types, changing nothing', async () => {
    const malformed = await api.request(`/organizations/${A}/`, {
      method: 'PATCH',
      token: adminA.access,
      body: '{"name": ',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    const wrong = await api.request(`/organizations/${A}/update_member_role/`, {
      method: 'POST',
      token: adminA.access,
      json: { user_id: 'x', role: 'owner' },
    })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toEqual({
      user_id: ['A valid user id is required.'],
      role: ['Choose one of admin, analyst or member.'],
    })
    await expectUnchanged()
  })
})

describe('organizations a user may create in a day', () => {
  let limited: Harness
  beforeAll(async () => {
    limited = await startApi({ ORGANIZATIONS_PER_USER_PER_DAY: '3' })
  })
  afterAll(() => limited.close())

  const create = (session: Session, name: string) =>
    limited.request('/organizations/', { method: 'POST', token: session.access, json: { name } })
  const mine = async (session: Session) =>
    (
      (await (await limited.request('/users/my-organizations/', { token: session.access })).json()) as Array<{
        name: string
      }>
    ).map((organization) => organization.name)

  it('refuses the one past the allowance with 429, Retry-After and when to try again; deleting one gives none back', async () => {
    const [admin, analyst] = await Promise.all([signIn(limited, 'admin'), signIn(limited, 'analyst')])
    const slugs: string[] = []
    for (const name of ['Harbor One', 'Harbor Two', 'Harbor Three']) {
      const created = await create(admin, name)
      expect(created.status).toBe(201)
      slugs.push((await created.json()).slug)
      // The first an hour before the others.
      if (name === 'Harbor One') limited.clock.advance(60 * 60)
    }
    expect(
      (await limited.request(`/organizations/${slugs[0]}/`, { method: 'DELETE', token: admin.access })).status,
    ).toBe(204)

    const refused = await create(admin, 'Harbor Four')
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({
      detail:
        'You have created 3 organizations in the last 24 hours, the most allowed. You can create another in 23 hours.',
    })
    // When the first creation leaves the day: 23 hours less the moments the test took since.
    const retryAfter = Number(refused.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(22 * 60 * 60)
    expect(retryAfter).toBeLessThanOrEqual(23 * 60 * 60)
    expect(await mine(admin)).toEqual(['Demo Advisory Group', 'Harbor Two', 'Harbor Three'])

    // The allowance is each user's, whatever organizations they belong to.
    expect((await create(analyst, 'Analyst Holdings')).status).toBe(201)

    // Once the first creation is a day old, one more may be made, and only one until the next is.
    limited.clock.advance(retryAfter)
    const later = await signIn(limited, 'admin')
    expect((await create(later, 'Harbor Four')).status).toBe(201)
    const again = await create(later, 'Harbor Five')
    expect(again.status).toBe(429)
    expect((await again.json()).detail).toMatch(/You can create another in (1 hour|\d+ minutes)\.$/)
  })

  it('lets no burst of requests sent together past the allowance', async () => {
    const member = await signIn(limited, 'member')
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => create(member, `Burst ${index + 1}`)))
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429])
    expect(await mine(member)).toHaveLength(4)
  })
})
