import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { users } from '../../api/db/schema'
import { type Harness, registerThroughInvitation, type Session, signIn, startApi } from './support/harness'

const A = 'demo-advisory-group'
const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing'
let api: Harness
let admin: Session

beforeAll(async () => {
  api = await startApi()
  admin = await signIn(api, 'admin')
})
afterAll(() => api.close())

const me = (token: string) => api.request('/me/', { token })
const documentsOfA = (token: string) => api.request('/documents/', { token, org: A })

describe('sessions end when they should', () => {
  it('refuses the access token right after sign-out', async () => {
    const session = await signIn(api, 'analyst')
    expect((await me(session.access)).status).toBe(200)
    await api.request('/token/revoke/', { method: 'POST', json: { refresh: session.refresh } })
    const refused = await me(session.access)
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({
      detail: 'This session has ended. Please sign in again.',
      code: 'token_not_valid',
    })
    expect((await documentsOfA(session.access)).status).toBe(401)
  })

  it('refuses a removed member at once, and a demoted admin the admin calls', async () => {
    const eve = await registerThroughInvitation(api, admin, A, {
      email: 'eve@demo.example',
      username: 'eve',
      role: 'admin',
    })
    expect((await api.request(`/organizations/${A}/invitations/`, { token: eve.access })).status).toBe(200)
    await api.request(`/organizations/${A}/update_member_role/`, {
      method: 'POST',
      token: admin.access,
      json: { user_id: eve.user.id, role: 'member' },
    })
    expect((await api.request(`/organizations/${A}/invitations/`, { token: eve.access })).status).toBe(403)
    await api.request(`/organizations/${A}/remove_member/`, {
      method: 'POST',
      token: admin.access,
      json: { user_id: eve.user.id },
    })
    expect((await documentsOfA(eve.access)).status).toBe(404)
    expect((await api.request(`/organizations/${A}/`, { token: eve.access })).status).toBe(404)
  })

  it('refuses a deactivated account on its next request, and its refresh', async () => {
    const frank = await registerThroughInvitation(api, admin, A, { email: 'frank@demo.example', username: 'frank' })
    expect((await me(frank.access)).status).toBe(200)
    await api.db.update(users).set({ isActive: false }).where(eq(users.id, frank.user.id))
    expect((await me(frank.access)).status).toBe(401)
    expect((await documentsOfA(frank.access)).status).toBe(401)
    expect((await api.request('/token/refresh/', { method: 'POST', json: { refresh: frank.refresh } })).status).toBe(
      401,
    )
  })

  it('refuses an access token without an expiry, even one signed with our key', async () => {
    const session = await signIn(api, 'member')
    const claims = JSON.parse(Buffer.from(session.access.split('.')[1]!, 'base64url').toString())
    const key = new TextEncoder().encode(JWT_SECRET)
    const forever = await new SignJWT({ fam: claims.fam, token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .sign(key)
    expect((await me(forever)).status).toBe(401)
    // The same claims with an expiry pass, so it is the missing expiry that was refused.
    const bounded = await new SignJWT({ fam: claims.fam, token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(key)
    expect((await me(bounded)).status).toBe(200)
  })

  it("refuses an access token that names another session than its user's", async () => {
    const member = await signIn(api, 'member')
    const analyst = await signIn(api, 'analyst')
    const claims = JSON.parse(Buffer.from(analyst.access.split('.')[1]!, 'base64url').toString())
    const memberFamily = JSON.parse(Buffer.from(member.access.split('.')[1]!, 'base64url').toString()).fam
    const mixed = await new SignJWT({ fam: memberFamily, token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode(JWT_SECRET))
    expect((await me(mixed)).status).toBe(401)
  })
})
