import { and, desc, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { auditEvents, checklistItems } from '../../api/db/schema'
import { ChecklistItemSchema, ChecklistSchema } from '../../api/readiness/checklist/contract'
import { inContract } from './support/contract'
import { demoAndHarbor, type Harness, type Session, startApi } from './support/harness'
import { processed, upload } from './support/uploads'

const DEMO = 'demo-advisory-group'
const FORBIDDEN = { detail: 'You do not have permission to perform this action.' }
const NOT_FOUND = { detail: 'Checklist item not found' }

interface Item {
  key: string
  section: string
  title: string
  custom: boolean
  status: 'present' | 'probable' | 'stale' | 'missing'
  reason: string
  matches: Array<{ document_id: number; title: string; how: string[]; date: string | null; date_text: string | null }>
  assignee: { id: number; name: string } | null
  due_date: string | null
  note: string
  not_applicable: boolean
  not_applicable_reason: string
  confirmed_document: number | null
}
interface Checklist {
  completeness: { provided: number; applicable: number; percent: number; text: string; not_applicable: number }
  members: Array<{ id: number; name: string }>
  items: Item[]
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

const read = async (session: Session, org = DEMO) => {
  const response = await api.request('/checklist/', { token: session.access, org })
  expect(response.status).toBe(200)
  return inContract(ChecklistSchema, await response.json())
}
const itemOf = (list: Checklist, key: string) => list.items.find((item) => item.key === key)!
const patch = (session: Session, key: string, json: unknown, org = DEMO) =>
  api.request(`/checklist/items/${key}/`, { method: 'PATCH', token: session.access, org, json })
const add = (session: Session, json: unknown, org = DEMO) =>
  api.request('/checklist/items/', { method: 'POST', token: session.access, org, json })
const lastEvent = async () =>
  (
    await api.db.select().from(auditEvents).where(like(auditEvents.action, 'checklist.%')).orderBy(desc(auditEvents.id))
  )[0]

async function uploadText(
  session: Session,
  name: string,
  text: string,
  fields: Record<string, string> = {},
  org = DEMO,
) {
  const response = await upload(api, session, { name, bytes: text }, fields, org)
  expect(response.status, await response.clone().text()).toBe(201)
  const created = (await response.json()) as { id: number }
  await processed(api, session, created.id)
  return created.id
}

describe('reading the checklist', () => {
  it('gives every role the standard list, each item with a status, and the completeness figure', async () => {
    for (const session of [admin, analyst, member]) {
      const list = await read(session)
      expect(list.items.length).toBeGreaterThanOrEqual(38)
      expect(list.completeness.text).toMatch(/^\d+ of \d+ items provided \(\d+%\)$/)
      expect(list.items.every((item) => ['present', 'probable', 'stale', 'missing'].includes(item.status))).toBe(true)
    }
    expect(itemOf(await read(member), 'leases')).toMatchObject({ status: 'missing', matches: [], assignee: null })
  })

  it('refuses a caller without a session', async () => {
    expect((await api.request('/checklist/')).status).toBe(401)
  })

  it('turns the leases item from missing to present when a lease is uploaded, saying how it matched', async () => {
    const before = await read(analyst)
    expect(itemOf(before, 'leases').status).toBe('missing')
    const id = await uploadText(
      analyst,
      'Office lease.txt',
      'This lease is made between Harbour Properties (the Landlord) and the Tenant for the premises at 4 Quay Street.',
    )
    const after = await read(analyst)
    const leases = itemOf(after, 'leases')
    expect(leases.status).toBe('present')
    expect(leases.matches[0]).toMatchObject({ document_id: id, title: 'Office lease' })
    expect(leases.matches[0]!.how).toContain('title says “lease”')
    expect(after.completeness.provided).toBe(before.completeness.provided + 1)
    // Another organization's list does not see it.
    expect(itemOf(await read(outsider, harbor), 'leases').status).toBe('missing')
  })

  it("reads a document's new category and its deletion on the next view, in another organization", async () => {
    // Harbor's own list, so the demo organization's documents from the other tests are not in it.
    const id = await uploadText(outsider, 'Scan 0042.txt', 'Scanned page.', {}, harbor)
    expect(itemOf(await read(outsider, harbor), 'insurance-policies').status).toBe('missing')
    const edit = (json: unknown) =>
      api.request(`/documents/${id}/`, { method: 'PATCH', token: outsider.access, org: harbor, json })
    expect((await edit({ category: 'Insurance' })).status).toBe(200)
    expect(itemOf(await read(outsider, harbor), 'insurance-policies').matches).toEqual([
      expect.objectContaining({ document_id: id, title: 'Scan 0042' }),
    ])
    const deleted = await api.request(`/documents/${id}/`, { method: 'DELETE', token: outsider.access, org: harbor })
    expect(deleted.status).toBe(204)
    expect(itemOf(await read(outsider, harbor), 'insurance-policies')).toMatchObject({ status: 'missing', matches: [] })
  })

  it('knows an income statement and a customer list by their tables, whatever their titles', async () => {
    const statement = await uploadText(
      analyst,
      'numbers for Karen.csv',
      [
        'Line item,FY2023,FY2024,FY2025',
        'Revenue,"8,240,000","8,967,000","9,410,000"',
        'Cost of goods sold,"4,900,000","5,210,000","5,400,000"',
        'Gross profit,"3,340,000","3,757,000","4,010,000"',
        'Net income,"610,000","702,000","745,000"',
      ].join('\n'),
    )
    const customers = await uploadText(
      analyst,
      'who buys from us.csv',
      'Client,FY2025\nHarbor Marine,"3,100,000"\nBaylor Freight,"1,250,000"\nAll others,"5,060,000"',
    )
    const list = await read(member)
    expect(itemOf(list, 'financial-statements')).toMatchObject({
      status: 'present',
      matches: [
        {
          document_id: statement,
          how: ['its tables hold an income statement for 2023–2025'],
          date: '2025-12-31',
        },
      ],
    })
    expect(itemOf(list, 'customer-concentration').matches[0]).toMatchObject({
      document_id: customers,
      how: ['its tables hold revenue by customer'],
    })
    // What one organization's tables hold is not read into another's list.
    expect(itemOf(await read(outsider, harbor), 'financial-statements').matches).toEqual([])
  })

  it('calls insurance stale by the date the document states, not by when it was uploaded', async () => {
    await uploadText(
      analyst,
      'Insurance certificate.txt',
      'Certificate of insurance as of March 31, 2024. The insured: Demo Co. Policy number 445. Premium paid.',
    )
    const insurance = itemOf(await read(member), 'insurance-policies')
    expect(insurance.status).toBe('stale')
    expect(insurance.matches[0]).toMatchObject({ date: '2024-03-31', date_text: 'as of March 31, 2024' })
  })
})

describe('changing items', () => {
  it('lets an analyst assign an item to a member with a due date and a note, logged', async () => {
    const response = await patch(analyst, 'org-chart', {
      assignee: member.user.id,
      due_date: '2026-12-15',
      note: 'The current one, with the new sales team',
    })
    expect(response.status, await response.clone().text()).toBe(200)
    const item = inContract(ChecklistItemSchema, await response.json())
    expect(item).toMatchObject({
      key: 'org-chart',
      assignee: { id: member.user.id },
      due_date: '2026-12-15',
      note: 'The current one, with the new sales team',
    })
    const event = await lastEvent()
    expect(event).toMatchObject({ action: 'checklist.item_updated', target: 'Organisation chart' })
    expect(event!.details).toMatchObject({
      key: 'org-chart',
      changes: { due_date: { from: null, to: '2026-12-15' }, assignee: { from: null } },
    })
  })

  it('marks an item not applicable with a reason, out of the denominator', async () => {
    const before = await read(admin)
    const response = await patch(admin, 'inventory', { not_applicable: true, not_applicable_reason: 'A services firm' })
    expect(response.status).toBe(200)
    const after = await read(admin)
    expect(itemOf(after, 'inventory')).toMatchObject({ not_applicable: true, not_applicable_reason: 'A services firm' })
    expect(after.completeness.applicable).toBe(before.completeness.applicable - 1)
    expect(after.completeness.not_applicable).toBe(before.completeness.not_applicable + 1)
    expect((await lastEvent())!.details).toMatchObject({ changes: { not_applicable: { from: false, to: true } } })
  })

  it('confirms a probable match, which then counts as provided', async () => {
    const id = await uploadText(
      analyst,
      'Quay Street agreement.txt',
      'Between the lessor and the lessee of the equipment. The equipment lease runs five years; the lessee pays monthly.',
    )
    const probable = itemOf(await read(analyst), 'leases-equipment')
    expect(probable.status).toBe('probable')
    expect(probable.matches[0]!.how[0]).toMatch(/^content mentions “lessee” twice/)
    const response = await patch(analyst, 'leases-equipment', { confirmed_document: id })
    expect(response.status).toBe(200)
    const confirmed = (await response.json()) as Item
    expect(confirmed).toMatchObject({ status: 'present', confirmed_document: id })
    expect(confirmed.matches[0]!.how).toContain('confirmed by an advisor')
  })

  it('lets an advisor add an item, then remove it, each logged', async () => {
    const response = await add(analyst, { title: 'Environmental survey of the yard', section: 'Property' })
    expect(response.status).toBe(201)
    const item = (await response.json()) as Item
    expect(item).toMatchObject({ custom: true, section: 'Property', status: 'missing' })
    expect(item.key).toMatch(/^custom-\d+$/)
    expect(await lastEvent()).toMatchObject({
      action: 'checklist.item_added',
      target: 'Environmental survey of the yard',
    })
    expect(itemOf(await read(member), item.key).title).toBe('Environmental survey of the yard')
    const removed = await api.request(`/checklist/items/${item.key}/`, { method: 'DELETE', token: analyst.access })
    expect(removed.status).toBe(204)
    expect(await lastEvent()).toMatchObject({ action: 'checklist.item_removed' })
    expect((await read(member)).items.find((candidate) => candidate.key === item.key)).toBeUndefined()
  })
})

describe('who may change what', () => {
  it('refuses a member every change with 403, changing nothing', async () => {
    const before = await api.db.select().from(checklistItems)
    expect((await patch(member, 'leases', { note: 'mine' })).status).toBe(403)
    expect(await (await patch(member, 'leases', { note: 'mine' })).json()).toEqual(FORBIDDEN)
    expect((await add(member, { title: 'X', section: 'Legal' })).status).toBe(403)
    const custom = inContract(
      ChecklistItemSchema,
      await (await add(analyst, { title: 'Franchise renewals', section: 'Legal' })).json(),
    )
    expect(
      (await api.request(`/checklist/items/${custom.key}/`, { method: 'DELETE', token: member.access })).status,
    ).toBe(403)
    expect((await api.db.select().from(checklistItems)).length).toBe(before.length + 1)
  })

  it("answers another organization's custom item 404, as if there were none", async () => {
    const custom = (await (await add(analyst, { title: 'Demo only', section: 'Legal' })).json()) as Item
    expect((await patch(outsider, custom.key, { note: 'x' }, harbor)).status).toBe(404)
    expect(await (await patch(outsider, custom.key, { note: 'x' }, harbor)).json()).toEqual(NOT_FOUND)
    const gone = await api.request(`/checklist/items/${custom.key}/`, {
      method: 'DELETE',
      token: outsider.access,
      org: harbor,
    })
    expect(gone.status).toBe(404)
    expect(itemOf(await read(analyst), custom.key).title).toBe('Demo only')
    expect((await patch(analyst, 'no-such-item', { note: 'x' })).status).toBe(404)
    expect((await patch(analyst, 'custom-999999', { note: 'x' })).status).toBe(404)
  })

  it('refuses an assignee who is not a member of the organization with 400, changing nothing', async () => {
    const before = await read(analyst)
    const response = await patch(analyst, 'leases', { assignee: outsider.user.id, note: 'should not be saved' })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ assignee: ['Choose a member of this organization.'] })
    expect(itemOf(await read(analyst), 'leases')).toEqual(itemOf(before, 'leases'))
  })

  it("refuses another organization's document as a confirmation", async () => {
    const theirs = await uploadText(outsider, 'Harbor lease.txt', 'Landlord and tenant.', {}, harbor)
    const response = await patch(analyst, 'leases', { confirmed_document: theirs })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ confirmed_document: ['Choose a document of this organization.'] })
  })

  it('answers bad input 400 in DRF’s shape, changing nothing', async () => {
    const before = await api.db.select().from(checklistItems).where(eq(checklistItems.standardKey, 'litigation'))
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ due_date: '2026-02-30' }, { due_date: ['Enter a valid date, e.g. 2026-12-15.'] }],
      [{ not_applicable: true }, { not_applicable_reason: ['Say why the item does not apply.'] }],
      [{ note: 'x'.repeat(1001) }, { note: ['Ensure this field has no more than 1000 characters.'] }],
      [{ colour: 'red' }, { colour: ['Unknown field.'] }],
      [{ assignee: 'me' }, { assignee: ['Choose a member of this organization.'] }],
    ]
    for (const [body, errors] of cases) {
      const response = await patch(analyst, 'litigation', body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      const answer = (await response.json()) as Record<string, string[]>
      for (const [field, messages] of Object.entries(errors)) expect(answer[field] ?? answer, field).toEqual(messages)
    }
    const refused = await add(analyst, { title: ' ', section: 'Gardening' })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({
      title: ['This field may not be blank.'],
      section: [expect.stringMatching(/^Choose one of: Financial, Tax/)],
    })
    const after = await api.db
      .select()
      .from(checklistItems)
      .where(and(eq(checklistItems.standardKey, 'litigation')))
    expect(after).toEqual(before)
  })
})
