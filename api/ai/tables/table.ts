import Decimal from 'decimal.js'
import Papa from 'papaparse'

import { IS_TABLE_LINE, splitRow } from '../../../shared/table-lines'
import { analyze } from '../retrieval/analyzer'
import { CURRENCY } from '../text/amounts'
import { SHORT_FISCAL_YEAR, YEAR } from '../text/calendar'
import { type Scale, SCALE_WORD, scaleOf, scaleWord } from '../text/scales'
import { isRecordLine, recordRows } from './records'

/** A cell read as a number: the exact decimal, or null for a blank, a dash or words. */
export interface Figure {
  value: Decimal
  /** '%' when the cell says so, the currency sign when it has one. */
  unit: string | null
}

export interface ColumnHeader {
  index: number
  /** Every header row's text over this column, group labels first ("Years Ended September 30, 2019"). */
  label: string
  /** The year the column stands for (2019 for "2019", "Fiscal 2019", "FY19", "2018/2019", "December 31, 2019"). */
  year: number | null
  terms: string[]
  /** A "Note" column: the numbers of the notes that explain each row, not figures. */
  notes: boolean
}

export interface Table {
  rows: string[][]
  headerRows: number
  columns: ColumnHeader[]
  /** The first cell of every row ('' for header rows), its label. */
  rowLabels: string[]
  /** The label of the section row (a label with no figures, "Net sales:") a row sits under, or ''. */
  sections: string[]
  /**
   * The measure of the row a row adds into, "Total" left off ("Income before taxes" for "Swiss" and
   * "Non-Swiss" above it), or ''. Absent on tables built elsewhere.
   */
  wholes?: string[]
  scale: Scale | null
  /** The lines of text just above the table in its chunk (its title, "in millions"). */
  caption: string
  /** The unit most figures carry ('$', '€', '%'), or null. */
  unit: string | null
  /**
   * The document lists its periods down the first column ("2021 | 6,420 | 835"): `rows` are turned
   * so that periods head the columns, as in most statements; `rows[r][c]` is the document's `[c][r]`.
   */
  transposed: boolean
}

const EMPTY = /^(?:[-—–−_]+|n\/?a|nm|n\.m\.|)$/i
const NUMBER = new RegExp(
  // A run of digits ends in a digit: "31," is the rest of a date split over two header cells.
  String.raw`^([-−–]?)\s*\(?\s*([-−–]?)\s*(${CURRENCY})?\s*\(?\s*([-−–]?)\s*(\d(?:[\d,]*\d)?(?:\.\d+)?|\.\d+)\s*(%)?\s*\)?\s*(%)?$`,
  'i',
)
// "2019", and "FY2019" as spreadsheets head their columns.
const YEARS = new RegExp(String.raw`(?:\b|(?<=fy))(${YEAR})\b`, 'gi')
const SHORT_FISCAL = new RegExp(SHORT_FISCAL_YEAR, 'i')

/** A cell's number: `$  1,452.4` → 1452.4, `(12.5)` → −12.5, `12%` → 12 with unit %, `—` → null. */
export function parseFigure(text: string): Figure | null {
  // A footnote marker after a figure ("1,234 (1)"); alone, "(8)" is a negative figure.
  const cell = text.trim().replace(/(?<=\S)\s+\(\d\)$/, '')
  if (EMPTY.test(cell)) return null
  const match = NUMBER.exec(cell)
  if (!match) return null
  const [, sign1, sign2, currency, sign3, digits, percent1, percent2] = match
  const negative = Boolean(sign1 || sign2 || sign3) || (cell.includes('(') && cell.includes(')'))
  const value = new Decimal(digits!.replace(/,/g, ''))
  return { value: negative ? value.negated() : value, unit: percent1 || percent2 ? '%' : (currency ?? null) }
}

// At most 25 digits and commas: `[\d,]*` let every digit of a long run scan the rest of it.
const MENTION = new RegExp(String.raw`(\d[\d,]{0,24}(?:\.\d+)?)\s*(${SCALE_WORD})s?\b`, 'gi')

/**
 * The scale the text gives a figure the table holds: "FCC licenses increased $15.6 million" over
 * a table whose row reads 136.2 and 120.6 says the table is in millions. A mention counts when its
 * number is exactly a cell of the table or the difference of two cells of one row; the scale most
 * mentions agree on wins, once one mention of three digits or two shorter ones say it.
 */
export function scaleFromMentions(rows: string[][], text: string): Scale | null {
  const figures = new Set<string>()
  for (const row of rows) {
    const values = row.slice(1).flatMap((cell) => parseFigure(cell)?.value ?? [])
    for (const [index, value] of values.entries()) {
      figures.add(value.abs().toString())
      for (const other of values.slice(index + 1)) figures.add(value.minus(other).abs().toString())
    }
  }
  const votes = new Map<Scale, number>()
  for (const [, number, word] of text.matchAll(MENTION)) {
    const value = new Decimal(number!.replace(/,/g, ''))
    if (value.isZero() || !figures.has(value.toString())) continue
    // A figure of one or two digits ("$1.0 million") matches some cell or difference of a large
    // table by chance: it takes two such to agree on a scale, where one of three digits will do.
    const weight = number!.replace(/\D/g, '').replace(/^0+/, '').length >= 3 ? 1 : 0.5
    const scale = scaleWord(word!)!
    votes.set(scale, (votes.get(scale) ?? 0) + weight)
  }
  const [winner] = [...votes].sort((a, b) => b[1] - a[1])
  return winner && winner[1] >= 1 ? winner[0] : null
}

/** The scale a table's surrounding text states ("in millions"), else the one its mentions of the table's figures carry. */
export const scaleAround = (table: Pick<Table, 'rows'>, text: string) =>
  scaleOf(text) ?? scaleFromMentions(table.rows, text)

/** A cell past the label holding a figure that is not a year. */
const hasFigure = (cells: string[]) => cells.slice(1).some((cell) => parseFigure(cell) !== null && !isYearCell(cell))
const YEAR_CELL = new RegExp(String.raw`^(?:fiscal\s+|fy\s*)?${YEAR}(?:\s*\/\s*(?:${YEAR}|\d\d))?$`, 'i')
// A note's marker after a year ("2019 (1)", "2018*") leaves it a year: the header is no row of figures.
const YEAR_NOTE = /\s*(?:\(\d\)|\*+)$/
const isYearCell = (cell: string) => YEAR_CELL.test(cell.trim().replace(YEAR_NOTE, ''))

const NOTES = /^\s*notes?\.?\s*$/i
const SPACED_YEAR = /(?<![\d,.])[12] [09] \d \d(?![\d,.])/g
const COMPARES_PERIODS = /\b(?:vs\.?|versus|change|variation|variance|compared|increase|decrease|difference)\b/i

export function yearOf(text: string): number | null {
  const years = [...text.matchAll(YEARS)].map((match) => Number(match[1]))
  if (years.length) return Math.max(...years)
  const short = SHORT_FISCAL.exec(text)
  return short ? 2000 + Number(short[1]) : null
}

/**
 * The tables in a chunk's text: runs of lines with cells split by " | " or tabs, or else the whole
 * chunk as a CSV file's rows. Rows read before
 * the first figure are header rows; a group label ("Years Ended September 30,") is carried over
 * the columns it spans, up to the next label of its row. `context` (a caption, the text around the
 * table) is read for the scale when the table names none.
 */
export function parseTables(text: string, context = ''): Table[] {
  const tables: Table[] = []
  let lines: string[] = []
  let records: string[] = []
  const before: string[] = []
  const flush = () => {
    if (lines.length >= 2) tables.push(tableOf(lines.map(splitRow), before.slice(-2).join('\n'), context))
    lines = []
  }
  // A list written one record a line is read as a table of the attributes its lines share.
  const flushRecords = () => {
    const rows = recordRows(records)
    if (rows) tables.push(tableOf(rows, before.slice(-2 - records.length, -records.length).join('\n'), context))
    records = []
  }
  for (const line of text.split('\n')) {
    if (IS_TABLE_LINE.test(line)) {
      flushRecords()
      lines.push(line)
    } else {
      flush()
      if (isRecordLine(line)) records.push(line)
      else if (line.trim()) flushRecords()
      if (line.trim()) before.push(line.trim())
    }
  }
  flush()
  flushRecords()
  if (tables.length === 0) {
    const rows = delimitedRows(text)
    if (rows) tables.push(tableOf(rows, '', context))
  }
  return tables
}

/**
 * A CSV file's chunk as the extractor wrote it before it joined cells by " | " like a sheet's: its
 * rows joined by the file's own delimiter (comma or semicolon; tabs split above), kept readable
 * until the document is processed again. Read only when every line has the same number of cells,
 * at least two: prose, or a row whose unquoted "1,234" split in two, gives ragged lines and is left
 * alone rather than read into the wrong columns.
 */
export function delimitedRows(text: string): string[][] | null {
  const { data, meta } = Papa.parse<string[]>(text.trim(), { skipEmptyLines: 'greedy', delimitersToGuess: [',', ';'] })
  if (data.length < 2 || !meta.delimiter || meta.delimiter === '\t') return null
  const width = data[0]!.length
  if (width < 2 || data.some((row) => row.length !== width)) return null
  return data.map((row) => row.map((cell) => cell.trim()))
}

export function tableOf(raw: string[][], caption = '', context = ''): Table {
  const width = Math.max(...raw.map((row) => row.length))
  // A year a PDF's layer wrote letter-spaced ("2 0 1 8") is the year.
  const laid = raw.map((row) =>
    Array.from({ length: width }, (_, index) =>
      (row[index] ?? '').replace(SPACED_YEAR, (year) => year.replace(/ /g, '')),
    ),
  )
  const transposed = periodsDown(laid)
  const rows = transposed ? transpose(laid) : laid
  let headerRows = rows.findIndex(hasFigure)
  if (headerRows < 0) headerRows = Math.min(1, rows.length)
  // A section's title set in a cell past the label ("| Cloud and License Revenues: |") under the
  // header's years opens the body, as one in the label's cell does.
  while (headerRows > 1 && titleOf(rows[headerRows - 1]!, 1) && rows.slice(0, headerRows - 1).some(namesYear))
    headerRows--
  const header = rows.slice(0, headerRows)
  const spans = header.map(spanning)
  const columns: ColumnHeader[] = Array.from({ length: rows[0]!.length }, (_, index) => {
    // A group label carried over a column headed by a year alone ("Percent Change" over "Actual |
    // Constant" beside "2019" and "2018") is its neighbours': the year's column compares nothing.
    const yearAlone = index > 0 && header.some((row) => isYearCell(row[index] ?? ''))
    const parts = header
      .map((row, at) => (index === 0 ? row[0]! : spans[at]![index]!))
      .filter((part, at) => part && !(yearAlone && !header[at]![index] && COMPARES_PERIODS.test(part)))
    const label = [...new Set(parts)].join(' ').trim()
    // "Variation 2019 vs 2018", "% Change 2018 to 2019" compare two periods; they are neither. A
    // statement's "Note" column holds the numbers of its notes, under whichever year spans it.
    const notes = header.some((row) => NOTES.test(row[index] ?? ''))
    const year = index === 0 || notes || COMPARES_PERIODS.test(label) ? null : yearOf(label)
    return { index, label, year, terms: analyze(label), notes }
  })
  const rowLabels: string[] = []
  const sections: string[] = []
  let section = ''
  rows.forEach((row, index) => {
    const label = index < headerRows ? '' : withoutNoteMarker(row[0]! || titleOf(row, 1) || '')
    if (index >= headerRows && label && row.every((cell, at) => at === row.indexOf(label) || !cell.trim()))
      section = label
    rowLabels.push(label)
    sections.push(index >= headerRows && label !== section ? section : '')
  })
  labelUnlabelledTotals(rows, headerRows, rowLabels, sections)
  const wholes = wholesOf(rows, headerRows, rowLabels, sections)
  const scale =
    scaleOf(header.flat().join(' ')) ??
    scaleOf(rows.flatMap((row) => (row.slice(1).some((cell) => parseFigure(cell)) ? [] : row)).join(' ')) ??
    scaleOf(caption) ??
    scaleAround({ rows }, context)
  const units = new Map<string, number>()
  for (const row of rows.slice(headerRows))
    for (const cell of row.slice(1)) {
      const unit = parseFigure(cell)?.unit
      if (unit) units.set(unit, (units.get(unit) ?? 0) + 1)
    }
  const unit =
    [...units].sort((a, b) => b[1] - a[1])[0]?.[0] ??
    currencyNamed([caption, ...rows.slice(0, headerRows).flat()].join(' '))
  return { rows, headerRows, columns, rowLabels, sections, wholes, scale, caption, unit, transposed }
}

/** The title a row holds alone in a cell from `from` on, ending in a colon ("Expenses:"), or null. */
function titleOf(row: string[], from: number) {
  const filled = row.flatMap((cell, index) => (cell.trim() ? [index] : []))
  const [only] = filled
  return filled.length === 1 && only! >= from && /\p{L}.*:\s*$/u.test(row[only!]!) ? row[only!]! : null
}
const namesYear = (row: string[]) => row.slice(1).some((cell) => yearOf(cell) !== null)

/**
 * A note's number set against a label's last word ("Amounts owed by subsidiaries1", "Incentive
 * schemes1") is no part of its name: the word is the one a question writes.
 */
const withoutNoteMarker = (label: string) => label.replace(/(?<=\p{Ll}{3})\d(?=\s*$|\s*[:,])/u, '')

/**
 * Rows that add up to the labelled row below them ("Swiss | Non-Swiss | Income before taxes") are
 * parts of its measure: each is named by a qualifier of it, and "Swiss income" asks for one. A
 * block starts after the header, a section's title or the previous such total.
 */
function wholesOf(rows: string[][], headerRows: number, rowLabels: string[], sections: string[]) {
  const wholes = rows.map(() => '')
  let from = headerRows
  for (let row = headerRows; row < rows.length; row++) {
    const columns = rows[row]!.flatMap((cell, column) => (column > 0 && parseFigure(cell) ? [column] : []))
    if (columns.length === 0 || (sections[row] && sections[row] !== sections[row - 1])) {
      if (columns.length === 0) from = row + 1
      continue
    }
    if (row - from < 2 || !rowLabels[row]) continue
    const adds = columns.every((column) => {
      let sum = new Decimal(0)
      for (let above = from; above < row; above++) sum = sum.plus(parseFigure(rows[above]![column]!)?.value ?? 0)
      return sum.equals(parseFigure(rows[row]![column]!)!.value)
    })
    if (!adds) continue
    const measure = rowLabels[row]!.replace(/^\s*total\b[\s:,-]*/i, '')
    for (let above = from; above < row; above++) wholes[above] = measure
    from = row + 1
  }
  return wholes
}

/**
 * A row without a label whose every figure is the sum of the rows above it (back to the previous
 * such row or section) is their total, as a statement sets it under a rule: it is labelled "Total",
 * or "Total" and its section's label, so "the total accrued liabilities" finds it.
 */
function labelUnlabelledTotals(rows: string[][], headerRows: number, rowLabels: string[], sections: string[]) {
  let from = headerRows
  for (let row = headerRows; row < rows.length; row++) {
    if (sections[row] && sections[row] !== sections[row - 1]) from = row
    if (rowLabels[row] || row - from < 2) continue
    const columns = rows[row]!.flatMap((cell, column) => (column > 0 && parseFigure(cell) ? [column] : []))
    if (columns.length === 0) continue
    const adds = columns.every((column) => {
      let sum = new Decimal(0)
      for (let above = from; above < row; above++) sum = sum.plus(parseFigure(rows[above]![column]!)?.value ?? 0)
      return sum.equals(parseFigure(rows[row]![column]!)!.value)
    })
    if (adds) {
      rowLabels[row] = sections[row - 1] ? `Total ${sections[row - 1]!.replace(/:\s*$/, '')}` : 'Total'
      from = row + 1
    }
  }
}

/**
 * Periods listed down the first column under one header row of measures ("Fiscal year | Revenue |
 * EBITDA", then "2021 | 6,420 | 835"): most rows below the header are labelled by a year, and the
 * header names no year itself. Decided from the cells, whatever the table's source.
 */
function periodsDown(rows: string[][]) {
  const headerRows = rows.findIndex(hasFigure)
  if (headerRows !== 1 || rows[0]!.length < 2) return false
  if (rows[0]!.slice(1).some((cell) => yearOf(cell) !== null)) return false
  const body = rows.slice(1)
  const years = body.filter((row) => isYearCell(row[0]!)).length
  // A schedule of payments lists its years first, then "Thereafter" and its totals below them.
  const leading = body.findIndex((row) => !isYearCell(row[0]!))
  return years >= 2 && (years >= body.length * 0.6 || (leading >= 3 && years === leading))
}

const transpose = (rows: string[][]) => rows[0]!.map((_, column) => rows.map((row) => row[column]!))

/**
 * A header naming the currency without a scale ("Revenue (USD)", "in US dollars") says the figures
 * are in units: a scale stated elsewhere in the document belongs to another table.
 */
export const statesUnits = (table: Pick<Table, 'rows' | 'headerRows' | 'caption'>) =>
  /\((?:usd|us\$|\$|eur|€|gbp|£|dollars)\)|\bin (?:us )?dollars\b/i.test(
    [...table.rows.slice(0, table.headerRows).flat(), table.caption].join(' '),
  )

/**
 * The currency a table's title or header names for figures written bare: "($ in thousands)", "In
 * thousands of US dollars", "Revenue (USD)" are dollars.
 */
function currencyNamed(text: string): string | null {
  if (/\$|\bu\.?s\.? dollars?\b|\busd\b|\bdollars\b/i.test(text)) return '$'
  if (/€|\beur(?:os?)?\b/i.test(text)) return '€'
  if (/£|\bgbp\b|\bpounds sterling\b/i.test(text)) return '£'
  return null
}

/** The table's rows as its document lays them out. */
export const asLaidOut = (table: Pick<Table, 'rows' | 'transposed'>) =>
  table.transposed ? transpose(table.rows) : table.rows

/**
 * Each header cell, or the group label to its left (or right, for the first columns) that spans it.
 * Found in one pass each way: searching from every empty cell was quadratic in a row of them.
 */
function spanning(row: string[]) {
  const spans = [...row]
  let left = ''
  for (let index = 1; index < row.length; index++) {
    if (row[index]) left = row[index]!
    else spans[index] = left
  }
  let right = ''
  for (let index = row.length - 1; index >= 1; index--) {
    if (row[index]) right = row[index]!
    else spans[index] ||= right
  }
  return spans
}

/** A cell's figure, or null when it holds none. */
export const figureAt = (table: Table, row: number, column: number) =>
  row >= table.headerRows ? parseFigure(table.rows[row]?.[column] ?? '') : null
