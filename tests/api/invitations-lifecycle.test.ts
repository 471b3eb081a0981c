import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { invitations } from '../../api/db/schema'
import { InvitationPreviewSchema, InvitationSchema, SignedUpSchema } from '../../api/invitations/contract'
import { inContract } from './support/contract'
import {
  type Harness,
  invitationToken,
  registerThroughInvitation,
  type Session,
  signIn,
  startApi,
} from './support/harness'

const A = 'demo-advisory-group'
let api: Harness
let admin: Session
let member: Session
let slugB: string
/** Someone with an account who belongs to organization B only. */
let carol: Session

beforeAll(async () => {
  api = await startApi()
  admin = await signIn(api, 'admin')
  member = await signIn(api, 'member')
  slugB = (
    await (
      await api.request('/organizations/', { method: 'POST', token: admin.access, json: { name: 'Harbor Capital' } })
    ).json()
  ).slug
  carol = await registerThroughInvitation(api, admin, slugB, {
    email: 'carol@harbor.example',
    username: 'carol',
    role: 'member',
  })
})
afterAll(() => api.close())

async function invite(email: string, role: string, slug = A) {
  const before = api.outbox().length
  const response = await api.request(`/organizations/${slug}/invite/`, {
    method: 'POST',
    token: admin.access,
    json: { email, role },
  })
  expect(response.status).toBe(201)
  return { invitation: await response.json(), mails: api.outbox().slice(before) }
}

const myInvitations = async (session: Session) =>
  inContract(
    z.array(InvitationSchema),
    await (await api.request('/users/invitations/', { token: session.access })).json(),
  )
const rolesIn = async (session: Session, slug: string) =>
  (
    (await (await api.request('/users/my-organizations/', { token: session.access })).json()) as Array<{
      slug: string
      role: string
    }>
  ).find((organization) => organization.slug === slug)?.role

describe('invitation lifecycle', () => {
  it('sends an e-mail with a link; a new person creates an account there and joins with the offered role', async () => {
    const { invitation, mails } = await invite('dan@newco.example', 'analyst')
    expect(invitation).toMatchObject({
      email: 'dan@newco.example',
      role: 'analyst',
      role_display: 'Analyst',
      status_display: 'Pending',
    })
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain('To: dan@newco.example')
    const token = invitationToken(mails[0]!)
    const preview = inContract(
      InvitationPreviewSchema,
      await (await api.request(`/invitations/token/${token}/`)).json(),
    )
    expect(preview).toMatchObject({
      email: 'dan@newco.example',
      organization: expect.objectContaining({ name: 'Demo Advisory Group' }),
    })

    const accepted = await api.request(`/invitations/token/${token}/accept/`, {
      method: 'POST',
      json: { username: 'dan', password: 'a-long-password-1' },
    })
    expect(accepted.status).toBe(201)
    inContract(SignedUpSchema, await accepted.json())
    const dan = await signIn(api, 'dan', 'a-long-password-1')
    expect(await rolesIn(dan, A)).toBe('analyst')
    const reused = await api.request(`/invitations/token/${token}/accept/`, {
      method: 'POST',
      json: { username: 'dan2', password: 'a-long-password-1' },
    })
    expect(reused.status).toBe(400)
    expect(
      (
        await api.request('/token/obtain/', {
          method: 'POST',
          json: { username: 'dan2', password: 'a-long-password-1' },
        })
      ).status,
    ).toBe(401)
  })

  it('stores the first and last name given with the new account, trimmed, and shows the member by name', async () => {
    const { mails } = await invite('kim@newco.example', 'member')
    const token = invitationToken(mails[0]!)
    const tooLong = await api.request(`/invitations/token/${token}/accept/`, {
      method: 'POST',
      json: { username: 'kim', password: 'a-long-password-1', first_name: 'K'.repeat(151) },
    })
    expect(tooLong.status).toBe(400)
    expect(await tooLong.json()).toEqual({ first_name: ['Ensure this field has no more than 150 characters.'] })

    const accepted = await api.request(`/invitations/token/${token}/accept/`, {
      method: 'POST',
      json: { username: 'kim', password: 'a-long-password-1', first_name: '  Kim ', last_name: ' Larsen  ' },
    })
    expect(accepted.status).toBe(201)
    expect((await accepted.json()).user).toMatchObject({ first_name: 'Kim', last_name: 'Larsen' })
    const members = (await (
      await api.request(`/organizations/${A}/members/`, { token: admin.access })
    ).json()) as Array<{
      user: { email: string; first_name: string; last_name: string }
    }>
    expect(members.find((row) => row.user.email === 'kim@newco.example')?.user).toMatchObject({
      first_name: 'Kim',
      last_name: 'Larsen',
    })
  })

  it('shows an existing user the invitation, who accepts it and gets the role', async () => {
    const { invitation } = await invite('carol@harbor.example', 'admin')
    const pending = await myInvitations(carol)
    expect(pending).toEqual([
      expect.objectContaining({
        id: invitation.id,
        role: 'admin',
        organization: expect.objectContaining({ name: 'Demo Advisory Group' }),
      }),
    ])
    const accepted = await api.request(`/users/invitations/${invitation.id}/accept/`, {
      method: 'POST',
      token: carol.access,
    })
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toMatchObject({ detail: 'You have joined Demo Advisory Group', role: 'admin' })
    expect(await rolesIn(carol, A)).toBe('admin')
    expect(await myInvitations(carol)).toEqual([])
    const again = await api.request(`/users/invitations/${invitation.id}/accept/`, {
      method: 'POST',
      token: carol.access,
    })
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({ detail: 'This invitation has already been accepted.' })
  })

  it('declines: the invitation closes and no membership is made', async () => {
    const erin = await registerThroughInvitation(api, admin, slugB, { email: 'erin@harbor.example', username: 'erin' })
    const { invitation } = await invite('erin@harbor.example', 'member')
    const declined = await api.request(`/users/invitations/${invitation.id}/decline/`, {
      method: 'POST',
      token: erin.access,
    })
    expect(await declined.json()).toEqual({ detail: 'Invitation declined' })
    expect(await rolesIn(erin, A)).toBeUndefined()
    expect(await myInvitations(erin)).toEqual([])
    const list = await (await api.request(`/organizations/${A}/invitations/`, { token: admin.access })).json()
    expect(list.find((row: { id: number }) => row.id === invitation.id)).toBeUndefined()
  })

  it('resends with a new link; the old link stops working', async () => {
    const { invitation, mails } = await invite('fay@newco.example', 'member')
    const oldToken = invitationToken(mails[0]!)
    const before = api.outbox().length
    const resent = await api.request(`/users/invitations/${invitation.id}/resend/`, {
      method: 'POST',
      token: admin.access,
    })
    expect(resent.status).toBe(200)
    const newMails = api.outbox().slice(before)
    expect(newMails).toHaveLength(1)
    const newToken = invitationToken(newMails[0]!)
    expect(newToken).not.toBe(oldToken)
    expect((await api.request(`/invitations/token/${oldToken}/`)).status).toBe(404)
    expect((await api.request(`/invitations/token/${newToken}/`)).status).toBe(200)
  })

  it('expires: an invitation past its time can no longer be accepted', async () => {
    const gus = await registerThroughInvitation(api, admin, slugB, { email: 'gus@harbor.example', username: 'gus' })
    const { invitation, mails } = await invite('gus@harbor.example', 'analyst')
    await api.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, invitation.id))
    expect(await myInvitations(gus)).toEqual([])
    const accepted = await api.request(`/users/invitations/${invitation.id}/accept/`, {
      method: 'POST',
      token: gus.access,
    })
    expect(accepted.status).toBe(400)
    expect(await accepted.json()).toEqual({ detail: 'This invitation has expired.' })
    const byLink = await api.request(`/invitations/token/${invitationToken(mails[0]!)}/accept/`, {
      method: 'POST',
      json: { username: 'gus2', password: 'a-long-password-1' },
    })
    expect(byLink.status).toBe(400)
    expect(await rolesIn(gus, A)).toBeUndefined()
  })

  it('expires after INVITATION_TTL_DAYS', async () => {
    const before = Date.now()
    const { invitation } = await invite('hal@newco.example', 'member')
    const [row] = await api.db.select().from(invitations).where(eq(invitations.id, invitation.id))
    const days = (row!.expiresAt.getTime() - before) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThan(7.01)
  })

  it('lets nobody accept or decline an invitation addressed to someone else', async () => {
    const { invitation } = await invite('ivy@newco.example', 'admin')
    for (const session of [member, carol]) {
      for (const action of ['accept', 'decline']) {
        const response = await api.request(`/users/invitations/${invitation.id}/${action}/`, {
          method: 'POST',
          token: session.access,
        })
        expect(response.status).toBe(404)
      }
    }
    const [row] = await api.db.select().from(invitations).where(eq(invitations.id, invitation.id))
    expect(row!.status).toBe('pending')
  })

  it('refuses a duplicate pending invitation and an invitation to an existing member', async () => {
    await invite('jay@newco.example', 'member')
    const duplicate = await api.request(`/organizations/${A}/invite/`, {
      method: 'POST',
      token: admin.access,
      json: { email: 'JAY@newco.example' },
    })
    expect(await duplicate.json()).toEqual({ email: ['An invitation to this e-mail address is already pending.'] })
    const existing = await api.request(`/organizations/${A}/invite/`, {
      method: 'POST',
      token: admin.access,
      json: { email: 'member@demo.example.com' },
    })
    expect(await existing.json()).toEqual({ email: ['This person is already a member of the organization.'] })
    const invalid = await api.request(`/organizations/${A}/invite/`, {
      method: 'POST',
      token: admin.access,
      json: { email: 'not-an-email' },
    })
    expect(await invalid.json()).toEqual({ email: ['Please enter a valid email address'] })
  })
})
