import { CURRENCY_SIGN } from '../../ai/text/amounts'

/** A pdf.js text item: its string, and where it is drawn (`transform[4]`, `transform[5]`: x, y). */
export interface TextItem {
  str: string
  hasEOL: boolean
  transform: number[]
  width: number
  height: number
}

interface Cell {
  text: string
  left: number
  right: number
}

interface Line {
  text: string
  /** The line's text split where a gap of about a character's height or more separates its items. */
  cells: Cell[]
}

// Two pieces of a line further apart than this many font heights are in different cells: word
// spaces are a quarter to a half of the height, even in justified text; a table's columns are
// set apart by more.
const CELL_GAP = 0.9
// A figure cell as tables write them: 1,234 · (12.5) · -3 · $ 4.2 · 38% · —.
const FIGURE = new RegExp(String.raw`^(?:[-−–(]?\s*${CURRENCY_SIGN}?\s*[-−–(]?\s*\d[\d,]*(?:\.\d+)?\s*%?\)?|[-—–]+)$`)

const fontSize = (item: TextItem) => item.height || Math.abs(item.transform[3] ?? 0) || 1

export function pageText(items: TextItem[]): string {
  const lines: Line[] = []
  let line: Line = { text: '', cells: [] }
  let lastDrawn: TextItem | undefined
  const endLine = () => {
    lines.push(line)
    line = { text: '', cells: [] }
    lastDrawn = undefined
  }
  let previous: TextItem | undefined
  for (const item of items) {
    const drawn = item.str.trim() !== ''
    // A drawn item below or above the last one starts a line, even after a space item.
    if (drawn && lastDrawn && !sameLine(item, lastDrawn)) endLine()
    else if (previous && !previous.hasEOL && item.str && !/\s/.test(line.text.at(-1) ?? '') && !/^\s/.test(item.str)) {
      if (!sameLine(item, previous)) endLine()
      else if (gapBetween(previous, item) > Math.max(previous.height, 1) * 0.15) line.text += ' '
    }
    line.text += item.str
    if (drawn) {
      const left = item.transform[4]!
      const cell = line.cells.at(-1)
      const gap = lastDrawn ? gapBetween(lastDrawn, item) : Infinity
      const size = lastDrawn ? fontSize(lastDrawn) : 0
      if (cell && gap <= size * CELL_GAP && gap > -size) {
        cell.text += gap > size * 0.15 && !/\s$/.test(cell.text) ? ` ${item.str}` : item.str
        cell.right = Math.max(cell.right, left + item.width)
      } else line.cells.push({ text: item.str, left, right: left + item.width })
      lastDrawn = item
    }
    if (item.hasEOL) endLine()
    previous = item
  }
  if (line.text) lines.push(line)
  return layTables(lines).join('\n')
}

const sameLine = (item: TextItem, before: TextItem) =>
  Math.abs(item.transform[5]! - before.transform[5]!) < Math.max(1, before.height * 0.5)
const gapBetween = (before: TextItem, item: TextItem) => item.transform[4]! - (before.transform[4]! + before.width)
const hasFigure = (line: Line) => line.cells.slice(1).some((cell) => FIGURE.test(cell.text.trim()))
const isRow = (line: Line) => line.cells.length >= 2

/** The lines' text, with each run of table lines written as rows of " | "-separated cells. */
function layTables(lines: Line[]): string[] {
  const texts: Array<string | null> = lines.map((line) => line.text.trimEnd())
  let start = 0
  while (start < lines.length) {
    if (!isRow(lines[start]!)) {
      start++
      continue
    }
    let end = start
    // Blank lines (pdf.js's empty end-of-line items) do not end a table; inside one they are dropped.
    while (end < lines.length && (isRow(lines[end]!) || !lines[end]!.text.trim())) end++
    const indexes = Array.from({ length: end - start }, (_, offset) => start + offset)
    const run = indexes.filter((index) => isRow(lines[index]!))
    const rows =
      run.filter((index) => hasFigure(lines[index]!)).length >= 2 ? tableRows(run.map((index) => lines[index]!)) : null
    if (rows) {
      for (const index of indexes) texts[index] = null
      run.forEach((index, at) => (texts[index] = rows[at]!))
    }
    start = end
  }
  return texts.filter((text) => text !== null)
}

/**
 * The run's rows as " | "-separated cells in shared columns, or null when its lines do not line
 * up as a table. Columns are the spans the figure rows' cells cover, overlapping spans merged (a
 * right-aligned column's cells start at different places); a header cell over several columns
 * goes to the first, as a group label does.
 */
function tableRows(run: Line[]): string[] | null {
  const spans = run
    .filter(hasFigure)
    .flatMap((line) => line.cells)
    .map(({ left, right }) => ({ left, right }))
    .sort((a, b) => a.left - b.left)
  const columns: Array<{ left: number; right: number }> = []
  for (const span of spans) {
    const last = columns.at(-1)
    if (last && span.left < last.right) last.right = Math.max(last.right, span.right)
    else columns.push({ ...span })
  }
  if (columns.length < 2) return null
  const rows: string[] = []
  for (const line of run) {
    const row: string[] = columns.map(() => '')
    for (const cell of line.cells) {
      const overlapping = columns.findIndex((column) => cell.left < column.right && cell.right > column.left)
      const column = overlapping >= 0 ? overlapping : nearest(columns, cell)
      // Two cells of a figure row in one column: the columns were not real.
      if (row[column] && hasFigure(line)) return null
      row[column] = row[column] ? `${row[column]} ${cell.text.trim()}` : cell.text.trim()
    }
    rows.push(row.join(' | '))
  }
  return rows
}

function nearest(columns: Array<{ left: number; right: number }>, cell: Cell) {
  const middle = (cell.left + cell.right) / 2
  let best = 0
  for (let index = 1; index < columns.length; index++) {
    const distance = (column: { left: number; right: number }) =>
      Math.min(Math.abs(middle - column.left), Math.abs(middle - column.right))
    if (distance(columns[index]!) < distance(columns[best]!)) best = index
  }
  return best
}
