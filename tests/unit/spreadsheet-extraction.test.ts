import * as XLSX from '@e965/xlsx'
import { describe, expect, it } from 'vitest'

import { computeFromPassages } from '../../api/ai/answers/computed'
import { extractDelimited } from '../../api/ingest/extractors/delimited'
import { extractSpreadsheet } from '../../api/ingest/extractors/spreadsheet'

/** A workbook of one sheet holding `rows` as typed in its cells. */
function workbook(rows: unknown[][]) {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Results')
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer)
}

describe('spreadsheet extraction', () => {
  // A corner cell left empty above the row labels, and a year with no figure for one row.
  const rows = [
    ['($ in thousands)', '', ''],
    ['', 2024, 2023],
    ['Revenue', 1496.5, 1202.9],
    ['Other income', '', 56.7],
  ]

  it('keeps empty cells in place, so each figure stays under its column', () => {
    const [sheet] = extractSpreadsheet(workbook(rows), { maxChars: 10_000 }).pages
    expect(sheet!.text.split('\n')).toEqual([
      'Results',
      '($ in thousands)',
      '| 2024 | 2023',
      'Revenue | 1496.5 | 1202.9',
      'Other income | | 56.7',
    ])
  })

  it('gives the table answerer the columns the workbook has', () => {
    const [sheet] = extractSpreadsheet(workbook(rows), { maxChars: 10_000 }).pages
    const passage = { text: sheet!.text, documentTitle: 'Results', pageNumber: null, sheetName: 'Results' }
    expect(computeFromPassages('What was other income in 2023?', [passage])?.figure).toContain('56.7')
    // Shifted left, the lone 56.7 read as 2024's; the year with no figure is no answer at all.
    expect(computeFromPassages('What was other income in 2024?', [passage])).toBeNull()
  })
})

describe('CSV extraction', () => {
  const csv = 'Line item ($ in thousands),2024,2025\nRevenue,"1,202.9","1,496.5"\nNet loss,"(12.5)",—\n'

  it('writes a row cell by cell, so a quoted "1,202.9" stays one cell', () => {
    const [page] = extractDelimited(new TextEncoder().encode(csv), { maxChars: 10_000 }).pages
    expect(page!.text.split('\n')).toEqual([
      'Line item ($ in thousands) | 2024 | 2025',
      'Revenue | 1,202.9 | 1,496.5',
      'Net loss | (12.5) | —',
    ])
  })

  it('gives the table answerer its columns and scale', () => {
    const [page] = extractDelimited(new TextEncoder().encode(csv), { maxChars: 10_000 }).pages
    const passage = { text: page!.text, documentTitle: 'Results.csv', pageNumber: null, sheetName: null }
    expect(computeFromPassages('How much did revenue grow from 2024 to 2025 in percent?', [passage])?.figure).toBe(
      '24.41%',
    )
    expect(computeFromPassages('What was the net loss in 2024?', [passage])?.figure).toContain('12.5')
  })
})
