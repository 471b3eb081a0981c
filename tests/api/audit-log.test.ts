import { eq, gt } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { AuditPageSchema } from '../../api/audit/contract'
import { auditEvents, organizations, users } from '../../api/db/schema'
import { inContract } from './support/contract'
import {
  demoAndHarbor,
  type Harness,
  mailedToken,
  registerThroughInvitation,
  type Session,
  startApi,
} from './support/harness'
import { upload } from './support/uploads'

const A = 'demo-advisory-group'
let api: Harness
let adminA: Session
let analystA: Session
let memberA: Session
/** Admin of organization B only. */
let adminB: Session
let slugB: string
let idA: number
let idB: number

interface EventPayload {
  id: number
  action: string
  actor: { id: number | null; name: string; email: string }
  target: string
  details: Record<string, unknown>
  created_at: string
}
interface LogPage {
  count: number
  next: string | null
  previous: string | null
  results: EventPayload[]
}

const organizationId = async (slug: string) =>
  (await api.db.select().from(organizations).where(eq(organizations.slug, slug)))[0]!.id

beforeAll(async () => {
  // Each action below moves the clock an hour on: the sessions of the test must outlive that.
  api = await startApi({ ACCESS_TOKEN_TTL_SECONDS: String(7 * 24 * 60 * 60) })
  ;({
    admin: adminA,
    analyst: analystA,
    member: memberA,
    outsider: adminB,
    harbor: slugB,
  } = await demoAndHarbor(api, { outsiderRole: 'admin' }))
  idA = await organizationId(A)
  idB = await organizationId(slugB)
})
afterAll(() => api.close())

/** The highest event id so far, so a test sees only what its action wrote. */
const lastEventId = async () =>
  (await api.db.select({ id: auditEvents.id }).from(auditEvents)).reduce((max, row) => Math.max(max, row.id), 0)

/**
 * Runs `action` with the backend's clock moved an hour on (so an event's time is provably the clock's),
 * and answers every event written meanwhile, in any organization, with the clock's time before and after.
 */
async function eventsOf(action: () => Promise<unknown>) {
  const since = await lastEventId()
  api.clock.advance(60 * 60)
  const before = api.clock.now().getTime()
  await action()
  const after = api.clock.now().getTime()
  const rows = await api.db.select().from(auditEvents).where(gt(auditEvents.id, since)).orderBy(auditEvents.id)
  return { rows, before, after }
}

async function expectOneEvent(
  action: () => Promise<unknown>,
  expected: {
    organizationId: number
    actor: Session
    action: string
    target: string
    details?: Record<string, unknown>
  },
) {
  const { rows, before, after } = await eventsOf(action)
  expect(rows).toHaveLength(1)
  const [event] = rows
  const [actor] = await api.db.select().from(users).where(eq(users.id, expected.actor.user.id))
  expect(event).toMatchObject({
    organizationId: expected.organizationId,
    actorId: actor!.id,
    actorEmail: actor!.email,
    action: expected.action,
    target: expected.target,
  })
  expect(event!.actorName).toBe([actor!.firstName, actor!.lastName].filter(Boolean).join(' ') || actor!.username)
  if (expected.details) expect(event!.details).toEqual(expected.details)
  expect(event!.createdAt.getTime()).toBeGreaterThanOrEqual(before)
  expect(event!.createdAt.getTime()).toBeLessThanOrEqual(after)
  return event!
}

async function expectNoEvent(action: () => Promise<unknown>) {
  const { rows } = await eventsOf(action)
  expect(rows).toEqual([])
}

async function call(session: Session | null, method: string, path: string, json?: unknown, status = 200) {
  const response = await api.request(path, { method, token: session?.access, json })
  expect(response.status, await response.clone().text()).toBe(status)
  return response.status === 204 ? null : response.json()
}

const TEMPLATE = {
  name: 'Buyer Readiness Review',
  phaseId: 'phase-2',
  sections: [{ title: 'Financial quality', suggestedQuestions: ['Are the accounts audited?'], timeAllocation: 25 }],
}
const MEETING = {
  title: 'Succession planning',
  date: '2026-12-01T15:00:00Z',
  duration: 60,
  participants: [{ name: 'Helen Park', role: 'client' }],
}

const inviteToA = (email: string, role = 'member', status = 201) =>
  call(adminA, 'POST', `/organizations/${A}/invite/`, { email, role }, status)

const joinA = (email: string, username: string, role = 'member') =>
  registerThroughInvitation(api, adminA, A, { email, username, role })

describe('each administrative action writes one event with who, what and when', () => {
  it('an invitation, from the organization page or the invitations API, names the invitee and the role', async () => {
    let invitation: { id: number } | undefined
    await expectOneEvent(
      async () => {
        invitation = await inviteToA('nina@newco.example', 'analyst')
      },
      { organizationId: idA, actor: adminA, action: 'member.invited', target: 'nina@newco.example' },
    ).then((event) => expect(event.details).toEqual({ invitation_id: invitation!.id, role: 'analyst' }))
    await expectOneEvent(
      () =>
        call(
          adminA,
          'POST',
          '/users/invitations/',
          { organization: A, email: 'omar@newco.example', role: 'admin' },
          201,
        ),
      { organizationId: idA, actor: adminA, action: 'member.invited', target: 'omar@newco.example' },
    )
  })

  it('resending and cancelling an invitation name the invitee', async () => {
    const invitation = (await inviteToA('paula@newco.example', 'member')) as { id: number }
    await expectOneEvent(() => call(adminA, 'POST', `/users/invitations/${invitation.id}/resend/`), {
      organizationId: idA,
      actor: adminA,
      action: 'invitation.resent',
      target: 'paula@newco.example',
      details: { invitation_id: invitation.id, role: 'member' },
    })
    await expectOneEvent(
      () => call(adminA, 'POST', `/organizations/${A}/remove_invitation/`, { invitation_id: invitation.id }),
      {
        organizationId: idA,
        actor: adminA,
        action: 'invitation.revoked',
        target: 'paula@newco.example',
        details: { invitation_id: invitation.id, role: 'member', status: 'pending' },
      },
    )
    const other = (await inviteToA('quinn@newco.example', 'analyst')) as { id: number }
    await expectOneEvent(() => call(adminA, 'DELETE', `/users/invitations/${other.id}/`, undefined, 204), {
      organizationId: idA,
      actor: adminA,
      action: 'invitation.revoked',
      target: 'quinn@newco.example',
    })
  })

  it('a role change names the member and both roles; the same role again changes and logs nothing', async () => {
    const rita = await joinA('rita@newco.example', 'rita')
    await api.db.update(users).set({ firstName: 'Rita', lastName: 'Ray' }).where(eq(users.id, rita.user.id))
    await expectOneEvent(
      () => call(adminA, 'POST', `/organizations/${A}/update_member_role/`, { user_id: rita.user.id, role: 'analyst' }),
      {
        organizationId: idA,
        actor: adminA,
        action: 'member.role_changed',
        target: 'Rita Ray',
        details: { user_id: rita.user.id, email: 'rita@newco.example', from: 'member', to: 'analyst' },
      },
    )
    await expectNoEvent(() =>
      call(adminA, 'POST', `/organizations/${A}/update_member_role/`, { user_id: rita.user.id, role: 'analyst' }),
    )
  })

  it('a removal names the member (by username when they gave no name) and the role they had', async () => {
    const sven = await joinA('sven@newco.example', 'sven', 'analyst')
    await expectOneEvent(() => call(adminA, 'POST', `/organizations/${A}/remove_member/`, { user_id: sven.user.id }), {
      organizationId: idA,
      actor: adminA,
      action: 'member.removed',
      target: 'sven',
      details: { user_id: sven.user.id, email: 'sven@newco.example', role: 'analyst' },
    })
  })

  it('an edit of the organization lists the fields that changed, from and to; an edit that changes nothing logs nothing', async () => {
    const { website } = (await call(adminA, 'GET', `/organizations/${A}/`)) as { website: string }
    await expectOneEvent(
      () =>
        call(adminA, 'PATCH', `/organizations/${A}/`, {
          name: 'Demo Advisory Group',
          website: 'https://advisory.example.com',
        }),
      {
        organizationId: idA,
        actor: adminA,
        action: 'organization.updated',
        target: 'Demo Advisory Group',
        details: { changes: { website: { from: website, to: 'https://advisory.example.com' } } },
      },
    )
    await expectNoEvent(() =>
      call(adminA, 'PATCH', `/organizations/${A}/`, { website: 'https://advisory.example.com' }),
    )
  })

  it("a deletion of an organization is kept after it, with the organization's name and slug", async () => {
    const doomed = (await call(adminA, 'POST', '/organizations/', { name: 'Short Lived LLC' }, 201)) as {
      id: number
      slug: string
    }
    await expectOneEvent(() => call(adminA, 'DELETE', `/organizations/${doomed.slug}/`, undefined, 204), {
      organizationId: doomed.id,
      actor: adminA,
      action: 'organization.deleted',
      target: 'Short Lived LLC',
      details: { slug: doomed.slug },
    })
    expect(await api.db.select().from(organizations).where(eq(organizations.id, doomed.id))).toEqual([])
    // No one is a member of it any more: its log is nobody's to read through the API.
    await call(adminA, 'GET', `/organizations/${doomed.slug}/audit/`, undefined, 404)
  })

  it('a document deletion, by an analyst too, names the document by its title', async () => {
    const response = await upload(api, analystA, { name: 'Buyer list.txt', bytes: 'Three strategic buyers.' }, {}, A)
    const document = (await response.json()) as { id: number; title: string }
    await expectOneEvent(() => call(analystA, 'DELETE', `/documents/${document.id}/`, undefined, 204), {
      organizationId: idA,
      actor: analystA,
      action: 'document.deleted',
      target: document.title,
      details: { document_id: document.id, file_name: 'Buyer list.txt', versions: 1 },
    })
  })

  it('a new organization is logged as its first event, by its creator, with its name and slug', async () => {
    const since = await lastEventId()
    const created = (await call(adminB, 'POST', '/organizations/', { name: 'Harbor Holdings' }, 201)) as {
      id: number
      slug: string
    }
    const rows = await api.db.select().from(auditEvents).where(gt(auditEvents.id, since))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      organizationId: created.id,
      actorId: adminB.user.id,
      action: 'organization.created',
      target: 'Harbor Holdings',
      details: { slug: created.slug },
    })
  })

  it('a template deletion names the template and its phase', async () => {
    const template = (await call(analystA, 'POST', '/conversation-templates/', TEMPLATE, 201)) as { id: string }
    await expectOneEvent(() => call(analystA, 'DELETE', `/conversation-templates/${template.id}/`, undefined, 204), {
      organizationId: idA,
      actor: analystA,
      action: 'template.deleted',
      target: 'Buyer Readiness Review',
      details: { template_id: template.id, phase: 'phase-2' },
    })
  })

  it('a meeting deletion names the meeting and when it was to be held', async () => {
    const meeting = (await call(analystA, 'POST', '/meetings/', MEETING, 201)) as { id: string; date: string }
    await expectOneEvent(() => call(analystA, 'DELETE', `/meetings/${meeting.id}/`, undefined, 204), {
      organizationId: idA,
      actor: analystA,
      action: 'meeting.deleted',
      target: 'Succession planning',
      details: { meeting_id: meeting.id, scheduled_at: new Date(meeting.date).toISOString() },
    })
  })

  it("a conversation deletion, by a member too, counts its messages but keeps its creator's words private", async () => {
    const conversation = (await call(memberA, 'POST', '/conversations/', { title: 'Private worries' }, 201)) as {
      id: number
    }
    await call(
      memberA,
      'POST',
      `/conversations/${conversation.id}/add_message/`,
      { content: 'Is my pension safe?' },
      201,
    )
    const event = await expectOneEvent(
      () => call(memberA, 'DELETE', `/conversations/${conversation.id}/`, undefined, 204),
      { organizationId: idA, actor: memberA, action: 'conversation.deleted', target: '' },
    )
    expect(event.details).toEqual({ conversation_id: conversation.id, messages: 2 })
    expect(JSON.stringify(event)).not.toMatch(/Private worries|pension/)
  })

  it('an e-mail change is logged in every organization of the person, with both addresses', async () => {
    const tess = await joinA('tess@newco.example', 'tess')
    // Tess joins B too, accepting while signed in (her address is verified by her first invitation).
    const invited = (await call(
      adminA,
      'POST',
      `/organizations/${slugB}/invite/`,
      { email: 'tess@newco.example', role: 'member' },
      201,
    )) as { id: number }
    await call(tess, 'POST', `/users/invitations/${invited.id}/accept/`)
    const before = api.outbox().length
    await call(tess, 'PUT', '/me/', { email: 'tess.new@newco.example' })
    const token = mailedToken(api.outbox().slice(before).join('\n'), '/confirm-email/')
    const { rows, before: start, after } = await eventsOf(() => call(tess, 'POST', '/me/email/confirm/', { token }))
    expect(rows.map((row) => row.organizationId).sort()).toEqual([idA, idB].sort())
    for (const row of rows) {
      expect(row).toMatchObject({
        actorId: tess.user.id,
        actorName: 'tess',
        actorEmail: 'tess.new@newco.example',
        action: 'user.email_changed',
        target: 'tess',
        details: { from: 'tess@newco.example', to: 'tess.new@newco.example' },
      })
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(start)
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(after)
    }
  })

  it('a password change is logged in the organization of the person, without the password', async () => {
    const uma = await joinA('uma@newco.example', 'uma')
    const event = await expectOneEvent(
      () =>
        call(uma, 'POST', '/change-password/', {
          old_password: 'a-long-password-1',
          new_password: 'another-long-password',
        }),
      { organizationId: idA, actor: uma, action: 'user.password_changed', target: 'uma', details: {} },
    )
    expect(JSON.stringify(event)).not.toContain('another-long-password')
  })
})

describe('an action that fails writes nothing', () => {
  it('refused for the role: analysts and members cannot invite, change roles, remove, edit or delete', async () => {
    for (const session of [analystA, memberA]) {
      await expectNoEvent(async () => {
        await call(session, 'POST', `/organizations/${A}/invite/`, { email: 'x@newco.example' }, 403)
        await call(session, 'POST', `/organizations/${A}/update_member_role/`, { user_id: 1, role: 'member' }, 403)
        await call(session, 'POST', `/organizations/${A}/remove_member/`, { user_id: 1 }, 403)
        await call(session, 'PATCH', `/organizations/${A}/`, { name: 'Taken over' }, 403)
        await call(session, 'DELETE', `/organizations/${A}/`, undefined, 403)
      })
    }
    const response = await upload(api, adminA, { name: 'Keep me.txt', bytes: 'Stays.' }, {}, A)
    const document = (await response.json()) as { id: number }
    const template = (await call(adminA, 'POST', '/conversation-templates/', TEMPLATE, 201)) as { id: string }
    const meeting = (await call(adminA, 'POST', '/meetings/', MEETING, 201)) as { id: string }
    await expectNoEvent(async () => {
      await call(memberA, 'DELETE', `/documents/${document.id}/`, undefined, 403)
      await call(memberA, 'DELETE', `/conversation-templates/${template.id}/`, undefined, 403)
      await call(memberA, 'DELETE', `/meetings/${meeting.id}/`, undefined, 403)
    })
  })

  it("refused outside the organization: B's admin acting on A", async () => {
    const template = (await call(adminA, 'POST', '/conversation-templates/', TEMPLATE, 201)) as { id: string }
    const meeting = (await call(adminA, 'POST', '/meetings/', MEETING, 201)) as { id: string }
    const conversation = (await call(adminA, 'POST', '/conversations/', { title: 'Mine' }, 201)) as { id: number }
    await expectNoEvent(async () => {
      await call(adminB, 'POST', `/organizations/${A}/invite/`, { email: 'y@newco.example' }, 404)
      await call(adminB, 'DELETE', `/organizations/${A}/`, undefined, 404)
      await call(adminB, 'DELETE', `/conversation-templates/${template.id}/`, undefined, 404)
      await call(adminB, 'DELETE', `/meetings/${meeting.id}/`, undefined, 404)
      await call(adminB, 'DELETE', `/conversations/${conversation.id}/`, undefined, 404)
      // Another member's conversation in the same organization is just as unknown.
      await call(memberA, 'DELETE', `/conversations/${conversation.id}/`, undefined, 404)
    })
  })

  it('invalid: a bad role, an unknown member, the last admin, a wrong old password, a bad confirmation', async () => {
    await expectNoEvent(async () => {
      await call(adminA, 'POST', `/organizations/${A}/update_member_role/`, { user_id: 2, role: 'owner' }, 400)
      await call(adminA, 'POST', `/organizations/${A}/remove_member/`, { user_id: 999999 }, 404)
      await call(adminA, 'POST', `/organizations/${A}/remove_member/`, { user_id: adminA.user.id }, 400)
      await call(
        adminA,
        'POST',
        `/organizations/${A}/update_member_role/`,
        { user_id: adminA.user.id, role: 'member' },
        400,
      )
      await call(adminA, 'PATCH', `/organizations/${A}/`, { name: '' }, 400)
      await call(adminA, 'POST', `/organizations/${A}/invite/`, { email: 'not-an-address' }, 400)
      await call(adminA, 'POST', `/organizations/${A}/invite/`, { email: 'analyst@demo.example.com' }, 400)
      await call(
        analystA,
        'POST',
        '/change-password/',
        { old_password: 'wrong-password', new_password: 'another-long-password' },
        400,
      )
      await call(analystA, 'POST', '/me/email/confirm/', { token: 'x'.repeat(43) }, 400)
    })
  })

  it('an invitation whose e-mail cannot be sent leaves neither the invitation nor an event', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const send = vi.spyOn(api.deps.mailer, 'send').mockRejectedValueOnce(new Error('SMTP is down'))
    try {
      await expectNoEvent(() => inviteToA('victor@newco.example', 'member', 503))
      const pending = (await call(adminA, 'GET', `/organizations/${A}/invitations/`)) as Array<{ email: string }>
      expect(pending.map((invitation) => invitation.email)).not.toContain('victor@newco.example')
    } finally {
      send.mockRestore()
      errors.mockRestore()
    }
  })
})

describe('reading the log', () => {
  const log = (session: Session | null, slug = A, query = '') =>
    api.request(`/organizations/${slug}/audit/${query}`, { token: session?.access })

  it("an admin of A reads A's events only, newest first, each with who, what and when", async () => {
    const response = await log(adminA)
    expect(response.status).toBe(200)
    const page = inContract(AuditPageSchema, await response.json())
    const stored = await api.db.select().from(auditEvents).where(eq(auditEvents.organizationId, idA))
    expect(page.count).toBe(stored.length)
    expect(page.results).toHaveLength(Math.min(20, stored.length))
    expect(page.previous).toBeNull()
    const times = page.results.map((event) => Date.parse(event.created_at))
    expect(times).toEqual([...times].sort((x, y) => y - x))
    const ids = new Set(stored.map((event) => event.id))
    for (const event of page.results) expect(ids.has(event.id)).toBe(true)
    // Bella's invitation to B happened in B: it is not A's to show.
    const everything = (await (await log(adminA, A, '?page_size=100')).json()) as LogPage
    expect(everything.results.map((event) => event.target)).not.toContain('olivia@harbor.example')
    const roleChange = everything.results.find((event) => event.action === 'member.role_changed')
    expect(roleChange).toEqual({
      id: expect.any(Number),
      action: 'member.role_changed',
      actor: { id: adminA.user.id, name: 'Alex Morgan', email: 'admin@demo.example.com' },
      target: 'Rita Ray',
      details: { user_id: expect.any(Number), email: 'rita@newco.example', from: 'member', to: 'analyst' },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
  })

  it('pages carry links to each other, and past the last page a page is empty', async () => {
    const first = (await (await log(adminA, A, '?page_size=3')).json()) as LogPage
    expect(first.previous).toBeNull()
    expect(new URL(first.next!).searchParams.get('page')).toBe('2')
    const second = (await (await log(adminA, A, '?page=2&page_size=3')).json()) as LogPage
    expect(second.results).toHaveLength(3)
    expect(second.results[0]!.id).not.toBe(first.results[0]!.id)
    expect(new URL(second.previous!).searchParams.get('page')).toBe('1')
    expect(new URL(second.next!).searchParams.get('page_size')).toBe('3')
    const beyond = (await (await log(adminA, A, '?page=9999')).json()) as LogPage
    expect(beyond).toMatchObject({ count: first.count, next: null, results: [] })
  })

  it("B's admin reads B's events, and none of A's", async () => {
    const page = (await (await log(adminB, slugB, '?page_size=100')).json()) as LogPage
    const stored = await api.db.select().from(auditEvents).where(eq(auditEvents.organizationId, idB))
    expect(page.results.map((event) => event.id).sort()).toEqual(stored.map((event) => event.id).sort())
    expect(page.results.map((event) => event.target)).toContain('olivia@harbor.example')
  })

  it("refuses A's analyst and member (403), B's admin (404) and anyone not signed in (401)", async () => {
    for (const session of [analystA, memberA]) {
      const response = await log(session)
      expect(response.status).toBe(403)
      expect(JSON.stringify(await response.json())).not.toContain('admin@demo.example.com')
      // Refused whatever the query asks.
      expect((await log(session, A, '?page=abc')).status).toBe(403)
    }
    const outsider = await log(adminB)
    expect(outsider.status).toBe(404)
    expect(JSON.stringify(await outsider.json())).not.toContain('Demo Advisory Group')
    expect((await log(null)).status).toBe(401)
    expect((await log(adminA, 'No_Such_Slug')).status).toBe(404)
  })

  it('answers a page that is not a number with a message, not a crash', async () => {
    const response = await log(adminA, A, '?page=abc')
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ page: [expect.any(String)] })
    expect((await log(adminA, A, '?page_size=1000')).status).toBe(400)
  })

  it('a removed admin can no longer read the log', async () => {
    const wendy = await joinA('wendy@newco.example', 'wendy', 'admin')
    expect((await log(wendy)).status).toBe(200)
    await call(adminA, 'POST', `/organizations/${A}/remove_member/`, { user_id: wendy.user.id })
    expect((await log(wendy)).status).toBe(404)
  })
})
