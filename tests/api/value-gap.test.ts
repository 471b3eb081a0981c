import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { auditEvents, documentFacts, documents, organizations, valueGapEntries } from '../../api/db/schema'
import { ValueGapSchema, ValueGapUpdateSchema } from '../../api/readiness/value-gap/contract'
import { inContract } from './support/contract'
import { demoAndHarbor, type Harness, type Session, startApi } from './support/harness'
import { type SaleFileName, uploadSaleFile } from './support/sale-file'

const DEMO = 'demo-advisory-group'
const FORBIDDEN = { detail: 'You do not have permission to perform this action.' }

interface Source {
  kind: 'document' | 'entered'
  document_id?: number
  title?: string
  location?: string
  quote?: string
  chunk_id?: number | null
  cell?: { table: number; row: number; column: number } | null
  by?: string
  at?: string
  text: string
}
interface Input {
  key: string
  value: string | null
  source: Source | null
  document: { value: string; source: Source } | null
  overrides_document: boolean
  reason: string | null
}
interface Scenario {
  case: 'low' | 'mid' | 'high'
  enterprise_value: string
  transaction_costs: string
  proceeds_before_tax: string
  tax: string
  net_proceeds: string
  gap: string
  outcome: string
  working: string[]
}
interface ValueGap {
  can_edit: boolean
  basis: 'multiple' | 'stated' | null
  basis_text: string | null
  inputs: Record<string, Input>
  add_backs: { items: Array<{ label: string; value: string; source: Source }>; reason: string | null; used: boolean }
  entries: Record<string, { value: string; by: string; at: string } | null>
  needed: string[]
  problems: string[]
  result: { goal: string; normalized_ebitda: { value: string; working: string } | null; scenarios: Scenario[] } | null
}

let api: Harness
let admin: Session
let analyst: Session
let member: Session
let outsider: Session
let harbor: string
let ids: Record<SaleFileName, number>

beforeAll(async () => {
  api = await startApi()
  ;({ admin, analyst, member, outsider, harbor } = await demoAndHarbor(api))
  ids = await uploadSaleFile(api, analyst)
})
afterAll(() => api.close())

const read = async (session: Session, org = DEMO): Promise<ValueGap> => {
  const response = await api.request('/value-gap/', { token: session.access, org })
  expect(response.status, await response.clone().text()).toBe(200)
  return inContract(ValueGapSchema, await response.json())
}
const put = (session: Session, json: unknown, org = DEMO) =>
  api.request('/value-gap/', { method: 'PUT', token: session.access, org, json })
const scenario = (gap: ValueGap, name: Scenario['case']) => gap.result!.scenarios.find((item) => item.case === name)!
const storedEntries = async (slug = DEMO) => {
  const [org] = await api.db.select().from(organizations).where(eq(organizations.slug, slug))
  const [row] = await api.db.select().from(valueGapEntries).where(eq(valueGapEntries.organizationId, org!.id))
  return row?.entries ?? null
}
const lastEvent = async () =>
  (
    await api.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'value_gap.updated'))
      .orderBy(desc(auditEvents.id))
  )[0]

describe('before any entry', () => {
  it('shows each input the sale file states with its citation, and says what is still needed', async () => {
    const started = performance.now()
    const gap = await read(member)
    // The cost of a read: the evidence's thirteen bounded retrievals and one row of entries.
    console.info(`GET /api/value-gap/ on the sale file: ${Math.round(performance.now() - started)} ms`)
    expect(gap.can_edit).toBe(false)
    expect(gap.inputs.ebitda).toMatchObject({
      value: '1184000',
      overrides_document: false,
      source: {
        kind: 'document',
        document_id: ids['income-statement.csv'],
        title: 'Income statement FY2023-FY2025',
        location: 'row "EBITDA", column "FY2025"',
        quote: '1,184,000',
        chunk_id: expect.any(Number),
        cell: expect.objectContaining({ table: expect.any(Number) }),
      },
    })
    expect(gap.inputs.goal_after_tax).toMatchObject({
      value: '5000000',
      source: {
        kind: 'document',
        document_id: ids['owner-memo.txt'],
        quote: expect.stringContaining('$5 million after taxes'),
      },
    })
    expect(gap.inputs.target_date).toMatchObject({ value: '2028-06-30', source: { kind: 'document' } })
    expect(gap.inputs.valuation_low).toMatchObject({
      value: '6800000',
      source: { document_id: ids['valuation-letter.txt'], title: 'Brightwater valuation letter' },
    })
    expect(gap.inputs.valuation_mid!.value).toBe('7300000')
    expect(gap.inputs.valuation_high!.value).toBe('7900000')
    expect(gap.add_backs.items.map((item) => [item.label, item.value, item.source.document_id])).toEqual([
      ["Owner's salary above market rate", '85000', ids['add-backs.csv']],
      ['One-time legal settlement (former supplier dispute)', '42500', ids['add-backs.csv']],
      ['Spouse on payroll not working in the business', '38000', ids['add-backs.csv']],
    ])
    expect(gap.inputs.multiple_mid).toMatchObject({
      value: null,
      source: null,
      reason: 'Not entered yet: an advisor sets it.',
    })
    expect(gap.basis).toBe('stated')
    expect(gap.result).toBeNull()
    expect(gap.needed).toEqual([
      'The transaction cost rate, as a percentage of the sale price.',
      'The tax rate on the proceeds after costs, as a percentage.',
    ])
  })

  it('gives the other organization none of these documents, and each input missing with its reason', async () => {
    const gap = await read(outsider, harbor)
    expect(gap.can_edit).toBe(true)
    expect(gap.inputs.ebitda).toMatchObject({
      value: null,
      document: null,
      reason: 'No table of the documents has a row of EBITDA for a year.',
    })
    expect(gap.inputs.goal_after_tax!.reason).toBe('No document states what the owner needs after tax from the sale.')
    expect(gap.add_backs).toMatchObject({
      items: [],
      reason: 'No document holds a schedule of add-backs or normalization adjustments.',
    })
    expect(gap.basis).toBeNull()
    expect(gap.needed).toHaveLength(4)
    expect(JSON.stringify(gap)).not.toContain('Brightwater')
  })
})

describe('entering rates and multiples', () => {
  it('computes the gap on the stated range once the rates are entered', async () => {
    const response = await put(analyst, { transaction_cost_percent: '6', tax_percent: '23.8' })
    expect(response.status, await response.clone().text()).toBe(200)
    expect(inContract(ValueGapUpdateSchema, await response.json()).changed).toEqual([
      'transaction_cost_percent',
      'tax_percent',
    ])
    const gap = await read(analyst)
    expect(gap.basis).toBe('stated')
    expect(gap.needed).toEqual([])
    // The letter's point estimate: 7,300,000 × 0.94 = 6,862,000; × 0.762 = 5,228,844; 5,000,000 − that.
    expect(scenario(gap, 'mid')).toMatchObject({
      enterprise_value: '7300000',
      transaction_costs: '438000',
      tax: '1633156',
      net_proceeds: '5228844',
      gap: '-228844',
      outcome: 'surplus',
    })
    expect(gap.inputs.tax_percent!.source).toMatchObject({ kind: 'entered', by: expect.any(String) })
  })

  it('uses EBITDA normalized with the add-backs times the entered multiples, every digit kept', async () => {
    const response = await put(analyst, { multiple_low: '5', multiple_mid: '5.4', multiple_high: '5.9' })
    expect(response.status, await response.clone().text()).toBe(200)
    const gap = await read(admin)
    expect(gap.basis).toBe('multiple')
    expect(gap.add_backs.used).toBe(true)
    // 1,184,000 + 85,000 + 42,500 + 38,000 = 1,349,500 normalized.
    expect(gap.result!.normalized_ebitda!.value).toBe('1349500')
    // Low: 1,349,500 × 5 = 6,747,500; costs 6% = 404,850; 6,342,650 × 23.8% = 1,509,550.7 tax;
    // net 4,833,099.3; gap 5,000,000 − 4,833,099.3 = 166,900.7 short.
    expect(scenario(gap, 'low')).toMatchObject({
      enterprise_value: '6747500',
      transaction_costs: '404850',
      proceeds_before_tax: '6342650',
      tax: '1509550.7',
      net_proceeds: '4833099.3',
      gap: '166900.7',
      outcome: 'shortfall',
    })
    // Mid: 1,349,500 × 5.4 × 0.94 × 0.762 = 5,219,747.244.
    expect(scenario(gap, 'mid')).toMatchObject({ net_proceeds: '5219747.244', gap: '-219747.244' })
    // High: 1,349,500 × 5.9 = 7,962,050; × 0.94 = 7,484,327; × 0.762 = 5,703,057.174.
    expect(scenario(gap, 'high')).toMatchObject({ enterprise_value: '7962050', net_proceeds: '5703057.174' })
    expect(scenario(gap, 'low').working).toContain('Transaction costs: $6,747,500 × 6% = $404,850')
  })

  it('lets an entry override the document, still showing what the document states, and clears it again', async () => {
    expect((await put(admin, { ebitda: '1200000', target_date: '2029-01-31' })).status).toBe(200)
    let gap = await read(member)
    expect(gap.inputs.ebitda).toMatchObject({
      value: '1200000',
      overrides_document: true,
      source: { kind: 'entered', at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
      document: { value: '1184000', source: { kind: 'document', quote: '1,184,000' } },
    })
    expect(gap.result!.normalized_ebitda!.value).toBe('1365500')
    expect((await put(admin, { ebitda: '' })).status).toBe(200)
    gap = await read(member)
    expect(gap.inputs.ebitda).toMatchObject({ value: '1184000', overrides_document: false })
    expect(gap.entries.ebitda).toBeNull()
  })

  it('records who and when per changed field, and audits the fields changed', async () => {
    const before = await storedEntries()
    const response = await put(admin, { tax_percent: '23.80', transaction_cost_percent: '7' })
    expect(response.status).toBe(200)
    const after = await storedEntries()
    // "23.80" is the same rate: it keeps who entered it.
    expect(after!.taxPercent).toEqual(before!.taxPercent)
    expect(after!.transactionCostPercent!.value).toBe('7')
    expect(after!.transactionCostPercent!.by).not.toBe(before!.transactionCostPercent!.by)
    const event = await lastEvent()
    expect(event).toMatchObject({
      action: 'value_gap.updated',
      details: { fields: ['transaction_cost_percent'], changes: { transaction_cost_percent: { from: '6', to: '7' } } },
    })
  })
})

describe('who may enter', () => {
  it('refuses a member with 403 and changes nothing', async () => {
    const before = await storedEntries()
    const response = await put(member, { tax_percent: '30' })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual(FORBIDDEN)
    expect(await storedEntries()).toEqual(before)
  })

  it("keeps one organization's entries from the other", async () => {
    expect((await api.request('/value-gap/', { token: outsider.access, org: DEMO })).status).toBe(404)
    expect((await put(outsider, { tax_percent: '30' }, DEMO)).status).toBe(404)
    const gap = await read(admin, harbor)
    expect(Object.values(gap.entries).every((entry) => entry === null)).toBe(true)
    expect(gap.inputs.valuation_low!.value).toBeNull()
  })
})

describe('bad input', () => {
  const cases: Array<[string, unknown, string, RegExp]> = [
    ['a float as a number', { tax_percent: 23.8 }, 'tax_percent', /never as a JSON number/],
    ['an exponent', { goal_after_tax: '1e6' }, 'goal_after_tax', /written with digits/],
    ['a negative amount', { ebitda: '-5' }, 'ebitda', /must not be negative/i],
    ['a percentage over 100', { transaction_cost_percent: '100.5' }, 'transaction_cost_percent', /between 0 and 100/],
    ['three decimals of a dollar', { goal_after_tax: '5000000.001' }, 'goal_after_tax', /at most 2 decimal/],
    ['a zero multiple', { multiple_low: '0' }, 'multiple_low', /more than zero/],
    ['low above mid', { multiple_low: '6' }, 'multiple_low', /above the mid multiple/],
    ['mid above high', { multiple_mid: '6', multiple_high: '5.5' }, 'multiple_mid', /above the high multiple/],
    ['half the multiples cleared', { multiple_high: '' }, 'multiple_high', /all three/],
    ['null, which does not clear', { ebitda: null }, 'ebitda', /Send "" to clear/],
    [
      'a low valuation above the high',
      { valuation_low: '9000000', valuation_high: '8000000' },
      'valuation_low',
      /above the high valuation/,
    ],
    ['an impossible date', { target_date: '2028-02-30' }, 'target_date', /real date/],
    ['a date in words', { target_date: 'June 30, 2028' }, 'target_date', /real date/],
    ['a boolean', { ebitda: true }, 'ebitda', /string of digits/],
    ['an unknown field', { discount: '5' }, 'discount', /Unknown field/],
  ]
  it.each(cases)('refuses %s with a message on its field and changes nothing', async (_name, body, field, message) => {
    const before = await storedEntries()
    const events = await api.db.select().from(auditEvents).where(eq(auditEvents.action, 'value_gap.updated'))
    const response = await put(analyst, body)
    expect(response.status).toBe(400)
    const errors = (await response.json()) as Record<string, string[]>
    expect(errors[field]?.join(' ') ?? JSON.stringify(errors)).toMatch(message)
    expect(await storedEntries()).toEqual(before)
    expect(await api.db.select().from(auditEvents).where(eq(auditEvents.action, 'value_gap.updated'))).toHaveLength(
      events.length,
    )
  })

  it('refuses malformed JSON and a body that is not an object', async () => {
    const malformed = await api.request('/value-gap/', {
      method: 'PUT',
      token: analyst.access,
      org: DEMO,
      body: '{"tax_percent": "5"',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toEqual({ detail: 'Malformed JSON in the request body.' })
    const list = await put(analyst, ['5'])
    expect(list.status).toBe(400)
    expect(await list.json()).toEqual({ non_field_errors: ['Invalid data. Expected a JSON object.'] })
  })
})

describe('what a view reads', () => {
  const stated = async () => (await read(member)).inputs.ebitda!.document
  const generation = async () =>
    (await api.db.select().from(organizations).where(eq(organizations.slug, DEMO)))[0]!.searchGeneration

  it('reads the evidence again once its facts or their titles change, and keeps it until then', async () => {
    const income = ids['income-statement.csv']
    expect(await stated()).toMatchObject({ value: '1184000', source: { document_id: income } })

    // A title is part of the citation: renaming the document raises the generation the view is kept under.
    const [{ title } = { title: '' }] = await api.db
      .select({ title: documents.title })
      .from(documents)
      .where(eq(documents.id, income))
    let before = await generation()
    await api.db.update(documents).set({ title: 'Income statement, renamed' }).where(eq(documents.id, income))
    expect(await generation()).toBeGreaterThan(before)
    expect((await stated())!.source).toMatchObject({ title: 'Income statement, renamed' })
    await api.db.update(documents).set({ title }).where(eq(documents.id, income))

    // The job that reads an older version's facts again changes them without touching chunks.
    const ofIncome = eq(documentFacts.documentId, income)
    const facts = await api.db.select().from(documentFacts).where(ofIncome)
    before = await generation()
    await api.db.delete(documentFacts).where(ofIncome)
    expect(await generation()).toBeGreaterThan(before)
    expect(await stated()).toBeNull()
    await api.db.insert(documentFacts).values(facts.map(({ id: _id, ...fact }) => fact))
    expect(await stated()).toMatchObject({ value: '1184000', source: { document_id: income, title } })
  })
})
