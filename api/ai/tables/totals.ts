import { YEAR } from '../text/calendar'
import { type Scale } from '../text/scales'
import type { Operand } from './compute'
import { termsOf } from './question'
import { MIN_RECALL, operandAt, unitsOf, valueColumns } from './rows'
import { figureAt, type Table } from './table'

export interface ColumnTotal<S> {
  /** The stated total row's cell, or every row's cell to add up. */
  operands: Operand[]
  stated: boolean
  source: S
  scale: Scale | null
  unit: string | null
  /** The year the table's title or header names ("Normalization adjustments for FY2025"), if any. */
  year: number | null
  score: number
}

export const TOTAL_ROW = /^(?:grand\s+)?total\b|\btotal$/i

/**
 * The total of a list the question names by its title or headers rather than by a row: "the total
 * of the normalization adjustments" over a schedule of add-backs, one amount a row. The list's own
 * total row when it has one, else its rows' figures in its one value column, to be added up. Null
 * when no table is so named, or the one named has several value columns (which one is unclear).
 */
export function columnTotal<S>(tables: Array<{ table: Table; source: S }>, terms: string[]): ColumnTotal<S> | null {
  if (terms.length === 0) return null
  let best: ColumnTotal<S> | null = null
  for (const { table, source } of tables) {
    const columns = valueColumns(table)
    if (columns.length !== 1 || table.unit === '%') continue
    const column = columns[0]!.index
    const title = [table.caption, ...table.rows.slice(0, table.headerRows).flat()].join(' ')
    const words = new Set(termsOf(title))
    const score = terms.filter((term) => words.has(term)).length / terms.length
    if (score < MIN_RECALL || (best && score <= best.score)) continue
    const rows = table.rows.map((_, row) => row).filter((row) => figureAt(table, row, column))
    const stated = rows.find((row) => TOTAL_ROW.test(table.rowLabels[row]!.trim()))
    const operands = (stated === undefined ? rows : [stated]).map((row) => operandAt(table, row, column)!)
    if (stated === undefined && operands.length < 2) continue
    const years = [
      ...new Set(
        [...title.matchAll(new RegExp(String.raw`\b(?:fy\s?)?(${YEAR})\b`, 'gi'))].map((match) => Number(match[1])),
      ),
    ]
    best = {
      operands,
      stated: stated !== undefined,
      source,
      ...unitsOf(table, operands),
      year: years.length === 1 ? years[0]! : null,
      score,
    }
  }
  return best
}
