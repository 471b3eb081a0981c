import Papa from 'papaparse'

import { decodeText } from '../decode-text'
import { cleanText, type Extraction, ExtractionError, type ExtractionLimits, TextBudget } from '../extraction-types'

/**
 * CSV through papaparse, which detects the delimiter (comma, semicolon, tab), quotes and any line
 * ending. Rows are written as a sheet's are, cells joined by " | ": written back with the file's own
 * delimiter and without its quotes, `"1,202.9"` would split into two cells, and no reader could
 * find the table's columns again (issue 17).
 */
export function extractDelimited(bytes: Uint8Array, limits: ExtractionLimits): Extraction {
  const { text } = decodeText(bytes)
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' })
  if (parsed.data.length === 0) throw new ExtractionError('This CSV file has no rows.')
  const budget = new TextBudget(limits.maxChars)
  const lines: string[] = []
  for (const row of parsed.data) {
    if (budget.full) break
    lines.push(budget.take(row.map((cell) => cell.replace(/\s+/g, ' ').trim()).join(' | ')))
  }
  const header = lines.length > 1 ? lines[0] : undefined
  return { pages: [{ kind: 'section', label: null, text: cleanText(lines.join('\n')), header }], notes: budget.note() }
}
