import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { TemplateSchema } from '../../api/conversation-templates/contract'
import { giveSampleTemplates, seedSampleTemplates } from '../../api/conversation-templates/seed'
import { conversationTemplates, organizations } from '../../api/db/schema'
import { demoAndHarbor, type Harness, type Session, startApi } from './support/harness'
import { restResource } from './support/resource'

const DEMO = 'demo-advisory-group'
const TEMPLATE_ID = /^template-\d{3,}$/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const FORBIDDEN = { detail: 'You do not have permission to perform this action.' }
const TEMPLATE_NOT_FOUND = { detail: 'Template not found' }
const CHOOSE_PHASE = 'Choose one of: phase-1, phase-2, phase-3, phase-4.'

const PHASE_NAMES: Record<string, string> = {
  'phase-1': 'Orientation & Assessment',
  'phase-2': 'Preparation & Enhancement',
  'phase-3': 'Decision & Transition',
  'phase-4': 'Post-Exit Future',
}

/** The five samples every organization is given, with their total minutes. */
const SAMPLES: Record<string, number> = {
  'Initial Discovery Meeting': 90,
  'Business Valuation Discussion': 60,
  'Family Succession Planning': 75,
  'Third-Party Sale Preparation': 90,
  'Wealth Management After Exit': 60,
}

interface Section {
  title: string
  suggestedScript: string
  suggestedQuestions: string[]
  keyInformation: string[]
  timeAllocation: number
}

interface Followup {
  description: string
  assignedTo: string
  dueDate: string
  isRequired: boolean
}

interface Template {
  id: string
  name: string
  phaseId: string
  phaseName: string
  description: string
  estimatedDuration: number
  createdBy: { id: number; email: string; first_name: string; last_name: string } | null
  createdAt: string
  updatedAt: string
  sections: Section[]
  followupActions: Followup[]
}

interface Conversation {
  id: number
  title: string
  message_count: number
  template_id: string | null
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

/** A valid whole template; `overrides` replace its top-level fields. */
const validTemplate = (overrides: Record<string, unknown> = {}) => ({
  name: 'Buyer Readiness Review',
  phaseId: 'phase-2',
  description: 'Walk through what a buyer will ask for.',
  sections: [
    {
      title: 'Financial quality',
      suggestedScript: 'Let us look at the numbers a buyer will check first.',
      suggestedQuestions: ['Are the accounts audited?', 'How recurring is revenue?'],
      keyInformation: ['Audit status', 'Recurring revenue share'],
      timeAllocation: 25,
    },
    {
      title: 'Owner dependence',
      suggestedScript: '',
      suggestedQuestions: ['Who runs the business when you are away?'],
      keyInformation: ['Second-in-command'],
      timeAllocation: 20,
    },
  ],
  followupActions: [
    { description: 'Request audited accounts', assignedTo: 'Advisor', dueDate: 'Within 1 week', isRequired: true },
  ],
  ...overrides,
})

/** A template body with one section whose fields `section` replaces. */
const withSection = (section: Record<string, unknown>, index = 0) => {
  const sections: Record<string, unknown>[] = [
    { title: 'First', timeAllocation: 10 },
    { title: 'Second', timeAllocation: 10 },
  ]
  sections[index] = section
  return validTemplate({ sections })
}

const resource = restResource<Template>(() => api, '/conversation-templates/', DEMO, TemplateSchema)
const { list, all, get, edit, remove } = resource
const create = (session: Session, json: unknown = validTemplate(), org = DEMO) => resource.create(session, json, org)

/** A new organization made by the demo admin, who becomes its admin. */
async function newOrganization(name: string) {
  const response = await api.request('/organizations/', { method: 'POST', token: admin.access, json: { name } })
  expect(response.status, await response.clone().text()).toBe(201)
  return (await response.json()).slug as string
}

async function organizationId(slug: string) {
  const [row] = await api.db.select().from(organizations).where(eq(organizations.slug, slug))
  return row!.id
}

const giveAgain = (id: number) => api.db.transaction((tx) => giveSampleTemplates(tx, id))

const names = (templates: Template[]) => templates.map((template) => template.name).sort()
const ids = (templates: Template[]) => templates.map((template) => template.id).sort()
const samplesOf = (templates: Template[]) => templates.filter((template) => template.createdBy === null)
const minutes = (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`
const sum = (sections: Array<{ timeAllocation: number }>) =>
  sections.reduce((total, section) => total + section.timeAllocation, 0)

async function conversations(session: Session, org = DEMO) {
  const response = await api.request('/conversations/', { token: session.access, org })
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as Conversation[]
}

async function startConversation(session: Session, json: unknown, org = DEMO) {
  const response = await api.request('/conversations/', { method: 'POST', token: session.access, org, json })
  expect(response.status, await response.clone().text()).toBe(201)
  return (await response.json()) as Conversation
}

async function messagesOf(session: Session, id: number, org = DEMO) {
  const response = await api.request(`/conversations/${id}/messages/`, { token: session.access, org })
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as Array<{ role: string; content: string; conversation: number }>
}

describe('phases', () => {
  it('lists the four exit-planning phases in order', async () => {
    const response = await api.request('/conversation-templates/phases/', { token: member.access, org: DEMO })
    expect(response.status, await response.clone().text()).toBe(200)
    const phases = await response.json()
    expect(phases.map((phase: { id: string }) => phase.id)).toEqual(['phase-1', 'phase-2', 'phase-3', 'phase-4'])
    for (const phase of phases) {
      expect(phase).toEqual({ id: phase.id, name: PHASE_NAMES[phase.id], description: expect.any(String) })
      expect(phase.description.length).toBeGreaterThan(0)
    }
  })

  it('need a signed-in caller, like every template call', async () => {
    for (const path of ['/conversation-templates/phases/', '/conversation-templates/']) {
      expect((await api.request(path)).status, path).toBe(401)
    }
    const created = await api.request('/conversation-templates/', { method: 'POST', json: validTemplate() })
    expect(created.status).toBe(401)
  })
})

describe('sample templates', () => {
  it('are the demo organization’s five samples, created by no one', async () => {
    const samples = samplesOf(await all(member))
    expect(names(samples)).toEqual(Object.keys(SAMPLES).sort())
    for (const sample of samples) {
      expect(sample.id).toMatch(TEMPLATE_ID)
      expect(sample.estimatedDuration, sample.name).toBe(SAMPLES[sample.name])
      expect(sample.estimatedDuration).toBe(sum(sample.sections))
      expect(sample.phaseName).toBe(PHASE_NAMES[sample.phaseId])
      expect(sample.createdAt).toMatch(ISO_DATE)
      expect(sample.updatedAt).toMatch(ISO_DATE)
      expect(sample.sections.length).toBeGreaterThan(0)
      for (const section of sample.sections) {
        expect(section).toEqual({
          title: expect.any(String),
          suggestedScript: expect.any(String),
          suggestedQuestions: expect.any(Array),
          keyInformation: expect.any(Array),
          timeAllocation: expect.any(Number),
        })
        expect(section.timeAllocation).toBeGreaterThan(0)
      }
      for (const action of sample.followupActions) {
        expect(action).toEqual({
          description: expect.any(String),
          assignedTo: expect.any(String),
          dueDate: expect.any(String),
          isRequired: expect.any(Boolean),
        })
      }
    }
  })

  it('are given to every new organization, exactly five, as its own copies', async () => {
    const slug = await newOrganization('Samples Check Partners')
    const templates = await all(admin, slug)
    expect(templates).toHaveLength(5)
    expect(names(templates)).toEqual(Object.keys(SAMPLES).sort())
    for (const template of templates) {
      expect(template.createdBy).toBeNull()
      expect(template.estimatedDuration).toBe(SAMPLES[template.name])
    }
    const demoIds = ids(await all(admin))
    for (const id of ids(templates)) expect(demoIds).not.toContain(id)
    // Harbor Capital, made by demoAndHarbor, got its own too.
    expect(names(await all(outsider, harbor))).toEqual(Object.keys(SAMPLES).sort())
  })

  it('are given once: seeding again keeps an edited sample and does not bring back a deleted one', async () => {
    const slug = await newOrganization('Reseeding Advisors')
    const [first, second] = await all(admin, slug)
    const renamed = await edit(admin, 'PATCH', first!.id, { name: 'Our Own Discovery Meeting' }, slug)
    expect(renamed.name).toBe('Our Own Discovery Meeting')
    await remove(admin, second!.id, slug)
    const before = await all(admin, slug)
    expect(before).toHaveLength(4)

    await seedSampleTemplates(api.db)
    expect(await giveAgain(await organizationId(slug))).toBe(0)
    await seedSampleTemplates(api.db)

    const after = await all(admin, slug)
    expect(after).toEqual(before)
    expect(names(after)).toContain('Our Own Discovery Meeting')
    expect(names(after)).not.toContain(second!.name)
    expect(names(after)).not.toContain(first!.name)
    // The demo organization did not get a second set either.
    expect(samplesOf(await all(admin))).toHaveLength(5)
  })

  it('are given by the start-up seeding to organizations that have none yet, once', async () => {
    // An organization whose samples were never given (its flag reset after its templates went).
    const slug = await newOrganization('Unseeded Holdings')
    for (const template of await all(admin, slug)) await remove(admin, template.id, slug)
    expect(await all(admin, slug)).toEqual([])
    const resetId = await organizationId(slug)
    await api.db.update(organizations).set({ templatesSeeded: false }).where(eq(organizations.id, resetId))
    // And one made before templates existed, inserted directly.
    const [inserted] = await api.db
      .insert(organizations)
      .values({ name: 'Legacy Firm', slug: 'legacy-firm-before-templates' })
      .returning()

    expect(await seedSampleTemplates(api.db)).toBe(2)
    expect(await seedSampleTemplates(api.db)).toBe(0)
    expect(await giveAgain(inserted!.id)).toBe(0)

    const templates = await all(admin, slug)
    expect(templates).toHaveLength(5)
    expect(names(templates)).toEqual(Object.keys(SAMPLES).sort())
    for (const template of templates) expect(template.createdBy).toBeNull()
    const [legacy] = await api.db
      .select({ total: count() })
      .from(conversationTemplates)
      .where(eq(conversationTemplates.organizationId, inserted!.id))
    expect(legacy!.total).toBe(5)
    const [flag] = await api.db.select().from(organizations).where(eq(organizations.id, inserted!.id))
    expect(flag!.templatesSeeded).toBe(true)
  })
})

describe('listing', () => {
  it('pages through the templates in phase and name order, counting them all', async () => {
    const slug = await newOrganization('Paging Partners')
    const everything = await all(admin, slug)
    expect(everything).toHaveLength(5)
    const order = everything.map((template) => [template.phaseId, template.name])
    expect(order).toEqual(
      [...order].sort(([phaseA, nameA], [phaseB, nameB]) =>
        phaseA! === phaseB! ? (nameA! < nameB! ? -1 : 1) : phaseA! < phaseB! ? -1 : 1,
      ),
    )

    const pages = []
    for (const page of [1, 2, 3]) {
      const body = await list(admin, `?page_size=2&page=${page}`, slug)
      expect(body).toMatchObject({ count: 5, page, page_size: 2 })
      pages.push(body.results)
    }
    expect(pages.map((results) => results.length)).toEqual([2, 2, 1])
    expect(pages.flat().map((template) => template.id)).toEqual(everything.map((template) => template.id))

    const past = await list(admin, '?page_size=2&page=4', slug)
    expect(past).toEqual({ count: 5, page: 4, page_size: 2, results: [] })
    const farPast = await list(admin, '?page=50', slug)
    expect(farPast).toEqual({ count: 5, page: 50, page_size: 20, results: [] })

    const defaults = await list(admin, '', slug)
    expect(defaults).toMatchObject({ count: 5, page: 1, page_size: 20 })
    expect(defaults.results).toEqual(everything)
  })

  it('filters by phase', async () => {
    const extra = await create(analyst, validTemplate({ name: 'Phase One Extra', phaseId: 'phase-1' }))
    const everything = await all(member)
    let total = 0
    for (const phase of Object.keys(PHASE_NAMES)) {
      const body = await list(member, `?phase=${phase}&page_size=100`)
      const expected = everything.filter((template) => template.phaseId === phase)
      expect(body.count, phase).toBe(expected.length)
      expect(ids(body.results)).toEqual(ids(expected))
      for (const template of body.results) {
        expect(template.phaseId).toBe(phase)
        expect(template.phaseName).toBe(PHASE_NAMES[phase])
      }
      total += body.count
    }
    expect(total).toBe(everything.length)
    expect(ids((await list(member, '?phase=phase-1&page_size=100')).results)).toContain(extra.id)
    expect(ids((await list(member, '?phase=phase-2&page_size=100')).results)).not.toContain(extra.id)
  })

  it('reads an empty phase as every phase', async () => {
    expect((await list(member, '?phase=')).count).toBe((await list(member)).count)
  })

  it('refuses an unknown phase or a bad page', async () => {
    for (const phase of ['phase-9', 'Orientation', 'PHASE-1']) {
      const response = await api.request(`/conversation-templates/?phase=${phase}`, { token: member.access, org: DEMO })
      expect(response.status, phase).toBe(400)
      expect(await response.json()).toEqual({ phase: [CHOOSE_PHASE] })
    }
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page_size=0', 'page_size'],
      ['page_size=101', 'page_size'],
    ] as const) {
      const response = await api.request(`/conversation-templates/?${query}`, { token: member.access, org: DEMO })
      expect(response.status, query).toBe(400)
      expect(Object.keys(await response.json())).toEqual([field])
    }
  })
})

describe('creating and reading', () => {
  it('creates a template with its duration, creator and defaults, then reads it back', async () => {
    const before = await all(analyst)
    const body = validTemplate({
      name: '  Buyer Readiness Review  ',
      sections: [
        { title: '  Financial quality ', timeAllocation: 25, suggestedQuestions: ['Are the accounts audited?'] },
        { title: 'Owner dependence', timeAllocation: 20, keyInformation: ['Second-in-command'] },
      ],
      followupActions: [{ description: 'Request audited accounts' }],
    })
    const created = await create(analyst, body)
    expect(created).toEqual({
      id: expect.stringMatching(TEMPLATE_ID),
      name: 'Buyer Readiness Review',
      phaseId: 'phase-2',
      phaseName: 'Preparation & Enhancement',
      description: 'Walk through what a buyer will ask for.',
      estimatedDuration: 45,
      createdBy: {
        id: analyst.user.id,
        email: 'analyst@demo.example.com',
        first_name: 'Riley',
        last_name: 'Chen',
      },
      createdAt: expect.stringMatching(ISO_DATE),
      updatedAt: expect.stringMatching(ISO_DATE),
      sections: [
        {
          title: 'Financial quality',
          suggestedScript: '',
          suggestedQuestions: ['Are the accounts audited?'],
          keyInformation: [],
          timeAllocation: 25,
        },
        {
          title: 'Owner dependence',
          suggestedScript: '',
          suggestedQuestions: [],
          keyInformation: ['Second-in-command'],
          timeAllocation: 20,
        },
      ],
      followupActions: [{ description: 'Request audited accounts', assignedTo: '', dueDate: '', isRequired: false }],
    })
    expect(await get(member, created.id)).toEqual(created)
    const after = await all(member)
    expect(after).toHaveLength(before.length + 1)
    expect(after.find((template) => template.id === created.id)).toEqual(created)
  })

  it('lets an admin create one too, without a description or follow-up actions', async () => {
    const created = await create(admin, {
      name: 'Quick Check-in',
      phaseId: 'phase-4',
      sections: [{ title: 'How are things?', timeAllocation: 1 }],
    })
    expect(created).toMatchObject({
      name: 'Quick Check-in',
      phaseName: 'Post-Exit Future',
      description: '',
      estimatedDuration: 1,
      followupActions: [],
      createdBy: { id: admin.user.id, email: 'admin@demo.example.com', first_name: 'Alex', last_name: 'Morgan' },
    })
  })

  it('ignores the read-only fields a client sends back', async () => {
    const created = await create(
      analyst,
      validTemplate({
        id: 'template-001',
        phaseName: 'Something else',
        estimatedDuration: 999,
        createdBy: { id: 1, email: 'someone@example.com', first_name: 'Some', last_name: 'One' },
        createdAt: '2000-01-01T00:00:00.000Z',
        updatedAt: '2000-01-01T00:00:00.000Z',
      }),
    )
    expect(created.id).not.toBe('template-001')
    expect(created.phaseName).toBe('Preparation & Enhancement')
    expect(created.estimatedDuration).toBe(45)
    expect(created.createdBy?.id).toBe(analyst.user.id)
    expect(created.createdAt).not.toBe('2000-01-01T00:00:00.000Z')
    expect(created.updatedAt).not.toBe('2000-01-01T00:00:00.000Z')

    // A template read back and sent again whole changes nothing but its updatedAt.
    api.clock.advance(2)
    const resent = await edit(analyst, 'PUT', created.id, { ...created, estimatedDuration: 1 })
    expect({ ...resent, updatedAt: created.updatedAt }).toEqual(created)
    const patched = await edit(analyst, 'PATCH', created.id, { id: 'template-002', createdBy: null })
    expect(patched.id).toBe(created.id)
    expect(patched.createdBy?.id).toBe(analyst.user.id)
  })

  it('refuses unknown fields, at the top level and inside sections and follow-up actions', async () => {
    const before = await all(analyst)
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [validTemplate({ owner: 'me' }), { owner: ['Unknown field.'] }],
      [withSection({ title: 'First', timeAllocation: 10, notes: 'x' }), { 'sections.0.notes': ['Unknown field.'] }],
      [
        validTemplate({ followupActions: [{ description: 'Call', priority: 'high' }] }),
        { 'followupActions.0.priority': ['Unknown field.'] },
      ],
    ]
    for (const [json, errors] of cases) {
      for (const [method, path] of [
        ['POST', '/conversation-templates/'],
        ['PUT', resource.path(before[0]!.id)],
        ['PATCH', resource.path(before[0]!.id)],
      ] as const) {
        const response = await api.request(path, { method, token: analyst.access, org: DEMO, json })
        expect(response.status, `${method} ${JSON.stringify(json)}`).toBe(400)
        expect(await response.json()).toEqual(errors)
      }
    }
    expect(await all(analyst)).toEqual(before)
  })
})

describe('validation', () => {
  const cases: Array<[string, unknown, Record<string, string[]>]> = [
    [
      'an empty body',
      {},
      {
        name: ['Template name is required'],
        phaseId: ['Exit planning phase is required'],
        sections: ['Template must have at least one section'],
      },
    ],
    ['no name', validTemplate({ name: undefined }), { name: ['Template name is required'] }],
    ['an empty name', validTemplate({ name: '' }), { name: ['Template name is required'] }],
    ['a blank name', validTemplate({ name: '   ' }), { name: ['Template name is required'] }],
    ['no phase', validTemplate({ phaseId: undefined }), { phaseId: ['Exit planning phase is required'] }],
    ['an empty phase', validTemplate({ phaseId: '' }), { phaseId: ['Exit planning phase is required'] }],
    ['an unknown phase', validTemplate({ phaseId: 'phase-5' }), { phaseId: [CHOOSE_PHASE] }],
    ['no sections', validTemplate({ sections: undefined }), { sections: ['Template must have at least one section'] }],
    ['empty sections', validTemplate({ sections: [] }), { sections: ['Template must have at least one section'] }],
    [
      'a section without a title',
      withSection({ timeAllocation: 10 }),
      { 'sections.0.title': ['Section title is required'] },
    ],
    [
      'a section with an empty title',
      withSection({ title: '', timeAllocation: 10 }),
      { 'sections.0.title': ['Section title is required'] },
    ],
    [
      'a section with a blank title',
      withSection({ title: '  ', timeAllocation: 10 }, 1),
      { 'sections.1.title': ['Section title is required'] },
    ],
    [
      'zero minutes',
      withSection({ title: 'A', timeAllocation: 0 }),
      { 'sections.0.timeAllocation': ['Time allocation must be greater than 0'] },
    ],
    [
      'negative minutes',
      withSection({ title: 'A', timeAllocation: -5 }, 1),
      { 'sections.1.timeAllocation': ['Time allocation must be greater than 0'] },
    ],
    [
      'no minutes',
      withSection({ title: 'A' }, 1),
      { 'sections.1.timeAllocation': ['Time allocation must be greater than 0'] },
    ],
    [
      'minutes as text',
      withSection({ title: 'A', timeAllocation: '15' }),
      { 'sections.0.timeAllocation': ['Time allocation must be greater than 0'] },
    ],
    [
      'null minutes',
      withSection({ title: 'A', timeAllocation: null }),
      { 'sections.0.timeAllocation': ['Time allocation must be greater than 0'] },
    ],
    [
      'a section with neither title nor minutes',
      withSection({}, 1),
      {
        'sections.1.title': ['Section title is required'],
        'sections.1.timeAllocation': ['Time allocation must be greater than 0'],
      },
    ],
    [
      'fractional minutes',
      withSection({ title: 'A', timeAllocation: 1.5 }),
      { 'sections.0.timeAllocation': ['Time allocation must be a whole number of minutes.'] },
    ],
    [
      'more than 600 minutes',
      withSection({ title: 'A', timeAllocation: 601 }),
      { 'sections.0.timeAllocation': ['Time allocation must be at most 600 minutes.'] },
    ],
    ['a null character', validTemplate({ name: 'Bad\u0000name' }), { name: ['Null characters are not allowed.'] }],
  ]

  it.each(cases)('refuses %s when creating, with the spec’s message', async (_label, json, errors) => {
    const before = await all(analyst)
    const response = await api.request('/conversation-templates/', {
      method: 'POST',
      token: analyst.access,
      org: DEMO,
      json,
    })
    expect(response.status, await response.clone().text()).toBe(400)
    expect(await response.json()).toEqual(errors)
    expect(await all(analyst)).toEqual(before)
  })

  it('refuses the same whole templates on PUT, and leaves the template as it was', async () => {
    const template = await create(analyst, validTemplate({ name: 'Validated by PUT' }))
    for (const [label, json, errors] of cases) {
      const response = await api.request(resource.path(template.id), {
        method: 'PUT',
        token: analyst.access,
        org: DEMO,
        json,
      })
      expect(response.status, label).toBe(400)
      expect(await response.json(), label).toEqual(errors)
    }
    // PUT is the whole template: a name alone is not enough.
    const partial = await api.request(resource.path(template.id), {
      method: 'PUT',
      token: analyst.access,
      org: DEMO,
      json: { name: 'Only a name' },
    })
    expect(partial.status).toBe(400)
    expect(await partial.json()).toEqual({
      phaseId: ['Exit planning phase is required'],
      sections: ['Template must have at least one section'],
    })
    expect(await get(analyst, template.id)).toEqual(template)
  })

  it('checks each field sent on PATCH with the same messages, and leaves the template as it was', async () => {
    const template = await create(analyst, validTemplate({ name: 'Validated by PATCH' }))
    const patches: Array<[unknown, Record<string, string[]>]> = [
      [{ name: '' }, { name: ['Template name is required'] }],
      [{ name: '   ' }, { name: ['Template name is required'] }],
      [{ phaseId: '' }, { phaseId: ['Exit planning phase is required'] }],
      [{ phaseId: 'phase-0' }, { phaseId: [CHOOSE_PHASE] }],
      [{ sections: [] }, { sections: ['Template must have at least one section'] }],
      [{ sections: [{ timeAllocation: 5 }] }, { 'sections.0.title': ['Section title is required'] }],
      [
        {
          sections: [
            { title: 'A', timeAllocation: 5 },
            { title: 'B', timeAllocation: 0 },
          ],
        },
        { 'sections.1.timeAllocation': ['Time allocation must be greater than 0'] },
      ],
      [{ name: 'Fine', extra: 1 }, { extra: ['Unknown field.'] }],
    ]
    for (const [json, errors] of patches) {
      const response = await api.request(resource.path(template.id), {
        method: 'PATCH',
        token: analyst.access,
        org: DEMO,
        json,
      })
      expect(response.status, JSON.stringify(json)).toBe(400)
      expect(await response.json()).toEqual(errors)
    }
    expect(await get(analyst, template.id)).toEqual(template)
  })

  it('refuses malformed JSON and a body that is not an object, changing nothing', async () => {
    const template = await create(analyst, validTemplate({ name: 'Malformed target' }))
    const before = await all(analyst)
    for (const [method, path] of [
      ['POST', '/conversation-templates/'],
      ['PUT', resource.path(template.id)],
      ['PATCH', resource.path(template.id)],
    ] as const) {
      const malformed = await api.request(path, {
        method,
        token: analyst.access,
        org: DEMO,
        headers: { 'content-type': 'application/json' },
        body: '{"name": "unfinished',
      })
      expect(malformed.status, method).toBe(400)
      expect(await malformed.json()).toEqual({ detail: 'Malformed JSON in the request body.' })
      const array = await api.request(path, { method, token: analyst.access, org: DEMO, json: [validTemplate()] })
      expect(array.status, method).toBe(400)
      expect(await array.json()).toEqual({ non_field_errors: ['Invalid data. Expected a JSON object.'] })
    }
    expect(await all(analyst)).toEqual(before)
  })
})

describe('updating', () => {
  it('PUT replaces the whole template, its sections and follow-up actions, and recomputes the duration', async () => {
    const template = await create(analyst)
    expect(template.estimatedDuration).toBe(45)
    api.clock.advance(2)
    const replacement = {
      name: 'Deal Structure Options',
      phaseId: 'phase-3',
      description: 'Compare the routes out.',
      sections: [
        {
          title: 'Asset or share sale',
          suggestedScript: 'There are two ways to sell.',
          suggestedQuestions: ['Which liabilities stay with you?'],
          keyInformation: ['Preferred structure'],
          timeAllocation: 40,
        },
      ],
      followupActions: [
        { description: 'Ask the tax adviser', assignedTo: 'Owner', dueDate: 'Within 2 weeks', isRequired: false },
        { description: 'Draft heads of terms', assignedTo: 'Advisor', dueDate: 'Within 1 month', isRequired: true },
      ],
    }
    const updated = await edit(analyst, 'PUT', template.id, replacement)
    expect(updated).toEqual({
      ...replacement,
      id: template.id,
      phaseName: 'Decision & Transition',
      estimatedDuration: 40,
      createdBy: template.createdBy,
      createdAt: template.createdAt,
      updatedAt: expect.stringMatching(ISO_DATE),
    })
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(template.updatedAt))
    expect(await get(member, template.id)).toEqual(updated)

    // Left out of a PUT, the follow-up actions and description are emptied.
    const bare = await edit(admin, 'PUT', template.id, {
      name: 'Deal Structure Options',
      phaseId: 'phase-3',
      sections: [{ title: 'Only section', timeAllocation: 15 }],
    })
    expect(bare).toMatchObject({ description: '', followupActions: [], estimatedDuration: 15 })
    expect(bare.sections).toEqual([
      { title: 'Only section', suggestedScript: '', suggestedQuestions: [], keyInformation: [], timeAllocation: 15 },
    ])
  })

  it('PATCH changes only the fields sent', async () => {
    const template = await create(analyst)
    api.clock.advance(2)
    const renamed = await edit(analyst, 'PATCH', template.id, { name: 'Renamed Review' })
    expect(renamed).toEqual({ ...template, name: 'Renamed Review', updatedAt: expect.stringMatching(ISO_DATE) })
    expect(Date.parse(renamed.updatedAt)).toBeGreaterThan(Date.parse(template.updatedAt))

    const resectioned = await edit(admin, 'PATCH', template.id, {
      sections: [
        { title: 'One', timeAllocation: 5 },
        { title: 'Two', timeAllocation: 7 },
      ],
    })
    expect(resectioned).toMatchObject({
      name: 'Renamed Review',
      description: template.description,
      followupActions: template.followupActions,
      estimatedDuration: 12,
    })
    expect(resectioned.sections.map((section) => section.title)).toEqual(['One', 'Two'])

    const moved = await edit(analyst, 'PATCH', template.id, { phaseId: 'phase-1' })
    expect(moved).toMatchObject({ phaseId: 'phase-1', phaseName: 'Orientation & Assessment', estimatedDuration: 12 })
    expect(await get(member, template.id)).toEqual(moved)
  })

  it('lets an editor change a sample, which keeps no creator', async () => {
    const sample = samplesOf(await all(analyst)).find((template) => template.name === 'Business Valuation Discussion')!
    const patched = await edit(analyst, 'PATCH', sample.id, { description: 'Our version.' })
    expect(patched).toMatchObject({ id: sample.id, description: 'Our version.', createdBy: null })
    expect(patched.sections).toEqual(sample.sections)
  })
})

describe('deleting', () => {
  it('removes the template for good', async () => {
    for (const session of [analyst, admin]) {
      const template = await create(analyst)
      await remove(session, template.id)
      const gone = await api.request(resource.path(template.id), { token: member.access, org: DEMO })
      expect(gone.status).toBe(404)
      expect(await gone.json()).toEqual(TEMPLATE_NOT_FOUND)
      expect(ids(await all(member))).not.toContain(template.id)
      const again = await api.request(resource.path(template.id), {
        method: 'DELETE',
        token: session.access,
        org: DEMO,
      })
      expect(again.status).toBe(404)
      expect(await again.json()).toEqual(TEMPLATE_NOT_FOUND)
    }
  })
})

describe('roles', () => {
  it('let a member list and read templates', async () => {
    const template = await create(analyst)
    const listed = await all(member)
    expect(ids(listed)).toContain(template.id)
    expect(await get(member, template.id)).toEqual(template)
  })

  it('refuse a member every change with 403, before looking at the body', async () => {
    const template = await create(analyst)
    const before = await all(member)
    const bodies: unknown[] = [validTemplate({ name: 'Member made' }), {}, { name: '' }, { extra: true }]
    for (const json of bodies) {
      for (const [method, path] of [
        ['POST', '/conversation-templates/'],
        ['PUT', resource.path(template.id)],
        ['PATCH', resource.path(template.id)],
      ] as const) {
        const response = await api.request(path, { method, token: member.access, org: DEMO, json })
        expect(response.status, `${method} ${JSON.stringify(json)}`).toBe(403)
        expect(await response.json()).toEqual(FORBIDDEN)
      }
    }
    const malformed = await api.request('/conversation-templates/', {
      method: 'POST',
      token: member.access,
      org: DEMO,
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    })
    expect(malformed.status).toBe(403)
    const deleted = await api.request(resource.path(template.id), { method: 'DELETE', token: member.access, org: DEMO })
    expect(deleted.status).toBe(403)
    expect(await deleted.json()).toEqual(FORBIDDEN)
    // Not even whether an id exists: a member's change is refused before the template is looked up.
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await api.request(resource.path('template-x'), {
        method,
        token: member.access,
        org: DEMO,
        json: {},
      })
      expect(response.status, method).toBe(403)
    }

    expect(await all(member)).toEqual(before)
    expect(await get(member, template.id)).toEqual(template)
  })
})

describe('organization isolation', () => {
  it('hides another organization’s templates: listed nowhere, 404 on every call', async () => {
    const template = await create(analyst, validTemplate({ name: 'Demo Secret Plan' }))
    const demoIds = ids(await all(admin))

    const harborTemplates = await all(outsider, harbor)
    expect(names(harborTemplates)).toEqual(Object.keys(SAMPLES).sort())
    for (const id of ids(harborTemplates)) expect(demoIds).not.toContain(id)

    for (const [method, json] of [
      ['GET', undefined],
      ['PUT', validTemplate({ name: 'Taken over' })],
      ['PATCH', { name: 'Taken over' }],
      ['DELETE', undefined],
    ] as const) {
      for (const id of [template.id, demoIds[0]!]) {
        const response = await api.request(resource.path(id), { method, token: outsider.access, json })
        expect(response.status, `${method} ${id}`).toBe(404)
        expect(await response.json()).toEqual(TEMPLATE_NOT_FOUND)
      }
    }
    // The demo admin, who also belongs to Harbor Capital, cannot reach a demo template through it either.
    const throughHarbor = await api.request(resource.path(template.id), { token: admin.access, org: harbor })
    expect(throughHarbor.status).toBe(404)
    expect(ids(await all(admin, harbor))).toEqual(ids(harborTemplates))

    expect(await get(analyst, template.id)).toEqual(template)
    expect(names(await all(outsider, harbor))).not.toContain('Demo Secret Plan')
  })

  it('looks the template up before reading the body: a missing one is 404 whatever the body', async () => {
    const demoTemplate = (await all(member))[0]!
    for (const method of ['PUT', 'PATCH'] as const) {
      const missing = await api.request(resource.path('template-999999'), {
        method,
        token: analyst.access,
        org: DEMO,
        json: {},
      })
      expect(missing.status, method).toBe(404)
      const another = await api.request(resource.path(demoTemplate.id), { method, token: outsider.access, json: {} })
      expect(another.status, method).toBe(404)
    }
  })

  it('answers 404 to a non-member who names the organization', async () => {
    const template = (await all(member))[0]!
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/conversation-templates/'],
      ['GET', resource.path(template.id)],
      ['POST', '/conversation-templates/', validTemplate()],
      ['PUT', resource.path(template.id), validTemplate()],
      ['PATCH', resource.path(template.id), { name: 'Taken over' }],
      ['DELETE', resource.path(template.id)],
    ]
    const before = await all(member)
    for (const [method, path, json] of calls) {
      const response = await api.request(path, { method, token: outsider.access, org: DEMO, json })
      expect(response.status, `${method} ${path}`).toBe(404)
      expect(await response.json()).toEqual({ detail: 'Not found.' })
    }
    expect(await all(member)).toEqual(before)
  })

  it('answers 404 to ids that cannot name a template', async () => {
    const spelledOtherwise = (await all(member))[0]!.id.replace('template-', 'template-0')
    for (const id of [
      '1',
      'template-x',
      'template-',
      'template-0',
      'template-99999999999',
      'template-999999',
      spelledOtherwise,
    ]) {
      for (const [method, json] of [
        ['GET', undefined],
        ['PUT', validTemplate()],
        ['PATCH', { name: 'Nobody' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await api.request(resource.path(id), { method, token: analyst.access, org: DEMO, json })
        expect(response.status, `${method} ${id}`).toBe(404)
        expect(await response.json()).toEqual(TEMPLATE_NOT_FOUND)
      }
    }
  })
})

describe('starting a conversation from a template', () => {
  it('opens it with the template’s name and its plan as the first assistant message', async () => {
    const template = await create(analyst)
    const conversation = await startConversation(analyst, { template_id: template.id })
    expect(conversation).toMatchObject({ title: template.name, message_count: 1, template_id: template.id })

    const messages = await messagesOf(analyst, conversation.id)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({ role: 'assistant', conversation: conversation.id })
    const content = messages[0]!.content
    expect(content).toContain(template.name)
    for (const section of template.sections) {
      expect(content).toContain(`${section.title} (${minutes(section.timeAllocation)})`)
      for (const question of section.suggestedQuestions) expect(content).toContain(question)
      for (const item of section.keyInformation) expect(content).toContain(item)
      if (section.suggestedScript) expect(content).toContain(section.suggestedScript)
    }
    for (const action of template.followupActions) expect(content).toContain(action.description)
    // The sections come in the template's order.
    const positions = template.sections.map((section) => content.indexOf(section.title))
    expect(positions).toEqual([...positions].sort((a, b) => a - b))

    const fetched = await api.request(`/conversations/${conversation.id}/`, { token: analyst.access, org: DEMO })
    expect(await fetched.json()).toMatchObject({ id: conversation.id, template_id: template.id, message_count: 1 })
  })

  it('works from a sample, covering every section', async () => {
    const sample = samplesOf(await all(member)).find((template) => template.name === 'Initial Discovery Meeting')!
    const conversation = await startConversation(member, { template_id: sample.id })
    expect(conversation).toMatchObject({ title: 'Initial Discovery Meeting', message_count: 1, template_id: sample.id })
    const [message] = await messagesOf(member, conversation.id)
    for (const section of sample.sections) {
      expect(message!.content).toContain(`${section.title} (${minutes(section.timeAllocation)})`)
      for (const question of section.suggestedQuestions) expect(message!.content).toContain(question)
      for (const item of section.keyInformation) expect(message!.content).toContain(item)
    }
  })

  it('keeps an explicit title', async () => {
    const template = await create(analyst)
    const conversation = await startConversation(analyst, {
      title: 'Meeting with the Lindqvists',
      template_id: template.id,
    })
    expect(conversation).toMatchObject({
      title: 'Meeting with the Lindqvists',
      message_count: 1,
      template_id: template.id,
    })
  })

  it('lets a member start one', async () => {
    const template = await create(analyst)
    const conversation = await startConversation(member, { template_id: template.id })
    expect(conversation).toMatchObject({ title: template.name, message_count: 1, template_id: template.id })
    expect(await messagesOf(member, conversation.id)).toHaveLength(1)
  })

  it('refuses an unknown template or another organization’s, creating no conversation', async () => {
    const harborTemplate = (await all(outsider, harbor))[0]!
    const demoTemplate = (await all(member))[0]!
    const attempts: Array<[Session, string, string]> = [
      [member, DEMO, 'template-999999'],
      [member, DEMO, 'template-x'],
      [member, DEMO, '42'],
      [member, DEMO, 'template-99999999999'],
      [member, DEMO, harborTemplate.id],
      [outsider, harbor, demoTemplate.id],
    ]
    for (const [session, org, templateId] of attempts) {
      const before = await conversations(session, org)
      const response = await api.request('/conversations/', {
        method: 'POST',
        token: session.access,
        org,
        json: { title: 'Should not exist', template_id: templateId },
      })
      expect(response.status, templateId).toBe(400)
      expect(await response.json()).toEqual({ template_id: ['Template not found'] })
      expect(await conversations(session, org)).toEqual(before)
    }
  })

  it('keeps the conversation when its template is deleted', async () => {
    const template = await create(analyst)
    const conversation = await startConversation(member, { template_id: template.id })
    await remove(analyst, template.id)

    const response = await api.request(`/conversations/${conversation.id}/`, { token: member.access, org: DEMO })
    expect(response.status, await response.clone().text()).toBe(200)
    expect(await response.json()).toMatchObject({
      id: conversation.id,
      title: template.name,
      message_count: 1,
      template_id: null,
    })
    const listed = (await conversations(member)).find((item) => item.id === conversation.id)
    expect(listed?.template_id).toBeNull()
    expect(await messagesOf(member, conversation.id)).toHaveLength(1)
  })
})
