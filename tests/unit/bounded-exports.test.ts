import { describe, expect, it } from 'vitest'

import { reportDocx } from '../../api/exports/docx'
import { markdownBlocks } from '../../api/exports/markdown-blocks'
import { reportPdf } from '../../api/exports/pdf'
import type { Report } from '../../api/exports/report'
import { MAX_TABLE_CELL_CHARS, MAX_TABLE_CELLS, MAX_TABLE_COLUMNS } from '../../shared/table-bounds'
import { LONG_WORD, LONG_WORD_TABLE, messageReport, WIDE_TABLE } from '../support/rendering-shapes'
import { docxParts, pdfPages, pdfText, xmlError } from './support/export-files'

const WIDE_NOTE = 'Table cut to 40 of 1,000 columns and 100 of 1,998 rows.'
const LONG_NOTE = '1 cell cut to 1,000 characters.'
const KEPT_ROWS = MAX_TABLE_CELLS / MAX_TABLE_COLUMNS

/** A conversation export of one message, as the member who wrote it would download it. */
const exported = (markdown: string) => messageReport(markdownBlocks(markdown))
const wordCells = (xml: string) => xml.match(/<w:tc>/g)?.length ?? 0

describe('a chat table of 1,000 columns over 1,998 rows, exported (issue 43, finding 2)', () => {
  // Long enough for the renderers before issue 43 to finish and fail the first assertion (38 s).
  it('is a PDF of the table within the bounds, saying what was cut', { timeout: 120_000 }, async () => {
    const bytes = await reportPdf(exported(WIDE_TABLE))
    // The table as it is within its bounds, with the sentence saying so, drawn from the start.
    const cut = messageReport([
      {
        kind: 'table',
        header: Array<string>(MAX_TABLE_COLUMNS).fill('a'),
        rows: Array.from({ length: KEPT_ROWS }, () => ['a', ...Array<string>(MAX_TABLE_COLUMNS - 1).fill('')]),
        note: WIDE_NOTE,
      },
    ])
    const expected = await pdfText(await reportPdf(cut))
    expect(await pdfPages(bytes)).toBe(expected.pages)
    const pdf = await pdfText(bytes)
    expect(pdf.items).toEqual(expected.items)
    expect(pdf.items.map((item) => item.str).join(' ')).toContain(WIDE_NOTE)
    // The header's 40 cells on each page the table runs onto, and the first cell of each row kept.
    expect(pdf.items.filter((item) => item.str === 'a')).toHaveLength(MAX_TABLE_COLUMNS * pdf.pages + KEPT_ROWS)
  })

  it('is a Word file of the table within the bounds, saying what was cut', async () => {
    const document = docxParts(await reportDocx(exported(WIDE_TABLE)))['word/document.xml']!
    expect(wordCells(document)).toBe(MAX_TABLE_COLUMNS + MAX_TABLE_CELLS)
    expect(document).toContain(WIDE_NOTE)
  })
})

describe('a 20-column chat table whose only cell is a 7,800-character word, exported (finding 1)', () => {
  it('is a PDF of the first 1,000 characters and "…", broken into lines of one width, saying so', async () => {
    const pdf = await pdfText(await reportPdf(exported(LONG_WORD_TABLE)))
    const lines = pdf.items.filter((item) => /^x+…?$/.test(item.str))
    expect(lines.map((line) => line.str).join('')).toBe(`${LONG_WORD.slice(0, MAX_TABLE_CELL_CHARS)}…`)
    // Every line but the last holds as many characters as the column's width allows.
    expect(new Set(lines.slice(0, -1).map((line) => line.str.length)).size).toBe(1)
    expect(pdf.items.map((item) => item.str).join(' ')).toContain(LONG_NOTE)
  })

  it('is a Word file of the first 1,000 characters and "…", saying so', async () => {
    const document = docxParts(await reportDocx(exported(LONG_WORD_TABLE)))['word/document.xml']!
    expect(document).toContain(`<w:t xml:space="preserve">${LONG_WORD.slice(0, MAX_TABLE_CELL_CHARS)}…</w:t>`)
    expect(document).not.toContain(LONG_WORD.slice(0, MAX_TABLE_CELL_CHARS + 1))
    expect(document).toContain(LONG_NOTE)
  })
})

describe('a PDF table row taller than a page', () => {
  it('continues on the next page under the header again, its text whole', async () => {
    const columns = 20
    const cell = (column: number) => `${String.fromCharCode(97 + column)}`.repeat(300)
    const report = messageReport([
      {
        kind: 'table',
        header: Array.from({ length: columns }, (_, column) => `H${column}`),
        rows: [Array.from({ length: columns }, (_, column) => cell(column))],
      },
    ])
    const pdf = await pdfText(await reportPdf(report))
    expect(pdf.pages).toBeGreaterThan(1)
    expect(pdf.items.filter((item) => item.str === 'H0')).toHaveLength(pdf.pages)
    for (let column = 0; column < columns; column++) {
      const letter = String.fromCharCode(97 + column)
      const text = pdf.items
        .filter((item) => new RegExp(`^${letter}+$`).test(item.str))
        .map((item) => item.str)
        .join('')
      expect(text).toBe(cell(column))
    }
  })
})

describe('a Word export of text XML cannot hold (finding 8)', () => {
  // U+FFFE, U+FFFF, lone surrogates and C0 controls: none is allowed anywhere in XML 1.0.
  const FORBIDDEN =
    /[\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[^\P{Cc}\t\n\r\u007F-\u009F]/u
  const report: Report = {
    ...messageReport([
      { kind: 'table', header: ['Task', 'Owner'], rows: [['Renew the lease\uFFFE\u000B', 'Ann\u0001']] },
      ...markdownBlocks('A message\uFFFF with \uDC00a lone half\u0008'),
      { kind: 'list', ordered: false, items: [[{ text: 'An item\uD800' }]] },
    ]),
    title: 'Harbor\uFFFF review',
    organization: '😀\uD800 Harbor & Co\u0001',
    details: ['Prepared\u001F for the board'],
    references: [{ document: 'Lease\u0002.pdf', location: 'page 1\uFFFE', quote: 'quoted\uDBFF' }],
  }

  it('gives a file whose every part is well-formed and holds none of them, the words kept', async () => {
    const parts = docxParts(await reportDocx(report))
    expect(Object.keys(parts)).toEqual(
      expect.arrayContaining(['word/document.xml', 'docProps/core.xml', 'word/header1.xml']),
    )
    for (const [name, xml] of Object.entries(parts)) {
      expect({ name, error: xmlError(xml) }).toEqual({ name, error: null })
      expect({ name, forbidden: FORBIDDEN.test(xml) }).toEqual({ name, forbidden: false })
    }
    const document = parts['word/document.xml']!
    for (const words of ['Renew the lease', 'A message with a lone half', 'An item', 'Lease.pdf, page 1', 'quoted'])
      expect(document).toContain(words)
    expect(parts['docProps/core.xml']).toContain('Harbor review - Conversation')
    expect(parts['docProps/core.xml']).toContain('😀 Harbor &amp; Co')
    // The organization's mark is its first character whole, never half of it.
    expect(parts['word/header1.xml']).toContain(' 😀 ')
  })
})
