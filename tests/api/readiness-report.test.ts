import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { extractText } from '../../api/ingest/extract-text'
import { demoAndHarbor, type Harness, startApi, type TwoOrganizations } from './support/harness'
import { uploadSaleFile } from './support/sale-file'

const DEMO = 'demo-advisory-group'
const LIMITS = { maxChars: 3_000_000, maxUnpackedBytes: 64 * 2 ** 20 }
let api: Harness
let people: TwoOrganizations

/** The text of an exported file as the app's own readers find it. */
async function textOf(response: Response, type: 'pdf' | 'docx') {
  const { pages } = await extractText(type, new Uint8Array(await response.arrayBuffer()), LIMITS)
  return pages.map((page) => page.text).join('\n')
}

beforeAll(async () => {
  api = await startApi()
  people = await demoAndHarbor(api)
  await uploadSaleFile(api, people.analyst, DEMO)
}, 120_000)
afterAll(() => api.close())

describe('the readiness report', () => {
  it.each(['pdf', 'docx'] as const)('is a %s file with the checklist as the organization stands', async (format) => {
    const response = await api.request(`/readiness/report/?format=${format}`, {
      token: people.member.access,
      org: DEMO,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toContain(`Demo Advisory Group - Readiness report.${format}`)
    const text = await textOf(response, format)
    const checklist = (await (await api.request('/checklist/', { token: people.member.access, org: DEMO })).json()) as {
      completeness: { text: string }
    }
    for (const expected of [
      'Readiness report',
      'Due-diligence checklist',
      checklist.completeness.text,
      'Lease summary',
    ])
      expect(text).toContain(expected)
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
