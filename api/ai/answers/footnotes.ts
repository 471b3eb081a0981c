import { IS_TABLE_LINE, splitRow } from '../../../shared/table-lines'
import { analyze } from '../retrieval/analyzer'
import { sentencesOf } from '../text/sentences'
import type { SourcePassage } from './provider'

// "Service delivery costs(1)", "Other charges (2)": a row label and the mark of its note.
const MARKED_LABEL = /^(.*?\S)\s*\((\d{1,2})\)$/

export interface Footnote {
  /** The note's words, without its mark: what the question is answered with. */
  text: string
  /** The note's first sentence with its mark, for the quotation. */
  quoted: string
  /** The passage that holds the note. */
  passage: number
}

/**
 * The note a table's row refers to by its mark, when the question names that row: "What is
 * included in service delivery costs?" is answered by "(1) Include cost of equipment sold, …" under
 * the table whose row reads "Service delivery costs(1)". The note is looked for in the row's own
 * passage first, then in the other passages of its document.
 */
export function footnoteOf(question: string, passages: SourcePassage[]): Footnote | null {
  const asked = new Set(analyze(question))
  let row: { mark: string; passage: number; size: number } | null = null
  passages.forEach((passage, index) => {
    for (const line of passage.text.split('\n')) {
      if (!IS_TABLE_LINE.test(line)) continue
      const marked = MARKED_LABEL.exec(splitRow(line)[0]!)
      const terms = marked ? analyze(marked[1]!) : []
      if (terms.length === 0 || !terms.every((term) => asked.has(term))) continue
      if (!row || terms.length > row.size) row = { mark: marked![2]!, passage: index, size: terms.length }
    }
  })
  if (!row) return null
  const { mark, passage } = row
  const title = passages[passage]!.documentTitle
  const order = [
    passage,
    ...passages.flatMap((other, index) => (index !== passage && other.documentTitle === title ? [index] : [])),
  ]
  const opening = `(${mark})`
  for (const index of order)
    for (const line of passages[index]!.text.split('\n')) {
      const at = line.indexOf(opening)
      // The mark opens the line or follows the end of another note's sentence, not a figure in prose.
      const before = line.slice(0, Math.max(at, 0)).trim()
      if (IS_TABLE_LINE.test(line) || at < 0 || (before && !/[.;]$/.test(before))) continue
      // Notes run on in one paragraph: this one ends where the next one's mark begins.
      const next = line.indexOf(`(${Number(mark) + 1})`, at)
      // Its first sentence says what the row is; the rest goes on to other things ("Amounts prior to …").
      const [text] = sentencesOf(line.slice(at + opening.length, next < 0 ? undefined : next))
      if (text && analyze(text).length >= 2) return { text, quoted: `${opening} ${text}`, passage: index }
    }
  return null
}
