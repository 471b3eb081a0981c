import { describe, expect, it } from 'vitest'

import { analyseOffline } from '../../api/ai/analysis/offline'
import type { AnalysisInput } from '../../api/ai/analysis/types'
import { unitsOf } from '../../api/ai/analysis/units'
import { datesIn, documentDate, durationsIn } from '../../api/ai/text/dates'

const UPLOADED = new Date('2025-01-10T00:00:00Z')

/** A document of one chunk per text given. */
const input = (texts: string[], tableHeaders: string[] = []): AnalysisInput => ({
  title: 'Notes',
  chunks: texts.map((text, index) => ({ id: index + 1, text, pageNumber: index + 1, sheetName: null })),
  tableHeaders,
  uploadedAt: UPLOADED,
})

const risksOf = (...texts: string[]) => analyseOffline(input(texts), 'risks').risks

describe('dates and durations as documents write them', () => {
  it('reads days, months and ISO dates, a month alone as its last day', () => {
    const iso = (text: string) => datesIn(text).map((found) => found.date.toISOString().slice(0, 10))
    expect(iso('Signed on 14 March 2025, renewed March 3, 2026 and 2027-01-31.')).toEqual([
      '2025-03-14',
      '2026-03-03',
      '2027-01-31',
    ])
    expect(iso('The lease runs until June 2026.')).toEqual(['2026-06-30'])
    expect(iso('Due 30/11/2025 or 11/30/2025.')).toEqual(['2025-11-30', '2025-11-30'])
    expect(iso('31 February 2025 is no day.')).toEqual([])
  })

  it('reads spans ahead in months, in words or figures', () => {
    expect(durationsIn('ends in 8 months, within the next two years, in 90 days').map((found) => found.months)).toEqual(
      [8, 24, expect.closeTo(2.96, 1)],
    )
  })

  it('takes the document’s own date from its opening, else the upload day', () => {
    expect(documentDate('MEMO\nDate: 2 April 2025\nThe lease ends in June 2026.', UPLOADED).toISOString()).toMatch(
      /^2025-04-02/,
    )
    expect(documentDate('A note without a date.', UPLOADED)).toBe(UPLOADED)
  })
})

describe('sentences and rows', () => {
  it('reads a sentence the chunker repeated at the start of the next chunk once', () => {
    const units = unitsOf(
      input(['First point about revenue. Shared sentence here.', 'Shared sentence here. Last one.']),
    )
    expect(units.map((unit) => [unit.chunk.id, unit.quote])).toEqual([
      [1, 'First point about revenue.'],
      [1, 'Shared sentence here.'],
      [2, 'Last one.'],
    ])
  })

  it('joins wrapped lines into sentences and keeps headings and label lines apart', () => {
    const units = unitsOf(
      input([
        '2. Customers\nDate: 1 May 2025\nThe company sells to forty customers in the marine sector, and its largest one\nbuys a third of its output every year.',
      ]),
    )
    expect(units.map((unit) => [unit.kind, unit.quote])).toEqual([
      ['line', '2. Customers'],
      ['line', 'Date: 1 May 2025'],
      [
        'sentence',
        'The company sells to forty customers in the marine sector, and its largest one buys a third of its output every year.',
      ],
    ])
  })

  it('reads a CSV by its known header, and a table of " | " cells by its first figure row', () => {
    const csv = unitsOf(input(['Client,Share of sales\nAcme Ltd,31%\nBeta plc,8%'], ['Client,Share of sales']))
    expect(csv.map((unit) => unit.text)).toEqual(['Acme Ltd — Share of sales: 31%', 'Beta plc — Share of sales: 8%'])
    const piped = unitsOf(input(['Metric | 2023 | 2024\nRevenue | 10.1 | 12.0']))
    expect(piped.map((unit) => [unit.kind, unit.text])).toEqual([['row', 'Revenue — 2023: 10.1; 2024: 12.0']])
  })
})

describe('a table cut into chunks', () => {
  it('is one table: its three largest rows are findings, and each customer is rated once', () => {
    const header = 'Customer,Share of revenue'
    const rows = Array.from({ length: 40 }, (_, index) => `Customer ${index + 1},${index === 7 ? 31 : 2}.0%`)
    const document = input(
      [[header, ...rows.slice(0, 20)].join('\n'), [header, ...rows.slice(20)].join('\n')],
      [header],
    )
    const { findings } = analyseOffline(document, 'key-findings')
    expect(findings.map((finding) => finding.text)).toEqual([
      'Customer 1 — Share of revenue: 2.0%',
      'Customer 2 — Share of revenue: 2.0%',
      'Customer 8 — Share of revenue: 31.0%',
    ])
    expect(analyseOffline(document, 'risks').risks).toEqual([
      expect.objectContaining({
        level: 'High',
        evidence: 'Customer 8,31.0%',
        source: expect.objectContaining({ chunk_id: 1 }),
      }),
    ])
  })
})

describe('risks only where the text shows them', () => {
  it('reads a ceiling or a reassurance as no concentration', () => {
    expect(risksOf('No single customer accounts for more than 8% of revenue.')).toEqual([])
    expect(risksOf('Each customer brings less than 30% of revenue.')).toEqual([])
  })

  it('rates one customer at 10% or more Medium, at 25% or more High', () => {
    expect(risksOf('Our largest client, Dunmore Foods, represents 12% of sales.')).toEqual([
      expect.objectContaining({
        category: 'Customer concentration',
        level: 'Medium',
        description: 'Dunmore Foods accounts for 12% of revenue (Medium: 10% or more from one customer).',
      }),
    ])
    expect(risksOf('Dunmore Foods represents 25% of total revenue.')[0]).toMatchObject({ level: 'High' })
  })

  it('measures a contract’s end from the document’s date, and ignores one far off', () => {
    const soon = risksOf('Date: 1 March 2025\nThe supply contract with Dunmore Foods expires on 31 December 2025.')
    expect(soon).toEqual([
      expect.objectContaining({
        category: 'Legal and contractual',
        level: 'High',
        description:
          "The supply contract with Dunmore Foods ends on 31 December 2025, 10 months after the document's date (High: within 12 months).",
      }),
    ])
    expect(risksOf('Date: 1 March 2025\nThe lease runs until December 2031.')).toEqual([])
  })

  it('does not read "no litigation is pending" or a settled tax enquiry as risks', () => {
    expect(risksOf('There is no litigation pending against the company.')).toEqual([])
    expect(risksOf('The HMRC enquiry into the 2022 VAT return has been settled.')).toEqual([])
  })

  it('finds tax, market and operational risks stated in plain words', () => {
    const risks = risksOf(
      'HMRC has opened an investigation into the 2023 corporation tax return. Demand in the retail sector declined by 9% in 2024. All castings come from a single supplier in Poland.',
    )
    expect(risks.map((risk) => [risk.category, risk.level])).toEqual([
      ['Tax', 'High'],
      ['Operational', 'Medium'],
      ['Market', 'Medium'],
    ])
  })
})
