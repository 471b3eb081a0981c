import { describe, expect, it } from 'vitest'

import { reportPdf } from '../../api/exports/pdf'
import { breakLongWords } from '../../api/exports/pdf-lines'
import type { Block, Report } from '../../api/exports/report'
import type { MeetingPayload, TranscriptPayload } from '../../api/transcriptions/contract'
import { meetingReport } from '../../api/transcriptions/report'
import { pdfPageTexts } from './support/export-files'

/*
 * Issue 47, item 18: how a report's blocks fall on the pages of its PDF. Each test draws the same
 * report after every number of filler lines up to two pages' worth, so that what it checks meets
 * the foot of a page at every height there is.
 */

const report = (blocks: Block[]): Report => ({
  kind: 'Conversation',
  title: 'Layout',
  organization: 'Demo Advisory Group',
  date: new Date('2026-11-29T12:00:00Z'),
  details: [],
  blocks,
  references: [],
})

const filler = (lines: number): Block[] =>
  Array.from({ length: lines }, (_, index) => ({ kind: 'paragraph', runs: [{ text: `Filler line ${index + 1}.` }] }))

/** The pages of the report drawn after each number of filler lines from 0 to `most`. */
async function eachHeight(blocks: Block[], most = 60) {
  const drawn: Array<{ lines: number; pages: string[] }> = []
  for (let lines = 0; lines <= most; lines++)
    drawn.push({ lines, pages: await pdfPageTexts(await reportPdf(report([...filler(lines), ...blocks]))) })
  return drawn
}

const pageWith = (pages: string[], text: string) => pages.findIndex((page) => page.includes(text))

describe('a PDF table', () => {
  const table: Block = {
    kind: 'table',
    header: ['Customer', 'Revenue', 'Share'],
    rows: Array.from({ length: 4 }, (_, index) => [`Customer ${index + 1}`, '$1,000,000', '10%']),
  }

  it('never leaves its header alone at the foot of a page: the first row is under it', async () => {
    for (const { lines, pages } of await eachHeight([table]))
      expect({ lines, page: pageWith(pages, 'Customer 1') }).toEqual({ lines, page: pageWith(pages, 'Share') })
  })

  it('keeps the heading above it with its header and first row, however tall the row', async () => {
    const tall: Block = {
      ...table,
      rows: [['Customer 1: '.concat('a contractor with several yards and depots '.repeat(4)), '$1,000,000', '10%']],
    }
    for (const { lines, pages } of await eachHeight([{ kind: 'heading', text: 'Largest customers' }, tall]))
      expect({ lines, page: pageWith(pages, 'Customer 1') }).toEqual({
        lines,
        page: pageWith(pages, 'Largest customers'),
      })
  })

  it('wraps a column name written for machines at its words, never inside one', async () => {
    const header = ['customer', 'fy2025_revenue_usd', 'share_of_revenue_percent', 'region', 'segment', 'owner', 'note']
    const wide: Block = { kind: 'table', header, rows: [['Cascade', '$8,091,000', '31%', 'West', 'Water', 'Dana', '']] }
    const [page] = await pdfPageTexts(await reportPdf(report([wide])))
    expect(page).toMatch(/share_of_\s?(?:revenue_\s?)?percent/)
    expect(page).not.toMatch(/percen\s|\bt\b/)
  })
})

describe('a heading', () => {
  it('is kept with the first lines of the paragraph under it', async () => {
    const blocks: Block[] = [
      { kind: 'heading', text: 'Owner goals' },
      { kind: 'paragraph', runs: [{ text: 'The owner wants to leave by 2028. '.repeat(6) }] },
    ]
    for (const { lines, pages } of await eachHeight(blocks))
      expect({ lines, page: pageWith(pages, 'The owner wants') }).toEqual({
        lines,
        page: pageWith(pages, 'Owner goals'),
      })
  })
})

describe('a list', () => {
  it('does not split an item a page would hold over two pages', async () => {
    const item = 'Send the last three years of statements and the tax returns by Friday, '.repeat(3).trim()
    const list: Block = { kind: 'list', ordered: false, items: [[{ text: `First: ${item}` }]] }
    for (const { lines, pages } of await eachHeight([list])) {
      const holding = pages.filter((page) => page.includes('Friday'))
      expect({ lines, pages: holding.length }).toEqual({ lines, pages: 1 })
    }
  })
})

describe("a meeting's notes as a PDF", () => {
  const transcript = {
    summary: '',
    summaryPoints: [],
    segments: [],
    decisions: [],
    actionItems: [],
    keywords: ['customer concentration', 'seller note', 'hartwell', 'earn-out', 'operations managers'],
  } as unknown as TranscriptPayload
  const meeting = (participants: number) =>
    ({
      title: 'Becker valuation call',
      date: '2026-11-28T17:00:00Z',
      duration: 8,
      durationSource: 'transcript',
      participants: Array.from({ length: participants }, (_, index) => ({
        name: `Participant ${index + 1}`,
        role: 'client',
        email: '',
      })),
    }) as unknown as MeetingPayload

  it('never gives its keywords a page of their own, however long the participants run', async () => {
    for (let participants = 1; participants <= 50; participants++) {
      const pages = await pdfPageTexts(await reportPdf(meetingReport(meeting(participants), transcript, 'Demo')))
      const body = pages.map((page) => page.replace(/D Demo .*$/, '').trim())
      expect({
        participants,
        keywordsAlone: body.some((page) => /^Keywords\b/.test(page) || /^customer concentration/.test(page)),
      }).toEqual({
        participants,
        keywordsAlone: false,
      })
    }
  })
})

describe('a word wider than its line', () => {
  const measure = (text: string) => text.length * 5

  it('breaks after its underscores, hyphens and slashes, or before a capital, where it has them', () => {
    expect(breakLongWords('share_of_revenue_percent', 90, measure)).toBe('share_of_revenue_\npercent')
    expect(breakLongWords('shareOfRevenuePercent', 80, measure)).toBe('shareOfRevenue\nPercent')
    expect(breakLongWords('accounts-receivable/aging', 70, measure)).toBe('accounts-\nreceivable/\naging')
  })

  it('breaks at a character only where a piece between boundaries is wider than the line', () => {
    expect(breakLongWords('a_bbbbbbbbbbbb', 30, measure)).toBe('a_\nbbbbbb\nbbbbbb')
  })
})
