import Decimal from 'decimal.js'

import { currencyNamedIn, namesPercent } from '../../../shared/figures'
import { type Scale } from '../text/scales'
import type { CellReference, Operand } from './compute'
import { gerundsOf, type Period, termsOf } from './question'
import { figureAt, type Table } from './table'

/*
 * Finding a quantity in a table: the rows whose labels name it, the columns of the periods asked
 * for, and each cell as an operand with its labels, shared by every way of answering from tables.
 */

// A row answers when its label (or its section, or the columns read) holds this share of the words
// naming the quantity; below it the table holds something else and the caller falls back to quoting.
export const MIN_RECALL = 0.6
export const SCALES: Record<Scale, number> = { thousand: 1e3, million: 1e6, billion: 1e9 }
// Rows and columns of rates and amounts per anything (share, employee, square metre) are not in the
// table's "in thousands".
// Whole words: "operations" and "administration" hold the letters of "ratio". A rate's swaps or
// changes, and an amount "at the statutory rate", are amounts.
const UNSCALED =
  /%|percent|\bper\b|\bratios?\b|\brate\b(?!\s+(?:swaps?|changes?|differences?|fluctuations?|hedges?)\b)|margin/i
const AT_A_RATE = /\bat (?:the |an? )?(?:[\w-]+ ){0,4}rates?\b/gi
const MINOR_UNIT = /\b(?:cents?|pence)\b/i
// "Useful Lives (in years)": a length of time, no amount of money.
const IN_YEARS = /\bin years\b|\((?:years|months)\)/i
const COUNTED = /\b(?:days|headcount|employees|number of)\b/i
const COUNTED_COLUMN =
  /^(?:number of )?(?:shares|units|options|awards|rsus)\b|\bnumber of (?:shares|units|options|awards)\b/i
const MONEY_COLUMN = /\$|€|£|\bprice\b|\bvalue\b|\bamount\b|\bcost\b/i
// "(In thousands, except per share data)" scales every other figure: its exception names no row or column.
const EXCEPTION = /,?\s*except\b[^)]*/gi
const unscaledLabel = (label: string) => UNSCALED.test(label.replace(EXCEPTION, '').replace(AT_A_RATE, ''))

export interface RowMatch {
  row: number
  score: number
  recall: number
  /** Whether the row's label or section holds a term: a match by the column headers alone names any row. */
  named: boolean
}

export function matchRows(
  table: Table,
  terms: string[],
  soft: string[],
  columns: number[],
  gerunds: string[] = [],
): RowMatch[] {
  const columnTerms = new Set([
    ...columns.flatMap((column) => table.columns[column]!.terms),
    ...table.columns[0]!.terms,
  ])
  const captionTerms = new Set(termsOf(table.caption))
  const matches: RowMatch[] = []
  for (let row = table.headerRows; row < table.rows.length; row++) {
    if (!columns.some((column) => figureAt(table, row, column))) continue
    const label = new Set(termsOf(table.rowLabels[row]!))
    const section = new Set([...termsOf(table.sections[row]!), ...termsOf(table.wholes?.[row] ?? '')])
    const labelGerunds = new Set(gerundsOf(table.rowLabels[row]!))
    // A row labelled "Total" alone totals what the caption names, unless the table lists only some
    // of what it includes ("Operating income included the following:").
    const totalOf =
      /^total$/i.test(table.rowLabels[row]!.trim()) && !/\binclud/i.test(table.caption)
        ? captionTerms
        : new Set<string>()
    let found = 0
    let named = false
    for (const term of terms) {
      if (label.has(term) || section.has(term) || totalOf.has(term)) named = true
      // "marketing" and "Markets" share a stem, not a meaning; "operating" and "operations" often do.
      if (label.has(term)) found += gerunds.includes(term) === labelGerunds.has(term) ? 1 : 0.5
      else if (section.has(term) || columnTerms.has(term) || totalOf.has(term)) found += 0.8
      else if (captionTerms.has(term)) found += 0.5
    }
    const recall = found / terms.length
    const labelHits = [...label].filter((term) => terms.includes(term) || soft.includes(term)).length
    const precision = label.size ? labelHits / label.size : 0
    const softHits = soft.filter((term) => label.has(term)).length
    matches.push({ row, recall, named, score: recall + 0.2 * precision + 0.05 * softHits })
  }
  return matches.sort((a, b) => b.score - a.score)
}

/** The share of the terms that the table's labels, headers and caption hold between them. */
export function tableRecall(table: Table, terms: string[]) {
  const words = new Set(
    termsOf(
      [...table.rowLabels, ...table.sections, ...table.columns.map((column) => column.label), table.caption].join(' '),
    ),
  )
  return terms.filter((term) => words.has(term)).length / terms.length
}

/** The value columns: past the label, holding at least one figure. */
export const valueColumns = (table: Table) =>
  table.columns
    .filter((column) => column.index > 0 && !column.notes)
    .filter((column) => table.rows.some((_, row) => figureAt(table, row, column.index)))

/** The columns a period names: one, or the latest so many years; null when the table lacks any of them. */
export function resolve(table: Table, period: Period): number[] | null {
  const columns = valueColumns(table).filter((column) => column.year !== null)
  const ofYear = (year: number | undefined) => columns.find((column) => column.year === year)?.index ?? null
  if ('year' in period) return [ofYear(period.year)].filter((column) => column !== null)
  const years = [...new Set(columns.map((column) => column.year!))].sort((a, b) => b - a)
  if ('latest' in period) {
    if (years.length < period.latest) return null
    return years.slice(0, period.latest).map((year) => ofYear(year)!)
  }
  const year = ofYear(years[period.relative === 'latest' ? 0 : 1])
  return year === null ? null : [year]
}

export const yearOfColumn = (table: Table, column: number) => table.columns[column]!.year ?? 0

/**
 * A period column's name in an answer: as the table writes it when that is only the period
 * ("FY2025", "2019"), its year when the label says more ("Years Ended September 30, 2019"), else
 * the label.
 */
export function periodName(table: Table, column: number) {
  const { label, year } = table.columns[column]!
  if (/^(?:FY\s?'?)?\d{2,4}$/i.test(label.trim())) return label.trim()
  return year?.toString() ?? label
}

/** A cell with its row's and column's labels, as a citation names it. */
export const operandCell = (table: Table, row: number, column: number): CellReference => ({
  row,
  column,
  rowLabel: table.rowLabels[row]!,
  columnLabel: table.columns[column]!.label,
  text: table.rows[row]![column]!,
})

export function operandAt(table: Table, row: number, column: number): Operand | null {
  const figure = figureAt(table, row, column)
  return figure && { value: figure.value, cell: operandCell(table, row, column) }
}

/**
 * A column of rates that opens and closes with a percentage and carries no currency (a
 * reconciliation from the statutory tax rate to the effective one): its bare figures between are
 * percentages too.
 */
function rateColumn(table: Table, column: number) {
  const figures = table.rows.flatMap((_, row) => figureAt(table, row, column) ?? [])
  return (
    figures.length >= 3 &&
    figures[0]!.unit === '%' &&
    figures.at(-1)!.unit === '%' &&
    figures.every((figure) => !figure.unit || figure.unit === '%')
  )
}

/**
 * A cell's figure, or zero for a dash ("—", "-"): a statement's dash says there was none, so a
 * change or a total reads it as nothing. A blank or "n/a" stays unknown.
 */
export function operandOrNil(table: Table, row: number, column: number): Operand | null {
  const text = table.rows[row]?.[column]?.trim() ?? ''
  if (row >= table.headerRows && /^\$?\s*[-—–−]{1,3}$/.test(text))
    return { value: new Decimal(0), cell: operandCell(table, row, column) }
  return operandAt(table, row, column)
}

export function unitsOf(table: Table, operands: Operand[]): { scale: Scale | null; unit: string | null } {
  // A share written bare ("31") under "share_of_revenue_percent" is a percentage as much as "31%".
  const percent = operands.some(
    (operand) => /%/.test(operand.cell.text) || namesPercent(operand.cell.columnLabel.replace(EXCEPTION, '')),
  )
  if (percent || (operands.length > 0 && operands.every((operand) => rateColumn(table, operand.cell.column))))
    return { scale: null, unit: '%' }
  // "Earnings per share (cents)": a figure in cents or pence carries no dollar or pound sign.
  if (
    operands.some(
      ({ cell }) =>
        MINOR_UNIT.test(cell.rowLabel) || MINOR_UNIT.test(cell.columnLabel) || IN_YEARS.test(cell.columnLabel),
    )
  )
    return { scale: null, unit: null }
  // A column of shares or units counted ("Number of Shares", "Shares") beside a column of prices.
  const counted = operands.some(
    (operand) =>
      COUNTED.test(operand.cell.rowLabel) ||
      (COUNTED_COLUMN.test(operand.cell.columnLabel) && !MONEY_COLUMN.test(operand.cell.columnLabel)),
  )
  const unscaled =
    counted ||
    operands.some((operand) => unscaledLabel(operand.cell.rowLabel) || unscaledLabel(operand.cell.columnLabel))
  // The cell's own sign first, then its row's or column's label ("revenue_usd", "Revenue ($)"): a
  // table whose other columns are counts or codes has no currency of its own.
  const currency =
    operands.map((operand) => figureAt(table, operand.cell.row, operand.cell.column)?.unit).find(Boolean) ??
    (counted ? undefined : operands.map(({ cell }) => currencyNamedIn(cell.rowLabel, cell.columnLabel)).find(Boolean))
  // A count ("Employees") is no amount of the table's currency.
  return {
    scale: unscaled ? null : table.scale,
    unit: currency ?? (table.unit && table.unit !== '%' && !counted ? table.unit : null),
  }
}
