import Decimal from 'decimal.js'

import type { Computation, Operand, Part } from './compute'
import { type Question, termsOf } from './question'
import { operandCell } from './rows'
import { parseFigure, type Table } from './table'

// "Which customers are in the grocery channel?": the things asked for, and what they must be. Each
// part is bounded, so no start of a long question rescans the rest of it.
const WHICH =
  /\bwhich\s+(\S.{0,79}?)\s+(?:are|is|were|was|belong|belongs|fall|falls|sit|sits)\s+(?:to\s+|in\s+|under\s+|within\s+|on\s+)?(?:the\s+)?(\S.{0,119}?)\??$/i
const PERIOD = /^(?:years?|periods?|quarters?|months?|fiscal years?)$/i

export interface Filtered<S> {
  computation: Computation
  operands: Operand[]
  source: S
  score: number
}

/**
 * The rows of a list whose text cell in the column the question names holds the value it names:
 * customers (the label column "Customer") in the grocery channel (the column "Channel", cells
 * "Grocery"). Every row that qualifies is named, "; " between; none qualifying is no answer.
 */
export function rowsWhere<S>(asked: Question, tables: Array<{ table: Table; source: S }>): Filtered<S> | null {
  const match = WHICH.exec(asked.text)
  if (!match || PERIOD.test(match[1]!.trim())) return null
  const things = termsOf(match[1]!)
  const condition = termsOf(match[2]!)
  if (things.length === 0 || condition.length === 0) return null
  let best: Filtered<S> | null = null
  for (const { table, source } of tables) {
    const listed = termsOf([table.columns[0]!.label, table.caption].join(' '))
    if (!things.some((term) => listed.includes(term))) continue
    const body = table.rows.map((_, row) => row).filter((row) => row >= table.headerRows)
    for (const column of table.columns.slice(1)) {
      const cells = body.map((row) => table.rows[row]![column.index]!.trim())
      // A column of words, not figures.
      if (cells.filter((cell) => cell && !parseFigure(cell)).length < 2) continue
      const value = condition.filter((term) => !column.terms.includes(term))
      if (value.length === 0) continue
      const score = (condition.length - value.length + 1) / (condition.length + 1)
      if (best && score <= best.score) continue
      const rows = body.filter((row) => {
        const held = termsOf(table.rows[row]![column.index]!)
        return value.every((term) => held.includes(term))
      })
      if (rows.length === 0) continue
      // A word cell holds no figure: its operand carries the count it is one of.
      const operands = rows.map((row) => ({
        value: new Decimal(rows.length),
        cell: operandCell(table, row, column.index),
      }))
      const parts: Part[] = [
        `${column.label || 'Value'} is ${match[2]!.replace(/\?$/, '').trim()}: `,
        ...operands.flatMap((operand, index) => [
          `${index === 0 ? '' : ', '}${operand.cell.rowLabel} (`,
          { operand, text: operand.cell.text },
          ')',
        ]),
      ]
      const computation: Computation = {
        value: new Decimal(rows.length),
        display: operands.map((operand) => operand.cell.rowLabel).join('; '),
        scale: null,
        unit: null,
        derivation: parts.map((part) => (typeof part === 'string' ? part : part.text)).join(''),
        parts,
      }
      best = { computation, operands, source, score }
    }
  }
  return best
}
