import Decimal from 'decimal.js'

import { type Scale } from '../text/scales'
import { type Computation, difference, type Operand, ratio, shareOfTotal } from './compute'
import type { Period, Question } from './question'
import { matchRows, MIN_RECALL, operandAt, resolve, SCALES, unitsOf } from './rows'
import type { Table } from './table'

export interface Found<S> {
  operand: Operand
  source: S
  scale: Scale | null
  unit: string | null
  score: number
  /** The year of the column read. */
  year: number | null
}

/**
 * The best-named row for `terms` among all the tables, in the column of `period`: its cell as an
 * operand, with the table's scale. Null when no table names the quantity by a row label (a match by
 * the column headers alone would name any row).
 */
export function findAcross<S>(
  tables: Array<{ table: Table; source: S }>,
  terms: string[],
  asked: Pick<Question, 'softTerms' | 'gerunds'>,
  period: Period,
): Found<S> | null {
  let best: Found<S> | null = null
  for (const { table, source } of tables) {
    const [column] = resolve(table, period) ?? []
    if (column === undefined) continue
    const [match] = matchRows(table, terms, asked.softTerms, [column], asked.gerunds)
    if (!match?.named || match.recall < MIN_RECALL || (best && match.score <= best.score)) continue
    const operand = operandAt(table, match.row, column)!
    best = { operand, source, ...unitsOf(table, [operand]), score: match.score, year: table.columns[column]!.year }
  }
  return best
}

/** The operand counted in units: "8,967" in a table "in thousands" is 8,967,000. */
export const inUnits = ({ operand, scale }: Pick<Found<unknown>, 'operand' | 'scale'>): Operand =>
  scale ? { ...operand, value: operand.value.times(SCALES[scale]) } : operand

export interface AcrossAnswer<S> {
  score: number
  computation: Computation
  operands: Operand[]
  sources: S[]
}

/**
 * Two quantities from different tables, often different documents: "What share of FY2025 revenue
 * came from wholesale?" (a channel table and the income statement), "the ratio of the term loan at
 * December 31, 2025 to FY2025 EBITDA" (the balance sheet and the P&L), "what percentage of revenue
 * did A and B account for together" (two customer rows over the statement's revenue). Each is read
 * for the one year the question names; figures are brought to units before they are combined, so
 * a table in thousands and one in dollars agree.
 */
export function answerAcrossTables<S>(
  asked: Question,
  tables: Array<{ table: Table; source: S }>,
): AcrossAnswer<S> | null {
  const { operation, parts, entities } = asked
  if (!parts || (operation !== 'share' && operation !== 'ratio' && operation !== 'difference')) return null
  const years = [...new Set(asked.periods.flatMap((period) => ('year' in period ? [period.year] : [])))]
  if (years.length !== 1 || years.length !== asked.periods.length) return null
  const year = years[0]!
  const pieces = (entities ?? [parts[0]!]).map((terms) => findAcross(tables, terms, asked, { year }))
  const base = findAcross(tables, parts[1]!, asked, { year })
  if (!base || pieces.some((piece) => piece === null)) return null
  const found = [...(pieces as Array<Found<S>>), base]
  // Every operand its own row: a part that is also the whole answers nothing.
  const cells = new Set(found.map(({ operand, source }) => `${JSON.stringify(source)}:${operand.cell.row}`))
  if (cells.size !== found.length) return null
  if (found.some(({ unit }) => unit === '%')) return null
  const operands = found.map(inUnits)
  const unit = found.map((piece) => piece.unit).find(Boolean) ?? null
  const whole = operands.at(-1)!
  const asPercentage = operation === 'share' || /percent/i.test(asked.text)
  // A share whose parts outgrow their positive whole read rows that are not part and whole.
  const together = operands.slice(0, -1).reduce((total, operand) => total.plus(operand.value), new Decimal(0))
  if (operation === 'share' && whole.value.isPositive() && together.gt(whole.value)) return null
  const computation =
    operation === 'difference'
      ? operands.length === 2
        ? difference(operands[0]!, whole, null, unit)
        : null
      : operands.length > 2
        ? shareOfTotal(operands.slice(0, -1), whole, asPercentage)
        : ratio(operands[0]!, whole, asPercentage)
  if (!computation) return null
  const score = found.reduce((sum, piece) => sum + piece.score, 0) / found.length
  return { score, computation, operands, sources: found.map((piece) => piece.source) }
}
