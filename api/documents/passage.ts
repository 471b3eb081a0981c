import type { CellPosition } from '../../shared/cells'
import { asLaidOut, parseTables } from '../ai/tables/table'

/**
 * Where a chunk's passage lies in its page's text, as [start, end) offsets, or null when it cannot
 * be found. Chunks collapse whitespace and table chunks repeat their header row before the rows, so
 * the search ignores whitespace and, failing the whole text, matches its first and last words.
 */
export function locatePassage(pageText: string, chunkText: string): { start: number; end: number } | null {
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
