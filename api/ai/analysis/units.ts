import { analyze } from '../retrieval/analyzer'
import type { AnalysisChunk, AnalysisInput, Source } from './types'

/** A sentence of prose or a row of a table, with the chunk it was read from. */
export interface Unit {
  /** Reading order across the whole document. */
  position: number
  /** A sentence of prose, a line standing alone (a heading, "Date: 14 March 2025"), or a table row. */
  kind: 'sentence' | 'line' | 'row'
  chunk: AnalysisChunk
  /** The sentence, or the row as it stands in the text: what a source quotes. */
  quote: string
  /** The sentence, or the row told as "label — column: value; …". */
  text: string
  terms: string[]
  table?: { header: string[]; cells: string[]; id: number }
}

const PIPE_OR_TAB = /\s\|\s|\t/
const YEAR = /^(?:fiscal\s+|fy\s*)?(?:19|20)\d\d$/i
const FIGURE_CELL = /^[-−(]?\s*[$€£]?\s*[-−(]?\s*\d[\d,.]*\s*(?:%|[kmb]n?|x)?\)?$/i

/** A cell past the label holding a number that is not a year. */
export const hasFigure = (cells: string[]) =>
  cells.slice(1).some((cell) => FIGURE_CELL.test(cell.trim()) && !YEAR.test(cell.trim()))

/** The first figure of a row past its label, to rank rows by size; 0 for a sentence. */
export function magnitude(unit: Unit) {
  for (const cell of unit.table?.cells.slice(1) ?? []) {
    const value = Number.parseFloat(cell.replace(/[^\d.-]/g, ''))
    if (Number.isFinite(value) && !YEAR.test(cell.trim())) return value
  }
  return 0
}

export const sourceOf = (unit: Unit): Source => ({
  chunk_id: unit.chunk.id,
  page_number: unit.chunk.pageNumber,
  sheet_name: unit.chunk.sheetName,
  quote: unit.quote,
})

/**
 * The document's sentences and table rows in reading order. A sentence the chunker repeated at the
 * start of the next chunk (its overlap) is read once, from the chunk it was first in.
 */
export function unitsOf({ chunks, tableHeaders }: Pick<AnalysisInput, 'chunks' | 'tableHeaders'>): Unit[] {
  // A known table keeps its id in every chunk it was cut into (each repeats the header row).
  const headers = new Map(
    tableHeaders.map((header, index) => [header.trim(), { delimiter: delimiterOf(header), id: -(index + 1) }]),
  )
  const units: Unit[] = []
  const seen = new Set<string>()
  let tableId = 0
  const short = shortLine(chunks)
  for (const chunk of chunks) {
    const add = (kind: Unit['kind'], quote: string, text: string, table?: Unit['table']) => {
      const key = quote.replace(/\s+/g, ' ').toLowerCase()
      if (seen.has(key)) return
      seen.add(key)
      units.push({ position: units.length, kind, chunk, quote, text, terms: analyze(text), table })
    }
    let prose: string[] = []
    const flushProse = () => {
      for (const { text, alone } of paragraphsOf(prose, short)) {
        if (alone) add('line', text, text)
        else for (const sentence of sentencesOf(text)) add('sentence', sentence, sentence)
      }
      prose = []
    }
    // A table is read from a known header row down, or as lines of cells split by " | " or tabs.
    let table: { delimiter: string; header: string[]; known: boolean; sawFigure: boolean; id: number } | undefined
    for (const raw of chunk.text.split('\n')) {
      const line = raw.trim()
      const known = headers.get(line)
      if (known !== undefined) {
        flushProse()
        const { delimiter, id } = known
        table = { delimiter, header: split(line, delimiter), known: true, sawFigure: true, id }
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
        if (line) prose.push(line)
        else flushProse()
        continue
      }
      flushProse()
      const cells = split(line, delimiter)
      if (!table) {
        table = { delimiter, header: [], known: false, sawFigure: false, id: ++tableId }
      }
      // Rows read before a table's first figure are its header.
      if (!table.sawFigure && !hasFigure(cells)) {
        table.header = table.header.length
          ? table.header.map((cell, index) => `${cell} ${cells[index] ?? ''}`.trim())
          : cells
        continue
      }
      table.sawFigure = true
      if (hasFigure(cells))
        add('row', line, rowText(table.header, cells), { header: table.header, cells, id: table.id })
    }
    flushProse()
  }
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

/** "Solent Marine Group — Sector: Marine; Share of revenue: 38.0%": a row as it reads aloud. */
function rowText(header: string[], cells: string[]) {
  const [label, ...rest] = cells
  const pairs = rest
    .map((cell, index) => (cell ? (header[index + 1] ? `${header[index + 1]}: ${cell}` : cell) : ''))
    .filter(Boolean)
  const named = header[0] && /^(?:19|20)\d\d$/.test(label ?? '') ? `${header[0]} ${label}` : label
  return `${named ?? ''} — ${pairs.join('; ')}`
}

// A line that ends a paragraph of its own: a heading, a label line ("Date: 14 March 2025"), a list item.
const HEADING = /^(?:\d+(?:\.\d+)*\.?|[A-Z]\.|[-•*·])\s/
const ENDS_SENTENCE = /[.!?:;]["”’')\]]?$/

const SHORT = 80
const SHORT_SHARE = 0.7
// Lines at least this long make every line short under 80 characters alike: counted as this long.
const LONG_ENOUGH = Math.ceil(SHORT / SHORT_SHARE)

/**
 * How long a line may be and still end its paragraph: 80 characters, or less in a document set in
 * narrow columns, whose wrapped lines are all short (measured on its longer lines, the 90th
 * percentile). Lengths are counted, not sorted: sorting a million one-letter lines took 600 ms.
 */
function shortLine(chunks: AnalysisChunk[]) {
  const counts = new Uint32Array(LONG_ENOUGH + 1)
  let lines = 0
  for (const chunk of chunks) {
    for (const line of chunk.text.split('\n')) {
      const length = line.trim().length
      if (length === 0) continue
      counts[Math.min(length, LONG_ENOUGH)]!++
      lines++
    }
  }
  let long = 0
  for (let below = 0, rank = Math.floor(lines * 0.9); long <= LONG_ENOUGH; long++) {
    below += counts[long]!
    if (below > rank) break
  }
  return lines ? Math.min(SHORT, SHORT_SHARE * long) : 0
}

/** Lines joined back into paragraphs: a line that fills the width was wrapped; a short one ends its paragraph. */
function paragraphsOf(lines: string[], short: number): Array<{ text: string; alone: boolean }> {
  const paragraphs: Array<{ text: string; alone: boolean }> = []
  let current = ''
  const flush = () => {
    if (current) paragraphs.push({ text: current, alone: false })
    current = ''
  }
  for (const line of lines) {
    const listed = HEADING.test(line)
    if (listed) flush()
    const ends = ENDS_SENTENCE.test(line)
    if (!ends && !current && (listed || line.length < short)) {
      paragraphs.push({ text: line, alone: true })
      continue
    }
    current = current ? `${current} ${line}` : line
    if (ends || line.length < short) flush()
  }
  flush()
  return paragraphs
}

const ABBREVIATION =
  /\b(?:Mr|Mrs|Ms|Dr|Prof|St|No|Inc|Ltd|Co|Corp|vs|etc|e\.g|i\.e|approx|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.$/i

/** Sentence ends: . ! ? followed by a space and a capital, digit or quote, not after a common abbreviation. */
export function sentencesOf(text: string): string[] {
  const pieces = text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?]["”’)]?)\s+(?=["“(]?[A-Z0-9£$€])/)
    .map((sentence) => sentence.trim())
  const sentences: string[] = []
  for (const piece of pieces) {
    const previous = sentences.at(-1)
    // Its last characters alone (the longest abbreviation, its dot and the character before): the
    // pattern ends at `$` but is tried from every start, and a sentence of many "Mr. A" grows.
    if (previous && ABBREVIATION.test(previous.slice(-10))) sentences[sentences.length - 1] = `${previous} ${piece}`
    else if (piece.length > 1) sentences.push(piece)
  }
  return sentences
}
