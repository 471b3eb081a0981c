import * as pdfkit from 'pdfkit'

type Doc = PDFKit.PDFDocument

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
 * The text with every word wider than `width` broken into pieces that fit, one per line, measured a
 * character at a time: O(n). Left to pdfkit, such a word is broken by measuring what is left of it
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

function pieces(word: string, width: number, measure: (text: string) => number) {
  // A character's width, and a pair's, so a character adds its own width and its kerning with the one before.
  const widths = new Map<string, number>()
  const widthOf = (text: string) => {
    let value = widths.get(text)
    if (value === undefined) widths.set(text, (value = measure(text)))
    return value
  }
  const out: string[] = []
  let start = 0
  let used = 0
  for (let index = 0; index < word.length; index++) {
    const char = word[index]!
    const added = index > start ? widthOf(word[index - 1]! + char) - widthOf(word[index - 1]!) : widthOf(char)
    if (index > start && used + added > width) {
      out.push(word.slice(start, index))
      start = index
      used = widthOf(char)
    } else used += added
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
