import { decodeText } from '../decode-text'
import { type Extraction, type ExtractionLimits, TextBudget } from '../extraction-types'

/** Plain text in whatever encoding it was saved in (see decode-text). */
export function extractPlainText(bytes: Uint8Array, limits: ExtractionLimits): Extraction {
  const budget = new TextBudget(limits.maxChars)
  const text = budget.takeCleaned(decodeText(bytes).text)
  return { pages: [{ kind: 'section', label: null, text }], notes: budget.note() }
}
