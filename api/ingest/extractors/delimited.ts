import Papa from 'papaparse'

import { decodeText } from '../decode-text'
import { cleanText, type Extraction, ExtractionError, type ExtractionLimits, TextBudget } from '../extraction-types'

/**
 * CSV through papaparse, which detects the delimiter (comma, semicolon, tab) and any line ending.
 * Rows are written back with their own delimiter, without quotes, so values read as in the file.
 */
export function extractDelimited(bytes: Uint8Array, limits: ExtractionLimits): Extraction {
  const { text } = decodeText(bytes)
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' })
  if (parsed.data.length === 0) throw new ExtractionError('This CSV file has no rows.')
  const delimiter = parsed.meta.delimiter || ','
  const budget = new TextBudget(limits.maxChars)
  const lines: string[] = []
  for (const row of parsed.data) {
    if (budget.full) break
    lines.push(budget.take(row.map((cell) => cell.replace(/\s+/g, ' ').trim()).join(delimiter)))
  }
  const header = lines.length > 1 ? lines[0] : undefined
  return { pages: [{ kind: 'section', label: null, text: cleanText(lines.join('\n')), header }], notes: budget.note() }
}
