import * as XLSX from '@e965/xlsx'

import type { ExtractedPage } from '../../ai/text/pages'
import { cleanText, type Extraction, ExtractionError, type ExtractionLimits, TextBudget } from '../extraction-types'

export const DAMAGED_WORKBOOK = 'This workbook is damaged or incomplete and cannot be read.'

// Rows past this are not read: a declared range can claim a million empty rows.
const MAX_ROWS_PER_SHEET = 200_000

/**
 * Workbooks (.xls and .xlsx) through SheetJS: each sheet becomes a page labelled with its name, one
 * line per non-empty row with the values as formatted in the workbook (what its reader sees).
 */
export function extractSpreadsheet(bytes: Uint8Array, limits: ExtractionLimits): Extraction {
  let workbook: XLSX.WorkBook
  try {
    workbook = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      sheetRows: MAX_ROWS_PER_SHEET,
    })
  } catch (error) {
    const message = String((error as Error)?.message ?? '')
    if (/password|encrypt/i.test(message)) {
      throw new ExtractionError('This workbook is password protected. Remove the password and upload it again.')
    }
    throw new ExtractionError(DAMAGED_WORKBOOK)
  }
  const budget = new TextBudget(limits.maxChars)
  const pages: ExtractedPage[] = []
  for (const name of workbook.SheetNames) {
    if (budget.full) {
      // Past the limit the sheets are still listed by name, so the workbook's outline stays findable.
      pages.push({ kind: 'sheet', label: name, text: name })
      continue
    }
    const sheet = workbook.Sheets[name]
    const rows: unknown[][] = sheet
      ? XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, blankrows: false, defval: '' })
      : []
    const lines: string[] = []
    let length = 0
    for (const row of rows) {
      // Empty cells keep their place, so every figure stays under its column's header (a header row
      // often starts with an empty corner cell); only the empty tail of a row is dropped.
      const cells = row.map((cell) => String(cell ?? '').trim())
      while (cells.length && !cells.at(-1)) cells.pop()
      if (!cells.length) continue
      const line = cells.join(' | ')
      lines.push(line)
      length += line.length + 1
      if (length > budget.maxChars) break
    }
    // The sheet name opens its text: readers search for it ("the Forecast sheet"), and a chart sheet
    // has nothing else.
    const text = budget.takeCleaned([name, ...lines].join('\n'))
    pages.push({
      kind: 'sheet',
      label: name,
      text,
      header: lines[0] && lines.length > 1 ? cleanText(lines[0]) : undefined,
    })
  }
  if (pages.length === 0) throw new ExtractionError('This workbook has no sheets.')
  return { pages, notes: budget.note() }
}
