import * as pdfkit from 'pdfkit'

import type { Doc } from './pdf-style'

/*
 * Text as pdfkit is given it: in the standard fonts' characters, no word wider than its line, and a
 * table's cells laid out once.
 */

/**
 * The standard PDF fonts (Helvetica) carry Windows-1252's characters only: anything else would print
 * as the wrong glyph, so it is spelled out in its nearest Latin form, or "?" where it has none. A
 * figure or a name in Latin script is never changed.
 */
const WIN_ANSI_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'])
// Signs of working out (the value gap's "$5,000,000 − $4,833,099.3") that have a plain spelling.
const NEAREST: Record<string, string> = { '−': '-', '≤': '<=', '≥': '>=', '→': '->', '≠': '!=' }
export function printable(text: string) {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (char === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char))
      out += char
    else if (char === '\t') out += ' '
    else if (NEAREST[char]) out += NEAREST[char]
    else if (code < 0x20) continue
    else {
      const latin = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
      out += /^[\x20-\x7e]+$/.test(latin) ? latin : '?'
    }
  }
  return out
}

/** pdfkit's line breaker (a named export since 0.20, not in @types/pdfkit): the lines of a text at a width. */
interface LineWrapper {
  on(event: 'line', listener: (line: string) => void): void
  wrap(text: string, options: { width: number; height: number }): void
}
const { LineWrapper } = pdfkit as unknown as {
  LineWrapper: new (doc: Doc, options: { width: number; height: number }) => LineWrapper
}

/**
 * No glyph of Helvetica or Helvetica-Bold, kerned with its neighbour, is wider than 1.3 "M"s (the
 * widest is Helvetica's "@", 1,015 thousandths of an em, kerned by at most 60 more, where "M" is 833):
 * a word of fewer characters than a line holds at that width needs no measuring.
 */
const WIDEST_IN_MS = 1.3

/**
 * The text with every word wider than `width` broken into pieces that fit, one per line, at the
 * word's own boundaries where it has them ("share_of_revenue_" / "percent"), measured a character
 * at a time: O(n). Left to pdfkit, such a word is broken by measuring what is left of it
 * again for every line it fills, which is quadratic (a 7,800-character word in a table's column took
 * 7 s). A word is what lies between spaces and line ends, where any line breaker breaks; pieces end
 * at a line end rather than a soft hyphen, which the standard fonts would print mid-line, or a space,
 * which would change the word when copied. `text` is in the standard fonts' characters (printable()).
 */
export function breakLongWords(text: string, width: number, measure: (text: string) => number) {
  const shortWord = Math.floor(width / (measure('M') * WIDEST_IN_MS))
  return text.replace(/[^ \n]+/g, (word) =>
    word.length <= shortWord || measure(word) <= width ? word : pieces(word, width, measure).join('\n'),
  )
}

/** Text for pdfkit to fill `width` in the current font: printable, its too-long words broken. */
export const fitted = (doc: Doc, text: string, width: number) =>
  breakLongWords(printable(text), width, (part) => doc.widthOfString(part))

// Where a word written for machines may end a line: after "_", "-", "/" or "." ("share_of_" /
// "revenue_" / "percent"), or before a capital that follows a small letter ("shareOf" / "Revenue").
const breaksAfter = (word: string, index: number) =>
  /[_\-/.]/.test(word[index - 1]!) || (/\p{Ll}/u.test(word[index - 1]!) && /\p{Lu}/u.test(word[index]!))

function pieces(word: string, width: number, measure: (text: string) => number) {
  // A character's width, and a pair's, so a character adds its own width and its kerning with the one before.
  const widths = new Map<string, number>()
  const widthOf = (text: string) => {
    let value = widths.get(text)
    if (value === undefined) widths.set(text, (value = measure(text)))
    return value
  }
  const added = (index: number, start: number) =>
    index > start ? widthOf(word[index - 1]! + word[index]!) - widthOf(word[index - 1]!) : widthOf(word[index]!)
  const out: string[] = []
  let start = 0
  let used = 0
  // The last place in the current piece a line may end at the word's boundaries, or -1 for none.
  let boundary = -1
  for (let index = 0; index < word.length; index++) {
    while (index > start && used + added(index, start) > width) {
      // Back to the piece's last boundary when it has one, else at this character. What is carried
      // to the next line is summed again from widths already known, never measured anew.
      const end = boundary > start ? boundary : index
      out.push(word.slice(start, end))
      start = end
      used = 0
      boundary = -1
      for (let carried = start; carried < index; carried++) {
        used += added(carried, start)
        if (carried > start && breaksAfter(word, carried)) boundary = carried
      }
    }
    used += added(index, start)
    if (index > start && breaksAfter(word, index)) boundary = index
  }
  out.push(word.slice(start))
  return out
}

/**
 * The lines pdfkit makes of `text` at `width` in the document's current font and size, laid out once:
 * a table measures its cells' heights from them and then draws them as they are. `measure` is the
 * current font's width of a text, which a caller may remember.
 */
export function wrappedLines(doc: Doc, text: string, width: number, measure: (text: string) => number): string[] {
  const lines: string[] = []
  const options = { width, height: Infinity }
  const wrapper = new LineWrapper(doc, options)
  wrapper.on('line', (line) => lines.push(line.endsWith('\n') ? line.slice(0, -1) : line))
  wrapper.wrap(breakLongWords(text, width, measure), options)
  return lines
}

/**
 * Runs `write` with the document measuring each text once per font (`font` names the current one),
 * and hands it that measure. pdfkit measures every word of a table's cell when the cell is laid out
 * and again when it is drawn, and a table's rows repeat their words (owners, statuses, dates). Text
 * measured with spacing or scaling, which a table never sets, is measured as ever; pdfkit's line
 * breaker passes its own options at their defaults.
 */
export function measuringOnce(doc: Doc, font: () => string, write: (measure: (text: string) => number) => void) {
  const measureAgain = doc.widthOfString
  const fonts = new Map<string, Map<string, number>>()
  const measure = (text: string) => {
    let widths = fonts.get(font())
    if (!widths) fonts.set(font(), (widths = new Map()))
    let width = widths.get(text)
    if (width === undefined) widths.set(text, (width = measureAgain.call(doc, text)))
    return width
  }
  const plain = (options?: { characterSpacing?: number; horizontalScaling?: number }) =>
    !options?.characterSpacing && (options?.horizontalScaling ?? 100) === 100
  doc.widthOfString = (text, options) => (plain(options) ? measure(text) : measureAgain.call(doc, text, options))
  try {
    write(measure)
  } finally {
    doc.widthOfString = measureAgain
  }
}
