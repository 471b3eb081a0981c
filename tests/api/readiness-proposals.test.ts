import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { documentFacts, organizations } from '../../api/db/schema'
import { type Proposals, readProposals } from '../../api/readiness/assessment/proposals'
import { demoAndHarbor, type Harness, type Session, startApi } from './support/harness'
import { type SaleFileName, uploadSaleFile } from './support/sale-file'
import { processed, upload } from './support/uploads'

const NOW = new Date('2026-11-28T09:00:00Z')
const SUPPLIERS =
  'I am still the only person who negotiates the annual programs with the big paver and stone manufacturers, and most of those relationships are with me rather than with the company.'

let api: Harness
let analyst: Session
let outsider: Session
let harbor: string
let demo: number
let ids: Record<SaleFileName, number>

const organizationId = async (slug: string) =>
  (await api.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, slug)))[0]!.id
/** The organization's search generation now, as a request's membership reads it. */
const generationOf = async (id: number) =>
  (
    await api.db
      .select({ generation: organizations.searchGeneration })
      .from(organizations)
      .where(eq(organizations.id, id))
  )[0]!.generation
const proposalsOf = async (id: number, now = NOW) =>
  readProposals(api.deps, { organizationId: id }, await generationOf(id), now)

beforeAll(async () => {
  api = await startApi()
  ;({ analyst, outsider, harbor } = await demoAndHarbor(api))
  ids = await uploadSaleFile(api, analyst)
  demo = await organizationId('demo-advisory-group')
})
afterAll(() => api.close())

describe('answers proposed from a sale file', () => {
  let proposals: Proposals
  beforeAll(async () => {
    proposals = await proposalsOf(demo)
  })

  it("proposes 2 for customer concentration from the largest customer's share, citing its cell", () => {
    expect(proposals['customers.largest-share']).toEqual({
      value: {
        key: 'customers.largest-share',
        score: 2,
        reason:
          'The largest customer, Ridgeline Builders, brings 18.0% of revenue (as the table states its share): above 15% proposes 2.',
        sources: [
          expect.objectContaining({
            kind: 'document',
            documentId: ids['customers.csv'],
            title: 'Customers FY2025',
            location: 'row "Ridgeline Builders", column "Share of revenue"',
            quote: '18.0%',
            cell: { table: 0, row: 1, column: 3 },
          }),
        ],
      },
      reason: null,
    })
  })

  it("proposes owner dependence from the owner's own sentence, quoted", () => {
    const memo = expect.objectContaining({ documentId: ids['owner-memo.txt'], quote: SUPPLIERS })
    expect(proposals['owner.operations'].value).toEqual({
      key: 'owner.operations',
      score: 2,
      reason: expect.stringContaining(`"${SUPPLIERS}"`),
      sources: [memo],
    })
    expect(proposals['owner.relationships'].value).toEqual({
      key: 'owner.relationships',
      score: 2,
      reason: `The documents say customers or suppliers deal with the owner personally: "${SUPPLIERS}" This proposes 2.`,
      sources: [memo],
    })
    expect(proposals['management.successor']).toEqual({
      value: null,
      reason: 'No document says whether a successor is identified.',
    })
  })

  it('proposes 2 for the accounts, which the valuation letter says are not audited', () => {
    const sentence =
      'The income statements were compiled by your outside accountant and have not been audited or reviewed; we have relied on them as presented.'
    expect(proposals['financial.assurance'].value).toEqual({
      key: 'financial.assurance',
      score: 2,
      reason: `The financial statements are not audited: "${sentence}" This proposes 2.`,
      sources: [
        expect.objectContaining({
          documentId: ids['valuation-letter.txt'],
          title: 'Brightwater valuation letter',
          quote: sentence,
        }),
      ],
    })
  })

  it('flags the Grove City lease, ending within a year, and not the lot whose lease has ended', () => {
    expect(proposals['legal.leases-contracts'].value).toEqual({
      key: 'legal.leases-contracts',
      score: 2,
      reason:
        'Lease summary states an end on April 30, 2027, within a year of 2026-11-28. This proposes 2: whether it is key, and whether a renewal is agreed (which makes it 1 or better), is for the advisor to judge.',
      sources: [
        expect.objectContaining({
          documentId: ids['lease-summary.txt'],
          location: 'text',
          quote: 'Grove City branch, 3915 Stringtown Road: the lease ends on April 30, 2027.',
        }),
      ],
    })
  })

  it('proposes nothing for recurring revenue, which no document states, and says so', () => {
    expect(proposals['recurring.share']).toEqual({
      value: null,
      reason: 'No document states what share of revenue recurs.',
    })
  })

  it('gives no lease flag when every lease ends more than a year ahead', async () => {
    const earlier = await proposalsOf(demo, new Date('2025-09-01T00:00:00Z'))
    expect(earlier['legal.leases-contracts']).toEqual({
      value: null,
      reason:
        'No lease or contract in the documents ends within a year of 2025-09-01: the nearest ends on September 30, 2026, 394 days ahead (Lease summary).',
    })
  })
})

describe('an organization without such files', () => {
  it('gets no proposals, each with its reason', async () => {
    expect(await proposalsOf(await organizationId(harbor))).toEqual({
      'customers.largest-share': {
        value: null,
        reason: 'No document holds a table of revenue or share of revenue by customer.',
      },
      'owner.operations': { value: null, reason: 'No document says the owner is the only person who does key work.' },
      'owner.relationships': {
        value: null,
        reason: "No document says the business's relationships are with the owner personally.",
      },
      'management.successor': { value: null, reason: 'No document says whether a successor is identified.' },
      'financial.assurance': {
        value: null,
        reason: 'No document says whether the financial statements are audited, reviewed or compiled.',
      },
      'legal.leases-contracts': {
        value: null,
        reason: 'No lease or contract in the documents states an end date after 2026-11-28.',
      },
      'recurring.share': { value: null, reason: 'No document states what share of revenue recurs.' },
    })
  })
})

describe('what a view reads', () => {
  it('are read again once a document changes, and kept until then', async () => {
    const id = await organizationId(harbor)
    const before = await generationOf(id)
    expect((await proposalsOf(id))['owner.relationships'].value).toBeNull()
    const response = await upload(
      api,
      outsider,
      { name: 'owner-notes.txt', bytes: new TextEncoder().encode(`${SUPPLIERS}\n`) },
      { title: 'Owner notes' },
      harbor,
    )
    const uploaded = ((await response.json()) as { id: number }).id
    expect((await processed(api, outsider, uploaded)).processing_status).toBe('processed')
    expect(await generationOf(id)).toBeGreaterThan(before)
    // Under the generation it was read at, the view reads what it read then, without retrieving.
    const kept = await readProposals(api.deps, { organizationId: id }, before, NOW)
    expect(kept['owner.relationships'].value).toBeNull()
    expect((await proposalsOf(id))['owner.relationships'].value).toMatchObject({
      key: 'owner.relationships',
      sources: [expect.objectContaining({ documentId: uploaded, quote: SUPPLIERS })],
    })
  })

  it('is read again when facts change without their chunks, as the job that reads facts again changes them', async () => {
    const cited = (found: Proposals) => found['customers.largest-share'].value?.sources[0]?.documentId
    expect(cited(await proposalsOf(demo))).toBe(ids['customers.csv'])
    const before = await generationOf(demo)
    const document = eq(documentFacts.documentId, ids['customers.csv'])
    const facts = await api.db.select().from(documentFacts).where(document)
    await api.db.delete(documentFacts).where(document)
    expect(await generationOf(demo)).toBeGreaterThan(before)
    expect(cited(await proposalsOf(demo))).not.toBe(ids['customers.csv'])
    const restoring = await generationOf(demo)
    await api.db.insert(documentFacts).values(facts.map(({ id: _id, ...fact }) => fact))
    expect(await generationOf(demo)).toBeGreaterThan(restoring)
    expect(cited(await proposalsOf(demo))).toBe(ids['customers.csv'])
  })
})
