import WordExtractor from 'word-extractor'

import type { ExtractedPage } from '../../ai/text/pages'
import { type Extraction, ExtractionError, type ExtractionLimits, TextBudget } from '../extraction-types'

export const DAMAGED_DOCX = 'This Word document is damaged or not a real .docx file and cannot be read.'

/**
 * Word documents (.doc and .docx) through word-extractor: the body, then the parts readers also
 * see (headers and footers, footnotes, endnotes, comments, text boxes) as labelled sections.
 */
export async function extractWord(
  bytes: Uint8Array,
  type: 'doc' | 'docx',
  limits: ExtractionLimits,
): Promise<Extraction> {
  let document
  try {
    document = await new WordExtractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length))
  } catch (error) {
    const message = String((error as Error)?.message ?? '')
    if (/encrypt|password/i.test(message)) {
      throw new ExtractionError('This Word document is password protected. Remove the password and upload it again.')
    }
    throw new ExtractionError(
      type === 'docx' ? DAMAGED_DOCX : 'This Word 97-2003 document is damaged and cannot be read.',
    )
  }
  const budget = new TextBudget(limits.maxChars)
  const sections: Array<[string, string]> = [
    ['Body', document.getBody()],
    ['Headers and footers', [document.getHeaders({ includeFooters: false }), document.getFooters()].join('\n')],
    ['Footnotes', document.getFootnotes()],
    ['Endnotes', document.getEndnotes()],
    ['Comments', document.getAnnotations()],
    ['Text boxes', document.getTextboxes({ includeHeadersAndFooters: true, includeBody: true })],
  ]
  const pages: ExtractedPage[] = []
  for (const [label, raw] of sections) {
    const text = budget.takeCleaned(tableRows(raw ?? ''))
    if (text) pages.push({ kind: 'section', label, text })
  }
  return { pages, notes: budget.note() }
}

/**
 * word-extractor writes a table row as its cells ended by tabs; cleaning would fold the tabs into
 * spaces, so they become " | " as spreadsheet rows are, and the table reader finds the cells.
 */
export const tableRows = (text: string) =>
  text
    .split('\n')
    .map((line) => {
      if (!line.includes('\t')) return line
      const cells = line.split('\t').map((cell) => cell.trim())
      while (cells.length > 1 && !cells.at(-1)) cells.pop()
      return cells.join(' | ')
    })
    .join('\n')
