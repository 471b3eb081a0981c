import { afterAll, beforeAll, describe, expect, it } from 'vitest'

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
    const mine = await (await api.request('/users/my-organizations/', { token: outsiders.analyst.access })).json()
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
    const members = await (await api.request(`/organizations/${A}/members/`, { token: memberA.access })).json()
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
