import { analyze } from '../retrieval/analyzer'
import { ANY_YEAR, YEAR as CALENDAR_YEAR, yearsIn } from '../text/calendar'
import { NUMBER_WORDS } from '../text/number-words'
import { numberWordsBetween } from '../text/number-words'
import { SCALE_WORD } from '../text/scales'
import { HORIZON, horizonOf } from './horizon'

export type Operation =
  | 'lookup'
  | 'difference'
  | 'percentage-change'
  | 'cagr'
  | 'formula'
  | 'filter'
  | 'sum'
  | 'average'
  | 'ratio'
  | 'share'
  | 'count'
  | 'compare-max'
  | 'compare-min'
  | 'periods'

/** A period the question names: a year, or the latest column ("last year") or the one before it. */
export type Period = { year: number } | { relative: 'latest' | 'previous' } | { latest: number }

export interface Question {
  text: string
  operation: Operation
  periods: Period[]
  /** Terms naming the quantity (the row label), stemmed as search stems them. */
  terms: string[]
  /** Terms that help when a label holds them but do not count against one that does not ("total"). */
  softTerms: string[]
  /** For an operation between two quantities ("X as a percentage of Y", "between X and Y"): both. */
  parts: string[][] | null
  /** When the first of the parts lists several rows ("A and B together"): each one's terms. */
  entities: string[][] | null
  /** "the respective revenue from Apple and Huawei in 2017": the two rows named, each one's terms. */
  pair: [string[], string[]] | null
  /** "exceed $400 million": the threshold a count compares against. */
  threshold: { above: boolean; value: number; scale: 'thousand' | 'million' | 'billion' | null } | null
  /** "the difference between X and Y" asks how far apart they are (larger minus smaller), not for a change. */
  magnitude: boolean
  /** "the change in percentage of sales": a difference of percentages, in points. */
  points: boolean
  /** "due within 5 years": the years a schedule of maturities is summed over (./maturities). */
  horizon: number | null
  /** Terms the question writes as an -ing form ("marketing"), which a noun of the same stem ("Markets") does not name. */
  gerunds: string[]
}

// The phrase names the operation, not the quantity: its words never decide which row is meant.
const CAGR =
  /\bcagr\b|\bcompound(?:ed)? annual (?:growth )?(?:rate)?(?: of growth)?|\bcompound(?:ed)? (?:growth|rate)\b|\bannuali[sz]ed growth(?: rate)?\b/i

const OPERATIONS: Array<[Operation, RegExp]> = [
  ['cagr', CAGR],
  ['count', /\bhow many (?:years|times|periods|quarters|components|items|types)\b/i],
  // Before the others: "In which year was the movement greater?" asks for a year, not the movement.
  [
    'compare-max',
    /\bwhich (?:fiscal )?(?:year|period|quarter|fy)\b.*\b(?:higher|highest|larger|largest|greater|greatest|more|most|bigger|biggest)\b|\b(?:higher|highest|larger|largest|greater|greatest|more|most|bigger|biggest)\b.*\bwhich (?:year|period)\b|\bin which (?:fiscal )?(?:year|period)\b.*\b(?:higher|highest|larger|largest|greater|greatest|more|most)\b/i,
  ],
  [
    'compare-min',
    /\bwhich (?:fiscal )?(?:year|period|quarter|fy)\b.*\b(?:lower|lowest|smaller|smallest|less|least|fewer)\b/i,
  ],
  [
    'percentage-change',
    /\bpercent(?:age)?\s+(?:change|increase|decrease|growth|decline|difference)|\b(?:change|increase|decrease|growth|grow|decline)\b.*\bin (?:percent(?:age)?|%)|\bby what percent|\bgrowth rate\b|\bpercent(?:age)? increase\s*\/\s*\(?decrease|\bchange\s*\(%\)|%\s*change\b/i,
  ],
  // "The weighted-average fair value" names a measure the table states, not one to work out.
  ['average', /(?<!\bweighted[-\s])\baverage\b|\bmean\b/i],
  [
    'share',
    // "Share" is a part only as "share of / in": "share capital in 2025" is a line of the balance sheet.
    /\b(?:as a |in )?(?:percentage|proportion|portion)\b.*\b(?:of|over|among|in)\b|(?<!\bper )\bshare (?:of|in|among)\b|\bwhat percent(?:age)? of\b|\bratio \(in percentage\)|\bpercentage of\b/i,
  ],
  ['ratio', /\bratio\b|\bdivided by\b|\btimes (?:larger|greater)\b|\bas a multiple of\b/i],
  [
    'difference',
    /\bhow much (?:more|less|higher|lower|greater|larger|bigger|smaller)\b|\b(?:change|increase|decrease|difference|differ|grow|growth|decline|rise|fall|fell|variance|movement)\b/i,
  ],
  [
    'sum',
    /\b(?:sum|combined|altogether|together|in total|total of|adds? up|added up)\b|\b(?:total|cumulative)\b.*\b(?:and|between)\b.*\d|\btotal\b.*\b(?:of )?(?:all|every|each)\b/i,
  ],
]

// Words that say what to do or when, not which quantity: they never decide which row is meant.
const FUNCTION_WORDS = new Set(
  analyze(
    'what how much many was were is are the change changes increase decrease difference differ percentage percent ' +
      'proportion ratio share portion sum combined altogether average mean count value values amount amounts year years ' +
      'fiscal fy period periods between from to in of over compared respective respectively nominal growth grow decline ' +
      'rise fall variance movement term terms express expressed constitution form part each both number which ' +
      'end ended ending as at on for during across three two quarter quarterly first second third fourth last latest ' +
      'this current prior previous before january february march april may june july august september october november ' +
      'december net dollar dollars million millions thousand thousands billion higher highest larger largest greater ' +
      'greatest lower lowest smaller smallest less least bigger biggest table tables ' +
      'provide provides information show shows highlight highlights calculated available made regarding ' +
      'company business hold held have had spend spent',
  ),
)
// Kept when a label holds them ("Total sales", "Net income", "Fourth quarter"), not required when it does not.
const SOFT_WORDS = new Set(
  analyze('total net first second third fourth quarter q1 q2 q3 q4 end ended ending beginning balance overall'),
)

/** Reads a question: its operation, the periods it names and the words naming the quantity. */
export function readQuestion(text: string): Question {
  const horizon = horizonOf(text)
  // "due in less than one year" is a horizon, not a threshold to compare figures against.
  const threshold = thresholdOf(text.replace(HORIZON, ' '))
  const operation = operationOf(text, threshold !== null)
  const periods = periodsOf(text)
  const { terms, softTerms } = quantityTerms(text)
  const magnitude = operation === 'difference' && /\bdifferen(?:ce|t)\b/i.test(text) && !CHANGE.test(text)
  const points = operation === 'difference' && CHANGE_OF_SHARE.test(text)
  return {
    text,
    operation,
    periods,
    terms,
    softTerms,
    ...(partsOf(text, operation) ?? { parts: null, entities: null }),
    threshold,
    magnitude,
    points,
    horizon,
    pair: operation === 'lookup' ? pairOf(text) : null,
    gerunds: gerundsOf(text),
  }
}

/** The stems of the words a text writes as -ing forms: "marketing" → market. */
export const gerundsOf = (text: string) =>
  [...text.toLowerCase().matchAll(/\b\p{L}{3,}ing\b/gu)]
    // "ending balance" is the balance at the end: a place in the period, as the noun is.
    .filter(([word]) => !/^(?:beginning|ending|opening|closing)$/.test(word))
    .flatMap(([word]) => analyze(word))

const CHANGE = /\b(?:change|increase|decrease|grow|growth|decline|rise|fall|fell|movement)\b/i
// "Which years does the table show X for?", "Which years did X exceed $1 million?": the periods
// themselves are the answer, every one or those past the threshold.
const PERIODS =
  /\b(?:which|what) (?:years|periods|(?:fiscal|financial) years)\b|\bwhat are the years\b|\bwhich year\(s\)/i
const PERIOD_PAST_THRESHOLD = /\bwhich (?:of the )?(?:year|period|fiscal year)s?\b/i
// "What were X in 2019 and 2018 respectively?" asks for each figure, not their total.
const RESPECTIVELY = /\brespective(?:ly)?\b/i
const CHANGE_IN_AVERAGE = /\b(?:change|increase|decrease)\s+in\s+(?:the\s+)?average\b(?![^?]*\baverage\b)/i
/**
 * "The change between 2018 and 2019 average free cash flow", "the difference between the average
 * investment income and average financing costs": a change of averages the reader does not work out.
 */
export const AVERAGES_COMPARED = /\b(?:change|difference|increase|decrease)\b[^?]*\baverages?\b/i
const CHANGE_OF_SHARE = /\b(?:change|increase|decrease)\s+in\s+(?:the\s+)?(?:percentage|proportion|share)\s+of\b/i

function operationOf(text: string, hasThreshold: boolean): Operation {
  const operation = OPERATIONS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'lookup'
  if (operation === 'count') return operation
  if (hasThreshold && PERIOD_PAST_THRESHOLD.test(text)) return 'periods'
  if (PERIODS.test(text)) return 'periods'
  // "the respective percentage of revenue from Apple and Huawei": each share as stated, not one of the other.
  if ((operation === 'sum' || operation === 'average' || operation === 'share') && RESPECTIVELY.test(text))
    return 'lookup'
  // "The change in the average price paid per share" is a change of the stated average.
  if (operation === 'average' && CHANGE_IN_AVERAGE.test(text) && new Set(yearsIn(text)).size <= 2) return 'difference'
  if (operation === 'lookup' && (YEAR_RANGE.test(text) || LATEST_YEARS.test(text)) && TOTAL_OVER_RANGE.test(text))
    return 'sum'
  // A change in a percentage is in points: "the change in percentage of sales" subtracts.
  if (operation === 'percentage-change' && CHANGE_OF_SHARE.test(text)) return 'difference'
  return operation
}

/**
 * Search's terms, and "other" besides: a stop word for search, but the label of a row in most
 * tables ("Other", "Other income").
 */
export const termsOf = (text: string) => {
  const terms = analyze(text)
  return /\bother\b/i.test(text) ? [...terms, 'other'] : terms
}

export function quantityTerms(text: string) {
  const all = termsOf(
    text
      .replace(HORIZON, ' ')
      .replace(THRESHOLD, ' ')
      .replace(CAGR, ' ')
      .replace(LATEST_YEARS, ' ')
      .replace(new RegExp(String.raw`\b${ANY_YEAR}\b`, 'gi'), ' ')
      // A number is taken from its first digit (`(?<![\d,.])`): from every digit, a long run cost its square.
      .replace(new RegExp(String.raw`\$?\s?(?<![\d,.])[\d,.]+\s*${SCALE_WORD}s?\b`, 'gi'), ' '),
  ).filter((term) => !/^[\d.,]+$/.test(term))
  const softTerms = [...new Set(all.filter((term) => SOFT_WORDS.has(term)))]
  const terms = [...new Set(all.filter((term) => !FUNCTION_WORDS.has(term) && !SOFT_WORDS.has(term)))]
  // "the average ending balance" names nothing else: its soft words are the quantity.
  return terms.length === 0 ? { terms: softTerms, softTerms: [] } : { terms, softTerms }
}

/** A year as questions write it: 2019, FY2019, FY 2019, FY19, FY'19. */
const YEAR = String.raw`${ANY_YEAR}\b`
const yearOf = (written: string) => {
  const digits = /\d+$/.exec(written)![0]
  return digits.length === 2 ? 2000 + Number(digits) : Number(digits)
}
// "2017-2019", "from FY2023 to FY2025", "FY23–FY25", "2022 through 2025", "fiscal 2023 through fiscal 2025",
// "the year ended December 31, 2022 through the year ended December 31, 2024".
const YEAR_RANGE = new RegExp(
  String.raw`\b(${YEAR})\s*(?:-|–|—|to|through|until)\s*(?:the )?(?:(?:fiscal )?years? end(?:ed|ing) (?:[a-z]+ \d{1,2},? )?|fiscal (?:year )?)?(${YEAR})`,
  'i',
)
// The first year of "2018/2019", which names the year it ends in.
const FISCAL_YEAR_START = new RegExp(String.raw`\b${CALENDAR_YEAR}\s*\/\s*(?=${CALENDAR_YEAR}\b)`, 'g')
const YEAR_AVERAGE = new RegExp(String.raw`\b(${YEAR}) average\b`, 'i')
// "The difference between the 2019 average X and the 2019 average Y" compares two averages.
const TWO_AVERAGES = /\baverage\b.*\baverage\b|\b(?:difference|change|ratio|between)\b/i
// Over a range these ask for one figure from every year in it; a change over one compares its ends.
const OVER_RANGE = /\b(?:average|mean|total|sum|over|across|cumulative|combined|in all)\b/i
const fillsRange = (text: string) => OVER_RANGE.test(text) && (!CHANGE.test(text) || /\b(?:average|mean)\b/i.test(text))
// "What was total revenue over FY2023 to FY2025?": a total over a range is their sum.
const TOTAL_OVER_RANGE = /\b(?:total|cumulative|combined|in all)\b/i

// "over the five years", "in the last three fiscal years", "over the three most recent fiscal years":
// "across all four years": the latest so many years the documents hold.
const LATEST_YEARS = new RegExp(
  String.raw`\b(?:over|across|in|for|during) (?:all (?:of )?(?:the )?|the )(?:(?:last|past|latest|most recent) )?(${numberWordsBetween(2, 10)}|\d{1,2}) (?:(?:last|past|latest|most recent) )?(?:fiscal )?years\b`,
  'i',
)

export function periodsOf(text: string): Period[] {
  const periods: Period[] = []
  const add = (period: Period) => {
    if (!periods.some((known) => JSON.stringify(known) === JSON.stringify(period))) periods.push(period)
  }
  const range = YEAR_RANGE.exec(text)
  // "for fiscal years 2019 to 2017 respectively": each year of the range, in the order written.
  if (range && RESPECTIVELY.test(text)) {
    const [from, to] = [yearOf(range[1]!), yearOf(range[2]!)]
    const step = from <= to ? 1 : -1
    if (Math.abs(to - from) <= 10) for (let year = from; year !== to + step; year += step) add({ year })
  }
  // "The 2019 average free cash flow": a year's average of what is stated at each year's end is the
  // mean of its opening (the year before's) and closing figures.
  const yearAverage = YEAR_AVERAGE.exec(text)
  // "2018/2019" is one fiscal year, named by the year it ends in, as a table's "2018/2019" column is.
  const split = text.replace(FISCAL_YEAR_START, ' ')
  for (const [written] of split.matchAll(new RegExp(String.raw`\b${YEAR}`, 'gi'))) add({ year: yearOf(written) })
  if (range && fillsRange(text)) {
    const [start, end] = [yearOf(range[1]!), yearOf(range[2]!)].sort((a, b) => a - b)
    // Every year between, the way the question counts them: inclusive.
    for (let year = start!; year <= end!; year++) add({ year })
  }
  if (yearAverage && periods.length === 1 && !TWO_AVERAGES.test(text)) add({ year: yearOf(yearAverage[1]!) - 1 })
  const latest = LATEST_YEARS.exec(text)
  if (latest && periods.length === 0) add({ latest: NUMBER_WORDS[latest[1]!.toLowerCase()] ?? Number(latest[1]) })
  if (/\b(?:last|latest|this|current|most recent) (?:fiscal )?year\b/i.test(text)) add({ relative: 'latest' })
  if (/\b(?:prior|previous|preceding) (?:fiscal )?year\b|\bthe year before\b|\ba year (?:earlier|before)\b/i.test(text))
    add({ relative: 'previous' })
  return periods
}

/** Two quantities of one operation: "X as a percentage of Y", "ratio of X to Y", "between X and Y". */
function partsOf(text: string, operation: Operation): { parts: string[][]; entities: string[][] | null } | null {
  // Each pattern with whether it names the whole before the part ("percentage of Y did X account for").
  const patterns: Array<[RegExp, boolean]> =
    operation === 'share' || operation === 'ratio'
      ? [
          [
            // Not at "to" after a number: "three to six months" is one part.
            new RegExp(
              String.raw`\b(?:ratio of|value of|what is|what was|what were|what are|is|was|were|are)\s+(.+?)\s+(?:as a (?:percentage|proportion|ratio|share) of|as a ratio to|(?<!\b(?:${numberWordsBetween(1, 10)}|\d{1,2})\s+)to|over|divided by|relative to)\s+(.+?)(?:\s+in\s+(?:fiscal\s+)?\d{4})?\??$`,
              'i',
            ),
            false,
          ],
          [/\bpercentage of (?:the )?(.+?) (?:does|do|did|is|was|were) (.+?) (?:form|make|represent|account)/i, true],
          // "the percentage constitution of prepaid expenses among the total prepaid expenses and other"
          [
            /\bpercentage (?:of )?constitution of (?:the )?(.+?) (?:among|in|within|of) (?:the )?(.+?)(?:\s+in\s+(?:fiscal\s+|fy\s?)?\d{2,4})?\??$/i,
            false,
          ],
          [
            /\b(?:share|percentage|proportion|portion|part) of (?:the )?(.+?) (?:came|comes|come|was|were|is|are) (?:from|in|by|through|with) (?:the )?(.+?)\??$/i,
            true,
          ],
        ]
      : operation === 'difference'
        ? [
            [
              /\bdifference (?:between|in) (?:the )?(?:\w+ )?(?:of |in |for )?(.+?) (?:and|vs\.?|versus) (.+?)\??$/i,
              false,
            ],
            // "How much more revenue came from the Americas than from Asia Pacific": the first less the second.
            [
              /\bhow much (?:more|less|higher|lower|greater|larger|bigger|smaller) (.+?) (?:than|(?:as )?compared (?:to|with)|versus|vs\.?) (.+?)\??$/i,
              false,
            ],
          ]
        : []
  for (const [pattern, wholeFirst] of patterns) {
    const match = pattern.exec(text)
    if (!match) continue
    const [part, whole] = wholeFirst ? [match[2]!, match[1]!] : [match[1]!, match[2]!]
    const parts = [part, whole].map((written) => quantityTerms(written).terms)
    if (parts.every((terms) => terms.length > 0)) return { parts, entities: entitiesOf(part) }
  }
  return null
}

// Where the name on either side of "and" ends: a preposition, an article, a word of the asking.
const PAIR_BOUNDARY =
  /^(?:from|of|for|in|at|on|as|by|to|during|between|the|a|an|its|their|our|company['’]s|respective|respectively|what|which|are|is|was|were|values?|amounts?|segments?)$/i

/**
 * "What are the respective percentage of revenue from Apple and Huawei in 2017?": the two names
 * joined by the one "and" of a question asking for each ("respective"), as the words next to it on
 * either side up to a preposition or article; null when either is empty or "and" is not once.
 */
function pairOf(text: string): [string[], string[]] | null {
  if (!RESPECTIVELY.test(text)) return null
  const words = text.replace(/[?,]/g, ' ').split(/\s+/).filter(Boolean)
  const joins = words.flatMap((word, index) => (word.toLowerCase() === 'and' ? [index] : []))
  if (joins.length !== 1) return null
  const at = joins[0]!
  let start = at
  while (start > 0 && !PAIR_BOUNDARY.test(words[start - 1]!)) start--
  let end = at + 1
  while (end < words.length && !PAIR_BOUNDARY.test(words[end]!)) end++
  const [left, right] = [words.slice(start, at), words.slice(at + 1, end)].map(
    (side) => quantityTerms(side.join(' ')).terms,
  )
  return left!.length && right!.length ? [left!, right!] : null
}

/** "Greenleaf Markets and Cedar Valley Schools": the several rows a part adds up, or null for one. */
function entitiesOf(part: string): string[][] | null {
  const entities = part
    .replace(/\b(?:together|combined|in total|taken together)\b/gi, ' ')
    .split(/,\s*(?:and\s+)?|\s+(?:and|&|plus)\s+/i)
    .map((written) => quantityTerms(written).terms)
  return entities.length >= 2 && entities.every((terms) => terms.length > 0) ? entities : null
}

const THRESHOLD = new RegExp(
  String.raw`\b(exceed(?:ed|s)?|above|over|more than|greater than|higher than|at least|below|under|less than|lower than|fewer than)\s*\$?\s?([\d,]+(?:\.\d+)?)\s*(${SCALE_WORD})?s?`,
  'i',
)

function thresholdOf(text: string): Question['threshold'] {
  const match = THRESHOLD.exec(text)
  if (!match) return null
  return {
    above: !/below|under|less|lower|fewer/i.test(match[1]!),
    value: Number(match[2]!.replace(/,/g, '')),
    scale: (match[3]?.toLowerCase() as 'thousand' | 'million' | 'billion' | undefined) ?? null,
  }
}
