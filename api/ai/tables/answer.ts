import Decimal from 'decimal.js'

import { analyze } from '../retrieval/analyzer'
import { type Scale } from '../text/scales'
import { answerAcrossTables } from './across'
import { answerByRowCompare } from './compare-rows'
import { partsOfTotal } from './components'
import {
  average,
  type CellReference,
  cellText,
  compoundGrowth,
  type Computation,
  count,
  difference,
  lookup,
  lookupAll,
  type Operand,
  type Part,
  percentageChange,
  ratio,
  select,
  sum,
  writeParts,
} from './compute'
import { countByDate } from './date-count'
import { columnsByDate, columnsByQuarter, timeOfColumn } from './dated-columns'
import { rowsWhere } from './filter'
import { answerByFormula } from './formulas'
import { columnsOfSpans, columnsWithin, spansAsked } from './maturities'
import { asShareOfRevenue } from './measures'
import { membersOf } from './members'
import { AVERAGES_COMPARED, type Operation, type Question, readQuestion, termsOf } from './question'
import { answerByRollForward } from './roll-forward'
import {
  matchRows,
  MIN_RECALL,
  operandAt,
  operandOrNil,
  periodName,
  resolve,
  type RowMatch,
  SCALES,
  tableRecall,
  unitsOf,
  valueColumns,
  yearOfColumn,
} from './rows'
import { answerBySections } from './section-periods'
import { figureAt, type Table } from './table'
import { columnTotal } from './totals'

export interface TableAnswer<S> {
  operation: Operation
  /**
   * The exact result as a decimal string; the column label a comparison picks ("2019") or the
   * periods asked for ("2019; 2018"); figures looked up together, "; " between.
   */
  value: string
  display: string
  scale: Scale | null
  unit: string | null
  derivation: string
  operands: Array<{ cell: CellReference; source: S }>
  /** The derivation in pieces, each operand as the index of `operands` it writes. */
  parts: Array<string | { operand: number; text: string }>
}

/** The derivation with `mark(operand)` (its citation marker) written after each operand. */
export const writeDerivation = <S>(
  answer: TableAnswer<S>,
  mark: (operand: TableAnswer<S>['operands'][number]) => string,
) =>
  answer.parts
    .map((part) => (typeof part === 'string' ? part : `${part.text}${mark(answer.operands[part.operand]!)}`))
    .join('')

interface Candidate<S> {
  score: number
  computation: Computation
  operation: Operation
  operands: Operand[]
  /** Where each operand was read. */
  sources: S[]
}

/**
 * Answers a question about figures from tables alone: finds the row the question names, the
 * columns of its periods, and computes the result exactly with its derivation. Null when no table
 * holds every operand, so the caller falls back to another answer and never invents a number.
 */
export function answerFromTables<S>(
  question: string,
  tables: Array<{ table: Table; source: S }>,
  around = '',
): TableAnswer<S> | null {
  const asked = readQuestion(question)
  if (asked.operation === 'average' && AVERAGES_COMPARED.test(question)) return null
  const byFormula = answerByFormula(asked, tables)
  if (byFormula) return answerOf({ ...byFormula, operation: 'formula', score: 1 })
  const restated = asShareOfRevenue(question)
  if (!restated) return answerAsAsked(asked, tables, around)
  // A margin is a percentage: the restated question answered with an amount read another row.
  const computed = answerAsAsked(readQuestion(restated), tables)
  if (computed?.unit === '%') return computed
  // A margin the table states is a percentage; a row of money sharing its words ("Gross profit"
  // for "gross profit margin") is another measure.
  const stated = answerAsAsked(asked, tables)
  return stated?.unit === '%' ? stated : null
}

function answerAsAsked<S>(
  asked: Question,
  tables: Array<{ table: Table; source: S }>,
  around = '',
): TableAnswer<S> | null {
  // "Which years does the table show?" names nothing but the table: its periods answer.
  if (asked.terms.length === 0 && asked.operation !== 'periods') return null
  // "What are the components under X?": the names a table lists, not a figure.
  const members = membersOf(asked.text, tables)
  if (members) return answerOf({ ...members, operation: 'filter', sources: members.operands.map(() => members.source) })
  // "Which currency had the smallest total?": a row of the table that names the question best.
  const byRow = tables
    .map(({ table, source }) => ({ recall: tableRecall(table, asked.terms), table, source }))
    .filter(({ recall }) => recall >= MIN_RECALL)
    .sort((a, b) => b.recall - a.recall)
    .slice(0, 1)
    .flatMap(({ table, source }) => {
      const found = answerByRowCompare(asked, table)
      return found ? [{ ...found, sources: found.operands.map(() => source) }] : []
    })[0]
  if (byRow) return answerOf(byRow)
  const byDate = countByDate(asked, tables)
  if (byDate) return answerOf({ ...byDate, operation: 'count', sources: byDate.operands.map(() => byDate.source) })
  const parts = partsOfTotal(asked, tables)
  if (parts) return answerOf({ ...parts, operation: 'filter', sources: parts.operands.map(() => parts.source) })
  const filtered = rowsWhere(asked, tables)
  if (filtered)
    return answerOf({ ...filtered, operation: 'filter', sources: filtered.operands.map(() => filtered.source) })
  let best: Candidate<S> | null = null
  for (const { table, source } of tables) {
    const candidate = answerFromTable(asked, table, source)
    if (candidate && (!best || candidate.score > best.score)) best = candidate
  }
  // Operands no one table holds together: each from the table that names it.
  if (!best) {
    const across = answerAcrossTables(asked, tables)
    if (across) best = { ...across, operation: asked.operation }
  }
  // "Which years does the table provide information for X?" names the table by words of its
  // caption, often a passage of its own (`around`): the one table of periods among those retrieved
  // is it, when the text around it names X.
  if (!best && asked.operation === 'periods' && !asked.threshold && THE_TABLE.test(asked.text) && said(asked, around)) {
    const dated = tables.filter(({ table }) => valueColumns(table).filter((column) => column.year !== null).length >= 2)
    if (dated.length === 1) best = answerFromTable({ ...asked, terms: [] }, dated[0]!.table, dated[0]!.source)
  }
  // "The total of the normalization adjustments": a list named by its title, added up.
  if (!best && asked.operation === 'sum' && asked.periods.length === 0) {
    const total = columnTotal(tables, asked.terms)
    if (total && !total.stated)
      best = {
        score: total.score,
        computation: sum(total.operands, total.scale, total.unit),
        operation: 'sum',
        operands: total.operands,
        sources: total.operands.map(() => total.source),
      }
  }
  return best && answerOf(best)
}

function answerOf<S>({ computation, operation, operands, sources }: Candidate<S>): TableAnswer<S> {
  return {
    operation,
    value:
      operation.startsWith('compare') || operation === 'periods' || operation === 'filter'
        ? computation.display
        : operation === 'lookup'
          ? operands.map((operand) => operand.value.toFixed()).join('; ')
          : computation.value.toFixed(),
    display: computation.display,
    scale: computation.scale,
    unit: computation.unit,
    derivation: computation.derivation,
    operands: operands.map((operand, index) => ({ cell: operand.cell, source: sources[index]! })),
    parts: computation.parts.map((part) =>
      typeof part === 'string' ? part : { operand: operands.indexOf(part.operand), text: part.text },
    ),
  }
}

function answerFromTable<S>(asked: Question, table: Table, source: S): Candidate<S> | null {
  const all = valueColumns(table).map((column) => column.index)
  if (all.length === 0) return null
  const named = asked.periods.map((period) => resolve(table, period))
  if (named.some((found) => found === null || found.length === 0)) {
    // The periods may head sections of rows, not columns.
    // Or a schedule of movements dates its rows: the balances, and the movements of each period.
    const bySections = answerBySections(asked, table) ?? answerByRollForward(asked, table)
    return bySections && { ...bySections, sources: bySections.operands.map(() => source) }
  }
  let columns = [...new Set(named.flatMap((found) => found!))]
  const years = all.filter((column) => table.columns[column]!.year !== null)
  let { operation } = asked
  // Quarters ending on dates of one year: the dates asked pick the columns, or nothing does.
  const yearsAsked = asked.periods.flatMap((period) => ('year' in period ? [period.year] : []))
  const dated = columnsByDate(table, asked.text, yearsAsked) ?? columnsByQuarter(table, asked.text, yearsAsked)
  if (dated) {
    if (dated.length === 0 || (betweenTwo(operation) && dated.length !== 2)) return null
    columns = dated
  }
  // "The respective values that are less than one year and between 2-5 years": each span's column.
  const spans = spansAsked(asked.text)
  const byName = spans.length > 0 && (spans.length >= 2 || asked.pair) && columns.length === 0
  if (byName && operation === 'lookup') {
    const named = columnsOfSpans(table, spans)
    if (!named) return null
    columns = named
  }
  // "Due within 5 years": the schedule's columns up to that horizon, added up.
  else if (asked.horizon !== null) {
    const within = columnsWithin(table, asked.horizon)
    if (!within || columns.length > 0) return null
    columns = within
    if (within.length > 1) operation = 'sum'
  }

  // Two rows, one period, each asked for: "the respective revenue from Apple and Huawei in 2017".
  if (operation === 'lookup' && asked.pair && columns.length <= 1 && (asked.horizon === null || byName)) {
    const column = columns[0] ?? pickColumn(table, asked, all)
    const [first, second] = asked.pair.map((terms) => namedRow(table, terms, column))
    if (first && second && first.row !== second.row) {
      const operands = [operandAt(table, first.row, column)!, operandAt(table, second.row, column)!]
      const { scale, unit } = unitsOf(table, operands)
      return {
        score: (first.score + second.score) / 2,
        computation: lookupAll(operands, scale, unit),
        operation,
        operands,
        sources: [source, source],
      }
    }
  }

  // Two quantities, one period: "X as a percentage of Y in 2019", "difference between X and Y".
  if (
    asked.parts &&
    !asked.entities &&
    (operation === 'share' || operation === 'ratio' || operation === 'difference') &&
    columns.length <= 1
  ) {
    const column = columns[0] ?? pickColumn(table, asked, all)
    const [first, second] = asked.parts.map(
      (terms) => matchRows(table, terms, asked.softTerms, [column], asked.gerunds)[0],
    )
    // A share of a part in a whole: a whole that adds into the part ("Three to six months" of
    // "Trade receivables") has them the wrong way round.
    const inverted =
      first && second && operation === 'share' && table.wholes?.[second.row] === table.rowLabels[first.row]
    if (
      !inverted &&
      first?.named &&
      second?.named &&
      first.row !== second.row &&
      Math.min(first.recall, second.recall) >= MIN_RECALL
    ) {
      const a = operandAt(table, first.row, column)!
      const b = operandAt(table, second.row, column)!
      const { scale, unit } = unitsOf(table, [a, b])
      const [larger, smaller] = asked.magnitude && a.value.lt(b.value) ? [b, a] : [a, b]
      // A part larger than its whole, both positive, is two rows that are not part and whole.
      const outgrows = operation === 'share' && a.value.gt(b.value) && b.value.isPositive()
      const computation = outgrows
        ? null
        : operation === 'difference'
          ? difference(larger, smaller, scale, unit)
          : ratio(a, b, operation === 'share' || /percent/i.test(asked.text))
      if (computation)
        return {
          score: (first.score + second.score) / 2,
          computation,
          operation,
          operands: operation === 'difference' ? [larger, smaller] : [a, b],
          sources: [source, source],
        }
    }
  }

  if (columns.length === 0) {
    if (operation === 'periods') columns = years
    else if (operation === 'sum' || operation === 'average' || operation.startsWith('compare') || operation === 'count')
      columns = years.length >= 2 ? years : all
    else if (operation === 'cagr') columns = years
    else if (betweenTwo(operation) && years.length >= 2)
      columns = [...years].sort((a, b) => yearOfColumn(table, b) - yearOfColumn(table, a)).slice(0, 2)
    else columns = [pickColumn(table, asked, all)]
  }
  // "from 2017 to 2019" names a range; a change runs between its ends.
  if (betweenTwo(operation) && columns.length > 2) {
    const byYear = [...columns].sort((a, b) => yearOfColumn(table, b) - yearOfColumn(table, a))
    columns = [byYear[0]!, byYear[byYear.length - 1]!]
  }
  // "the change in sales in 2019": from the year before.
  if (betweenTwo(operation) && columns.length === 1) {
    const year = yearOfColumn(table, columns[0]!)
    const [previous] = resolve(table, { year: year - 1 }) ?? []
    if (!year || previous === undefined) return null
    columns.push(previous)
  }

  const [byWords] = matchRows(table, asked.terms, asked.softTerms, columns, asked.gerunds)
  // "Which years does the table give X for?" may name the table by its words, not one row's; "What
  // years does the table cover?" names nothing but the table: any row with a figure each year shows them.
  const aboutTable = operation === 'periods' && !asked.threshold && tableRecall(table, asked.terms) >= MIN_RECALL
  const wholeTable = operation === 'periods' && !asked.threshold && asked.terms.every((term) => TABLE_TALK.has(term))
  const match =
    byWords && (byWords.recall >= MIN_RECALL || aboutTable) ? byWords : wholeTable ? fullRow(table, columns) : null
  if (!match) return null
  // A dash is nothing changed or added; a ratio or a lookup of it would state what the table does not.
  const nil = operation === 'difference' || operation === 'sum'
  const operands = columns.map((column) => (nil ? operandOrNil : operandAt)(table, match.row, column))
  const present = operands.filter((operand): operand is Operand => operand !== null)
  // Percentages and amounts are never combined: a row read across its "% change" columns is two things.
  const percentages = present.filter((operand) => /%/.test(operand.cell.text) || /%/.test(operand.cell.columnLabel))
  if (operation !== 'lookup' && percentages.length > 0 && percentages.length < present.length) return null
  const { scale, unit } = asked.points ? { scale: null, unit: '%' } : unitsOf(table, present)
  const chronological = [...present].sort(
    (a, b) => timeOfColumn(table, b.cell.column) - timeOfColumn(table, a.cell.column),
  )
  let computation: Computation | null = null
  let used = present
  switch (operation) {
    case 'lookup':
      // Several periods asked for ("in 2019 and 2018") want every figure, in the order asked.
      if (present.length !== operands.length || present.length === 0) return null
      computation = present.length === 1 ? lookup(present[0]!, scale, unit) : lookupAll(present, scale, unit)
      break
    case 'difference':
    case 'percentage-change':
      if (present.length !== 2 || operands.length !== 2) return null
      used =
        operation === 'difference' && (asked.magnitude || (decreaseAsked(asked) && fell(chronological)))
          ? [...present].sort((a, b) => b.value.comparedTo(a.value))
          : chronological
      computation =
        operation === 'difference' ? difference(used[0]!, used[1]!, scale, unit) : percentageChange(used[0]!, used[1]!)
      break
    case 'sum':
    case 'average':
      if (present.length < 2 || present.length !== operands.length) return null
      used = (deductions(asked, present) ? present.map(magnitude) : present).sort(
        (a, b) => a.cell.column - b.cell.column,
      )
      computation = operation === 'sum' ? sum(used, scale, unit) : average(used, scale, unit)
      break
    case 'cagr': {
      if (present.length !== 2 || operands.length !== 2) return null
      const [later, earlier] = chronological
      const years = yearOfColumn(table, later!.cell.column) - yearOfColumn(table, earlier!.cell.column)
      computation = years > 0 ? compoundGrowth(later!, earlier!, years) : null
      break
    }
    case 'ratio':
    case 'share':
      if (present.length !== 2 || operands.length !== 2) return null
      computation = ratio(present[0]!, present[1]!, operation === 'share' || /percent/i.test(asked.text))
      break
    case 'count': {
      if (!asked.threshold || present.length === 0) return null
      const limit = thresholdIn(asked.threshold, table.scale)
      const matching = present.filter((operand) =>
        asked.threshold!.above ? operand.value.gt(limit) : operand.value.lt(limit),
      )
      computation = count(matching, present.length, `${asked.threshold.above ? 'above' : 'below'} ${limit.toFixed()}`)
      break
    }
    case 'periods': {
      const limit = asked.threshold && thresholdIn(asked.threshold, table.scale)
      const passes = (operand: Operand) =>
        !limit || (asked.threshold!.above ? operand.value.gt(limit) : operand.value.lt(limit))
      // A year shown twice (its figure and its share) is one period.
      const labelled = present.filter(passes).map((operand) => ({
        operand,
        label: periodName(table, operand.cell.column),
      }))
      const chosen = labelled.filter(
        (item, index) => labelled.findIndex((other) => other.label === item.label) === index,
      )
      if (chosen.length === 0) return null
      used = chosen.map(({ operand }) => operand)
      const row = table.rowLabels[match.row]!
      const condition = limit ? `${row} ${asked.threshold!.above ? 'above' : 'below'} ${limit.toFixed()}` : row
      computation = select(chosen, condition)
      break
    }
    case 'compare-max':
    case 'compare-min': {
      if (present.length < 2) return null
      const sorted = [...present].sort((a, b) => a.value.comparedTo(b.value))
      const pick = operation === 'compare-max' ? sorted[sorted.length - 1]! : sorted[0]!
      const label = periodName(table, pick.cell.column)
      const parts: Part[] = [
        `${operation === 'compare-max' ? 'highest' : 'lowest'} of `,
        ...present.flatMap((operand, index) => [
          `${index === 0 ? '' : ', '}${operand.cell.columnLabel}: `,
          { operand, text: cellText(operand) },
        ]),
      ]
      computation = { value: pick.value, display: label, scale, unit, derivation: writeParts(parts), parts }
      break
    }
  }
  if (!computation) return null
  return { score: match.score, computation, operation, operands: used, sources: used.map(() => source) }
}

const TABLE_TALK = new Set(
  analyze(
    'table tables data information financial figures amounts include show shown provide report present cover highlight record calculate list',
  ),
)

const THE_TABLE = /\b(?:the|this) table\b/i
const said = (asked: Question, text: string) => {
  const words = new Set(termsOf(text))
  return asked.terms.filter((term) => words.has(term)).length >= MIN_RECALL * asked.terms.length
}

/** The first row with a figure in every column asked, as a match by no words. */
function fullRow(table: Table, columns: number[]): RowMatch | null {
  for (let row = table.headerRows; row < table.rows.length; row++)
    if (columns.every((column) => figureAt(table, row, column))) return { row, score: 0, recall: 0, named: false }
  return null
}

/**
 * The one row whose label (or section) holds every term of a name, with a figure in the column:
 * null when none does, or two do equally well (which one is meant is not said).
 */
function namedRow(table: Table, terms: string[], column: number) {
  const [best, next] = matchRows(table, terms, [], [column]).filter((match) => {
    const words = new Set(termsOf(`${table.rowLabels[match.row]} ${table.sections[match.row]}`))
    return terms.every((term) => words.has(term))
  })
  return best && (!next || next.score < best.score) ? best : null
}

/** Operations between two periods: with one named, the other is the year before; with a range, its ends. */
const betweenTwo = (operation: Operation) =>
  operation === 'difference' || operation === 'percentage-change' || operation === 'cagr'

// "How much did the term loan decrease?" asks the size of the fall: 190,000, not -190,000. Two
// patterns tested apart, as one with a gap between them would rescan the question.
const HOW_MUCH = /\bhow much\b/i
const FALL =
  /\b(?:decrease[ds]?|declined?|fall|fell|falls|drop(?:ped|s)?|shr[ai]nk|went down|go(?:es)? down|reduced?)\b/i
const decreaseAsked = (asked: Question) => HOW_MUCH.test(asked.text) && FALL.test(asked.text)
/** Whether the later of two operands, latest first, is the smaller. */
const fell = ([later, earlier]: Operand[]) => later!.value.lt(earlier!.value)

const DEDUCTION = /\b(?:expenses?|costs?|loss(?:es)?|charges?|impairments?|depreciation|amortization|write-?offs?)\b/i
const EARNING = /\b(?:income|profit|gains?|earnings|revenues?|sales)\b/i

/**
 * An expense or a loss asked for whose figures are all in parentheses: the parentheses mark a
 * deduction, and its total or average is the amount spent, "$11,888", not "-$11,888".
 */
const deductions = (asked: Question, operands: Operand[]) =>
  operands.every((operand) => operand.value.isNegative()) && DEDUCTION.test(asked.text) && !EARNING.test(asked.text)
const magnitude = (operand: Operand): Operand => ({ ...operand, value: operand.value.abs() })

function thresholdIn(threshold: NonNullable<Question['threshold']>, scale: Scale | null) {
  const value = new Decimal(threshold.value)
  if (!threshold.scale) return value
  return value.times(SCALES[threshold.scale]).dividedBy(scale ? SCALES[scale] : 1)
}

/** With no period named: the column whose label the question's words name, else the first (usually the latest). */
function pickColumn(table: Table, asked: Question, columns: number[]) {
  const words = new Set([...asked.terms, ...asked.softTerms])
  let best = columns[0]!
  let bestHits = 0
  for (const column of columns) {
    const hits = table.columns[column]!.terms.filter((term) => words.has(term)).length
    if (hits > bestHits) [best, bestHits] = [column, hits]
  }
  return best
}

/** The periods a table gives a measure for, when the question asks for periods it does not give. */
export interface PeriodsHeld<S> {
  /** The row the question names, as the table labels it. */
  measure: string
  /** Its periods as the table names them, earliest first. */
  periods: string[]
  source: S
}

/**
 * A question naming years that no table holding its measure gives ("revenue in FY2019" beside a
 * statement of FY2021 to FY2025): the best such row and the periods it does give, so the answer
 * says what the documents hold instead of quoting a neighbour. Null when any table holding the
 * measure gives one of the years asked, or none holds the measure.
 */
export function periodsHeld<S>(question: string, tables: Array<{ table: Table; source: S }>): PeriodsHeld<S> | null {
  const asked = readQuestion(question)
  const years = asked.periods.flatMap((period) => ('year' in period ? [period.year] : []))
  if (years.length === 0 || years.length !== asked.periods.length || asked.terms.length === 0) return null
  let best: (PeriodsHeld<S> & { score: number }) | null = null
  for (const { table, source } of tables) {
    const columns = valueColumns(table)
      .filter((column) => column.year !== null)
      .sort((a, b) => a.year! - b.year!)
    if (columns.length < 2) continue
    const [match] = matchRows(
      table,
      asked.terms,
      asked.softTerms,
      columns.map((column) => column.index),
    )
    if (!match || match.recall < MIN_RECALL) continue
    if (years.some((year) => columns.some((column) => column.year === year))) return null
    if (!best || match.score > best.score)
      best = {
        score: match.score,
        measure: table.rowLabels[match.row]!,
        periods: columns.map((column) => periodName(table, column.index)),
        source,
      }
  }
  return best && { measure: best.measure, periods: best.periods, source: best.source }
}
