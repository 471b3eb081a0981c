import { measureKeyOf, normalizeLabel } from '../../facts/measures'
import { analyze } from '../retrieval/analyzer'
import { type Operation, readQuestion } from '../tables/question'

/** A question as the fact layer reads it: what it measures, over which years, of which entity. */
export interface FactQuestion {
  operation: Operation
  /** The lexicon's key of the measure the question names, null when it names none or two. */
  measureKey: string | null
  /** The fiscal years named, in order; empty with `latest` for "last year", or with none. */
  years: number[]
  latest: boolean
  /** The quarter named (1–4), of the fiscal year named: "Q4 of 2024", "the first quarter of fiscal 2025". */
  quarter: number | null
  /** Whether a month is named ("in June 2024"): a month's figure, not the year's. */
  month: boolean
  /** The question in the lexicon's form, padded with spaces, where an entity's name is looked for. */
  words: string
  /** Whether it asks for one figure ("What was…", "How much…") and states none, compares none, counts nothing. */
  oneFigure: boolean
  /**
   * The words naming what is asked beside the measure and its period (stemmed): an entity's name,
   * or a qualifier the measure does not hold ("net sales arising from total electronic components").
   */
  otherTerms: string[]
  /** Names the question writes (capitalised words past its first): an entity it asks about, or a company. */
  names: string[]
}

// Phrases of up to this many words are looked up in the lexicon: its longest names are six words.
const MAX_PHRASE = 7
// A word after the measure that makes it another measure: "EBITDA margin" is no EBITDA.
const DERIVED = new Set(
  'margin margins ratio ratios rate rates multiple multiples growth per percentage percent share days turnover coverage yield cagr'.split(
    ' ',
  ),
)
const MONTHS = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i
// A month and its year ("June 2024"); with a day it is a date, a year's end ("December 31, 2023").
const MONTH_NAMED =
  /\b(?:january|february|march|april|may|june|july|august|september|october|november|december|(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?)\s+(?:19|20)\d\d\b|\bmonth\b/i
// Verbs a question asks for a figure with, which name no part of it: "came from", "did … report as".
const ASKING_VERBS = new Set(
  analyze(
    'come came comes bring brings brought report reported reports spend spent spends generate generated earn earned record recorded',
  ),
)
// Words of a place in a period ("at the end of fiscal 2024", "the fourth quarter"), of where a
// figure is shown ("the balance sheet", "cash on hand") or of the business as a whole: they qualify nothing.
const SOFT = new Set(
  analyze(
    'end ended ending beginning q1 q2 q3 q4 first second third fourth quarter balance sheet show shows hand company business firm',
  ),
)
const ASKS_FIGURE = /^\s*(?:what|how much)\b/i
// A question that states a figure, a multiple or a threshold, or compares, ranks or counts, asks
// for more than the one figure a fact is: "How many months had sales above $825,000?", "Who was
// the largest customer?", "What enterprise value does 6.0x normalized EBITDA give?".
const MORE_THAN_A_FIGURE =
  /\bhow many\b|\b(?:largest|most|highest|lowest|least|smallest|biggest|top|more|less|fewer|over|above|below|under|exceed\w*|times|multiples?|worth|after|before|excluding|including|per|each|every|all|both|together|and)\b|[$€£]|\d\s*(?:x|%)|\b\d{1,3}(?:,\d{3})+\b|\d\.\d/i
const QUARTER = /\bQ([1-4])\b|\b(first|second|third|fourth|1st|2nd|3rd|4th) quarter\b/i
const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
  '4th': 4,
}
// Words a question puts inside a measure's name that its label leaves out ("the current portion of the term loan").
const FILLERS = new Set(['the', 'a', 'an', 'our', 'its', 'total'])

/**
 * The measure a question names: the longest phrase of it the lexicon knows, with its fillers
 * dropped too. Two different measures named by phrases of the same length name none: the question
 * is ambiguous, and the fact layer does not choose (a neighbour is never taken for the measure).
 */
export function measureOfQuestion(question: string): string | null {
  return measurePhrase(question)?.key ?? null
}

/** The measure's key and where its phrase stands among the question's words (lexicon form). */
function measurePhrase(question: string): { key: string; start: number; length: number } | null {
  const words = normalizeLabel(question).split(' ')
  for (let length = Math.min(MAX_PHRASE, words.length); length > 0; length--) {
    const found: Array<{ key: string; start: number; length: number }> = []
    for (let start = 0; start + length <= words.length; start++) {
      const phrase = words.slice(start, start + length)
      const key = measureKeyOf(phrase.join(' ')) ?? measureKeyOf(phrase.filter((word) => !FILLERS.has(word)).join(' '))
      if (!key) continue
      // A measure made another by the word after it names neither.
      if (DERIVED.has(words[start + length] ?? '')) return null
      found.push({ key, start, length })
    }
    if (new Set(found.map((each) => each.key)).size === 1) return found[0]!
    if (found.length) return null
  }
  return null
}

/** The capitalised words of a question past its first, months and acronyms ("FY", "EBITDA") aside. */
const namesIn = (question: string) =>
  [...question.matchAll(/\b\p{Lu}\p{Ll}[\p{L}'’&.-]*/gu)]
    .filter((match) => match.index > 0 && !MONTHS.test(match[0]))
    .map((match) => match[0])

export function readFactQuestion(question: string): FactQuestion {
  const measure = measurePhrase(question)
  // The operation is read from the words around the measure's name: "the current portion of the
  // term loan" names a measure, not a share of one.
  const words = normalizeLabel(question).split(' ')
  const around = measure ? [...words.slice(0, measure.start), ...words.slice(measure.start + measure.length)] : words
  const read = readQuestion(around.join(' '))
  const years = read.periods.flatMap((period) => ('year' in period ? [period.year] : []))
  const latest = read.periods.some((period) => 'relative' in period && period.relative === 'latest')
  const quarter = QUARTER.exec(question)
  return {
    operation: read.operation,
    measureKey: measure?.key ?? null,
    years,
    latest,
    quarter: quarter ? (quarter[1] ? Number(quarter[1]) : ORDINALS[quarter[2]!.toLowerCase()]!) : null,
    month: MONTH_NAMED.test(question),
    oneFigure: ASKS_FIGURE.test(question) && !MORE_THAN_A_FIGURE.test(question),
    otherTerms: read.terms.filter(
      (term) => !ASKING_VERBS.has(term) && !read.softTerms.includes(term) && !SOFT.has(term),
    ),
    words: ` ${normalizeLabel(question)} `,
    names: namesIn(question.trim()),
  }
}
