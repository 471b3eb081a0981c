import { analyze } from '../../ai/retrieval/analyzer'
import { type Operation, type Question, readQuestion } from '../../ai/tables/question'
import { CURRENCY_SIGN } from '../../ai/text/amounts'
import { MONTH_YEAR, monthIndex, QUARTER_ORDINAL, quarterOfOrdinal } from '../../ai/text/calendar'
import { measureKeyOf, normalizeLabel } from '../../ai/text/measures'
import type { EntityKind } from '../types'
import { expandDefinitions } from './definitions'

/** What a question asks done with its figures: the table reader's operations, and a difference of two measures. */
export type FactOperation = Operation | 'minus'

/** A question as the fact layer reads it: what it measures, over which years, of which entity. */
export interface FactQuestion {
  operation: FactOperation
  /** The lexicon's keys of the measures the question names, in its order; empty when a word after one makes it another. */
  measureKeys: string[]
  /** The one measure it names, null when it names none or two. */
  measureKey: string | null
  /** The fiscal years named, in order (every year of a range a total or average spans). */
  years: number[]
  /** "last year": the latest year held. */
  latest: boolean
  /** "the year before", "the prior year": of a follow-up, the year before the one asked before. */
  yearBefore: boolean
  /** "over the last three years": the latest so many years held. */
  lastYears: number | null
  /** The quarter named (1–4), of the fiscal year named: "Q4 of 2024", "the first quarter of fiscal 2025". */
  quarter: number | null
  /** Every quarter named, in the order named: "between the second and first quarter" names two. */
  quarters: number[]
  /** Whether a month is named ("in June 2024"): a month's figure, not the year's. */
  month: boolean
  /** Which way a change is asked: "how much did it fall" asks for the size of a fall. */
  direction: 'up' | 'down' | null
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
  /** The name doing what the question asks ("did Blue Spruce Services spend"): the business, unless the facts hold it as an entity. */
  subject: string | null
  /** Whether it states a figure, a multiple or a threshold to compute with ("at a 5.5x multiple", "above $600,000"). */
  statesFigure: boolean
  /** "at a 4.0x multiple": the multiple it states to value at, as written. */
  multiple: string | null
  /** "exceed $1.3 million", "above $580,000": the threshold a count compares against. */
  threshold: Question['threshold']
  /** The kind of entity it asks about as a list ("the top customers", "which product line"), null for none. */
  entityKind: EntityKind | null
  /** Whether it ranks ("the largest", "grew the most"), and asks for the last of the ranking ("the smallest"). */
  ranks: boolean
  lowest: boolean
}

// Phrases of up to this many words are looked up in the lexicon: its longest names are six words.
const MAX_PHRASE = 7
// A word after the measure that makes it another measure: "EBITDA margin" is no EBITDA.
const DERIVED = new Set(
  'margin margins ratio ratios rate rates multiple multiples growth per percentage percent share days turnover coverage yield cagr'.split(
    ' ',
  ),
)
// A month and its year ("June 2024"); with a day it is a date, a year's end ("December 31, 2023").
const MONTH_NAMED = new RegExp(String.raw`${MONTH_YEAR}|\bmonths?\b|\bmonthly\b`, 'i')
// Verbs and words a question asks for a figure with, which name no part of it: "came from", "did
// … report as", "the average annual", "in percentage terms", "by how many dollars".
const ASKING_WORDS = new Set(
  analyze(
    'come came comes bring brings brought report reported reports spend spent spends generate generated earn earned ' +
      'buy buys bought purchase purchases purchased ' +
      'record recorded annual annually yearly cumulative combined terms rate compound compounded multiple percentage ' +
      'put together account accounted minus per divided divide',
  ),
)
// Words of a place in a period ("at the end of fiscal 2024", "the fourth quarter"), of where a
// figure is shown ("the balance sheet", "cash on hand") or of the business as a whole: they qualify nothing.
// What an owner calls the business: "the company", "the shop", "the practice".
export const BUSINESS_NOUNS = 'company business firm shop bakery lab laboratory practice studio'
const SOFT = new Set(
  analyze(
    'end ended ending beginning q1 q2 q3 q4 first second third fourth quarter balance sheet show shows hand total ' +
      `earlier ${BUSINESS_NOUNS}`,
  ),
)
const ASKS_FIGURE = /^\s*(?:what|how much)\b/i
// A question that states a figure, a multiple or a threshold, or compares, ranks or counts, asks
// for more than the one figure a fact is: "How many months had sales above $825,000?", "Who was
// the largest customer?", "What enterprise value does 6.0x normalized EBITDA give?".
const MORE_THAN_A_FIGURE = new RegExp(
  String.raw`\bhow many\b|\b(?:largest|most|highest|lowest|least|smallest|biggest|top|more|less|fewer|over|above|below|under|exceed\w*|times|multiples?|worth|after|before|excluding|including|per|each|every|all|both|together|and)\b|${CURRENCY_SIGN}|\d\s*(?:x|%)|\b\d{1,3}(?:,\d{3})+\b|\d\.\d`,
  'i',
)
// A figure or a multiple the question computes with ("At a 5.5x multiple…", "above $600,000").
const STATES_FIGURE = new RegExp(
  String.raw`${CURRENCY_SIGN}|\d\s*(?:x|%)|\b\d{1,3}(?:,\d{3})+\b|\d\.\d|\b(?:above|below|exceed\w*|worth)\b`,
  'i',
)
const QUOTED = /["“]([^"”]{1,80})["”]/g
// "At a 4.0x multiple", "at 5 times", "a multiple of 4.5".
const MULTIPLE = /(\d+(?:\.\d+)?)\s*(?:x|×|times)(?![a-z])|\bmultiple of (\d+(?:\.\d+)?)\b/i
// Every quarter named: "Q3", "the first quarter", "the second and first quarter".
const ORDINAL = `(${QUARTER_ORDINAL})`
const QUARTERS = new RegExp(
  String.raw`\bQ([1-4])\b|\b${ORDINAL}(?:\s(?:and|or|to|through|&)\s(?:the\s)?${ORDINAL})?\squarters?\b`,
  'gi',
)
const UP = /\b(?:increase[ds]?|rise|rose|risen|grow|grew|grown|growth|gain(?:ed)?|up)\b/i
const DOWN = /\b(?:decrease[ds]?|decline[ds]?|fall|fell|fallen|drop(?:ped)?|shrink|shrank|down|reduc(?:e|ed|tion))\b/i
// Two measures, the second taken from the first: "current assets minus current liabilities".
const MINUS = /\bminus\b|\bless\b(?! than)/i
// Words a question puts inside a measure's name that its label leaves out ("the current portion of the term loan").
const FILLERS = new Set(['the', 'a', 'an', 'our', 'its', 'total'])
// "did Blue Spruce Outdoor Services spend": the capitalised words after an auxiliary are who acts.
const SUBJECT = /\b(?:did|does|do|has|had|will|would)\s+((?:\p{Lu}[\p{L}'’&.-]*\s+)+)/u

const KINDS: Array<[EntityKind, RegExp]> = [
  ['customer', /\b(?:customers?|clients?)\b/i],
  ['segment', /\b(?:(?:product|service|business) lines?|segments?|divisions?)\b/i],
  ['add_back', /\badd-?backs?\b|\b(?:normali[sz]ation )?adjustments\b/i],
]
const RANKS = /\b(?:largest|biggest|most|highest|top|lowest|smallest|least|fewest)\b/i
const LOWEST = /\b(?:lowest|smallest|least|fewest)\b/i
// A list ranked or counted without its measure is measured by what its entities bring in: "the largest customer".
const RANKED_BY = 'revenue'
// What customers buy is what the business sells them: "bought more than $700,000", "brought in".
const PURCHASES = /\b(?:buy|buys|bought|purchased?|brought in|bring in)\b/i

/** Which way a change is asked; neither when the question names both ("the increase / (decrease)"). */
function directionOf(text: string): FactQuestion['direction'] {
  const [up, down] = [UP.test(text), DOWN.test(text)]
  return up === down ? null : up ? 'up' : 'down'
}

interface Mention {
  key: string
  start: number
  length: number
}

/** The measures a question names, in its order: its longest phrases the lexicon knows, fillers dropped too, none overlapping. */
const PER_PERIOD = /^(?:year|month|quarter|annum|fiscal)$/

function measureMentions(words: string[]): { mentions: Mention[]; derived: boolean } {
  const mentions: Mention[] = []
  const taken = new Set<number>()
  let derived = false
  for (let length = Math.min(MAX_PHRASE, words.length); length > 0; length--) {
    for (let start = 0; start + length <= words.length; start++) {
      const span = Array.from({ length }, (_, offset) => start + offset)
      if (span.some((at) => taken.has(at))) continue
      const phrase = words.slice(start, start + length)
      const key = measureKeyOf(phrase.join(' ')) ?? measureKeyOf(phrase.filter((word) => !FILLERS.has(word)).join(' '))
      if (!key) continue
      // A measure made another by the word after it ("EBITDA margin") names neither.
      // "EBITDA per year" is EBITDA, averaged: a rate per a period names no other measure.
      const next = words[start + length] ?? ''
      if (DERIVED.has(next) && !(next === 'per' && PER_PERIOD.test(words[start + length + 1] ?? ''))) derived = true
      mentions.push({ key, start, length })
      for (const at of span) taken.add(at)
    }
  }
  return { mentions: mentions.sort((a, b) => a.start - b.start), derived }
}

/**
 * The measure a question names: the longest phrase of it the lexicon knows. Two different measures
 * name none: the question is ambiguous, and the fact layer does not choose (a neighbour is never
 * taken for the measure); nor when a word after it makes it another ("EBITDA margin").
 */
export function measureOfQuestion(question: string): string | null {
  return readFactQuestion(question).measureKey
}

/** The capitalised words of a question past its first, months and acronyms ("FY", "EBITDA") aside. */
const namesIn = (question: string) =>
  [...question.matchAll(/\b\p{Lu}\p{Ll}[\p{L}'’&.-]*/gu)]
    .filter((match) => match.index > 0 && monthIndex(match[0]) < 0)
    .map((match) => match[0])

// Two or more capitalised words past the first: a name ("Quarry Equipment Inc.", "Blue Spruce
// Outdoor Services"), unless the lexicon knows the whole of it as a measure ("Gross Profit").
const NAME_RUN = /(?<=\S\s+)\p{Lu}\p{Ll}[\p{L}'’.-]*(?:\s+(?:&\s+|and\s+|of\s+)?\p{Lu}[\p{L}'’.-]*)+/gu

/** The question with each word of a name written as a placeholder, so no measure is read inside it. */
const withoutNames = (question: string) =>
  question.replace(NAME_RUN, (run) =>
    measureKeyOf(normalizeLabel(run))
      ? run
      : run.replace(/[\p{L}'’.-]+/gu, (word) => (word === 'and' || word === 'of' ? word : 'zname')),
  )

export function readFactQuestion(asked: string): FactQuestion {
  const question = expandDefinitions(asked)
  // A parenthesis in a question qualifies what it asks ("the term loan (current portion included)"):
  // its words are read, where a label's are dropped.
  const plain = question.replace(/[()]/g, ' ')
  const words = normalizeLabel(plain).split(' ')
  const masked = normalizeLabel(withoutNames(plain)).split(' ')
  const { mentions, derived } = measureMentions(masked.length === words.length ? masked : words)
  const keys = derived ? [] : mentions.map((mention) => mention.key)
  // The operation is read from the words around the measures' names: "the current portion of the
  // term loan" names a measure, not a share of one; "total" stays, for "total revenue for 2023 and 2025" adds.
  const inMeasure = new Set(
    mentions.flatMap(({ start, length }) =>
      Array.from({ length }, (_, offset) => start + offset).filter((at) => !FILLERS.has(words[at]!)),
    ),
  )
  const around = words.filter((_, at) => !inMeasure.has(at)).join(' ')
  const read = readQuestion(around)
  const years = read.periods.flatMap((period) => ('year' in period ? [period.year] : []))
  const lastYears = read.periods.flatMap((period) => ('latest' in period ? [period.latest] : []))[0] ?? null
  const latest = read.periods.some((period) => 'relative' in period && period.relative === 'latest')
  const quarters = [
    ...new Set(
      [...question.matchAll(QUARTERS)].flatMap(([, number, first, second]) =>
        number ? [Number(number)] : [first, second].flatMap((word) => (word ? [quarterOfOrdinal(word)] : [])),
      ),
    ),
  ]
  const operation: FactOperation =
    keys.length === 2 && read.operation === 'lookup' && MINUS.test(around) ? 'minus' : read.operation
  // "By what percentage did COGS grow": a measure in the subject's place is what is asked, no one who acts.
  const actor = SUBJECT.exec(asked)?.[1]?.trim() ?? null
  const subject = actor && !measureKeyOf(normalizeLabel(actor)) ? actor : null
  // A phrase in quotation marks is a label ("Owner's salary above market"), no threshold nor comparison.
  const quotes = [...asked.matchAll(QUOTED)].map((match) => ` ${normalizeLabel(match[1]!)} `)
  const unquoted = (text: string) => quotes.reduce((rest, quote) => ` ${rest} `.replace(quote, ' '), text)
  const statesFigure = STATES_FIGURE.test(asked.replace(QUOTED, ' '))
  const entityKind = KINDS.find(([, words]) => words.test(question))?.[0] ?? null
  const ranks = RANKS.test(question)
  const measureKeys =
    keys.length === 0 && !derived && entityKind !== 'add_back' && ((entityKind && ranks) || PURCHASES.test(question))
      ? [RANKED_BY]
      : keys
  return {
    operation,
    measureKeys,
    measureKey: new Set(measureKeys).size === 1 ? measureKeys[0]! : null,
    years,
    latest,
    yearBefore: read.periods.some((period) => 'relative' in period && period.relative === 'previous'),
    lastYears,
    quarter: quarters.length === 1 ? quarters[0]! : null,
    quarters,
    month: MONTH_NAMED.test(question),
    direction: directionOf(around),
    // Read around the measure: "selling, general and administrative expenses" is one figure.
    oneFigure: ASKS_FIGURE.test(question) && !MORE_THAN_A_FIGURE.test(unquoted(around)) && !statesFigure,
    otherTerms: read.terms.filter(
      (term) => !ASKING_WORDS.has(term) && !read.softTerms.includes(term) && !SOFT.has(term),
    ),
    words: ` ${normalizeLabel(question)} `,
    names: namesIn(question.trim()),
    subject,
    statesFigure,
    multiple: (({ 1: times, 2: of } = MULTIPLE.exec(asked) ?? []) => times ?? of ?? null)(),
    threshold: readQuestion(asked).threshold,
    entityKind,
    ranks,
    lowest: LOWEST.test(question),
  }
}
