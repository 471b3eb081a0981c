import type { MessageDerivation, RowPosition } from '../../shared/cells'
import { asLaidOut, parseTables } from '../ai/tables/table'

// A line of an answer that is a row of a Markdown table: `| Cedar Grove Farms [2] | North | 201,300 |`.
const MARKDOWN_ROW = /^\s*\|(.*)\|\s*$/
const MARKER = /\s*\[(\d{1,3})\]/
// Cells of a Markdown row split at pipes the answer did not escape (`\|` is a pipe inside a cell).
const CELL_BOUNDARY = /(?<!\\)\|/

/** A cell as both sides can write it: the answer groups digits ("201,300") and collapses spaces. */
const comparable = (cell: string) => cell.replace(/\\\|/g, '|').replace(/[\s,]/g, '').toLowerCase()

/** A row's cells to compare, without the empty ones a table pads it with at its end. */
function rowKey(cells: string[]) {
  const kept = cells.map(comparable)
  while (kept.length && !kept.at(-1)) kept.pop()
  return kept.join('\u0000')
}

/**
 * The table rows the answer took from each passage it cites (decision 061), in the order of its
 * `[n]` markers: the rows holding a computed answer's operands, and the rows it quotes as a table
 * row carrying the passage's marker, found again among the laid-out rows of the passage's tables
 * (as the document view draws them). A passage whose rows are not quoted gets none, and its
 * citation marks the whole passage.
 */
export function citedRows(answer: string, citedTexts: string[], derivation: MessageDerivation | null): RowPosition[][] {
  const quoted = quotedRowKeys(answer)
  return citedTexts.map((text, index) => {
    const marker = index + 1
    const rows = (derivation?.operands ?? [])
      .filter((operand) => operand.reference === marker)
      .map(({ table, row }) => ({ table, row }))
    const keys = quoted.get(marker)
    if (keys) {
      parseTables(text).forEach((table, tableIndex) =>
        asLaidOut(table).forEach((cells, row) => {
          if (keys.has(rowKey(cells))) rows.push({ table: tableIndex, row })
        }),
      )
    }
    return distinct(rows)
  })
}

/** The rows of Markdown tables in the answer, each under the marker it carries. */
function quotedRowKeys(answer: string) {
  const keys = new Map<number, Set<string>>()
  for (const line of answer.split('\n')) {
    const row = MARKDOWN_ROW.exec(line)?.[1]
    const marker = row === undefined ? null : MARKER.exec(row)
    if (!row || !marker) continue
    const cells = row.replace(MARKER, '').split(CELL_BOUNDARY)
    const number = Number(marker[1])
    keys.set(number, (keys.get(number) ?? new Set()).add(rowKey(cells)))
  }
  return keys
}

const distinct = (rows: RowPosition[]) =>
  rows
    .filter((row, index) => rows.findIndex((other) => other.table === row.table && other.row === row.row) === index)
    .sort((a, b) => a.table - b.table || a.row - b.row)
