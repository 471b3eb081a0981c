import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { extractText } from '../../api/ingest/extract-text'
import { demoAndHarbor, type Harness, startApi, type TwoOrganizations } from './support/harness'
import { uploadSaleFile } from './support/sale-file'

const DEMO = 'demo-advisory-group'
const LIMITS = { maxChars: 3_000_000, maxUnpackedBytes: 64 * 2 ** 20 }
let api: Harness
let people: TwoOrganizations

const get = (path: string) => api.request(path, { token: people.member.access, org: DEMO })

/** The text of an exported file as the app's own readers find it, whitespace folded (a table cell wraps). */
async function textOf(response: Response, type: 'pdf' | 'docx') {
  const { pages } = await extractText(type, new Uint8Array(await response.arrayBuffer()), LIMITS)
  return pages
    .map((page) => page.text)
    .join('\n')
    .replace(/\s+/g, ' ')
}

beforeAll(async () => {
  api = await startApi()
  people = await demoAndHarbor(api)
  await uploadSaleFile(api, people.analyst, DEMO)
  const send = (path: string, method: string, json: unknown) =>
    api.request(path, { method, token: people.analyst.access, org: DEMO, json })
  expect((await send('/assessment/answers/customers.largest-share/accept/', 'POST', {})).status).toBe(200)
  expect(
    (await send('/assessment/answers/management.successor/', 'PUT', { score: 2, note: 'Daughter undecided' })).status,
  ).toBe(200)
  const rates = {
    multiple_low: '5',
    multiple_mid: '5.4',
    multiple_high: '5.9',
    transaction_cost_percent: '6',
    tax_percent: '23.8',
  }
  expect((await send('/value-gap/', 'PUT', rates)).status).toBe(200)
  const task = { title: 'Name a general manager to run the yard', due_date: '2027-01-15' }
  expect((await send('/actions/', 'POST', task)).status).toBe(201)
  expect((await send('/actions/gather/', 'POST', {})).status).toBe(200)
}, 120_000)
afterAll(() => api.close())

describe('the readiness report', () => {
  it.each(['pdf', 'docx'] as const)(
    'is a %s file of the assessment, the value gap and the checklist',
    async (format) => {
      const response = await get(`/readiness/report/?format=${format}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-disposition')).toContain(`Demo Advisory Group - Readiness report.${format}`)
      const text = await textOf(response, format)
      const checklist = (await (await get('/checklist/')).json()) as { completeness: { text: string } }
      for (const expected of ['Due-diligence checklist', checklist.completeness.text, 'Lease summary'])
        expect(text).toContain(expected)
      // The assessment's scores and an accepted proposal, cited; the advisor's own answer with its note.
      const assessment = (await (await get('/assessment/')).json()) as { overall: { display: string } }
      for (const expected of [
        'Readiness assessment',
        `Overall ${assessment.overall.display} of 5`,
        'Customers FY2025',
        'Daughter undecided',
      ])
        expect(text).toContain(expected)
      // The value gap's figures exactly as the page has them: 1,349,500 × 5.4 = 7,287,300 mid.
      for (const expected of ['Value gap', '$7,287,300', 'Owner adjustments FY2025', 'Sources'])
        expect(text).toContain(expected)
      // The plan, with the task added by hand and those gathered from the checklist's gaps.
      for (const expected of ['Action plan', 'Name a general manager to run the yard', 'Jan 15, 2027'])
        expect(text).toContain(expected)
      // Each task says where it came from once: its source's label names the kind.
      expect(text).toMatch(/Due-diligence checklist: [A-Z]/)
      expect(text).not.toMatch(/Checklist gap: Due-diligence|Weak readiness driver: Readiness driver/)
      // The working's minus sign, which the PDF's standard font lacks, is spelt as a hyphen there.
      expect(text).toContain(`$5,000,000 ${format === 'pdf' ? '-' : '−'} $5,219,747.244`)
    },
  )

  it('marks on the checklist what the sale file is, and what it lacks', async () => {
    const { items } = (await (await get('/checklist/')).json()) as {
      items: Array<{ key: string; status: string; years_found: number[] }>
    }
    const status = Object.fromEntries(items.map((item) => [item.key, item.status]))
    expect(status).toMatchObject({
      leases: 'present',
      'quality-of-earnings': 'present',
      'customer-concentration': 'present',
      // An income statement of three years is the annual statements, whatever its title says.
      'financial-statements': 'present',
      'management-accounts': 'missing',
      'tax-returns': 'missing',
    })
    expect(items.find((item) => item.key === 'financial-statements')!.years_found).toEqual([2023, 2024, 2025])
  })

  it("never shows another organization's documents", async () => {
    const response = await api.request('/readiness/report/?format=docx', { token: people.outsider.access })
    expect(response.status).toBe(200)
    const text = await textOf(response, 'docx')
    expect(text).toContain('Harbor Capital')
    expect(text).not.toContain('Lease summary')
    expect(text).toContain('0 documents checked')
  })

  it('refuses an unknown format or zone with a message, and a caller with no session', async () => {
    const bad = await api.request('/readiness/report/?format=xls', { token: people.member.access, org: DEMO })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toContain('Choose a format: pdf or docx.')
    const zone = await api.request('/readiness/report/?format=pdf&time_zone=Mars/Olympus', {
      token: people.member.access,
      org: DEMO,
    })
    expect(zone.status).toBe(400)
    expect((await api.request('/readiness/report/?format=pdf', { org: DEMO })).status).toBe(401)
  })
})
