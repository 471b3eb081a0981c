import type { CellPosition, RowPosition } from '../../shared/cells'
import { IS_TABLE_LINE, splitRow } from '../../shared/table-lines'
import { asLaidOut, parseTables } from '../ai/tables/table'

type Span = { start: number; end: number }

/**
 * Where a chunk's passage lies in its page's text, as [start, end) offsets, or null when it cannot
 * be found. Chunks collapse whitespace and table chunks repeat their header row before the rows, so
 * the search ignores whitespace and, failing the whole text, matches its first and last words.
 */
export function locatePassage(pageText: string, chunkText: string): Span | null {
  // The page's characters without whitespace, each with its offset in the page.
  const offsets: number[] = []
  let squeezed = ''
  for (let index = 0; index < pageText.length; index++) {
    if (/\s/.test(pageText[index]!)) continue
    squeezed += pageText[index]
    offsets.push(index)
  }
  const wanted = chunkText.replace(/\s+/g, '')
  if (!wanted) return null
  const span = (from: number, length: number) => ({
    start: offsets[from]!,
    end: offsets[from + length - 1]! + 1,
  })
  const whole = squeezed.indexOf(wanted)
  if (whole !== -1) return span(whole, wanted.length)
  // A repeated table header, or text cut at the extraction limit: anchor on both ends.
  const edge = Math.min(60, Math.floor(wanted.length / 3))
  if (edge < 12) return null
  const tail = wanted.slice(-edge)
  const end = squeezed.indexOf(tail)
  if (end === -1) return null
  for (let cut = 0; cut + edge <= wanted.length - edge; cut += edge) {
    const start = squeezed.lastIndexOf(wanted.slice(cut, cut + edge), end)
    if (start !== -1) return span(start, end + edge - start)
  }
  return null
}

/**
 * The table a cell citation names in its chunk, read again from the chunk's text with the reader
 * that answered (so the table's index, rows and columns are the ones the answer cited), or null when
 * the chunk holds no such table or cell.
 */
export function citedTable(chunkText: string, cell: CellPosition) {
  const table = parseTables(chunkText)[cell.table]
  if (!table) return null
  // Citations and the document view keep the document's own layout, also for a table read turned.
  const rows = asLaidOut(table)
  if (cell.row >= rows.length || cell.column >= rows[cell.row]!.length) return null
  return { ...cell, caption: table.caption, header_rows: table.transposed ? 1 : table.headerRows, rows }
}

/** A row's cells as the page and the chunk both write them, without a padding of empty cells at its end. */
function rowKey(cells: string[]) {
  const kept = cells.map((cell) => cell.replace(/\s+/g, ' ').trim())
  while (kept.length && !kept.at(-1)) kept.pop()
  return kept.join('\u0000')
}

/**
 * Where the table rows an answer took from a chunk (decision 061) lie in its page's text, as
 * [start, end) offsets of their lines: each row read again from the chunk's tables, as the answer
 * read it, and found as a line of the page with the same cells within the passage's place there
 * (another chunk of the table repeats its header row). Rows not found are left out.
 */
export function locateRows(pageText: string, chunkText: string, rows: RowPosition[], passage: Span): Span[] {
  const tables = parseTables(chunkText)
  const wanted = new Set(
    rows.flatMap(({ table, row }) => {
      const cells = tables[table] && asLaidOut(tables[table])[row]
      return cells ? [rowKey(cells)] : []
    }),
  )
  if (wanted.size === 0) return []
  const spans: Span[] = []
  let start = 0
  for (const line of pageText.split('\n')) {
    const end = start + line.length
    const inside = start < passage.end && end > passage.start
    if (inside && IS_TABLE_LINE.test(line) && wanted.has(rowKey(splitRow(line)))) spans.push({ start, end })
    start = end + 1
  }
  return spans
}
