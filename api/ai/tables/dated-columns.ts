import { FULL_MONTH, monthIndex, QUARTER_ORDINAL, quarterOfOrdinal, YEAR } from '../text/calendar'
import { valueColumns } from './rows'
import type { Table } from './table'

// "July 27, 2019", "July 27": a month and its day, the year after it when written.
const DATE = new RegExp(String.raw`\b(${FULL_MONTH})\s+(\d{1,2})\b(?:,?\s*(${YEAR}))?`, 'gi')
const YEAR_AFTER = new RegExp(String.raw`(?<!\d)(${YEAR})(?!\d)`)

interface Dated {
  month: number
  day: number
  year: number
}

/** Each date a text writes, in order; a date without its year takes the next year written after it. */
export function datesIn(text: string): Dated[] {
  return [...text.matchAll(DATE)].flatMap((match) => {
    const year = match[3] ?? YEAR_AFTER.exec(text.slice(match.index + match[0].length))?.[1]
    if (!year) return []
    return [{ month: monthIndex(match[1]!), day: Number(match[2]), year: Number(year) }]
  })
}

/** The date a column's label gives, when it gives one. */
export const dateOfColumn = (table: Table, column: number): Dated | null =>
  datesIn(table.columns[column]!.label)[0] ?? null

/**
 * A table of quarters whose columns end on dates of one year ("July 27, 2019 | April 27, 2019 |
 * January 26, 2019 | October 27, 2018"): a year names several columns, so the question's dates pick
 * them ("between the quarters ended July 27 and April 27 in 2019"), each by its month and year.
 * `null` when the table's columns are no such dates (the year names one column each); an empty list
 * when a year asked spans several of them and no date asked picks one, so nothing is guessed.
 */
export function columnsByDate(table: Table, question: string, years: number[]): number[] | null {
  const columns = valueColumns(table).filter((column) => column.year !== null)
  const shared = columns.some((column) =>
    columns.some(
      (other) =>
        other !== column &&
        other.year === column.year &&
        dateOfColumn(table, other.index) &&
        dateOfColumn(table, column.index) &&
        dateOfColumn(table, other.index)!.month !== dateOfColumn(table, column.index)!.month,
    ),
  )
  if (!shared) return null
  const asked = datesIn(question)
  if (asked.length === 0) {
    if (!years.some((year) => columns.filter((column) => column.year === year).length > 1)) return null
    // "December 31, 2019 | December 31, 2018 | January 1, 2018": the date the years share is their
    // period end, and "in 2018" asks for it; quarters of one year share none.
    const months = new Map<number, number>()
    for (const column of columns) {
      const month = dateOfColumn(table, column.index)?.month
      if (month !== undefined) months.set(month, (months.get(month) ?? 0) + 1)
    }
    const [first, second] = [...months].sort((a, b) => b[1] - a[1])
    if (!first || first[1] < 2 || second?.[1] === first[1]) return []
    const ends = years.map(
      (year) =>
        columns.find((column) => column.year === year && dateOfColumn(table, column.index)?.month === first[0])?.index,
    )
    return ends.every((column) => column !== undefined) ? [...new Set(ends as number[])] : []
  }
  const picked = asked.map(
    (date) =>
      columns.find((column) => {
        const own = dateOfColumn(table, column.index)
        return own && own.month === date.month && own.year === date.year
      })?.index,
  )
  return picked.every((column) => column !== undefined) ? [...new Set(picked as number[])] : []
}

const QUARTER_LABEL = new RegExp(String.raw`\b(${QUARTER_ORDINAL})\b.*\bquarter\b|\bq([1-4])\b`, 'i')
const QUARTERS_ASKED = new RegExp(String.raw`\b(${QUARTER_ORDINAL})\b|\bq([1-4])\b`, 'gi')

/** The quarter (1 to 4) a column's label names, or null. */
export function quarterOfColumn(table: Table, column: number) {
  const match = QUARTER_LABEL.exec(table.columns[column]!.label)
  if (!match) return null
  return match[1] ? quarterOfOrdinal(match[1]) : Number(match[2])
}

/**
 * Quarters as columns under their year ("Fiscal 2019: First Quarter | Second Quarter | … | Total"):
 * the quarters a question names pick the columns, in the year asked; with none named, a year asks
 * for the column of the whole year when there is one, else for nothing. Null when the columns are
 * no quarters.
 */
export function columnsByQuarter(table: Table, question: string, years: number[]): number[] | null {
  const columns = valueColumns(table)
  const quarters = columns.filter((column) => quarterOfColumn(table, column.index) !== null)
  if (new Set(quarters.map((column) => quarterOfColumn(table, column.index))).size < 2) return null
  if (years.length > 1) return []
  const inYear = (column: (typeof columns)[number]) => years.length === 0 || column.year === years[0]
  const asked = /\bquarters?\b/i.test(question)
    ? [...question.matchAll(QUARTERS_ASKED)].map((match) => (match[1] ? quarterOfOrdinal(match[1]) : Number(match[2])))
    : []
  if (asked.length === 0) {
    if (years.length === 0) return null
    const whole = columns.filter((column) => inYear(column) && quarterOfColumn(table, column.index) === null)
    return whole.length === 1 ? [whole[0]!.index] : []
  }
  const picked = asked.map((quarter) => {
    const found = quarters.filter((column) => inYear(column) && quarterOfColumn(table, column.index) === quarter)
    return found.length === 1 ? found[0]!.index : undefined
  })
  return picked.every((column) => column !== undefined) ? [...new Set(picked as number[])] : []
}

/** A column's place in time, for ordering a change between two dated columns or quarters of one year. */
export const timeOfColumn = (table: Table, column: number) => {
  const date = dateOfColumn(table, column)
  const year = table.columns[column]!.year ?? 0
  const quarter = quarterOfColumn(table, column)
  if (quarter !== null) return year * 10000 + quarter * 300
  return date ? year * 10000 + date.month * 100 + date.day : year * 10000 + 1231
}
