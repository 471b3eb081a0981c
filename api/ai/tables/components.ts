import { select } from './compute'
import type { Filtered } from './filter'
import { type Question, termsOf } from './question'
import { operandAt, valueColumns } from './rows'
import type { Table } from './table'
import { TOTAL_ROW } from './totals'

// "What are the segments of revenue?", "What are the components of total costs?". Bounded, so no
// start of a long question rescans the rest of it.
const PARTS_OF =
  /^(?:what|which) (?:are|were) (?:the )?(?:\w+ )?(?:types|segments|categories|components|sources|kinds|classes|lines|streams|parts)\s+(?:of|in|for|that make up)\s+(?:the\s+)?(\S.{0,119}?)\s*\??$/i

/**
 * The rows a table's total of the measure asked adds up: over "Total revenue", the rows from the
 * one after the header (or the previous total) to it, each with its figure in the latest column.
 */
export function partsOfTotal<S>(asked: Question, tables: Array<{ table: Table; source: S }>): Filtered<S> | null {
  const match = PARTS_OF.exec(asked.text.trim())
  if (!match) return null
  const whole = termsOf(match[1]!).filter((term) => term !== 'total')
  if (whole.length === 0) return null
  for (const { table, source } of tables) {
    const column = latestColumn(table)
    if (column === null) continue
    const total = table.rowLabels.findIndex((label, row) => {
      if (row < table.headerRows || !TOTAL_ROW.test(label.trim())) return false
      const named = termsOf(label)
      return whole.every((term) => named.includes(term))
    })
    if (total < 0) continue
    let first = total
    while (first - 1 >= table.headerRows && !TOTAL_ROW.test(table.rowLabels[first - 1]!.trim())) first--
    const chosen = table.rowLabels.slice(first, total).flatMap((label, offset) => {
      const operand = operandAt(table, first + offset, column)
      return operand && label.trim() ? [{ operand, label: label.trim() }] : []
    })
    if (chosen.length < 2) continue
    const computation = select(chosen, `${table.rowLabels[total]!.trim()} is made up of`)
    return { computation, operands: chosen.map(({ operand }) => operand), source, score: 1 }
  }
  return null
}

/** The column of the latest year, else the first column of figures. */
function latestColumn(table: Table) {
  const columns = valueColumns(table)
  const dated = columns.filter((column) => column.year !== null).sort((a, b) => b.year! - a.year!)
  return (dated[0] ?? columns[0])?.index ?? null
}
