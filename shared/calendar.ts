/** The months in English, lowercase, January first: as documents write them, for reading dates. */
export const MONTH_NAMES: readonly string[] = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
]

/** A month (1 = January) as a sentence writes it: "March". */
export const monthName = (month: number) => {
  const name = MONTH_NAMES[month - 1]!
  return name[0]!.toUpperCase() + name.slice(1)
}

/** Whether a value is a day of the calendar as YYYY-MM-DD: "2026-02-30" is not one. */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  // An impossible day ("2026-13-45") is an Invalid Date, whose toISOString throws.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/**
 * A calendar day (a due date, a target date) as written, whatever the reader's zone: "Jun 30, 2028",
 * or in a sentence "June 30, 2028". Read at noon UTC, it is on its own day in every zone's calendar.
 */
export const calendarDay = (day: string, month: 'short' | 'long' = 'short') =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month,
    day: 'numeric',
  })
