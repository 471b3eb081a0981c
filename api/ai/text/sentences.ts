import { IS_TABLE_LINE } from '../../../shared/table-lines'
import { paragraphsOf, shortLine } from './paragraphs'

/*
 * Sentences of prose: the one splitter every reader uses (issue 45, item 2). ICU's splitter
 * (Intl.Segmenter, which the chunker used before it) ends a sentence after "Dr.", "No." and an initial, and
 * no NLP library is a dependency (wink-nlp is installed only for wink-embeddings, without a
 * model), so sentences are split here in one pass over the text: a full stop ends a sentence only
 * when a space and a capital, a digit, a quote or a currency sign follow it, and the word before it
 * is not an abbreviation that never ends one.
 */

// Titles and abbreviations that a name, a number or a word always follows: "Dr. Okafor", "St. Louis", "e.g. Acme".
const NEVER_ENDS = new Set('mr mrs ms messrs dr prof st mt ft sr e.g i.e cf vs'.split(' '))
// A company's suffix ends a sentence before a capital ("sold to Acme Inc. The deal…"), not before
// the name it is given in brackets or quotes: "Harbor Valve Inc. (the “Company”)".
const COMPANY = new Set('inc ltd co corp llc plc'.split(' '))
// Abbreviations that end a sentence unless a number follows: "No. 3", "Jan. 5", "approx. 40".
const BEFORE_NUMBER = new Set(
  'no nos approx fig vol p pp ch sec art jan feb mar apr jun jul aug sep sept oct nov dec'.split(' '),
)
// An initial or an initialism: "J" of "J. R. Smith", "U.S", "U.K".
const INITIALS = /^(?:\p{Lu}\.)*\p{Lu}$/u
const CLOSERS = new Set(['"', '”', '’', "'", ')', ']'])
const OPENS = /["“‘'([$€£¥\p{Lu}\d]/u
const SPACE = /\s/
// A cell of figures in a table whose columns are set apart by spaces only (a text file's table,
// once its spaces are tidied): "3,145", "$3,250", "(22)", "2031-10-31", "15%"; not "1," of "July 1, 2017".
const FIGURE_CELL = /^[-−(]?[$€£]?\d(?:[\d,./-]*\d)?%?\)?$/
const ENDS_SENTENCE = /[.!?:;]["”’')\]]?$/

/** The word just before the full stop at `dot`: from the last space before it. */
function wordBefore(text: string, dot: number) {
  let start = dot
  while (start > 0 && !SPACE.test(text[start - 1]!)) start--
  // Opening quotes and brackets are not part of the word: "(Inc." is "Inc".
  while (start < dot && '"“‘(['.includes(text[start]!)) start++
  return text.slice(start, dot)
}

function endsSentence(text: string, dot: number, next: string) {
  if (text[dot] !== '.') return true
  const word = wordBefore(text, dot)
  const lower = word.toLowerCase()
  if (NEVER_ENDS.has(lower)) return false
  if (BEFORE_NUMBER.has(lower) && /\d/.test(next)) return false
  if (COMPANY.has(lower)) return !/["“‘'(]/.test(next)
  // An initial or "U.S." before a name: "J. R. Smith", "the U.S. Army". (A sentence ending in
  // "the U.S." before the next is read with it: rarer than a name after an initial.)
  return !INITIALS.test(word)
}

/**
 * A text cut after each of its sentences, each piece keeping the whitespace after it, so the pieces
 * joined are the text: for a reader that keeps its place in the text (the chunker). A line break
 * ends a piece too. One pass: each character is looked at a bounded number of times (the word
 * before a full stop is read back only to the space before it, the spaces after it once).
 */
export function sentencePieces(text: string): string[] {
  const pieces: string[] = []
  let start = 0
  const cut = (end: number) => {
    pieces.push(text.slice(start, end))
    start = end
  }
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!
    if (char === '\n') {
      let end = at + 1
      while (end < text.length && SPACE.test(text[end]!)) end++
      cut(end)
      at = end - 1
      continue
    }
    if (char !== '.' && char !== '!' && char !== '?') continue
    let end = at + 1
    while (end < text.length && CLOSERS.has(text[end]!)) end++
    if (!SPACE.test(text[end] ?? '')) continue
    let next = end
    while (next < text.length && SPACE.test(text[next]!) && text[next] !== '\n') next++
    if (!OPENS.test(text[next] ?? '') || !endsSentence(text, at, text[next]!)) continue
    cut(next)
    at = next - 1
  }
  if (start < text.length) cut(text.length)
  return pieces
}

/** The sentences of a paragraph, its spaces tidied. */
export const sentencesOf = (paragraph: string): string[] =>
  sentencePieces(paragraph.replace(/\s+/g, ' ').trim())
    .map((piece) => piece.trim())
    .filter((sentence) => sentence.length > 1)

/**
 * The rows of tables set in spaces, by line: a line with two figures side by side ("Maintenance
 * plans 794 792 780"), or one of two or more lines running that end on a figure ("FY2020 $372"),
 * none of them ending a sentence. Read by words, not by a pattern over the line: a pattern tried
 * at each digit of a long run of digits would be quadratic.
 */
function figureRows(lines: string[]): boolean[] {
  const cells = lines.map((line) => (ENDS_SENTENCE.test(line) ? [] : line.split(' ')))
  const endsOnFigure = cells.map((words) => words.length > 1 && FIGURE_CELL.test(words.at(-1)!))
  return cells.map(
    (words, index) =>
      words.some((word, at) => at > 0 && FIGURE_CELL.test(word) && FIGURE_CELL.test(words[at - 1]!)) ||
      (endsOnFigure[index]! && (endsOnFigure[index - 1] === true || endsOnFigure[index + 1] === true)),
  )
}

const RULE = /^[-=_*~#]{3,}$/

/**
 * The sentences of a page's prose. Table lines are the table reader's and left out: cells split by
 * " | " or tabs, and rows of figures in columns set by spaces. Lines cut at the page's width are
 * joined into paragraphs first; a line standing alone (a heading, "Headcount: 52") is a sentence
 * of its own.
 */
export function pageSentences(text: string): string[] {
  const texts = text
    .split('\n')
    .filter((line) => !IS_TABLE_LINE.test(line))
    .map((line) => line.replace(/\s+/g, ' ').trim())
    // A heading's underline ("-----", "=====") is no word of the paragraph below it.
    .filter((line) => line !== '' && !RULE.test(line))
  const rows = figureRows(texts)
  const lines = texts.flatMap((line, index) => (rows[index] ? [] : [{ text: line, from: null, pageBreak: false }]))
  return paragraphsOf(lines, shortLine(texts)).flatMap((paragraph) =>
    paragraph.alone ? [paragraph.text] : sentencesOf(paragraph.text),
  )
}

/** The sentences of a text whose lines were cut at its width, each whole. */
export function proseSentences(text: string): string[] {
  const lines = text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((line) => ({ text: line, from: null, pageBreak: false }))
  return paragraphsOf(lines, shortLine([text])).flatMap((paragraph) =>
    paragraph.alone ? [paragraph.text] : sentencesOf(paragraph.text),
  )
}
