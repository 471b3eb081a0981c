import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { users } from '../../api/db/schema'
import { type Harness, registerThroughInvitation, type Session, signIn, startApi } from './support/harness'

const DEMO = 'demo-advisory-group'
let api: Harness

beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

async function call(path: string, token: string, init: { method?: string; json?: unknown; org?: string } = {}) {
  const response = await api.request(path, { token, ...init })
  return { status: response.status, body: await response.json().catch(() => null) }
}

const choose = (session: Session, slug: unknown) =>
  call('/me/organization/', session.access, { method: 'PUT', json: { slug } })

async function newOrganization(session: Session, name: string) {
  const created = await call('/organizations/', session.access, { method: 'POST', json: { name } })
  expect(created.status).toBe(201)
  return created.body.slug as string
}

describe('the organizations a user works in', () => {
  it("lists the caller's organizations on /me/, the current one first, with their roles", async () => {
    const analyst = await signIn(api, 'analyst')
    const me = await call('/me/', analyst.access)
    expect(me.body.organizations).toEqual([{ name: 'Demo Advisory Group', slug: DEMO, role: 'analyst' }])
    expect(me.body.organizations_listed).toBe(true)
  })

  it('remembers the chosen organization for the next sign-in, on any device', async () => {
    const admin = await signIn(api, 'admin')
    const other = await newOrganization(admin, 'Remembered Ventures')
    // Creating one is not choosing it: a client says which it works in.
    expect((await signIn(api, 'admin')).user.organization).toMatchObject({ slug: DEMO })

    const chosen = await choose(admin, DEMO)
    expect(chosen.status).toBe(200)
    expect(chosen.body.organization.slug).toBe(DEMO)
    expect(chosen.body.organizations.map((organization: { slug: string }) => organization.slug)).toEqual([DEMO, other])

    const elsewhere = await signIn(api, 'admin')
    expect(elsewhere.user.organization).toMatchObject({ slug: DEMO })
    // A call without X-Organization acts in the remembered organization too.
    expect((await call('/dashboard/', elsewhere.access)).body.organization.slug).toBe(DEMO)
    // The header still names another organization for this call only.
    expect((await call('/me/', elsewhere.access, { org: other })).body.organization.slug).toBe(other)

    await choose(admin, other)
    expect((await signIn(api, 'admin')).user.organization).toMatchObject({ slug: other })
    await choose(admin, DEMO)
  })

  it("refuses another organization's slug as if it did not exist, and remembers nothing", async () => {
    const admin = await signIn(api, 'admin')
    const outsider = await registerThroughInvitation(api, admin, await newOrganization(admin, 'Closed Harbor'), {
      email: 'kim@closed-harbor.example',
      username: 'kim',
    })
    await choose(admin, DEMO)
    const refused = await choose(outsider, DEMO)
    expect(refused.status).toBe(404)
    expect(JSON.stringify(refused.body)).not.toContain('Demo Advisory Group')
    expect((await call('/me/', outsider.access)).body.organizations).toEqual([
      { name: 'Closed Harbor', slug: expect.any(String), role: 'member' },
    ])
    expect((await signIn(api, 'kim', 'a-long-password-1')).user.organization).toMatchObject({ name: 'Closed Harbor' })
  })

  it.each([
    ['no slug', {}],
    ['an empty slug', { slug: '' }],
    ['a number', { slug: 42 }],
    ['an unknown field', { slug: DEMO, extra: true }],
  ])('answers 400 with a message for %s, and changes nothing', async (_case, body) => {
    const admin = await signIn(api, 'admin')
    await choose(admin, DEMO)
    const response = await call('/me/organization/', admin.access, { method: 'PUT', json: body })
    expect(response.status).toBe(400)
    expect(Object.values(response.body).flat().join(' ')).toMatch(/\w/)
    expect((await signIn(api, 'admin')).user.organization).toMatchObject({ slug: DEMO })
  })

  it('answers 400 for malformed JSON and 401 without credentials', async () => {
    const admin = await signIn(api, 'admin')
    const malformed = await api.request('/me/organization/', {
      method: 'PUT',
      token: admin.access,
      body: '{"slug":',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    expect((await api.request('/me/organization/', { method: 'PUT', json: { slug: DEMO } })).status).toBe(401)
  })
})

describe('pending invitations on /me/', () => {
  it('counts open invitations to a proven address only, and drops them once answered', async () => {
    const admin = await signIn(api, 'admin')
    const member = await signIn(api, 'member')
    const pending = async () => (await call('/me/', member.access)).body.pending_invitations
    expect(await pending()).toBe(0)
    const slug = await newOrganization(admin, 'Inviting Partners')
    const invited = await call(`/organizations/${slug}/invite/`, admin.access, {
      method: 'POST',
      json: { email: 'MEMBER@demo.example.com', role: 'analyst' },
    })
    expect(invited.status).toBe(201)
    expect(await pending()).toBe(1)

    // An address not proven theirs is only a claim: it is shown no invitation.
    await api.db.update(users).set({ emailVerified: false }).where(eq(users.username, 'member'))
    expect(await pending()).toBe(0)
    await api.db.update(users).set({ emailVerified: true }).where(eq(users.username, 'member'))

    const [invitation] = (await call('/users/invitations/', member.access)).body
    expect((await call(`/users/invitations/${invitation.id}/decline/`, member.access, { method: 'POST' })).status).toBe(
      200,
    )
    expect(await pending()).toBe(0)
    await choose(admin, DEMO)
  })
})
