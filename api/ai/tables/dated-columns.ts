import { MONTH_NAMES } from '../../../shared/calendar'
import { FULL_MONTH, YEAR } from '../text/calendar'
import { valueColumns } from './rows'
import type { Table } from './table'

/*
 * "The cash at June 30 and December 31, 2019", "between the quarters ended January 26 and April 27,
 * 2019": two days of one year, which a year alone cannot tell apart, each heading a column of its
 * own ("Estimated at June 30, 2019", "Final as of December 31, 2019"; a quarter's "April 27, 2019").
 */

const DAY = new RegExp(String.raw`\b(${FULL_MONTH})\s+(\d{1,2})\b(?:,?\s+(${YEAR})\b)?`, 'gi')
const monthOf = (name: string) => MONTH_NAMES.findIndex((month) => month.toLowerCase() === name.toLowerCase())

/** The days a question names, each with its own year, or the year written after the last of them or once in the question. */
export function daysAsked(text: string) {
  const days = [...text.matchAll(DAY)].map((match) => ({
    month: monthOf(match[1]!),
    day: Number(match[2]),
    year: match[3] ? Number(match[3]) : null,
  }))
  const years = [...new Set(text.match(new RegExp(String.raw`\b${YEAR}\b`, 'g')) ?? [])]
  return days.map((day, index) => ({
    ...day,
    year:
      day.year ??
      days.slice(index + 1).find((later) => later.year)?.year ??
      (years.length === 1 ? Number(years[0]) : null),
  }))
}

/**
 * The column of each day a question names, when it names two or more and each heads exactly one
 * value column (its month and day, and its year when the label gives one); null otherwise. With
 * `laterFirst`, the later day's column first, as a change is read from the later.
 */
export function columnsOfDays(table: Table, text: string, laterFirst = false): number[] | null {
  const days = daysAsked(text)
  if (days.length < 2) return null
  const columns = valueColumns(table)
  const found = days.map((day) => {
    const named = new RegExp(String.raw`\b${MONTH_NAMES[day.month]}\s+${day.day}\b`, 'i')
    const matching = columns.filter(
      (column) => named.test(column.label) && (day.year === null || column.year === null || column.year === day.year),
    )
    return matching.length === 1
      ? { index: matching[0]!.index, key: (day.year ?? 0) * 500 + day.month * 40 + day.day }
      : null
  })
  if (found.some((column) => column === null)) return null
  const distinct = new Set(found.map((column) => column!.index))
  if (distinct.size !== found.length) return null
  const ordered = laterFirst ? [...found].sort((a, b) => b!.key - a!.key) : found
  return ordered.map((column) => column!.index)
}
