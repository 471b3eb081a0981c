/** Prose as extraction leaves it (lines cut at the page's width, pages cut anywhere) read back into sentences. */

/** A line of prose, with what it was read from; `pageBreak` marks the first line of a new page. */
export interface ProseLine<T> {
  text: string
  from: T
  pageBreak: boolean
}

/** A paragraph, or a line standing alone (a heading, a label line, a page number). */
export interface Paragraph<T> {
  text: string
  alone: boolean
  /** Where each line starts in `text`, with what it was read from. */
  lines: Array<{ at: number; from: T }>
}

// A numbered heading or a list item starts a paragraph of its own: "2. Customers", "3.1 Revenue",
// "(b) ", "• ". A figure that starts a wrapped line ("120 thousand dollars", "4.2 million") is none.
const LISTED = /^(?:\d{1,3}[.)]|\d{1,3}(?:\.\d{1,3})+\.?(?=\s+\p{Lu})|[A-Z][.)]|\(\w{1,3}\)|[-•*·–])\s/u
const ENDS_SENTENCE = /[.!?:;]["”’')\]]?$/
// A line ending so is cut mid-clause, however short it is: "a one-time legal settlement of".
const CUT_MID_CLAUSE =
  /(?:[,(–—-]|\b(?:a|an|the|of|and|or|nor|but|to|in|on|at|by|for|from|with|as|than|that|which|who|whose|its|their|our|his|her|is|are|was|were|be|been|has|have|had|per|into|over|under|between|about)|\p{L}[-\u00AD])$/iu
const STARTS_LOWER = /^["“‘(]?\p{Ll}/u
// Running heads and page numbers, which a page break puts inside a sentence: "Page 3", "3 of 12", "- 3 -".
const PAGE_NUMBER = /^(?:page\s+)?[-–—]?\s*\d{1,4}\s*[-–—]?(?:\s*(?:of|\/)\s*\d{1,4})?$/i
// A word broken at the line's end: "settle-", or with a soft hyphen.
const BROKEN_WORD = /(\p{L})(?:-|\u00AD)$/u

const SHORT = 80
const SHORT_SHARE = 0.7
// Lines at least this long make every line short under 80 characters alike: counted as this long.
const LONG_ENOUGH = Math.ceil(SHORT / SHORT_SHARE)

/**
 * How long a line may be and still end its paragraph: 80 characters, or less in a document set in
 * narrow columns, whose wrapped lines are all short (measured on its longer lines, the 90th
 * percentile). Lengths are counted, not sorted: sorting a million one-letter lines took 600 ms.
 */
export function shortLine(texts: Iterable<string>) {
  const counts = new Uint32Array(LONG_ENOUGH + 1)
  let lines = 0
  for (const text of texts) {
    for (const line of text.split('\n')) {
      const length = line.trim().length
      if (length === 0) continue
      counts[Math.min(length, LONG_ENOUGH)]!++
      lines++
    }
  }
  let long = 0
  for (let below = 0, rank = Math.floor(lines * 0.9); long <= LONG_ENOUGH; long++) {
    below += counts[long]!
    if (below > rank) break
  }
  return lines ? Math.min(SHORT, SHORT_SHARE * long) : 0
}

/** Whether `next` goes on with the sentence `line` leaves open. */
const continues = (line: string, next: string | undefined) =>
  next !== undefined && !ENDS_SENTENCE.test(line) && (CUT_MID_CLAUSE.test(line) || STARTS_LOWER.test(next))

/**
 * Lines joined back into paragraphs. A line that fills the width was wrapped; a short one ends its
 * paragraph unless it is cut mid-clause or the next line starts in lower case. A heading is never
 * the start of the sentence after it. Across a page break, a page number or running head that
 * interrupts an open sentence stands alone and the sentence goes on after it.
 */
export function paragraphsOf<T>(lines: Array<ProseLine<T>>, short: number): Array<Paragraph<T>> {
  const paragraphs: Array<Paragraph<T>> = []
  // The open paragraph as its lines: the whole text is tested and joined only when it ends, as a
  // text grown line by line and tested at its end each time is copied each time.
  let parts: string[] = []
  let starts: Paragraph<T>['lines'] = []
  let length = 0
  const flush = () => {
    if (parts.length) paragraphs.push({ text: parts.join(''), alone: false, lines: starts })
    parts = []
    starts = []
    length = 0
  }
  const alone = ({ text, from }: ProseLine<T>) => paragraphs.push({ text, alone: true, lines: [{ at: 0, from }] })
  for (let index = 0; index < lines.length; index++) {
    const last = parts.at(-1)
    if (last !== undefined && lines[index]!.pageBreak && !ENDS_SENTENCE.test(last)) {
      const skipped = pageFurniture(lines, index, short)
      for (const furniture of lines.slice(index, index + skipped)) alone(furniture)
      index += skipped
      if (index >= lines.length) break
      // A page that opens with a heading ends the paragraph the page before left open.
      const first = lines[index]!.text
      if (first.length < short && !continues(last, first)) flush()
    }
    const { text, from } = lines[index]!
    const next = lines[index + 1]?.text
    const listed = LISTED.test(text) && !(last !== undefined && CUT_MID_CLAUSE.test(last))
    if (listed) flush()
    const ends = ENDS_SENTENCE.test(text)
    const wraps = continues(text, next)
    if (!parts.length && !ends && !wraps && (listed || text.length < short)) {
      alone(lines[index]!)
      continue
    }
    if (parts.length) {
      // "settle-" + "ment" is one word again, "non-" + "UK" keeps its hyphen; other lines meet at a space.
      const previous = parts.at(-1)!
      if (previous.endsWith('\u00AD') || (BROKEN_WORD.test(previous) && STARTS_LOWER.test(text))) {
        parts[parts.length - 1] = previous.slice(0, -1)
        length--
      } else if (!BROKEN_WORD.test(previous)) {
        parts.push(' ')
        length++
      }
    }
    starts.push({ at: length, from })
    parts.push(text)
    length += text.length
    if (ends || (text.length < short && !wraps)) flush()
  }
  flush()
  return paragraphs
}

/**
 * How many lines at the top of a page interrupt the sentence the page before left open: page
 * numbers, and short lines with no sentence of their own (a running head) when a line in lower case
 * follows them. None when the page simply goes on with the sentence.
 */
function pageFurniture<T>(lines: Array<ProseLine<T>>, start: number, short: number) {
  let count = 0
  while (count < 3 && start + count < lines.length) {
    const { text } = lines[start + count]!
    if (PAGE_NUMBER.test(text)) {
      count++
      continue
    }
    const head = text.length < short && !ENDS_SENTENCE.test(text) && !STARTS_LOWER.test(text)
    const after = lines[start + count + 1]?.text
    if (head && after !== undefined && (STARTS_LOWER.test(after) || PAGE_NUMBER.test(after))) {
      count++
      continue
    }
    break
  }
  return count
}
