import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { emailConfirmations, invitations, users } from '../../api/db/schema'
import {
  type Harness,
  invitationToken,
  mailedToken,
  registerThroughInvitation,
  type Session,
  signIn,
  startApi,
} from './support/harness'
import { upload } from './support/uploads'

const A = 'demo-advisory-group'
let api: Harness
let admin: Session
/** An attacker with an account of their own, in organization B only. */
let mallory: Session
let documentId: number

beforeAll(async () => {
  api = await startApi()
  admin = await signIn(api, 'admin')
  const slugB = (
    await (
      await api.request('/organizations/', { method: 'POST', token: admin.access, json: { name: 'Harbor Capital' } })
    ).json()
  ).slug
  mallory = await registerThroughInvitation(api, admin, slugB, { email: 'mallory@harbor.example', username: 'mallory' })
  documentId = (
    await (
      await upload(api, admin, { name: 'Board minutes.txt', bytes: 'The sale price floor is 12 million.' }, {}, A)
    ).json()
  ).id
})
afterAll(() => api.close())

const putMe = (session: Session, json: unknown) => api.request('/me/', { method: 'PUT', token: session.access, json })
const confirm = (session: Session, token: string) =>
  api.request('/me/email/confirm/', { method: 'POST', token: session.access, json: { token } })
const mailsTo = (address: string, since: number) =>
  api
    .outbox()
    .slice(since)
    .filter((mail) => mail.includes(`To: ${address}`))
const emailOf = async (id: number) => (await api.db.select().from(users).where(eq(users.id, id)))[0]!

async function invite(email: string, role: string) {
  const response = await api.request(`/organizations/${A}/invite/`, {
    method: 'POST',
    token: admin.access,
    json: { email, role },
  })
  expect(response.status).toBe(201)
  return (await response.json()) as { id: number }
}

describe("taking over an invitation by changing one's own e-mail", () => {
  it('fails: the address is only pending, the invitation stays pending and the documents unreadable', async () => {
    const invitation = await invite('victor@demo.example', 'admin')
    const before = api.outbox().length
    const changed = await putMe(mallory, { email: 'Victor@Demo.example' })
    expect(changed.status).toBe(200)
    expect(await changed.json()).toMatchObject({
      email: 'mallory@harbor.example',
      email_verified: true,
      pending_email: 'victor@demo.example',
    })
    // The link went to the victim's mailbox, not to the attacker.
    expect(mailsTo('victor@demo.example', before)).toHaveLength(1)

    expect(await (await api.request('/users/invitations/', { token: mallory.access })).json()).toEqual([])
    expect(
      (await api.request(`/users/invitations/${invitation.id}/accept/`, { method: 'POST', token: mallory.access }))
        .status,
    ).toBe(404)
    expect(
      (await api.request(`/users/invitations/${invitation.id}/decline/`, { method: 'POST', token: mallory.access }))
        .status,
    ).toBe(404)
    expect((await api.request('/documents/', { token: mallory.access, org: A })).status).toBe(404)
    expect((await api.request(`/documents/${documentId}/`, { token: mallory.access, org: A })).status).toBe(404)
    const [stored] = await api.db.select().from(invitations).where(eq(invitations.id, invitation.id))
    expect(stored!.status).toBe('pending')
    expect((await emailOf(mallory.user.id)).email).toBe('mallory@harbor.example')
  })

  it("fails even with the victim's link: the token only works for the account that asked, signed in", async () => {
    const before = api.outbox().length
    await putMe(mallory, { email: 'wendy@demo.example' })
    const token = mailedToken(mailsTo('wendy@demo.example', before)[0]!, '/confirm-email/')
    const wrong = await confirm(admin, token)
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toEqual({ token: ['This confirmation link is not valid or has expired.'] })
    expect((await emailOf(admin.user.id)).email).toBe('admin@demo.example.com')
    expect((await api.request('/me/email/confirm/', { method: 'POST', json: { token } })).status).toBe(401)
  })
})

describe('changing the e-mail address', () => {
  it('changes it only when the link is followed, verifies it, and tells the old address', async () => {
    const nina = await registerThroughInvitation(api, admin, A, { email: 'nina@demo.example', username: 'nina' })
    const before = api.outbox().length
    await putMe(nina, { email: 'nina@newmail.example', first_name: 'Nina' })
    const mail = mailsTo('nina@newmail.example', before)
    expect(mail).toHaveLength(1)
    expect(mail[0]).toContain('Confirm your new e-mail address')
    expect((await confirm(nina, 'not-the-token')).status).toBe(400)

    const confirmed = await confirm(nina, mailedToken(mail[0]!, '/confirm-email/'))
    expect(confirmed.status).toBe(200)
    expect(await confirmed.json()).toMatchObject({
      email: 'nina@newmail.example',
      email_verified: true,
      pending_email: null,
      first_name: 'Nina',
    })
    const notice = mailsTo('nina@demo.example', before)
    expect(notice).toHaveLength(1)
    expect(notice[0]).toContain('was changed')
    expect(notice[0]).toContain('nina@newmail.example')
    // The link is spent.
    expect((await confirm(nina, mailedToken(mail[0]!, '/confirm-email/'))).status).toBe(400)
    // Sign-in by the new address works, by the old one no longer.
    expect(
      (
        await api.request('/token/obtain/', {
          method: 'POST',
          json: { username: 'nina@newmail.example', password: 'a-long-password-1' },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await api.request('/token/obtain/', {
          method: 'POST',
          json: { username: 'nina@demo.example', password: 'a-long-password-1' },
        })
      ).status,
    ).toBe(401)
  })

  it('refuses an address another account has, at the request and again at the confirmation', async () => {
    const taken = await putMe(mallory, { email: 'member@demo.example.com' })
    expect(taken.status).toBe(400)
    expect(await taken.json()).toEqual({ email: ['A user with that email already exists.'] })

    const before = api.outbox().length
    await putMe(mallory, { email: 'olga@demo.example' })
    const token = mailedToken(mailsTo('olga@demo.example', before)[0]!, '/confirm-email/')
    await registerThroughInvitation(api, admin, A, { email: 'olga@demo.example', username: 'olga' })
    const late = await confirm(mallory, token)
    expect(late.status).toBe(400)
    expect(await late.json()).toEqual({ email: ['A user with that email already exists.'] })
    expect((await emailOf(mallory.user.id)).email).toBe('mallory@harbor.example')
  })

  it('lets the owner cancel a pending change, and an expired link does nothing', async () => {
    let before = api.outbox().length
    await putMe(mallory, { email: 'later@harbor.example' })
    const cancelled = mailedToken(mailsTo('later@harbor.example', before)[0]!, '/confirm-email/')
    expect((await api.request('/me/email/', { method: 'DELETE', token: mallory.access })).status).toBe(204)
    expect(await (await api.request('/me/', { token: mallory.access })).json()).toMatchObject({ pending_email: null })
    expect((await confirm(mallory, cancelled)).status).toBe(400)

    before = api.outbox().length
    await putMe(mallory, { email: 'slow@harbor.example' })
    const expired = mailedToken(mailsTo('slow@harbor.example', before)[0]!, '/confirm-email/')
    await api.db
      .update(emailConfirmations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailConfirmations.userId, mallory.user.id))
    expect((await confirm(mallory, expired)).status).toBe(400)
    expect((await emailOf(mallory.user.id)).email).toBe('mallory@harbor.example')
  })

  it('refuses usernames with an "@", so a typed address never names another account', async () => {
    const response = await putMe(mallory, { username: 'admin@demo.example.com' })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ username: ['Enter a valid username. Letters, digits and ./+/-/_ only.'] })
  })
})

describe('an account whose e-mail is not verified', () => {
  it('sees no invitations by e-mail, but the e-mailed link works and verifies the address', async () => {
    const paul = await registerThroughInvitation(api, admin, A, { email: 'paul@demo.example', username: 'paul' })
    await api.db.update(users).set({ emailVerified: false }).where(eq(users.id, paul.user.id))
    const slugC = (
      await (
        await api.request('/organizations/', { method: 'POST', token: admin.access, json: { name: 'Cedar Partners' } })
      ).json()
    ).slug
    const before = api.outbox().length
    const sent = await api.request(`/organizations/${slugC}/invite/`, {
      method: 'POST',
      token: admin.access,
      json: { email: 'paul@demo.example', role: 'analyst' },
    })
    const invitation = await sent.json()
    expect(await (await api.request('/users/invitations/', { token: paul.access })).json()).toEqual([])
    expect(
      (await api.request(`/users/invitations/${invitation.id}/accept/`, { method: 'POST', token: paul.access })).status,
    ).toBe(404)

    const token = invitationToken(mailsTo('paul@demo.example', before)[0]!)
    const accepted = await api.request(`/invitations/token/${token}/respond/`, {
      method: 'POST',
      token: paul.access,
      json: { response: 'accept' },
    })
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toMatchObject({ organization: { slug: slugC }, role: 'analyst' })
    expect((await emailOf(paul.user.id)).emailVerified).toBe(true)
  })

  it('cannot answer an invitation link sent to another address', async () => {
    const before = api.outbox().length
    const invitation = await invite('quinn@demo.example', 'admin')
    const token = invitationToken(mailsTo('quinn@demo.example', before)[0]!)
    const refused = await api.request(`/invitations/token/${token}/respond/`, {
      method: 'POST',
      token: mallory.access,
      json: { response: 'accept' },
    })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ detail: 'This invitation was sent to another e-mail address.' })
    const [stored] = await api.db.select().from(invitations).where(eq(invitations.id, invitation.id))
    expect(stored!.status).toBe('pending')
  })

  it('confirms its current address through a link mailed to it', async () => {
    const rita = await registerThroughInvitation(api, admin, A, { email: 'rita@demo.example', username: 'rita' })
    await api.db.update(users).set({ emailVerified: false }).where(eq(users.id, rita.user.id))
    const before = api.outbox().length
    const asked = await putMe(rita, { email: 'rita@demo.example' })
    expect(await asked.json()).toMatchObject({ email_verified: false, pending_email: 'rita@demo.example' })
    const confirmed = await confirm(rita, mailedToken(mailsTo('rita@demo.example', before)[0]!, '/confirm-email/'))
    expect(await confirmed.json()).toMatchObject({ email: 'rita@demo.example', email_verified: true })
    // Nothing changed, so there is nothing to tell the old address.
    expect(
      api
        .outbox()
        .slice(before)
        .filter((mail) => mail.includes('was changed')),
    ).toEqual([])
  })
})
