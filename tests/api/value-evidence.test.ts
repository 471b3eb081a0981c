import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { organizations } from '../../api/db/schema'
import { computeValueGap } from '../../api/readiness/value-gap/compute'
import { readValueEvidence, type ValueEvidence } from '../../api/readiness/value-gap/evidence'
import { demoAndHarbor, type Harness, type Session, startApi } from './support/harness'
import { type SaleFileName, uploadSaleFile } from './support/sale-file'

let api: Harness
let analyst: Session
let harbor: string
let ids: Record<SaleFileName, number>

const organizationId = async (slug: string) =>
  (await api.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, slug)))[0]!.id

beforeAll(async () => {
  api = await startApi()
  ;({ analyst, harbor } = await demoAndHarbor(api))
  ids = await uploadSaleFile(api, analyst)
})
afterAll(() => api.close())

describe('the value gap read from a sale file', () => {
  let evidence: ValueEvidence
  beforeAll(async () => {
    evidence = await readValueEvidence(api.deps, { organizationId: await organizationId('demo-advisory-group') })
  })

  it('reads reported EBITDA of the latest year from the income statement, citing its cell', () => {
    expect(evidence.ebitda).toEqual({
      value: {
        value: '1184000',
        period: 'FY2025',
        source: expect.objectContaining({
          kind: 'document',
          documentId: ids['income-statement.csv'],
          title: 'Income statement FY2023-FY2025',
          location: 'row "EBITDA", column "FY2025"',
          quote: '1,184,000',
        }),
      },
      reason: null,
    })
  })

  it('links each cited cell to the document view, which draws that cell', async () => {
    const cited = [evidence.ebitda.value!.source, evidence.addBacks.value!.total.source]
    for (const source of cited) {
      const { chunkId, cell } = source
      expect(cell).toBeDefined()
      const response = await api.request(
        `/documents/${source.documentId}/text/?page=1&chunk=${chunkId}&cell=${cell!.table}.${cell!.row}.${cell!.column}`,
        { token: analyst.access },
      )
      const body = (await response.json()) as { cell: { rows: string[][] } | null }
      expect(body.cell?.rows[cell!.row]?.[cell!.column]).toBe(source.quote)
    }
  })

  it('reads the add-back schedule, each item and its stated total, citing every cell', () => {
    const { value } = evidence.addBacks
    expect(value?.items.map(({ label, value, source }) => [label, value, source.quote])).toEqual([
      ["Owner's salary above market rate", '85000', '85,000'],
      ['One-time legal settlement (former supplier dispute)', '42500', '42,500'],
      ['Spouse on payroll not working in the business', '38000', '38,000'],
    ])
    expect(value?.total).toEqual({
      value: '165500',
      source: expect.objectContaining({
        documentId: ids['add-backs.csv'],
        title: 'Owner adjustments FY2025',
        location: 'row "Total add-backs", column "Amount"',
        quote: '165,500',
      }),
    })
  })

  it('reads the stated valuation range and its point estimate from the letter, quoting the sentences', () => {
    expect(evidence.valuation.value).toEqual({
      low: { value: '6800000', source: expect.objectContaining({ documentId: ids['valuation-letter.txt'] }) },
      high: { value: '7900000', source: expect.objectContaining({ documentId: ids['valuation-letter.txt'] }) },
      mid: {
        value: '7300000',
        source: expect.objectContaining({ quote: 'Our point estimate within that range is $7.3 million.' }),
      },
    })
    expect(evidence.valuation.value!.low.source).toMatchObject({
      title: 'Brightwater valuation letter',
      quote: expect.stringMatching(
        /^Based on that review, .* enterprise value of between \$6\.8 million and \$7\.9 million on a cash-free, debt-free basis\.$/,
      ),
    })
  })

  it("reads the owner's after-tax need and target date from her memo, in her words", () => {
    expect(evidence.goal.value).toEqual({
      afterTax: {
        value: '5000000',
        source: expect.objectContaining({
          documentId: ids['owner-memo.txt'],
          title: "Renata's memo on what she needs",
          quote:
            'To retire properly, pay off the lake house and still help the grandkids with college, I need to walk away with $5 million after taxes.',
        }),
      },
      targetDate: {
        value: '2028-06-30',
        source: expect.objectContaining({
          quote: 'As for timing, I would like the sale closed by June 30, 2028 at the latest.',
        }),
      },
    })
  })

  it('gives the value gap from those inputs and the advisor’s rates', () => {
    const ebitda = evidence.ebitda.value!
    const schedule = evidence.addBacks.value!
    const advisor = { kind: 'entered' as const, by: 'Dana Whitfield', at: '2026-11-28' }
    const gap = computeValueGap({
      goal: { afterTax: evidence.goal.value!.afterTax },
      valuation: {
        kind: 'multiple',
        ebitda,
        addBacks: schedule.items,
        multiples: {
          low: { value: '5', source: advisor },
          mid: { value: '5.4', source: advisor },
          high: { value: '5.9', source: advisor },
        },
      },
      transactionCostPercent: { value: '6', source: advisor },
      taxPercent: { value: '23.8', source: advisor },
    })
    expect(gap.normalizedEbitda!.value.toFixed()).toBe('1349500')
    // 1,349,500 × 5.4 = 7,287,300; × 0.94 × 0.762 = 5,219,747.244, every digit kept.
    expect(gap.scenarios.mid.netProceeds.toFixed()).toBe('5219747.244')
    expect(gap.scenarios.low.outcome).toBe('shortfall')
  })
})

describe('an organization without such files', () => {
  it('gets every input as not found, each with its reason', async () => {
    const evidence = await readValueEvidence(api.deps, { organizationId: await organizationId(harbor) })
    expect(evidence).toEqual({
      ebitda: { value: null, reason: 'No table of the documents has a row of EBITDA for a year.' },
      addBacks: { value: null, reason: 'No document holds a schedule of add-backs or normalization adjustments.' },
      valuation: { value: null, reason: 'No document states a valuation range.' },
      goal: { value: null, reason: 'No document states what the owner needs after tax from the sale.' },
    })
  })
})
