import { average, type Computation, difference, lookup, type Operand, percentageChange, sum } from './compute'
import type { Operation, Question } from './question'
import { matchRows, MIN_RECALL, operandAt, unitsOf, valueColumns } from './rows'
import { figureAt, type Table, yearOf } from './table'

export interface SectionAnswer {
  score: number
  computation: Computation
  operation: Operation
  operands: Operand[]
}

const BY_PERIOD: Operation[] = ['lookup', 'difference', 'percentage-change', 'sum', 'average']

/**
 * A table that gives each period as a section of rows rather than a column: "December 31, 2019"
 * over its rows, "December 31, 2018" over the same rows again, the measures across ("Accounts
 * receivable, gross | Allowance for losses | Net"). The column is the one the question's words
 * name; in each period asked, the row of that period's section its other words name (or the only
 * row with a figure there). Each operand is the document's own cell, so a citation points at it.
 */
export function answerBySections(asked: Question, table: Table): SectionAnswer | null {
  const years = asked.periods.map((period) => ('year' in period ? period.year : null))
  if (years.length === 0 || years.includes(null) || !BY_PERIOD.includes(asked.operation)) return null
  const between = asked.operation === 'difference' || asked.operation === 'percentage-change'
  if (between ? years.length !== 2 : asked.operation === 'lookup' ? years.length !== 1 : years.length < 2) return null
  // The first period's label sits above the first figure, so it was read as the last header row.
  const opening = table.rows[table.headerRows - 1]
  const first = opening && opening.slice(1).every((cell) => !cell.trim()) ? opening[0]! : ''
  const sectionOf = (row: number) => (row < table.headerRows ? '' : table.sections[row] || first)
  const inSection = (row: number) => (sectionOf(row) ? yearOf(sectionOf(row)) : null)
  // The column the question's words name best, and alone: a tie names none.
  const named = valueColumns(table)
    .map((column) => ({ column, hits: column.terms.filter((term) => asked.terms.includes(term)).length }))
    .sort((a, b) => b.hits - a.hits)
  const [best, second] = named
  if (!best || best.hits === 0 || best.hits === second?.hits) return null
  const column = best.column.index
  // "The total allowance": what the column does not name picks the row ("total" among them).
  const rest = [...asked.terms, ...asked.softTerms].filter((term) => !best.column.terms.includes(term))
  const operands: Operand[] = []
  let score = 0
  for (const year of years) {
    const rows = table.rows.flatMap((_, row) => (inSection(row) === year && figureAt(table, row, column) ? [row] : []))
    let row: number | undefined
    if (rows.length === 1) row = rows[0]
    else if (rest.length) {
      const [match] = matchRows(table, rest, asked.softTerms, [column], asked.gerunds).filter((found) =>
        rows.includes(found.row),
      )
      if (match && match.named && match.recall >= MIN_RECALL) ({ row } = match)
      score += match?.score ?? 0
    }
    if (row === undefined) return null
    const { value, cell } = operandAt(table, row, column)!
    operands.push({ value, cell: { ...cell, rowLabel: `${cell.rowLabel} (${sectionOf(row)})` } })
  }
  const { scale, unit } = unitsOf(table, operands)
  // Later first, as a change is written.
  const [later, earlier] = between && years[0]! < years[1]! ? [operands[1]!, operands[0]!] : operands
  const computation =
    asked.operation === 'lookup'
      ? lookup(operands[0]!, scale, unit)
      : asked.operation === 'difference'
        ? difference(later!, earlier!, scale, unit)
        : asked.operation === 'percentage-change'
          ? percentageChange(later!, earlier!)
          : asked.operation === 'sum'
            ? sum(operands, scale, unit)
            : average(operands, scale, unit)
  return computation && { score: score / years.length, computation, operation: asked.operation, operands }
}
