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

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/** A month named in full or by its first three letters or more ("Mar", "Sept", "march"), else null. */
function namedMonth(word: string) {
  const name = word.toLowerCase()
  const index = name.length >= 3 ? MONTH_NAMES.findIndex((month) => month.startsWith(name)) : -1
  return index === -1 ? null : index + 1
}

// How people write a day, US style first, as the app shows dates (spec §9): 03/15/2027, 3-15-2027,
// 2027-03-15, Mar 15, 2027, 15 March 2027. Four-digit years only: "3/15/27" would be a guess.
const MONTH_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/
const YEAR_FIRST = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/
const NAME_FIRST = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i
const DAY_FIRST = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)\.?,?\s+(\d{4})$/i

export const DATE_EXAMPLE = '03/15/2027'
const NOT_A_DATE = `Enter a date as MM/DD/YYYY, e.g. ${DATE_EXAMPLE}`

/** The year, month and day a typed date names, unchecked, or null when it is not written as a date. */
function typedParts(text: string): [year: number, month: number | null, day: number] | null {
  let match = MONTH_FIRST.exec(text)
  if (match) return [Number(match[3]), Number(match[1]), Number(match[2])]
  if ((match = YEAR_FIRST.exec(text))) return [Number(match[1]), Number(match[2]), Number(match[3])]
  if ((match = NAME_FIRST.exec(text))) return [Number(match[3]), namedMonth(match[1]!), Number(match[2])]
  if ((match = DAY_FIRST.exec(text))) return [Number(match[3]), namedMonth(match[2]!), Number(match[1])]
  return null
}

/**
 * A date as typed into a form's date field, read as the calendar day it names (YYYY-MM-DD), or the
 * reason it names none, for the field's error: "02/30/2026" is refused, not dropped (issue 47).
 */
export function readTypedDay(text: string): { day: string } | { problem: string } {
  const parts = typedParts(text.trim())
  if (!parts) return { problem: NOT_A_DATE }
  const [year, month, day] = parts
  if (month === null || month < 1 || month > 12) return { problem: NOT_A_DATE }
  if (year < 1900) return { problem: 'Enter a date between the years 1900 and 9999' }
  const days = daysIn(year, month)
  if (day < 1 || day > days) return { problem: `Enter a real date: ${monthName(month)} ${year} has ${days} days` }
  const two = (value: number) => String(value).padStart(2, '0')
  return { day: `${year}-${two(month)}-${two(day)}` }
}

/** A calendar day (YYYY-MM-DD) as a date field shows it to be edited, US style: "03/15/2027". */
export function typedDay(day: string) {
  const [year, month, date] = day.split('-')
  return `${month}/${date}/${year}`
}

// One formatter per month style: `toLocaleDateString` builds a new one on every call, which was a
// twentieth of the action plan's page, drawing a date for each of its suggestions (decision 081).
const dayFormats = {
  short: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }),
  long: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }),
}

/**
 * A calendar day (a due date, a target date) as written, whatever the reader's zone: "Jun 30, 2028",
 * or in a sentence "June 30, 2028". Read at noon UTC, it is on its own day in every zone's calendar.
 */
export const calendarDay = (day: string, month: 'short' | 'long' = 'short') =>
  dayFormats[month].format(new Date(`${day}T12:00:00Z`))
