import { readFileSync } from 'node:fs'

import { and, desc, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { actionTasks, auditEvents, organizations, readinessAssessments } from '../../api/db/schema'
import { GatherSchema, PlanSchema, TaskSchema } from '../../api/readiness/actions/contract'
import type { StoredAnswer } from '../../shared/readiness'
import { inContract } from './support/contract'
import { demoAndHarbor, type Harness, type Session, startApi } from './support/harness'
import { processed, upload } from './support/uploads'

const DEMO = 'demo-advisory-group'
const FORBIDDEN = { detail: 'You do not have permission to perform this action.' }
const NOT_FOUND = { detail: 'Task not found' }

interface Task {
  id: number
  title: string
  note: string
  owner: { id: number; name: string } | null
  due_date: string | null
  status: 'open' | 'in_progress' | 'done'
  overdue: boolean
  origin: string
  source: { label: string; link: string | null }
  completed_at: string | null
}
interface Suggestion {
  ref: string
  origin: string
  title: string
  note: string
  owner: { id: number; name: string } | null
  due_date: string | null
  source: { label: string; link: string | null }
}
interface Plan {
  today: string
  plan_started: string | null
  counts: { tasks: number; done: number; overdue: number }
  sprints: Array<{ number: number; starts: string; ends: string; current: boolean; tasks: Task[] }>
  before_plan: Task[]
  unscheduled: Task[]
  suggestion_groups: Array<{ origin: string; heading: string; suggestions: Suggestion[]; more: number }>
  members: Array<{ id: number; name: string; role: string }>
  can_edit: boolean
}

let api: Harness
let admin: Session
let analyst: Session
let member: Session
let outsider: Session
let harbor: string

beforeAll(async () => {
  api = await startApi()
  ;({ admin, analyst, member, outsider, harbor } = await demoAndHarbor(api))
})
afterAll(() => api.close())

const DAY_MS = 24 * 60 * 60 * 1000
const dayFrom = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

async function plan(session: Session, org = DEMO) {
  const response = await api.request('/actions/', { token: session.access, org })
  expect(response.status, await response.clone().text()).toBe(200)
  return inContract(PlanSchema, await response.json())
}
/** The suggestions as listed: group after group. */
const offeredIn = (body: Plan) => body.suggestion_groups.flatMap((group) => group.suggestions)
const tasksOf = (body: Plan) => [
  ...body.sprints.flatMap((sprint) => sprint.tasks),
  ...body.before_plan,
  ...body.unscheduled,
]
const post = (session: Session, json: unknown, org = DEMO) =>
  api.request('/actions/', { method: 'POST', token: session.access, org, json })
const patch = (session: Session, id: number | string, json: unknown, org = DEMO) =>
  api.request(`/actions/${id}/`, { method: 'PATCH', token: session.access, org, json })
const remove = (session: Session, id: number | string, org = DEMO) =>
  api.request(`/actions/${id}/`, { method: 'DELETE', token: session.access, org })
const gather = (session: Session, org = DEMO) =>
  api.request('/actions/gather/', { method: 'POST', token: session.access, org })
async function added(session: Session, json: unknown, org = DEMO) {
  const response = await post(session, json, org)
  expect(response.status, await response.clone().text()).toBe(201)
  return inContract(TaskSchema, await response.json())
}
const taskRows = (org: number) => api.db.select().from(actionTasks).where(eq(actionTasks.organizationId, org))
const orgId = async (slug: string) =>
  (await api.db.select().from(organizations).where(eq(organizations.slug, slug)))[0]!.id
const events = () =>
  api.db.select().from(auditEvents).where(like(auditEvents.action, 'task.%')).orderBy(desc(auditEvents.id))

/** A call whose transcript asks the demo analyst (Riley Chen) for something by Friday, and someone else for more. */
const CALL = `[00:00:05] Alex Morgan: Thanks for joining. Let's settle the next steps for the sale.
[00:00:20] Riley Chen: I'll send the customer revenue breakdown by Friday.
[00:00:40] Jordan Blake: I'll draft the management succession chart next week.
[00:01:00] Alex Morgan: Let's schedule the next review meeting for the week of December 7.
`

describe('who may read and change the plan', () => {
  it('lets every member read the plan, and only admins and analysts change it', async () => {
    for (const session of [admin, analyst, member]) {
      const body = await plan(session)
      expect(body.can_edit).toBe(session !== member)
      expect(body.members.map((person) => person.name)).toEqual(
        expect.arrayContaining(['Alex Morgan', 'Riley Chen', 'Sam Patel']),
      )
    }
    expect((await api.request('/actions/')).status).toBe(401)
    const before = await taskRows(await orgId(DEMO))
    for (const response of [await post(member, { title: 'Call the bank' }), await gather(member)]) {
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual(FORBIDDEN)
    }
    expect(await taskRows(await orgId(DEMO))).toEqual(before)
  })

  it('adds a task by hand with its owner and due date, logged; a member may not change or remove it', async () => {
    const task = await added(analyst, {
      title: 'Engage a quality-of-earnings provider',
      note: 'Three quotes',
      owner: member.user.id,
      due_date: '2027-01-15',
    })
    expect(task).toMatchObject({
      title: 'Engage a quality-of-earnings provider',
      note: 'Three quotes',
      owner: { id: member.user.id, name: 'Sam Patel' },
      due_date: '2027-01-15',
      status: 'open',
      origin: 'manual',
      source: { label: '', link: null },
    })
    expect((await events())[0]).toMatchObject({ action: 'task.added', target: 'Engage a quality-of-earnings provider' })
    for (const response of [await patch(member, task.id, { status: 'done' }), await remove(member, task.id)]) {
      expect(response.status).toBe(403)
    }
    expect(tasksOf(await plan(member)).find((item) => item.id === task.id)).toMatchObject({ status: 'open' })
  })
})

describe('another organization', () => {
  it("answers 404 for another organization's task and keeps the plans apart", async () => {
    const task = await added(admin, { title: 'Demo only: brief the family' })
    const outsiderEvents = (await events()).length
    for (const response of [
      await patch(outsider, task.id, { status: 'done' }, harbor),
      await remove(outsider, task.id, harbor),
    ]) {
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual(NOT_FOUND)
    }
    // Not a member of the demo organization: its plan is not theirs to read.
    expect((await api.request('/actions/', { token: outsider.access, org: DEMO })).status).toBe(404)
    expect(tasksOf(await plan(outsider, harbor)).map((item) => item.id)).not.toContain(task.id)
    expect((await events()).length).toBe(outsiderEvents)
    expect(tasksOf(await plan(member)).find((item) => item.id === task.id)).toMatchObject({ status: 'open' })
  })

  it('answers 404 for ids no task can have', async () => {
    for (const id of ['0', 'abc', '99999999999', '2147483647']) {
      expect((await patch(analyst, id, { status: 'done' })).status).toBe(404)
    }
  })
})

describe('bad input', () => {
  it('refuses bad fields with a message each, and changes nothing', async () => {
    const task = await added(analyst, { title: 'Refresh the data room index' })
    const rows = await taskRows(await orgId(DEMO))
    const count = (await events()).length
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{}, { title: ['This field is required.'] }],
      [{ title: '   ' }, { title: ['This field may not be blank.'] }],
      [{ title: 'x'.repeat(501) }, { title: ['Ensure this field has no more than 500 characters.'] }],
      [{ title: 'Call', due_date: '2026-02-30' }, { due_date: ['Enter a valid date, e.g. 2026-12-15.'] }],
      [{ title: 'Call', owner: outsider.user.id }, { owner: ['Choose a member of this organization.'] }],
      [{ title: 'Call', colour: 'red' }, { colour: ['Unknown field.'] }],
      [
        { suggestion: 'meeting:1:0', title: 'Mine' },
        { title: ['A suggestion is added as it stands; change it after.'] },
      ],
      [{ suggestion: 'DROP TABLE' }, { suggestion: ['This is not a suggestion of the plan.'] }],
      [
        { suggestion: 'driver:nothing' },
        { suggestion: ['This suggestion is not offered now: it is in the plan already, or its source has changed.'] },
      ],
    ]
    for (const [body, errors] of cases) {
      const response = await post(analyst, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(await response.json()).toEqual(errors)
    }
    for (const [body, errors] of [
      [{ status: 'finished' }, { status: ['Choose one of: open, in_progress, done.'] }],
      [{ owner: outsider.user.id }, { owner: ['Choose a member of this organization.'] }],
      [{ due_date: 'tomorrow' }, { due_date: ['Enter a valid date, e.g. 2026-12-15.'] }],
      [{ title: '' }, { title: ['This field may not be blank.'] }],
    ] as Array<[unknown, Record<string, string[]>]>) {
      const response = await patch(analyst, task.id, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(await response.json()).toEqual(errors)
    }
    expect(await taskRows(await orgId(DEMO))).toEqual(rows)
    expect((await events()).length).toBe(count)
  })
})

describe('changing a task', () => {
  it('starts, completes and reopens a task, recording when it was done, each change logged', async () => {
    const task = await added(analyst, { title: 'Collect the signed customer contracts' })
    const started = await (await patch(analyst, task.id, { status: 'in_progress', owner: analyst.user.id })).json()
    expect(started).toMatchObject({ status: 'in_progress', owner: { id: analyst.user.id, name: 'Riley Chen' } })
    const done = (await (await patch(analyst, task.id, { status: 'done' })).json()) as Task
    expect(done.status).toBe('done')
    expect(Date.parse(done.completed_at!)).toBeGreaterThan(0)
    expect((await events())[0]).toMatchObject({
      action: 'task.updated',
      target: 'Collect the signed customer contracts',
      details: { id: task.id, changes: { status: { from: 'in_progress', to: 'done' } } },
    })
    const reopened = (await (await patch(admin, task.id, { status: 'open', due_date: null })).json()) as Task
    expect(reopened).toMatchObject({ status: 'open', completed_at: null })
  })

  it('removes a task, logged with its title', async () => {
    const task = await added(analyst, { title: 'Draft the teaser' })
    const response = await remove(analyst, task.id)
    expect(response.status).toBe(204)
    expect((await events())[0]).toMatchObject({ action: 'task.removed', target: 'Draft the teaser' })
    expect((await remove(analyst, task.id)).status).toBe(404)
  })
})

describe('gathering tasks from their sources', () => {
  it('offers a processed meeting’s action items, with the owner a member’s name matches and the due date said', async () => {
    const scheduled = await api.request('/meetings/', {
      method: 'POST',
      token: analyst.access,
      org: DEMO,
      json: {
        title: 'Sale next steps',
        date: '2026-12-02T15:00:00Z',
        duration: 30,
        participants: [
          { name: 'Alex Morgan', email: 'admin@demo.example.com', role: 'advisor' },
          { name: 'Riley Chen', email: 'analyst@demo.example.com', role: 'advisor' },
          { name: 'Jordan Blake', email: 'jordan@client.example', role: 'client' },
        ],
      },
    })
    expect(scheduled.status, await scheduled.clone().text()).toBe(201)
    const meeting = (await scheduled.json()) as { id: string }
    const body = new FormData()
    body.append('file', new File([CALL], 'next-steps.txt'))
    const uploaded = await api.request(`/meetings/${meeting.id}/transcript/`, {
      method: 'POST',
      token: analyst.access,
      org: DEMO,
      body,
    })
    expect(uploaded.status, await uploaded.clone().text()).toBe(201)
    const { transcript } = (await uploaded.json()) as {
      transcript: { actionItems: Array<{ text: string; assignee: string | null; dueDate: string | null }> }
    }
    const index = transcript.actionItems.findIndex((item) => item.assignee === 'Riley Chen')
    const other = transcript.actionItems.findIndex((item) => item.assignee === 'Jordan Blake')
    expect(index).toBeGreaterThanOrEqual(0)
    expect(other).toBeGreaterThanOrEqual(0)

    const offered = offeredIn(await plan(analyst))
    // The plan names a meeting by its row's number; the pages by its key (meet-004).
    const row = Number(/^meet-(\d+)$/.exec(meeting.id)![1])
    const riley = offered.find((suggestion) => suggestion.ref === `meeting:${row}:${index}`)
    expect(riley).toMatchObject({
      origin: 'meeting',
      title: transcript.actionItems[index]!.text,
      owner: { id: analyst.user.id, name: 'Riley Chen' },
      due_date: '2026-12-04',
      source: { label: 'Meeting: Sale next steps', link: `/transcriptions/${meeting.id}` },
    })
    const jordan = offered.find((suggestion) => suggestion.ref === `meeting:${row}:${other}`)
    expect(jordan).toMatchObject({ owner: null, note: 'Asked of Jordan Blake in the meeting.' })
    // "Let's …" is the meeting's own task: no one is named as if they had been asked.
    const team = transcript.actionItems.findIndex((item) => item.assignee === 'Everyone')
    expect(offered.find((suggestion) => suggestion.ref === `meeting:${row}:${team}`)).toMatchObject({
      owner: null,
      note: 'Agreed by everyone in the meeting.',
    })

    const task = await added(analyst, { suggestion: riley!.ref })
    expect(task).toMatchObject({
      title: riley!.title,
      owner: { id: analyst.user.id },
      due_date: '2026-12-04',
      origin: 'meeting',
      source: { link: `/transcriptions/${meeting.id}` },
    })
    expect((await events())[0]).toMatchObject({
      action: 'task.added',
      details: { origin: 'meeting', origin_ref: riley!.ref },
    })
    // Added once: it is no longer offered, and asking again is refused with nothing added.
    expect(offeredIn(await plan(analyst)).map((suggestion) => suggestion.ref)).not.toContain(riley!.ref)
    const again = await post(admin, { suggestion: riley!.ref })
    expect(again.status).toBe(400)
    const rows = await api.db
      .select()
      .from(actionTasks)
      .where(and(eq(actionTasks.organizationId, await orgId(DEMO)), eq(actionTasks.originRef, riley!.ref)))
    expect(rows).toHaveLength(1)
  })

  it('offers an analysis recommendation linked to the document’s analysis (the document itself for members)', async () => {
    const response = await upload(
      api,
      analyst,
      {
        name: 'succession-memo.txt',
        bytes: readFileSync(new URL('../fixtures/analysis/succession-memo.txt', import.meta.url)),
      },
      { title: 'Succession memo' },
      DEMO,
    )
    const { id } = (await response.json()) as { id: number }
    expect((await processed(api, analyst, id)).processing_status).toBe('processed')
    const analysed = await api.request('/analysis/', {
      method: 'POST',
      token: analyst.access,
      org: DEMO,
      json: { document_id: id, type: 'recommendations' },
    })
    expect(analysed.status).toBe(200)
    const { recommendations } = (await analysed.json()) as { recommendations: Array<{ text: string }> }
    expect(recommendations.length).toBeGreaterThan(0)

    const offered = offeredIn(await plan(analyst)).filter((suggestion) => suggestion.origin === 'analysis')
    const first = offered.find(
      (suggestion) => suggestion.title === recommendations[0]!.text.replace(/\s+/g, ' ').trim(),
    )
    expect(first).toMatchObject({
      source: {
        label: 'Analysis of “Succession memo”',
        link: `/analysis?document=${id}&type=recommendations&run=1`,
      },
    })
    expect(first!.ref).toMatch(/^analysis:\d+:0$/)
    const task = await added(admin, { suggestion: first!.ref })
    expect(task).toMatchObject({ origin: 'analysis', title: first!.title })
    const asMember = tasksOf(await plan(member)).find((item) => item.id === task.id)
    expect(asMember!.source.link).toBe(`/documents/${id}`)
  })

  it('offers missing checklist items but not those set aside, and a weak readiness driver, weakest first', async () => {
    const harborId = await orgId(harbor)
    const setAside = await api.request('/checklist/items/inventory/', {
      method: 'PATCH',
      token: outsider.access,
      org: harbor,
      json: { not_applicable: true, not_applicable_reason: 'A services firm' },
    })
    expect(setAside.status).toBe(200)
    const answer = (key: string, score: number): StoredAnswer => ({
      key,
      score,
      note: '',
      origin: { kind: 'entered' },
      by: 'Olivia',
      at: '2026-11-20T10:00:00.000Z',
    })
    await api.db.insert(readinessAssessments).values({
      organizationId: harborId,
      answers: [
        answer('owner.relationships', 1),
        answer('owner.operations', 2),
        answer('customers.largest-share', 2),
        answer('customers.contracts', 3),
        answer('financial.assurance', 4),
      ],
      completedAt: new Date('2026-11-20T10:00:00Z'),
    })
    const body = await plan(outsider, harbor)
    const refs = offeredIn(body).map((suggestion) => suggestion.ref)
    expect(refs).toContain('checklist:financial-statements')
    expect(refs).not.toContain('checklist:inventory')
    expect(offeredIn(body).find((suggestion) => suggestion.ref === 'checklist:financial-statements')).toMatchObject({
      title: 'Provide: Annual financial statements for the last three years (audited or reviewed)',
      source: { link: '/readiness/checklist#item-financial-statements' },
    })
    // Issue 47 item 9: by source, the weak drivers first and the checklist's many requests last.
    expect(body.suggestion_groups.map(({ origin, heading }) => [origin, heading])).toEqual([
      ['driver', 'Weak readiness drivers'],
      ['checklist', 'Gaps in the due-diligence checklist'],
    ])
    const [drivers, checklist] = body.suggestion_groups
    expect(drivers!.suggestions.map((driver) => driver.ref)).toEqual(['driver:owner', 'driver:customers'])
    expect(drivers!.suggestions.every((suggestion) => suggestion.origin === 'driver')).toBe(true)
    expect(checklist!.suggestions.every((suggestion) => suggestion.origin === 'checklist')).toBe(true)
    expect(refs.slice(0, 2)).toEqual(['driver:owner', 'driver:customers'])
    // Each says what to do: Harbor's files name no customer, so none is named.
    expect(drivers!.suggestions.map((suggestion) => suggestion.title)).toEqual([
      'Hand the key customer and supplier relationships to the team',
      'Sign multi-year contracts with your largest customers',
    ])
    expect(drivers!.suggestions[0]).toMatchObject({
      source: { label: 'Readiness driver: Owner dependence', link: '/readiness?driver=owner' },
    })
    expect(drivers!.suggestions[0]!.note).toMatch(/^Scored 1\.5 of 5 on the latest readiness assessment/)
    expect(checklist!.suggestions.length).toBeLessThanOrEqual(20)
    expect(checklist!.more).toBe(Math.max(0, checklist!.suggestions.length + checklist!.more - 20))
  })

  it("names the largest customer and its share in a weak customer driver's task, as the files state them", async () => {
    const created = await api.request('/organizations/', {
      method: 'POST',
      token: admin.access,
      json: { name: 'Kessler Landscape Supply' },
    })
    expect(created.status).toBe(201)
    const kessler = ((await created.json()) as { slug: string }).slug
    const response = await upload(
      api,
      admin,
      { name: 'customers.csv', bytes: readFileSync(new URL('../fixtures/sale-file/customers.csv', import.meta.url)) },
      { title: 'Customers FY2025' },
      kessler,
    )
    const { id } = (await response.json()) as { id: number }
    await api.worker!.idle()
    const document = await api.request(`/documents/${id}/`, { token: admin.access, org: kessler })
    expect(await document.json()).toMatchObject({ processing_status: 'processed' })
    await api.db.insert(readinessAssessments).values({
      organizationId: await orgId(kessler),
      answers: [
        {
          key: 'customers.contracts',
          score: 1,
          note: '',
          origin: { kind: 'entered' },
          by: 'Alex',
          at: '2026-11-20T10:00:00.000Z',
        },
      ],
    })
    const [drivers] = (await plan(admin, kessler)).suggestion_groups
    expect(drivers!.heading).toBe('Weak readiness drivers')
    const title = 'Sign a multi-year contract with Ridgeline Builders (18.0% of revenue)'
    expect(drivers!.suggestions).toEqual([
      expect.objectContaining({
        ref: 'driver:customers',
        title,
        source: { label: 'Readiness driver: Customer concentration', link: '/readiness?driver=customers' },
      }),
    ])
    expect(drivers!.suggestions[0]!.note).toBe(
      'Ridgeline Builders brings 18.0% of revenue (from “Customers FY2025”). Scored 1.0 of 5 on the latest readiness ' +
        'assessment. Weakest answer: “Are the main customer relationships on contracts that survive a sale?” (1 of 5). ' +
        'A 5 would be: Multi-year written contracts, assignable or surviving a change of ownership.',
    )
    // Added, the task keeps the server's words.
    expect(await added(admin, { suggestion: 'driver:customers' }, kessler)).toMatchObject({ title, origin: 'driver' })
  })

  it('adds every suggestion shown with "gather", twice never duplicating, one logged event each', async () => {
    const before = await plan(outsider, harbor)
    const count = (await events()).length
    const first = await gather(outsider, harbor)
    expect(first.status).toBe(200)
    const { added: number } = inContract(GatherSchema, await first.json())
    expect(number).toBe(offeredIn(before).length)
    expect((await events()).length).toBe(count + number)
    const after = await plan(outsider, harbor)
    expect(after.counts.tasks).toBe(before.counts.tasks + number)
    expect(offeredIn(after).map((suggestion) => suggestion.ref)).not.toEqual(
      expect.arrayContaining(
        offeredIn(before)
          .map((suggestion) => suggestion.ref)
          .slice(0, 1),
      ),
    )
    // The rest of the checklist's gaps come next; gathering them again adds no task twice.
    await gather(outsider, harbor)
    const refs = (await taskRows(await orgId(harbor))).map((row) => row.originRef).filter(Boolean)
    expect(new Set(refs).size).toBe(refs.length)
    expect(refs).toContain('driver:owner')
  })
})

describe('sprints and the dashboard', () => {
  it('groups tasks by 90-day sprint from the day the plan began, with overdue ones flagged', async () => {
    const body = await plan(outsider, harbor)
    const start = body.plan_started!
    const today = body.today
    const soon = await added(outsider, { title: 'Sign the engagement letter', due_date: dayFrom(today, 3) }, harbor)
    const next = await added(outsider, { title: 'Second sprint: buyer list', due_date: dayFrom(start, 90) }, harbor)
    const late = await added(outsider, { title: 'Overdue: send the leases', due_date: dayFrom(today, -2) }, harbor)
    const someday = await added(outsider, { title: 'Think about the name', note: '' }, harbor)
    const grouped = await plan(outsider, harbor)
    const first = grouped.sprints.find((sprint) => sprint.number === 1)!
    expect(first).toMatchObject({ starts: start, ends: dayFrom(start, 89), current: true })
    expect(first.tasks.map((task) => task.id)).toContain(soon.id)
    const second = grouped.sprints.find((sprint) => sprint.number === 2)!
    expect(second).toMatchObject({ starts: dayFrom(start, 90), ends: dayFrom(start, 179) })
    expect(second.tasks.map((task) => task.id)).toEqual([next.id])
    expect(grouped.before_plan.find((task) => task.id === late.id)).toMatchObject({ overdue: true })
    expect(grouped.unscheduled.map((task) => task.id)).toContain(someday.id)
    expect(grouped.counts.overdue).toBeGreaterThanOrEqual(1)
  })

  it('writes the sprint of a task due on the last day a date may have, 9999-12-31, as the 90 days it is, into January of the year 10000', async () => {
    const last = await added(outsider, { title: 'Hand over the keys, eventually', due_date: '9999-12-31' }, harbor)
    const sprint = (await plan(outsider, harbor)).sprints.find((each) =>
      each.tasks.some((task) => task.id === last.id),
    )!
    expect(sprint.starts <= '9999-12-31').toBe(true)
    // ISO 8601's expanded year, as Date writes and reads it; the old "+010000-01" read as January 1.
    expect(sprint.ends).toMatch(/^\+010000-01-\d{2}$/)
    const days = (Date.parse(`${sprint.ends}T00:00:00Z`) - Date.parse(`${sprint.starts}T00:00:00Z`)) / DAY_MS
    expect(days).toBe(89)
    // A day later is no date the plan takes.
    const refused = await post(outsider, { title: 'Later still', due_date: '10000-01-01' }, harbor)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ due_date: ['Enter a valid date, e.g. 2026-12-15.'] })
    await remove(outsider, last.id, harbor)
  })

  it('shows the dashboard the open tasks due this week and the overdue ones, soonest first', async () => {
    const today = (await plan(outsider, harbor)).today
    const done = await added(outsider, { title: 'Done already', due_date: dayFrom(today, 1) }, harbor)
    await patch(outsider, done.id, { status: 'done' }, harbor)
    await added(outsider, { title: 'Later: tidy the minutes', due_date: dayFrom(today, 8) }, harbor)
    const response = await api.request('/dashboard/', { token: outsider.access, org: harbor })
    expect(response.status).toBe(200)
    const { due_this_week } = (await response.json()) as {
      due_this_week: { count: number; tasks: Array<{ title: string; due_date: string; overdue: boolean }> }
    }
    expect(due_this_week.tasks.map((task) => task.title)).toEqual([
      'Overdue: send the leases',
      'Sign the engagement letter',
    ])
    expect(due_this_week).toMatchObject({ count: 2 })
    expect(due_this_week.tasks[0]).toMatchObject({ overdue: true, due_date: dayFrom(today, -2) })
    // The demo organization's dashboard does not see Harbor's tasks.
    const demo = await (await api.request('/dashboard/', { token: member.access, org: DEMO })).json()
    expect(demo.due_this_week.tasks.map((task: { title: string }) => task.title)).not.toContain(
      'Sign the engagement letter',
    )
  })
})
