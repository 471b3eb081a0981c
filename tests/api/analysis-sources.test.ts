import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { AnalysisPayload } from '../../api/analysis/contract'
import { analysisResults } from '../../api/db/schema'
import { textPdf } from '../support/text-pdf'
import { demoAndHarbor, type Harness, type Session, startApi } from './support/harness'
import { type Part, processed, upload } from './support/uploads'

const DEMO = 'demo-advisory-group'

// A report as a word processor sets it: lines wrapped at the column's width, a sentence cut by the
// page break, and a running head and page number at the top of the next page.
const REPORT = textPdf([
  [
    'Legal matters',
    'In March 2024 the company paid out what its advisers described as a one-time legal settlement of',
    '120 thousand dollars to a former distributor, which the accounts treat as an exceptional cost and',
    'exclude from adjusted EBITDA.',
    'The company employs 85 people across two sites, and its order book stood at $4.2 million at the end',
    'of the year, up from $3.1 million a year earlier; management expects it to grow further as the new',
  ],
  [
    'Harbour Components Ltd - vendor report',
    'Page 2',
    'line comes on stream in the third quarter of the financial year.',
    'Revenue grew 12% to $14.8 million in 2024, and EBITDA was $2.1 million.',
  ],
])
const SETTLEMENT =
  'In March 2024 the company paid out what its advisers described as a one-time legal settlement of 120 thousand dollars to a former distributor, which the accounts treat as an exceptional cost and exclude from adjusted EBITDA.'
const ORDER_BOOK =
  'The company employs 85 people across two sites, and its order book stood at $4.2 million at the end of the year, up from $3.1 million a year earlier; management expects it to grow further as the new line comes on stream in the third quarter of the financial year.'

const CUSTOMERS = [
  'customer_name,sector,revenue_2024_gbp,share_of_revenue_percent',
  'Solent Marine Group,Marine,6992000,38.0',
  'Wessex Aero Structures,Aerospace,2576000,14.0',
  'Channel Yachts,Marine,1656000,9.0',
  'Hamble Boatworks,Marine,1104000,6.0',
  'Other customers (41),Various,5336000,29.0',
].join('\n')

let api: Harness
let analyst: Session

async function uploaded(file: Part, title: string) {
  const response = await upload(api, analyst, file, { title }, DEMO)
  expect(response.status, await response.clone().text()).toBe(201)
  const { id } = (await response.json()) as { id: number }
  expect(await processed(api, analyst, id)).toMatchObject({ processing_status: 'processed' })
  return id
}

async function analysis(id: number, type: string) {
  const response = await api.request('/analysis/', {
    method: 'POST',
    token: analyst.access,
    org: DEMO,
    json: { document_id: id, type },
  })
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as AnalysisPayload
}

async function exported(id: number, type: string) {
  const response = await api.request(`/analysis/export/?document_id=${id}&type=${type}`, {
    token: analyst.access,
    org: DEMO,
  })
  expect(response.status).toBe(200)
  return response.text()
}

beforeAll(async () => {
  api = await startApi()
  ;({ analyst } = await demoAndHarbor(api))
}, 60_000)
afterAll(() => api.close())

describe('an analysis of a PDF whose sentences cross line and page breaks', () => {
  it('states and cites each sentence whole, in the answer and in the export', async () => {
    const id = await uploaded({ name: 'vendor-report.pdf', bytes: REPORT }, 'Vendor report')
    const { findings } = (await analysis(id, 'key-findings')) as Extract<AnalysisPayload, { type: 'key-findings' }>
    const settlement = findings.find((finding) => finding.text.includes('legal settlement'))
    expect(settlement).toMatchObject({ text: SETTLEMENT, source: { quote: SETTLEMENT, page_number: 1 } })
    const orderBook = findings.find((finding) => finding.text.includes('order book'))
    expect(orderBook).toMatchObject({ text: ORDER_BOOK, source: { page_number: 1 } })
    // The running head of page 2 is no part of the sentence it interrupts.
    expect(findings.map((finding) => finding.text).join('\n')).not.toContain('vendor report')

    const markdown = await exported(id, 'key-findings')
    expect(markdown).toContain(`Page 1: “${SETTLEMENT}”`)
    expect(markdown).toContain(`Page 1: “${ORDER_BOOK}”`)
  })
})

describe('an analysis of a CSV', () => {
  it('names each finding’s sheet, row and column in words, and skips no customer that qualifies', async () => {
    const id = await uploaded({ name: 'customers.csv', bytes: CUSTOMERS, type: 'text/csv' }, 'Customers')
    const { findings } = (await analysis(id, 'key-findings')) as Extract<AnalysisPayload, { type: 'key-findings' }>
    expect(findings.map((finding) => finding.source.cell)).toEqual([
      { sheet: 'Customers', row: 2, column: 'Share of revenue (%)' },
      { sheet: 'Customers', row: 3, column: 'Share of revenue (%)' },
      { sheet: 'Customers', row: 4, column: 'Share of revenue (%)' },
    ])
    expect(findings[2]!.text).toBe(
      'Channel Yachts — Sector: Marine; Revenue 2024 (GBP): 1,656,000; Share of revenue (%): 9.0',
    )
    expect(JSON.stringify(findings)).not.toMatch(/share_of_revenue_percent|revenue_2024_gbp/)

    const markdown = await exported(id, 'key-findings')
    expect(markdown).toContain(
      '3. Channel Yachts — Sector: Marine; Revenue 2024 (GBP): 1,656,000; Share of revenue (%): 9.0 [3]',
    )
    expect(markdown).toMatch(/\n3\. Customers, row 4, Share of revenue \(%\): “Channel Yachts\b[^”]*9\.0”\n/)
    expect(markdown).not.toContain('Document text')
  })
})

describe('a result stored by an earlier edition of the offline analysis', () => {
  it('is computed again, not answered, and the new one is kept', async () => {
    const id = await uploaded({ name: 'customers-again.csv', bytes: CUSTOMERS, type: 'text/csv' }, 'Customers again')
    const first = await analysis(id, 'key-findings')
    const where = and(eq(analysisResults.documentVersionId, first.version_id), eq(analysisResults.type, 'key-findings'))
    // As the engine before sentences were read whole stored it: no edition, raw column names.
    const old = {
      findings: [{ text: 'Solent Marine Group — share_of_revenue_percent: 38.0', source: { chunk_id: 1 } }],
    }
    await api.db
      .update(analysisResults)
      .set({ result: old as never })
      .where(where)

    const again = (await analysis(id, 'key-findings')) as Extract<AnalysisPayload, { type: 'key-findings' }>
    expect(again.cached).toBe(false)
    expect(again.findings.map((finding) => finding.source.cell?.row)).toEqual([2, 3, 4])
    expect(again).not.toHaveProperty('engine')
    const stored = await api.db.select().from(analysisResults).where(where)
    expect(stored).toHaveLength(1)
    expect(JSON.stringify(stored[0]!.result)).not.toContain('share_of_revenue_percent')
    expect((await analysis(id, 'key-findings')).cached).toBe(true)
  })
})
