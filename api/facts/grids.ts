import { IS_TABLE_LINE, splitRow } from '../../shared/table-lines'
import { parseFigure } from '../ai/tables/table'
import { isYear } from '../ai/text/calendar'
import { periodsIn } from './periods'

/**
 * A page's text as the tables it holds. Extraction writes a spreadsheet's, a Word table's, a CSV's
 * and a ruled or well-spaced PDF table's rows as " | "-separated cells; a text file keeps its
 * columns aligned by spaces, which cleaning folds to one, so such a line is read as a label and the
 * figures that end it, or as a header of period labels. A table is a run of rows with figures, the
 * header rows just above it, and the one-cell lines between its rows (section headings and spacers).
 */
export interface Grid {
  /** Header rows, top first. */
  header: string[][]
  /** Body rows: the label, then the cells under the header's columns; a section heading has one cell. */
  rows: GridRow[]
  /** The lines above the table on its page back to the previous table, top first: its title, caption, headings. */
  above: string[]
  /** The lines below it up to the next table: its footnotes. */
  below: string[]
}

export interface GridRow {
  cells: string[]
  section: boolean
  /** The row's position in the table, header rows counted, and its line as written. */
  index: number
  quote: string
}

type Kind = 'body' | 'header' | 'text' | 'blank'

interface Line {
  text: string
  cells: string[]
  kind: Kind
  /** Cells read from a line aligned by spaces: its figures stand under the rightmost columns. */
  aligned: boolean
}

const DASH = /^[-—–]$/
// A table's heading that spans its period columns: "Year ended June 30,", "As of December 31,".
export const GROUP_LABEL =
  /^(?:(?:fiscal )?years? ended|for the years? ended|as (?:of|at)|fiscal years?|twelve months ended)\b/i
// Lines under a table that comment on it: "Note: figures in $000s.", "* USD '000", "(1) Unaudited".
const FOOTNOTE = /^(?:notes?\b|\*|†|source\b|\(\d\)|\d\))/i
const MAX_HEADER_ROWS = 3
const MAX_LABEL_LINE = 80
const MAX_TAIL = 30

/**
 * A cell that holds a figure (a dash is a nil figure). A bare year heads a column rather than fills
 * it, and "7," is a figure cut off at the page's edge, not 7.
 */
export const isFigureCell = (cell: string) => {
  const text = cell.trim()
  return DASH.test(text) || (parseFigure(text) !== null && !isYear(text) && !text.endsWith(','))
}

function classify(text: string): Line {
  const trimmed = text.trim()
  if (!trimmed) return { text: trimmed, cells: [], kind: 'blank', aligned: false }
  if (IS_TABLE_LINE.test(text)) {
    const cells = splitRow(text)
    while (cells.length > 1 && !cells.at(-1)) cells.pop()
    if (cells.length < 2) return { text: trimmed, cells, kind: 'text', aligned: false }
    return { text: trimmed, cells, kind: cells.slice(1).some(isFigureCell) ? 'body' : 'header', aligned: false }
  }
  return alignedLine(trimmed)
}

/**
 * A line without cell separators: a label followed by figures ("Cash in bank 564 991"), a header
 * of period labels ("Q1 FY24 Q2 FY24 Q3 FY24 Q4 FY24 Total", "6/30/25 6/30/24"), or text. Words
 * inside a date ("October 31, 2028") are not figures, so a lease row's figures end at its rent.
 */
function alignedLine(text: string): Line {
  const labels = periodsIn(text)
  const masked = new Uint8Array(text.length)
  for (const label of labels) masked.fill(1, label.start, label.end)
  const figures: string[] = []
  let end = text.length
  while (end > 0) {
    const start = text.lastIndexOf(' ', end - 1) + 1
    const token = text.slice(start, end)
    // "30," ends a date's day ("As of June 30,"), not a figure.
    if (masked[start] || !isFigureCell(token)) break
    figures.push(token)
    end = Math.max(0, start - 1)
  }
  figures.reverse()
  const label = text.slice(0, end).trim()
  // "Headcount: 75" is a statement, for the prose reader. A year ends no row: "2022 $325,000" is
  // labelled by its year, and "2024 2025" heads columns (below).
  if (label.endsWith(':')) return { text, cells: [text], kind: 'text', aligned: false }
  if (figures.length && label) return { text, cells: [label, ...figures], kind: 'body', aligned: true }
  const header = periodHeader(text, labels)
  return header
    ? { text, cells: header, kind: 'header', aligned: true }
    : { text, cells: [text], kind: 'text', aligned: false }
}

/**
 * A line of two or more period labels with only spaces between them: its corner, the labels, and
 * the short heading of a last column that is not a period ("Change", "% of revenue"), if any.
 */
function periodHeader(text: string, labels: ReturnType<typeof periodsIn>): string[] | null {
  if (labels.length < 2) return null
  const tail = text.slice(labels.at(-1)!.end).trim()
  if (tail.length > MAX_TAIL) return null
  let first = labels.length - 1
  while (first > 0 && !text.slice(labels[first - 1]!.end, labels[first]!.start).trim()) first--
  if (labels.length - first < 2) return null
  const cells = labels.slice(first).map(({ start, end }) => text.slice(start, end))
  return [text.slice(0, labels[first]!.start).trim(), ...cells, ...(tail ? [tail] : [])]
}

const isSection = (line: Line) =>
  line.kind === 'text' && line.text.length <= MAX_LABEL_LINE && !/[.:;]$/.test(line.text) && !FOOTNOTE.test(line.text)

export function gridsOf(text: string): Grid[] {
  const lines = text.split('\n').map(classify)
  const spans: Array<{ start: number; body: number; end: number }> = []
  let previousEnd = 0
  for (let at = 0; at < lines.length; at++) {
    if (lines[at]!.kind !== 'body') continue
    // A section heading may open the body, under the header ("Current assets").
    const opensBody = at - 2 >= previousEnd && isSection(lines[at - 1]!) && lines[at - 2]!.kind === 'header'
    const body = opensBody ? at - 1 : at
    let start = body
    while (start > previousEnd && body - start < MAX_HEADER_ROWS && lines[start - 1]!.kind === 'header') start--
    const above = start > previousEnd ? lines[start - 1]! : null
    if (above && start < body && above.kind === 'text' && GROUP_LABEL.test(above.text)) start--
    // A one-line heading over a table that has none of its own: a column's name ("Capex"), a list's header.
    else if (above && start === body && isSection(above)) start--
    let end = at + 1
    let pendingText = false
    for (let next = at + 1; next < lines.length; next++) {
      const line = lines[next]!
      if (line.kind === 'body') {
        end = next + 1
        pendingText = false
      } else if (line.kind === 'text' && !pendingText && isSection(line)) pendingText = true
      else if (line.kind !== 'blank') break
    }
    at = end - 1
    // A line of prose may end in a figure ("Revenue grew 12"): set apart by spaces alone, a row
    // makes a table only with a header or another row.
    const rows = lines.slice(body, end).filter((line) => line.kind === 'body')
    if (start === body && rows.length < 2 && rows.every((line) => line.aligned)) continue
    spans.push({ start, body, end })
    previousEnd = end
  }
  return spans.map((span, index) => {
    const header = lines.slice(span.start, span.body)
    const width = lines.slice(span.start, span.end).reduce((most, line) => Math.max(most, line.cells.length), 0)
    const rows: GridRow[] = []
    for (let at = span.body; at < span.end; at++) {
      const line = lines[at]!
      if (line.kind === 'blank') continue
      const index = header.length + rows.length
      if (line.kind !== 'body') rows.push({ cells: [line.text], section: true, index, quote: line.text })
      else rows.push({ cells: laid(line, width), section: false, index, quote: line.text })
    }
    const before = lines.slice(index > 0 ? spans[index - 1]!.end : 0, span.start)
    const after = lines.slice(span.end, index + 1 < spans.length ? spans[index + 1]!.start : lines.length)
    const notes = index + 1 < spans.length ? footnotes(after) : after.length
    return {
      header: header.map((line) => (line.aligned ? laid(line, width) : line.cells)),
      rows,
      above: texts(before.slice(index > 0 ? footnotes(before) : 0)),
      below: texts(after.slice(0, notes)),
    }
  })
}

/** How many lines from the start of `lines` (blank lines aside) are footnotes of the table above. */
function footnotes(lines: Line[]) {
  let count = 0
  for (const [at, line] of lines.entries()) {
    if (line.kind === 'blank') continue
    if (!FOOTNOTE.test(line.text)) break
    count = at + 1
  }
  return count
}

const texts = (lines: Line[]) => lines.flatMap((line) => (line.kind === 'blank' ? [] : [line.text]))

/** An aligned line's cells under the table's columns: its label first, its figures or labels last. */
function laid(line: Line, width: number) {
  if (!line.aligned || line.cells.length >= width) return line.cells
  return [line.cells[0]!, ...Array<string>(width - line.cells.length).fill(''), ...line.cells.slice(1)]
}
