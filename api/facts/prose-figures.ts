import Decimal from 'decimal.js'

import { isYear } from '../ai/text/calendar'
import { datesIn } from '../ai/text/dates'
import { isNumberWord, numberFromWords } from '../ai/text/number-words'
import { SCALE_SUFFIXES, SCALE_WORDS } from '../ai/text/scales'

/*
 * The figures of one sentence, as owners and valuers write them: money in every style ("$18
 * million", "18 million dollars", "$18M", "USD 18m", "$950k", "nine million dollars", "2.4 million
 * euros"), percentages ("38%", "thirty-eight percent"), counts of people or things ("64 people"),
 * and ranges of two ("between 23.1 and 27.3 million dollars", "$4.8–6.3 million"). The sentence is
 * cut into tokens once, and each token is read a bounded number of times: linear in its length.
 * Years, dates, phone numbers and numbers that name a thing ("No. 3", "Suite 200") are no figures.
 */

export interface ProseFigure {
  /** The exact value, scale applied: "18000000" for "$18 million". */
  value: Decimal
  /** The currency sign, '%', or null for a count or a number whose unit the sentence leaves to its measure. */
  unit: string | null
  /** The multiplier the figure is written with (1e6 for "$18M", 1 for "$18,000,000"). */
  scale: number
  kind: 'money' | 'percent' | 'count' | 'number'
  /** Where the figure is written in the sentence, end excluded. */
  start: number
  end: number
  /** A count's noun: "people" of "64 people". */
  noun?: string
  /** Which end of a range the figure is, when written as one. */
  bound?: 'low' | 'high'
}

interface Token {
  text: string
  start: number
  end: number
  kind: 'number' | 'word' | 'sign'
}

// Digits grouped by commas only in threes ("1,234,567"), so a run of "1,1,1…" is many short numbers.
const TOKEN = /\d+(?:,\d{3})*(?:\.\d+)?|\p{L}+(?:['’-]\p{L}+)*|\S/gu
const CURRENCY_SIGNS: Record<string, string> = { $: '$', '€': '€', '£': '£', '¥': '¥' }
const CURRENCY_CODES: Record<string, string> = { usd: '$', eur: '€', gbp: '£', jpy: '¥' }
const CURRENCY_WORDS: Record<string, string> = {
  dollar: '$',
  dollars: '$',
  euro: '€',
  euros: '€',
  pound: '£',
  pounds: '£',
  ...CURRENCY_CODES,
}
// Scales written as a suffix: "$18M", "USD 18m", "$950k", "$1.2bn".
// Words that make a number a label, not a figure: "No. 3", "Suite 200", "Route 9", "Note 4".
const DESIGNATORS = new Set(
  'no nos number suite ste unit apt room route page pages figure exhibit schedule item section note box floor building lot'.split(
    ' ',
  ),
)
// Counts of time are durations, not figures of the business: "within two years".
const TIME_NOUNS = /^(?:days?|weeks?|months?|quarters?|years?|hours?|minutes?|times)$/
const PEOPLE =
  /^(?:people|persons|employees|staff|workers|technicians|engineers|drivers|staffers|ftes?|hires|associates)$/i
/** Whether a count's noun counts people: the business's headcount. */
export const countsPeople = (noun: string) => PEOPLE.test(noun)
// Words between a count and its noun: "64 full-time employees", "41 licensed technicians".
const MAX_ADJECTIVES = 2
const CHANGE =
  /\b(?:grew|grow|grows|rose|rise|increased?|fell|fall|declined?|decreased?|dropped|climbed|improved|went)\b/i
const PHONE = /(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\b\d{3}[\s.-])\d{3}[.-]\d{4}\b/g
const DASHES = new Set(['-', '–', '—', '−'])
const LEADING_ZERO = /^0\d/
// A plural noun of four letters or more: "trucks", "lines"; not "was", "has", "its", "glass".
const PLURAL = /^\p{Ll}{2,}[^s]s$/u

interface Raw {
  first: number
  /** The token after the figure. */
  next: number
  number: Decimal
  scale: number
  currency: string | null
  percent: boolean
  /** Written in words ("nine million"): read as a figure only with a unit, a scale or a noun. */
  words: boolean
}

/** The figures of a sentence, ranges marked. */
export function figuresIn(sentence: string): ProseFigure[] {
  const tokens = tokensOf(sentence)
  const figures: ProseFigure[] = []
  const changes = CHANGE.test(sentence)
  let at = 0
  while (at < tokens.length) {
    const low = readRaw(tokens, at)
    if (!low) {
      at = skipWords(tokens, at)
      continue
    }
    const range = rangeAfter(tokens, low, changes)
    if (range) {
      const [lowFigure, highFigure] = [figureOf(tokens, range.low), figureOf(tokens, range.high)]
      if (lowFigure && highFigure && lowFigure.value.lte(highFigure.value)) {
        figures.push({ ...lowFigure, bound: 'low' }, { ...highFigure, bound: 'high' })
        at = range.high.next
        continue
      }
    }
    const figure = figureOf(tokens, low)
    if (figure) figures.push(figure)
    at = low.next
  }
  return figures
}

/** The tokens of a sentence, those of dates and phone numbers left out. */
function tokensOf(sentence: string): Token[] {
  const taken = new Uint8Array(sentence.length)
  for (const date of datesIn(sentence)) taken.fill(1, date.index, date.index + date.text.length)
  for (const phone of sentence.matchAll(PHONE)) taken.fill(1, phone.index, phone.index + phone[0].length)
  const tokens: Token[] = []
  for (const match of sentence.matchAll(TOKEN)) {
    const text = match[0]
    const kind = /^\d/.test(text) ? 'number' : /^\p{L}/u.test(text) ? 'word' : 'sign'
    // A date's tokens stand as one sign, so nothing reads across it.
    if (taken[match.index]) {
      if (tokens.at(-1)?.text !== '\u0000')
        tokens.push({ text: '\u0000', start: match.index, end: match.index, kind: 'sign' })
      continue
    }
    tokens.push({ text, start: match.index, end: match.index + text.length, kind })
  }
  return tokens
}

/**
 * The run of number words at `at` ("two hundred and fifty thousand"), "and" inside it left out,
 * and the token after it.
 */
function numberWords(tokens: Token[], at: number) {
  const words: string[] = []
  let next = at
  while (next < tokens.length && tokens[next]!.kind === 'word') {
    const word = lower(tokens[next])
    if (word === 'and' && words.length && isNumberWord(lower(tokens[next + 1]))) {
      next++
      continue
    }
    if (!isNumberWord(word)) break
    words.push(word)
    next++
  }
  return { words, next }
}

/** Past a run of number words that is no figure, whole: retrying from each of its words would be quadratic. */
const skipWords = (tokens: Token[], at: number) => Math.max(at + 1, numberWords(tokens, at).next)

const lower = (token: Token | undefined) => token?.text.toLowerCase() ?? ''

/** A number at `at`, with its currency, scale and percent sign; null when none starts there. */
function readRaw(tokens: Token[], at: number): Raw | null {
  let next = at
  let currency: string | null = null
  const sign = tokens[next]
  if (sign?.kind === 'sign' && CURRENCY_SIGNS[sign.text]) {
    currency = CURRENCY_SIGNS[sign.text]!
    next++
  } else if (lower(sign) === 'us' && tokens[next + 1]?.text === '$') {
    currency = '$'
    next += 2
  } else if (sign?.kind === 'word' && CURRENCY_CODES[lower(sign)]) {
    currency = CURRENCY_CODES[lower(sign)]!
    next++
  }
  const numberToken = tokens[next]
  if (!numberToken) return null
  let number: Decimal
  let scale = 1
  let words = false
  if (numberToken.kind === 'number') {
    // A leading zero writes a code or a scale's label, not an amount: "$000s", a ZIP code "02139".
    if (LEADING_ZERO.test(numberToken.text)) return null
    // Digits written onto a word name a period or a code: "FY24", "Q3", "H1".
    if (!currency && tokens[next - 1]?.kind === 'word' && tokens[next - 1]!.end === numberToken.start) return null
    number = new Decimal(numberToken.text.replace(/,/g, ''))
    next++
  } else {
    const run = numberWords(tokens, next)
    const value = numberFromWords(run.words)
    if (value === null) return null
    number = new Decimal(value)
    words = true
    next = run.next
    // "nine million": the scale is the last word's.
    const last = run.words.at(-1)!.split('-').at(-1)!
    if (SCALE_WORDS[last]) scale = SCALE_WORDS[last]!
  }
  if (!words) {
    const word = lower(tokens[next])
    const attached = tokens[next]?.start === tokens[next - 1]!.end
    if (SCALE_WORDS[word]) {
      scale = SCALE_WORDS[word]!
      number = number.times(scale)
      next++
    } else if (SCALE_SUFFIXES[word] && (attached || (currency && word.length > 1))) {
      scale = SCALE_SUFFIXES[word]!
      number = number.times(scale)
      next++
    }
  }
  // A currency after the figure: "18 million dollars", "2.4 million euros", "9 million US dollars", "18m USD".
  if (lower(tokens[next]) === 'us' && CURRENCY_WORDS[lower(tokens[next + 1])]) next++
  if (!currency && CURRENCY_WORDS[lower(tokens[next])]) {
    currency = CURRENCY_WORDS[lower(tokens[next])]!
    next++
  }
  let percent = false
  if (tokens[next]?.text === '%' || lower(tokens[next]) === 'percent' || lower(tokens[next]) === 'pct') {
    percent = true
    next++
  } else if (lower(tokens[next]) === 'per' && lower(tokens[next + 1]) === 'cent') {
    percent = true
    next += 2
  }
  return { first: at, next, number, scale, currency, percent, words }
}

/**
 * A range starting with `low`: "between A and B", "A to B", "A–B". The first figure takes the
 * second's scale, currency and percent sign when it has none ("between 23.1 and 27.3 million
 * dollars", "$4.8–6.3 million", "30–40%"). "From A to B" after a verb of change ("revenue grew from…") is two values, no range.
 */
function rangeAfter(tokens: Token[], low: Raw, changes: boolean) {
  const joint = tokens[low.next]
  if (!joint) return null
  const between = lower(tokens[low.first - 1]) === 'between' || lower(tokens[low.first - 2]) === 'between'
  const joins =
    DASHES.has(joint.text) ||
    (lower(joint) === 'and' && between) ||
    ((lower(joint) === 'to' || lower(joint) === 'through') && !changes)
  if (!joins) return null
  const high = readRaw(tokens, low.next + 1)
  if (!high || (low.percent && !high.percent)) return null
  const borrowed = { ...low, percent: high.percent }
  if (low.scale === 1 && high.scale !== 1 && low.number.lt(1000)) {
    borrowed.scale = high.scale
    borrowed.number = low.number.times(high.scale)
  }
  borrowed.currency ??= high.currency
  high.currency ??= low.currency
  return { low: borrowed, high }
}

/** A raw number as a figure, or null when it is a year, a label's number or a number of nothing. */
function figureOf(tokens: Token[], raw: Raw): ProseFigure | null {
  const span = { start: tokens[raw.first]!.start, end: tokens[raw.next - 1]!.end }
  const value = raw.number
  if (raw.percent) return { value, unit: '%', scale: 1, kind: 'percent', ...span }
  if (raw.currency) return { value, unit: raw.currency, scale: raw.scale, kind: 'money', ...span }
  // A year, or the number of a label, is no figure: "in 2025", "No. 3", "Suite 200", "#4".
  const plain = !raw.words && raw.scale === 1
  const before = lower(tokens[raw.first - 1]) === '.' ? lower(tokens[raw.first - 2]) : lower(tokens[raw.first - 1])
  if (plain && (isYear(tokens[raw.first]!.text) || DESIGNATORS.has(before) || before === '#')) return null
  const noun = countNoun(tokens, raw.next)
  if (noun) return { value, unit: null, scale: raw.scale, kind: 'count', noun, ...span }
  // Words without a unit, a scale or a noun are words: "one of", "a".
  if (raw.words && raw.scale === 1) return null
  // A number alone ("Headcount: 52", "add-backs of 310 thousand"), a figure if a measure names it.
  return { value, unit: null, scale: raw.scale, kind: 'number', ...span }
}

/** The noun a count counts: "64 people", "64 full-time employees", "12 trucks"; not a span of time. */
function countNoun(tokens: Token[], at: number): string | null {
  for (let next = at; next <= at + MAX_ADJECTIVES && next < tokens.length; next++) {
    const token = tokens[next]!
    if (token.kind !== 'word' || /^\p{Lu}/u.test(token.text)) return null
    if (PEOPLE.test(token.text)) return token.text
    // A plural noun right after the number: "12 trucks", not "3 Main St", "6 months" or "5 was".
    if (next === at && PLURAL.test(token.text) && !TIME_NOUNS.test(token.text)) return token.text
  }
  return null
}
