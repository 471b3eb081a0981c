import type { Source } from '../../../shared/analysis'
import { readableCell, readableMoneyIn } from '../../../shared/figures'
import { analyze } from '../retrieval/analyzer'
import { CURRENCY_SIGN } from '../text/amounts'
import { isYear, isYearLabel } from '../text/calendar'
import { paragraphsOf, type ProseLine, shortLine } from '../text/paragraphs'
import { sentencesOf } from '../text/sentences'
import { humaniseHeader } from './column-names'
import type { AnalysisChunk, AnalysisInput } from './types'

/** A sentence of prose or a row of a table, with the chunk it was read from. */
export interface Unit {
  /** Reading order across the whole document. */
  position: number
  /** A sentence of prose, a line standing alone (a heading, "Date: 14 March 2025"), or a table row. */
  kind: 'sentence' | 'line' | 'row'
  /** The chunk it starts in: a sentence cut by a chunk's or a page's end goes on in the next. */
  chunk: AnalysisChunk
  /** The sentence, or the row as it stands in the text: what a source quotes. */
  quote: string
  /** The sentence, or the row told as "label — column: value; …". */
  text: string
  terms: string[]
  table?: {
    /** The column headers, as a reader names them. */
    header: string[]
    cells: string[]
    id: number
    /** For a CSV or a sheet: the sheet (the document, for a CSV) and the row as it counts them, the header row 1. */
    place?: { sheet: string; row: number }
  }
}

const PIPE_OR_TAB = /\s\|\s|\t/
const FIGURE_CELL = new RegExp(String.raw`^[-−(]?\s*${CURRENCY_SIGN}?\s*[-−(]?\s*\d[\d,.]*\s*(?:%|[kmb]n?|x)?\)?$`, 'i')
/** A column holding each row's share of a whole. */
export const SHARE_HEADER = /share|%|percent|mix|proportion/i
/** Rows that sum up the others rather than being one of them. */
export const REMAINDER = /^(?:other|others|all other|rest|remaining|sundry|misc(?:ellaneous)?)\b/i
export const TOTAL = /^(?:total|sum|subtotal|sub-total|grand total)\b/i

/** A cell past the label holding a number that is not a year. */
export const hasFigure = (cells: string[]) =>
  cells.slice(1).some((cell) => FIGURE_CELL.test(cell.trim()) && !isYearLabel(cell))

const valueOf = (cell: string | undefined) =>
  cell === undefined || isYearLabel(cell) ? Number.NaN : Number.parseFloat(cell.replace(/[^\d.-]/g, ''))

/**
 * The column a row is ranked and cited by: its share of the whole when the table has a share column
 * (a customer list is read by share, not by the first figure, which may be a count or a year), else
 * its first figure past the label.
 */
export function keyColumn(unit: Unit): number | undefined {
  const table = unit.table
  if (!table) return undefined
  const share = table.header.findIndex((cell, index) => index > 0 && SHARE_HEADER.test(cell))
  if (share > 0 && Number.isFinite(valueOf(table.cells[share]))) return share
  const first = table.cells.findIndex((cell, index) => index > 0 && Number.isFinite(valueOf(cell)))
  return first > 0 ? first : undefined
}

/** A row's figure in its key column, to rank rows by size; 0 for a sentence. */
export function magnitude(unit: Unit) {
  const column = keyColumn(unit)
  return column === undefined ? 0 : valueOf(unit.table!.cells[column])
}

/**
 * What an analysis states for a unit, as a reader reads it: a row told with its figures grouped, a
 * sentence with its money grouped ("$21800000" as "$21,800,000"). The unit's quote, which a source
 * cites, stays exactly as the document writes it; `text` stays as read, so ranking is untouched.
 */
export const statementOf = (unit: Unit) =>
  unit.table ? rowText(unit.table.header, unit.table.cells, true) : readableMoneyIn(unit.text)

export function sourceOf(unit: Unit): Source {
  const source: Source = {
    chunk_id: unit.chunk.id,
    page_number: unit.chunk.pageNumber,
    sheet_name: unit.chunk.sheetName,
    quote: unit.quote,
  }
  const place = unit.table?.place
  if (!place) return source
  const column = keyColumn(unit)
  return { ...source, cell: { ...place, column: column === undefined ? null : unit.table!.header[column] || null } }
}

// How far into the next chunk its start may repeat the last one's end (the chunker repeats one
// sentence of at most 240 characters; ICU ends a sentence at every line break).
const OVERLAP_MAX = 400

/** How many characters at the start of `next` repeat the end of `previous`: the chunker's overlap. */
function overlapOf(previous: string, next: string) {
  const tail = previous.slice(-OVERLAP_MAX)
  for (let at = 0; at < tail.length; at++) {
    if (at > 0 && !/\s/.test(tail[at - 1]!)) continue
    const repeated = tail.slice(at)
    if (next.startsWith(repeated)) return repeated.length
  }
  return 0
}

/**
 * The document's sentences and table rows in reading order. Prose is read as one text across chunks
 * and pages: the chunker's overlap is dropped, and a sentence that a line, chunk or page break cuts
 * is joined whole, cited from the chunk it starts in. A sentence repeated word for word is read once.
 */
export function unitsOf({
  chunks,
  tableHeaders,
  title,
}: Pick<AnalysisInput, 'chunks' | 'tableHeaders' | 'title'>): Unit[] {
  // A known table keeps its id in every chunk it was cut into (each repeats the header row).
  const headers = new Map(
    tableHeaders.map((header, index) => [header.trim(), { delimiter: delimiterOf(header), id: -(index + 1) }]),
  )
  const units: Unit[] = []
  const seen = new Set<string>()
  let tableId = 0
  const short = shortLine(chunks.map((chunk) => chunk.text))
  const add = (chunk: AnalysisChunk, kind: Unit['kind'], quote: string, text: string, table?: Unit['table']) => {
    const key = quote.replace(/\s+/g, ' ').toLowerCase()
    if (seen.has(key)) return
    seen.add(key)
    units.push({ position: units.length, kind, chunk, quote, text, terms: analyze(text), table })
  }
  let prose: Array<ProseLine<AnalysisChunk>> = []
  const flushProse = () => {
    for (const paragraph of paragraphsOf(prose, short)) {
      if (paragraph.alone) {
        add(paragraph.lines[0]!.from, 'line', paragraph.text, paragraph.text)
        continue
      }
      // Sentences come in order, so the line each starts in is found walking forward.
      let cursor = 0
      let line = 0
      for (const sentence of sentencesOf(paragraph.text)) {
        const at = paragraph.text.indexOf(sentence, cursor)
        if (at >= 0) cursor = at + sentence.length
        while (line + 1 < paragraph.lines.length && paragraph.lines[line + 1]!.at <= at) line++
        add(paragraph.lines[line]!.from, 'sentence', sentence, sentence)
      }
    }
    prose = []
  }
  // Rows counted per known table and sheet, the header row being row 1.
  const rowCounts = new Map<string, number>()
  let previous: AnalysisChunk | undefined
  for (const chunk of chunks) {
    const samePage = previous?.pageNumber === chunk.pageNumber && previous?.sheetName === chunk.sheetName
    if (previous?.sheetName !== chunk.sheetName) flushProse()
    // The overlap goes, with the line break that ended it: a blank line after it is still a paragraph's end.
    const text =
      previous && samePage
        ? chunk.text.slice(overlapOf(previous.text, chunk.text)).replace(/^[^\S\n]*\n/, '')
        : chunk.text
    let pageBreak = Boolean(previous) && !samePage
    previous = chunk
    const sheet = chunk.sheetName ?? title
    // A table is read from a known header row down, or as lines of cells split by " | " or tabs.
    let table:
      | { delimiter: string; header: string[]; known: boolean; sawFigure: boolean; id: number; counted?: string }
      | undefined
    for (const raw of text.split('\n')) {
      const line = raw.trim()
      const known = headers.get(line)
      if (known !== undefined) {
        flushProse()
        const { delimiter, id } = known
        const counted = `${id} ${sheet}`
        if (!rowCounts.has(counted)) rowCounts.set(counted, 1)
        table = {
          delimiter,
          header: split(line, delimiter).map(humaniseHeader),
          known: true,
          sawFigure: true,
          id,
          counted,
        }
        continue
      }
      const delimiter = table?.known
        ? table.delimiter
        : PIPE_OR_TAB.test(line)
          ? line.includes('\t')
            ? '\t'
            : ' | '
          : ''
      if (!line || !delimiter || !line.includes(delimiter.trim() || '\t')) {
        table = undefined
        if (line) prose.push({ text: line.replace(/\s+/g, ' '), from: chunk, pageBreak })
        else flushProse()
        pageBreak = false
        continue
      }
      flushProse()
      pageBreak = false
      const cells = split(line, delimiter)
      if (!table) {
        table = { delimiter, header: [], known: false, sawFigure: false, id: ++tableId }
      }
      const row = table.counted === undefined ? undefined : rowCounts.get(table.counted)! + 1
      if (table.counted !== undefined) rowCounts.set(table.counted, row!)
      // Rows read before a table's first figure are its header.
      if (!table.sawFigure && !hasFigure(cells)) {
        table.header = table.header.length
          ? table.header.map((cell, index) => `${cell} ${cells[index] ?? ''}`.trim())
          : cells.map(humaniseHeader)
        continue
      }
      table.sawFigure = true
      if (hasFigure(cells))
        add(chunk, 'row', line, rowText(table.header, cells), {
          header: table.header,
          cells,
          id: table.id,
          place: row === undefined ? undefined : { sheet, row },
        })
    }
  }
  flushProse()
  return units
}

function delimiterOf(header: string) {
  // " | " and tabs first: a spreadsheet's header cells may hold commas of their own.
  if (header.includes(' | ')) return ' | '
  if (header.includes('\t')) return '\t'
  return header.split(';').length > header.split(',').length ? ';' : ','
}

// Spacing before a pipe is taken from where it starts (`(?<!\s)`): tried from each of its characters,
// a long run of it cost its square.
const PIPE = /(?<!\s)\s+\|\s*|\|\s*/
const split = (line: string, delimiter: string) =>
  line.split(delimiter === ' | ' ? PIPE : delimiter).map((cell) => cell.trim())

/**
 * "Solent Marine Group — Sector: Marine; Share of revenue: 38.0%": a row as it reads aloud. With
 * `readable`, its figures grouped as a reader reads them ("Revenue (USD): 21,800,000"), every digit
 * kept; a code or an id column's digits stay as written.
 */
function rowText(header: string[], cells: string[], readable = false) {
  const [label, ...rest] = cells
  const pairs = rest
    .map((cell, index) => (readable ? readableCell(cell, header[index + 1] ?? '') : cell))
    .map((cell, index) => (cell ? (header[index + 1] ? `${header[index + 1]}: ${cell}` : cell) : ''))
    .filter(Boolean)
  const named = header[0] && isYear(label ?? '') ? `${header[0]} ${label}` : label
  return `${named ?? ''} — ${pairs.join('; ')}`
}
