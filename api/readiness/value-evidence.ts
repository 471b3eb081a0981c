import Decimal from 'decimal.js'

import { datesIn } from '../ai/analysis/figures'
import { proseSentences } from '../ai/analysis/prose'
import { tableAnswerFromPassages } from '../ai/answers/computed'
import { withDocumentScale } from '../ai/retrieval/document-scale'
import { retrieve } from '../ai/retrieval/hybrid'
import type { Passage } from '../ai/retrieval/passage'
import type { TableAnswer } from '../ai/tables/answer'
import type { CellReference } from '../ai/tables/compute'
import { SCALES } from '../ai/tables/rows'
import { parseFigure, type Scale, yearOf } from '../ai/tables/table'
import { TOTAL_ROW } from '../ai/tables/totals'
import type { Deps, OrgCaller } from '../context'
import type { InputSource } from './value-gap'

/*
 * The value gap's inputs as an organization's processed documents state them (issue 34, item 2):
 * reported EBITDA of the latest year, the schedule of add-backs, a stated valuation range and the
 * owner's after-tax need. Figures of tables are read as chat reads them: the same retrieval, the
 * same scale from the document, the same table answerer (api/ai/answers/computed.ts). Prose is read
 * sentence by sentence from the retrieved passages. Each value is cited (document, cell or
 * sentence); a value not found, or found twice with different figures, is null with the reason.
 * An advisor may act on a figure, so none is guessed.
 */

export type DocumentSource = Extract<InputSource, { kind: 'document' }>

export interface Cited {
  /** The exact figure in units, as a decimal string: "1184000" for "1,184,000", "6800000" for "$6.8 million". */
  value: string
  source: DocumentSource
}

export type Finding<T> = { value: T; reason: null } | { value: null; reason: string }

export interface ValueEvidence {
  ebitda: Finding<Cited & { period: string }>
  addBacks: Finding<{ items: Array<Cited & { label: string }>; total: Cited }>
  valuation: Finding<{ low: Cited; high: Cited; mid: Cited | null }>
  goal: Finding<{ afterTax: Cited; targetDate: { value: string; source: DocumentSource } | null }>
}

// Passages read per question: chat's own number at most, so the work stays bounded and alike.
const MAX_PASSAGES = 8
// What a schedule of add-backs is called, as formulas.ts reads it, most specific first.
const SCHEDULE_NAMES = ['add-backs', 'normalization adjustments', 'owner adjustments', 'adjustments']
// A row of EBITDA after adjustments is not the reported figure the add-backs are added to.
const ADJUSTED = /\b(?:adjusted|normali[sz]ed|pro ?forma|recast)\b/i
// A forecast is not what the business earned: a document named for one, or a column of one
// ("2027E", "Budget 2026", "FY2026 forecast").
const FORECAST_DOCUMENT = /\b(?:forecasts?|projections?|projected|budgets?|financial model|business plan)\b/i
const FORECAST_COLUMN =
  /\b(?:forecasts?|projected|projections?|budgets?|plan|estimated?|target)\b|\b(?:19|20)\d\d\s?[EFPB]\b/i

export type Passages = Array<Passage & { documentScale?: Scale }>

/** Reads the value gap's inputs from the caller's organization's documents. */
export async function readValueEvidence(deps: Deps, caller: Pick<OrgCaller, 'organizationId'>): Promise<ValueEvidence> {
  const passagesFor = async (query: string, documentIds?: number[]): Promise<Passages> => {
    const found = await retrieve(deps, {
      organizationId: caller.organizationId,
      query,
      topK: Math.min(deps.config.ANSWER_PASSAGES, MAX_PASSAGES),
      mode: 'hybrid',
      documentIds,
    })
    return withDocumentScale(deps, caller.organizationId, found, documentIds)
  }
  const ask = async (question: string) => {
    const passages = await passagesFor(question)
    return { passages, answer: tableAnswerFromPassages(question, passages) }
  }
  return {
    ebitda: reportedEbitda(await passagesFor(EBITDA_QUESTION), deps.clock.now()),
    addBacks: await addBackSchedule(ask),
    valuation: statedValuation(await passagesFor('valued enterprise value range between million valuation')),
    goal: await ownerGoal(passagesFor),
  }
}

export type Ask = (question: string) => Promise<{ passages: Passages; answer: TableAnswer<TableSource> | null }>
export type TableSource = { passage: number; table: number; transposed: boolean }
type Operand = TableAnswer<TableSource>['operands'][number]

/** A table's figure in units: "1,184" in a table "in thousands" is 1184000. */
const inUnits = (value: string, scale: TableAnswer<unknown>['scale']) =>
  (scale ? new Decimal(value).times(SCALES[scale]) : new Decimal(value)).toFixed()

/** Where an operand was read, as the value gap cites it: the document, the sheet, the row and column, the cell as written. */
function cellSource({ cell, source }: Operand, passages: Passages): DocumentSource {
  const passage = passages[source.passage]!
  // The document's own layout, as chat's citations name it (a table read turned is turned back).
  const { row, column } = source.transposed ? { row: cell.column, column: cell.row } : cell
  return {
    kind: 'document',
    documentId: passage.documentId,
    title: passage.documentTitle,
    location: locationOf(passage, cell),
    quote: cell.text.trim(),
    chunkId: passage.chunkId,
    cell: { table: source.table, row, column },
  }
}

export function locationOf(passage: Passage, cell?: CellReference) {
  const place = passage.sheetName
    ? `sheet ${passage.sheetName}`
    : passage.pageNumber
      ? `page ${passage.pageNumber}`
      : ''
  const where = cell
    ? [cell.rowLabel && `row "${cell.rowLabel}"`, cell.columnLabel && `column "${cell.columnLabel}"`]
    : []
  return [place, ...where].filter(Boolean).join(', ') || 'text'
}

export const EBITDA_QUESTION = 'What was EBITDA in the latest fiscal year?'

/**
 * Reported EBITDA of the latest year. Each document's passages are asked apart, so a five-year
 * summary "in thousands" and the income statement in dollars are both heard: the latest year wins,
 * and within it the most precise figure, provided the others are it rounded to their scale
 * ("1,614" thousand beside 1,614,060). Figures for one year that disagree give none. A forecast,
 * and any year after `now`'s, is no reported figure and is not read.
 */
export function reportedEbitda(passages: Passages, now: Date): ValueEvidence['ebitda'] {
  const thisYear = now.getUTCFullYear()
  const actual = passages.filter((passage) => !FORECAST_DOCUMENT.test(passage.documentTitle))
  const documents = [...new Set(actual.map((passage) => passage.documentId))]
  const adjusted: string[] = []
  const candidates = documents.flatMap((documentId) => {
    const own = actual.filter((passage) => passage.documentId === documentId)
    const answer = tableAnswerFromPassages(EBITDA_QUESTION, own)
    const operand = answer?.operation === 'lookup' && answer.operands.length === 1 ? answer.operands[0]! : null
    if (!answer || !operand || answer.unit === '%') return []
    const year = yearOf(operand.cell.columnLabel)
    if (FORECAST_COLUMN.test(operand.cell.columnLabel) || (year !== null && year > thisYear)) return []
    if (ADJUSTED.test(operand.cell.rowLabel)) {
      adjusted.push(operand.cell.rowLabel.trim())
      return []
    }
    return [
      {
        value: new Decimal(inUnits(answer.value, answer.scale)),
        unit: answer.scale ? SCALES[answer.scale] : 1,
        year: year ?? 0,
        period: operand.cell.columnLabel,
        source: cellSource(operand, own),
      },
    ]
  })
  if (candidates.length === 0)
    return {
      value: null,
      reason: adjusted.length
        ? `The documents state only "${adjusted[0]}", not EBITDA as reported.`
        : 'No table of the documents has a row of EBITDA for a year.',
    }
  const latest = Math.max(...candidates.map((candidate) => candidate.year))
  const [precise, ...others] = candidates
    .filter((candidate) => candidate.year === latest)
    .sort((a, b) => a.unit - b.unit)
  const disagreeing = others.filter(
    (other) =>
      !precise!.value
        .dividedBy(other.unit)
        .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
        .times(other.unit)
        .equals(other.value),
  )
  if (disagreeing.length > 0)
    return {
      value: null,
      reason: `The documents state different EBITDA for ${precise!.period}: ${[precise!, ...disagreeing]
        .map((candidate) => `${candidate.value.toFixed()} (${candidate.source.title})`)
        .join('; ')}.`,
    }
  return {
    value: { value: precise!.value.toFixed(), period: precise!.period, source: precise!.source },
    reason: null,
  }
}

/**
 * The schedule's items and total. A schedule without a total row is added up by the table reader
 * ("the total of the add-backs"); one with a total row gives its rows ("the components of total
 * add-backs") and its total, which must be what the rows add up to.
 */
export async function addBackSchedule(ask: Ask): Promise<ValueEvidence['addBacks']> {
  for (const name of SCHEDULE_NAMES) {
    const summed = await ask(`What is the total of the ${name}?`)
    if (summed.answer?.operation === 'sum' && summed.answer.operands.length >= 2) {
      const { answer, passages } = summed
      const items = answer.operands.map((operand) => itemOf(operand, answer.scale, passages))
      const first = passages[answer.operands[0]!.source.passage]!
      return {
        value: {
          items,
          // No total row: the table reader's sum of the cited rows, its working as the quote.
          total: {
            value: inUnits(answer.value, answer.scale),
            source: {
              kind: 'document',
              documentId: first.documentId,
              title: first.documentTitle,
              location:
                locationOf(first) === 'text'
                  ? "the sum of the schedule's rows"
                  : `${locationOf(first)}, the sum of the schedule's rows`,
              quote: answer.derivation,
              chunkId: first.chunkId,
            },
          },
        },
        reason: null,
      }
    }
    const parts = await ask(`What are the components of total ${name}?`)
    if (parts.answer?.operation !== 'filter' || parts.answer.operands.length < 2) continue
    const stated = await ask(`What is the total ${name} amount?`)
    const total = stated.answer?.operation === 'lookup' && stated.answer.operands.length === 1 ? stated.answer : null
    const items = parts.answer.operands.map((operand) => itemOf(operand, parts.answer!.scale, parts.passages))
    if (!total)
      return { value: null, reason: `The schedule of ${name} lists items, but its total row could not be read.` }
    const totalSource = cellSource(total.operands[0]!, stated.passages)
    const sameTable =
      totalSource.chunkId === items[0]!.source.chunkId && totalSource.cell?.table === items[0]!.source.cell?.table
    if (!sameTable || !TOTAL_ROW.test(total.operands[0]!.cell.rowLabel.trim()))
      return { value: null, reason: `The schedule of ${name} lists items, but its total row could not be read.` }
    const added = items.reduce((sum, item) => sum.plus(item.value), new Decimal(0))
    const totalValue = inUnits(total.value, total.scale)
    if (!added.equals(totalValue))
      return {
        value: null,
        reason: `The items of the schedule of ${name} add up to ${added.toFixed()}, but its total row reads ${totalValue}.`,
      }
    return { value: { items, total: { value: totalValue, source: totalSource } }, reason: null }
  }
  return { value: null, reason: 'No document holds a schedule of add-backs or normalization adjustments.' }
}

function itemOf(operand: Operand, scale: TableAnswer<unknown>['scale'], passages: Passages) {
  // The cell read by the table reader's own parser: "(12,500)" is -12500.
  const figure = parseFigure(operand.cell.text)!
  return {
    label: operand.cell.rowLabel.trim(),
    value: inUnits(figure.value.toFixed(), scale),
    source: cellSource(operand, passages),
  }
}

// An amount of money as prose writes it: "$6.8 million", "$7,300,000", "$5m", "USD 4.2 million".
const AMOUNT = String.raw`(?:\$|US\$|USD\s?)\s?(\d[\d,]{0,24}(?:\.\d+)?)(?:\s?(million|billion|thousand|mm|mn|bn|m|k)\b)?`
const MONEY = new RegExp(AMOUNT, 'gi')
const MULTIPLIERS: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  mm: 1e6,
  mn: 1e6,
  m: 1e6,
  billion: 1e9,
  bn: 1e9,
}
// "between $6.8 million and $7.9 million", "$6.8 million to $7.9 million", "$6.8–7.9 million",
// "from $6.8 to $7.9 million": two amounts, the second's scale also the first's when it has none.
const RANGE = new RegExp(
  String.raw`(?:between\s+${AMOUNT}\s+and\s+(?:${AMOUNT}|(\d[\d,]{0,24}(?:\.\d+)?)\s?(million|billion|thousand)\b))` +
    '|' +
    String.raw`(?:${AMOUNT}\s*(?:to|–|—|-)\s*(?:${AMOUNT}|(\d[\d,]{0,24}(?:\.\d+)?)\s?(million|billion|thousand)\b))`,
  'i',
)
// A sentence about what the business is worth, as a valuation writes it.
const VALUE_WORDS =
  /\b(?:enterprise value|equity value|fair market value|valu(?:e|ed|ation)|worth|sell for|sale price|purchase price)\b/gi
// The range must follow its value words closely, with no other measure between them: in "revenue
// grew from $8.9 million to $10.4 million, which adds value" the range is revenue's.
const NEAR_CHARS = 80
const OTHER_MEASURE =
  /\b(?:revenues?|sales|ebitda|earnings|income|profits?|margins?|debt|loans?|costs?|fees?|taxes|rent|salary|payroll)\b/i
// The one figure a valuation names within its range.
const MID_WORDS = /\b(?:point estimate|mid-?point|most likely|best estimate|central estimate|conclusion of value)\b/i

/** An amount in units: "6.8" with "million" is 6800000; null past a plain figure. */
function amountOf(digits: string | undefined, scale: string | undefined): Decimal | null {
  if (!digits) return null
  const value = new Decimal(digits.replace(/,/g, ''))
  return scale ? value.times(MULTIPLIERS[scale.toLowerCase()]!) : value
}

function rangeIn(sentence: string): { low: Decimal; high: Decimal } | null {
  const match = RANGE.exec(sentence)
  if (!match) return null
  const before = sentence.slice(0, match.index)
  const named = [...before.matchAll(VALUE_WORDS)].at(-1)
  if (!named) return null
  const between = before.slice(named.index + named[0].length)
  if (between.length > NEAR_CHARS || OTHER_MEASURE.test(between)) return null
  // Two forms of six groups: the first amount, then the second (with its sign or bare with a scale).
  const groups = match[1] !== undefined ? match.slice(1, 7) : match.slice(7, 13)
  const [firstDigits, firstScale, secondDigits, secondScale, bareDigits, bareScale] = groups
  const highScale = secondScale ?? bareScale
  const high = amountOf(secondDigits ?? bareDigits, highScale)
  // "$6.8–7.9 million": a first figure too small to be dollars takes the second's scale.
  const borrowed =
    !firstScale && highScale && new Decimal(firstDigits!.replace(/,/g, '')).lt(1000) ? highScale : firstScale
  const low = amountOf(firstDigits, borrowed)
  return low && high ? { low, high } : null
}

const sentencesOf = (passage: Passage) => proseSentences(passage.text)

export function sentenceSource(passage: Passage, sentence: string): DocumentSource {
  return {
    kind: 'document',
    documentId: passage.documentId,
    title: passage.documentTitle,
    location: locationOf(passage),
    quote: sentence,
    chunkId: passage.chunkId,
  }
}

/**
 * A valuation range a document states in words, with its mid-point when the same passage names
 * one inside the range. Two documents stating different ranges give none: which one the advisor
 * relies on is theirs to say.
 */
export function statedValuation(passages: Passage[]): ValueEvidence['valuation'] {
  const found: Array<{ low: Cited; high: Cited; mid: Cited | null }> = []
  for (const passage of passages) {
    const sentences = sentencesOf(passage)
    for (const sentence of sentences) {
      const range = rangeIn(sentence)
      if (!range || range.low.gt(range.high)) continue
      const source = sentenceSource(passage, sentence)
      const mid = sentences
        .filter((other) => other !== sentence && MID_WORDS.test(other))
        .flatMap((other) =>
          [...other.matchAll(MONEY)].flatMap(([, digits, scale]) => {
            const value = amountOf(digits, scale)
            return value && value.gte(range.low) && value.lte(range.high) ? [{ value, sentence: other }] : []
          }),
        )
      found.push({
        low: { value: range.low.toFixed(), source },
        high: { value: range.high.toFixed(), source },
        mid:
          mid.length === 1
            ? { value: mid[0]!.value.toFixed(), source: sentenceSource(passage, mid[0]!.sentence) }
            : null,
      })
    }
  }
  const ranges = new Set(found.map(({ low, high }) => `${low.value}–${high.value}`))
  if (found.length === 0) return { value: null, reason: 'No document states a valuation range.' }
  if (ranges.size > 1)
    return {
      value: null,
      reason: `The documents state different valuation ranges: ${found
        .map(({ low, high }) => `${low.value}–${high.value} (${low.source.title})`)
        .join('; ')}.`,
    }
  return { value: found[0]!, reason: null }
}

// What the owner must keep: "after taxes", "after-tax", "net of tax", "take home", "in my pocket".
const AFTER_TAX =
  /\bafter(?:-|\s)(?:all\s)?tax(?:es)?\b|\bnet of (?:all\s)?tax(?:es)?\b|\btake(?:-|\s)home\b|\bin (?:my|our) pockets?\b/i
const NEED = /\b(?:I|we)\b[^.]*\b(?:need|needs|must|require|want|have to|walk away with|would like)\b/i
// A date the sale is to be done by.
const DEADLINE = /\b(?:by|before|no later than|at the latest|deadline|target date)\b/i
const TIMING = /\b(?:clos(?:e|ed|ing)|sale|sold|sell|done|complete[d]?|exit|retire)\b/i

/** The owner's after-tax need, in their own words, and the date they want the sale done by. */
async function ownerGoal(
  passagesFor: (query: string, documentIds?: number[]) => Promise<Passages>,
): Promise<ValueEvidence['goal']> {
  const passages = await passagesFor('I need after taxes walk away with from the sale')
  const needs: Array<{ value: Decimal; passage: Passage; sentence: string }> = []
  for (const passage of passages)
    for (const sentence of sentencesOf(passage)) {
      if (!AFTER_TAX.test(sentence) || !NEED.test(sentence)) continue
      const amounts = [...sentence.matchAll(MONEY)].map(([, digits, scale]) => amountOf(digits, scale)!)
      if (amounts.length === 1) needs.push({ value: amounts[0]!, passage, sentence })
    }
  const figures = new Set(needs.map((need) => need.value.toFixed()))
  if (needs.length === 0)
    return { value: null, reason: 'No document states what the owner needs after tax from the sale.' }
  if (figures.size > 1)
    return {
      value: null,
      reason: `The documents state different after-tax needs: ${needs
        .map((need) => `${need.value.toFixed()} (${need.passage.documentTitle})`)
        .join('; ')}.`,
    }
  const [need] = needs
  const own = await passagesFor('sale closed by date at the latest timing', [need!.passage.documentId])
  let targetDate: { value: string; source: DocumentSource } | null = null
  for (const passage of [need!.passage, ...own]) {
    for (const sentence of sentencesOf(passage)) {
      if (!DEADLINE.test(sentence) || !TIMING.test(sentence)) continue
      const [date] = datesIn(sentence)
      if (date) {
        targetDate = { value: date.date.toISOString().slice(0, 10), source: sentenceSource(passage, sentence) }
        break
      }
    }
    if (targetDate) break
  }
  return {
    value: {
      afterTax: { value: need!.value.toFixed(), source: sentenceSource(need!.passage, need!.sentence) },
      targetDate,
    },
    reason: null,
  }
}
