import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { eventLines } from './support/event-lines'
import { demoAndHarbor, type Harness, type Session, startApi } from './support/harness'
import { processed, upload } from './support/uploads'

const DEMO = 'demo-advisory-group'
const TITLE = 'Annual report 2019'
const QUESTION = 'What were the non-current deferred tax assets in 2018?'
const TABLE = [
  'Deferred taxes | 2019 | 2018',
  'Non-current deferred tax assets | 19,795 | 22,201',
  'Non-current deferred tax liabilities | (5,637) | (3,990)',
].join('\n')

let api: Harness
let analyst: Session
let outsider: Session
let harbor: string
let table: number

async function uploadText(session: Session, text: string, org = DEMO) {
  const response = await upload(api, session, { name: 'report.txt', bytes: text }, { title: TITLE }, org)
  const { id } = (await response.json()) as { id: number }
  expect((await processed(api, session, id)).processing_status).toBe('processed')
  return id
}

async function firstLine(documentIds?: number[]) {
  const created = await api.request('/conversations/', {
    method: 'POST',
    token: analyst.access,
    org: DEMO,
    json: { document_ids: documentIds },
  })
  const { id } = (await created.json()) as { id: number }
  const response = await api.request(`/conversations/${id}/add_message_streaming/?stream=true`, {
    method: 'POST',
    token: analyst.access,
    org: DEMO,
    json: { content: QUESTION },
  })
  const last = (await eventLines(response).rest()).at(-1)
  if (last?.type !== 'metadata') throw new Error(`the stream ended with ${JSON.stringify(last)}`)
  return String((last.message as { content: string }).content).split('\n')[0]
}

beforeAll(async () => {
  api = await startApi()
  ;({ analyst, outsider, harbor } = await demoAndHarbor(api))
  table = await uploadText(analyst, TABLE)
})
afterAll(() => api.close())

describe('a table whose chunk states no scale', () => {
  it('is read in units while nothing of its document states one, whatever another organization’s does', async () => {
    await uploadText(outsider, 'NOTES TO THE FINANCIAL STATEMENTS\n(In millions)', harbor)
    expect(await firstLine()).toBe('22,201')
  })

  it('takes the scale its document states on a line of its own, but not from outside the conversation’s documents', async () => {
    const notes = await uploadText(
      analyst,
      'NOTES TO CONSOLIDATED FINANCIAL STATEMENTS (in thousands, except per share data)\n\n' +
        'Revenue increased by 4.2 million in 2019, as the notes below explain.',
    )
    expect(await firstLine()).toBe('22,201 thousand')
    expect(await firstLine([table, notes])).toBe('22,201 thousand')
    expect(await firstLine([table])).toBe('22,201')
  })

  it('is read in units again when its document states two scales', async () => {
    await uploadText(analyst, 'Segment information\nExpressed in millions of US dollars')
    expect(await firstLine()).toBe('22,201')
  })
})
