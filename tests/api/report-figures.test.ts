import * as XLSX from '@e965/xlsx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { extractText } from '../../api/ingest/extract-text'
import { askInNewConversation } from './support/event-lines'
import { demoAndHarbor, type Harness, startApi, type TwoOrganizations } from './support/harness'
import { processed, upload } from './support/uploads'

/*
 * Issue 47, items 13 and 16: a sale file as accounting software exports it, figures stored bare
 * (26100000, a share of 31 under "share_of_revenue_percent"), read in chat and in the exports by a
 * reader in Los Angeles late in the evening, when it is already the next day in UTC.
 */

const DEMO = 'demo-advisory-group'
const LIMITS = { maxChars: 3_000_000, maxUnpackedBytes: 64 * 2 ** 20 }
const ZONE = 'America/Los_Angeles'
const FORMATS = ['pdf', 'docx'] as const
// Every figure of the files as stored: none may reach a reader so.
const STORED = /\b(?:26100000|21800000|3900000|8091000)\b/

/** A workbook whose sheet's name states its currency, its amounts written bare. */
function financials() {
  const book = XLSX.utils.book_new()
  const rows = [
    ['Line item', 'FY2024', 'FY2025'],
    ['Revenue', 21800000, 26100000],
    ['EBITDA', 3100000, 3900000],
  ]
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'P&L (USD)')
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer)
}

const CUSTOMERS = [
  'customer,fy2025_revenue_usd,share_of_revenue_percent',
  'Cascade Water Utilities,8091000,31',
  'Other accounts,18009000,69',
  'Total,26100000,100',
].join('\n')

let api: Harness
let people: TwoOrganizations
/** The reader's day when the figures were entered and the report made, and the day in UTC. */
let readerDay: string
let utcDay: string

const as = (session: { access: string }) => ({
  get: (path: string) => api.request(path, { token: session.access, org: DEMO }),
  send: (path: string, method: string, json: unknown) =>
    api.request(path, { method, token: session.access, org: DEMO, json }),
})

async function textOf(response: Response, format: (typeof FORMATS)[number]) {
  expect(response.status).toBe(200)
  const { pages } = await extractText(format, new Uint8Array(await response.arrayBuffer()), LIMITS)
  return pages
    .map((page) => page.text)
    .join('\n')
    .replace(/\s+/g, ' ')
}

beforeAll(async () => {
  api = await startApi()
  // 05:30 UTC: 21:30 or 22:30 the evening before in Los Angeles. Moved before anyone signs in.
  const now = api.clock.now()
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 5, 30))
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1)
  api.clock.advance((next.getTime() - now.getTime()) / 1000)
  const day = (zone: string) =>
    new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: zone }).format(next)
  readerDay = day(ZONE)
  utcDay = day('UTC')
  people = await demoAndHarbor(api)
  const files = [
    { name: 'financials.xlsx', bytes: financials(), title: 'Financials' },
    { name: 'customers.csv', bytes: CUSTOMERS, type: 'text/csv', title: 'Customers' },
  ]
  for (const { title, ...file } of files) {
    const response = await upload(api, people.analyst, file, { title }, DEMO)
    const { id } = (await response.json()) as { id: number }
    expect((await processed(api, people.analyst, id)).processing_status).toBe('processed')
  }
  const analyst = as(people.analyst)
  expect((await analyst.send('/assessment/answers/customers.largest-share/accept/', 'POST', {})).status).toBe(200)
  expect((await analyst.send('/assessment/complete/', 'POST', {})).status).toBeLessThan(300)
  const multiples = { multiple_low: '5', multiple_mid: '5.4', multiple_high: '5.9' }
  expect((await analyst.send('/value-gap/', 'PUT', multiples)).status).toBe(200)
  expect((await analyst.send('/checklist/items/org-chart/', 'PATCH', { due_date: '2031-03-14' })).status).toBe(200)
}, 120_000)
afterAll(() => api.close())

describe('a figure of a sheet that names its currency', () => {
  let conversationId: number

  it('is answered in chat with its currency, in the figure and in the working quoting its cell', async () => {
    const message = await askInNewConversation<{ content: string; conversation: number }>(
      api,
      people.member.access,
      DEMO,
      'What was revenue in FY2025?',
    )
    conversationId = message.conversation
    expect(message.content).toBe('$26,100,000\n\nRevenue, FY2025: $26,100,000 [1]')
  })

  it('is quoted in a table row with the unit its column names', async () => {
    const message = await askInNewConversation<{ content: string }>(
      api,
      people.member.access,
      DEMO,
      'What share of revenue is Cascade Water Utilities?',
    )
    expect(message.content).toContain('| Cascade Water Utilities [1] | $8,091,000 | 31% |')
  })

  it.each(FORMATS)('is written so in the conversation exported as %s, its cell under Sources too', async (format) => {
    const text = await textOf(
      await as(people.member).get(`/conversations/${conversationId}/export/?format=${format}`),
      format,
    )
    expect(text).toContain('Revenue, FY2025: $26,100,000')
    expect(text).not.toMatch(STORED)
  })
})

describe.each(FORMATS)('the readiness report as %s, read in Los Angeles', (format) => {
  let text: string

  beforeAll(async () => {
    text = await textOf(await as(people.member).get(`/readiness/report/?format=${format}&time_zone=${ZONE}`), format)
  })

  it('writes the cells it quotes as a reader reads them, with the unit their labels name', () => {
    expect(text).toContain('brings 31% of revenue ($8,091,000 of $26,100,000 in total)')
    expect(text).toContain('$3,900,000')
    expect(text).not.toMatch(STORED)
  })

  it("dates everything on the reader's calendar, in the app's one style", async () => {
    const { inputs } = (await (await as(people.member).get('/value-gap/')).json()) as {
      inputs: { multiple_mid: { source: { by: string } } }
    }
    expect(readerDay).not.toBe(utcDay)
    expect(text).toContain(`Readiness report · ${readerDay}`)
    expect(text).toContain(`entered by ${inputs.multiple_mid.source.by} on ${readerDay}`)
    expect(text).toContain(`Completed assessments: ${readerDay} by`)
    expect(text).toContain('due Mar 14, 2031')
    expect(text).not.toContain(utcDay)
    expect(text).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/)
  })
})

describe("the plan's days, read in Los Angeles", () => {
  const isoDay = (zone: string) => {
    const parts = new Intl.DateTimeFormat('en-CA', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: zone,
    })
    return parts.format(api.clock.now())
  }

  it("begins Sprint 1 and counts a task overdue on the reader's calendar, UTC's when no zone is given", async () => {
    const losAngeles = isoDay(ZONE)
    const utc = isoDay('UTC')
    // 05:30 UTC is the evening before in Los Angeles.
    expect(losAngeles < utc).toBe(true)
    const analyst = as(people.analyst)
    const task = { title: 'Send the lease to the buyer’s counsel', due_date: losAngeles }
    expect((await analyst.send('/actions/', 'POST', task)).status).toBe(201)

    const read = async (query: string) => {
      const response = await as(people.member).get(`/actions/${query}`)
      expect(response.status).toBe(200)
      return (await response.json()) as {
        plan_started: string
        today: string
        sprints: Array<{ tasks: Array<{ title: string; overdue: boolean }> }>
        before_plan: Array<{ title: string; overdue: boolean }>
      }
    }
    const there = await read(`?time_zone=${ZONE}`)
    expect(there).toMatchObject({ plan_started: losAngeles, today: losAngeles })
    expect(there.sprints.flatMap((sprint) => sprint.tasks)).toContainEqual(
      expect.objectContaining({ title: task.title, overdue: false }),
    )
    // Without a zone the days are UTC's: the same task, due yesterday there, is overdue.
    const inUtc = await read('')
    expect(inUtc).toMatchObject({ plan_started: utc, today: utc })
    expect(inUtc.before_plan).toContainEqual(expect.objectContaining({ title: task.title, overdue: true }))

    const dashboard = async (query: string) =>
      (
        (await (await as(people.member).get(`/dashboard/${query}`)).json()) as {
          due_this_week: { tasks: Array<{ title: string; overdue: boolean }> }
        }
      ).due_this_week.tasks.find((each) => each.title === task.title)
    expect(await dashboard(`?time_zone=${ZONE}`)).toMatchObject({ overdue: false })
    expect(await dashboard('')).toMatchObject({ overdue: true })
  })

  it('refuses a zone no calendar has, saying so on the field', async () => {
    for (const path of ['/actions/', '/dashboard/']) {
      const response = await as(people.member).get(`${path}?time_zone=Mars/Olympus_Mons`)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ time_zone: ['"Mars/Olympus_Mons" is not a known time zone.'] })
    }
  })
})
