import { cellText, type Computation, type Operand, type Part, writeParts } from './compute'
import { type Operation, type Question, termsOf } from './question'
import { operandAt, resolve, unitsOf, valueColumns } from './rows'
import type { Table } from './table'

// "Which contractual obligation has the highest total value?", "In which currency was the total
// amount of financial assets the smallest?": the row of a kind, not a period, the question asks for.
const WHICH_ROW =
  /^\s*(?:in )?(?:which|what) (?!(?:fiscal )?(?:years?|periods?|quarters?|fy|months?)\b)([a-z][a-z -]*?)\b(?:has|had|have|is|was|were|did|does|in|of)\b.*\b(highest|largest|greatest|biggest|most|lowest|smallest|least)\b/i
const TOTAL = /^\s*(?:total|net|sub-?total|overall)\b/i

/**
 * The row whose figure is highest (or lowest) in the column asked: among the rows adding into a
 * total when the table has such a block, else among every row with a figure there, totals left
 * out. The column is the year asked, or the one the question's words name alone, or the table's
 * one column of figures. Null when the question asks no such thing or the column is not named.
 */
export function answerByRowCompare(
  asked: Question,
  table: Table,
): { score: number; computation: Computation; operation: Operation; operands: Operand[] } | null {
  const match = WHICH_ROW.exec(asked.text)
  if (!match) return null
  const highest = /highest|largest|greatest|biggest|most/i.test(match[2]!)
  const column = columnAsked(asked, table)
  if (column === null) return null
  const blocks = new Set((table.wholes ?? []).filter(Boolean))
  const rows = table.rows.flatMap((_, row) => {
    if (row < table.headerRows || TOTAL.test(table.rowLabels[row]!) || !table.rowLabels[row]!.trim()) return []
    if (blocks.size === 1 && !table.wholes![row]) return []
    const operand = operandAt(table, row, column)
    return operand ? [operand] : []
  })
  if (rows.length < 2 || blocks.size > 1) return null
  // Rows of one kind: one unit across them (no percentage beside amounts).
  if (new Set(rows.map((operand) => /%/.test(operand.cell.text))).size > 1) return null
  // The kind asked names the rows' table, not a row of it ("Which segment…" over segments).
  const kind = termsOf(match[1]!)
  const sorted = [...rows].sort((a, b) => a.value.comparedTo(b.value))
  const pick = highest ? sorted.at(-1)! : sorted[0]!
  if (sorted.filter((operand) => operand.value.equals(pick.value)).length > 1) return null
  const label = pick.cell.rowLabel.replace(/[\s.]+$/, '').trim()
  const { scale, unit } = unitsOf(table, rows)
  const parts: Part[] = [
    `${highest ? 'highest' : 'lowest'} of `,
    ...rows.flatMap((operand, index) => [
      `${index === 0 ? '' : ', '}${operand.cell.rowLabel.trim()}: `,
      { operand, text: cellText(operand) },
    ]),
  ]
  return {
    score: 0.5 + 0.1 * kind.length,
    computation: { value: pick.value, display: label, scale, unit, derivation: writeParts(parts), parts },
    operation: highest ? 'compare-max' : 'compare-min',
    operands: rows,
  }
}

function columnAsked(asked: Question, table: Table): number | null {
  const columns = valueColumns(table)
  const years = asked.periods.flatMap((period) => ('year' in period ? [period] : []))
  if (years.length > 1) return null
  if (years.length === 1) {
    const found = resolve(table, years[0]!)
    return found && found.length === 1 ? found[0]! : null
  }
  if (columns.length === 1) return columns[0]!.index
  const words = [...asked.terms, ...asked.softTerms]
  const named = columns
    .map((column) => ({ column, hits: column.terms.filter((term) => words.includes(term)).length }))
    .sort((a, b) => b.hits - a.hits)
  const [best, next] = named
  return best && best.hits > 0 && best.hits !== next?.hits ? best.column.index : null
}
