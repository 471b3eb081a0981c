/**
 * How an advisor names periods, dates and amounts in a question, and how a gold answer writes its
 * figures. Periods follow the company's own fiscal year end: "2025" alone names a fiscal year only
 * when it is the calendar year.
 */
import { monthName } from '../../../shared/calendar'
import type { Company } from './model'
import type { Random } from './random'

/** "March 31, 2031", from an ISO date. The one written form of a date in a gold answer: the scorer wants it verbatim. */
export function writtenDate(isoDate: string) {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number]
  return `${monthName(month)} ${day}, ${year}`
}

/** "March", from an ISO date. */
export const monthOf = (isoDate: string) => monthName(Number(isoDate.slice(5, 7)))

/** "March 2025", from an ISO date. */
export const monthAndYear = (isoDate: string) => `${monthOf(isoDate)} ${isoDate.slice(0, 4)}`

const calendarYears = (company: Company) => company.yearEnd.month === 12 && company.yearEnd.day === 31

/** How a question names fiscal years; one style for a whole question, so a range reads as one. */
export type YearStyle = 'FY' | 'FY-short' | 'fiscal' | 'year-ended' | 'calendar'

export function yearStyle(random: Random, company: Company): YearStyle {
  const styles: YearStyle[] = ['FY', 'FY', 'FY-short', 'fiscal', 'year-ended']
  if (calendarYears(company)) styles.push('calendar', 'calendar')
  return random.pick(styles)
}

/** The end of the fiscal year named `year`, as an ISO date (also for years the files lack). */
function yearEndDate(company: Company, year: number) {
  const { month, day } = company.yearEnd
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** "FY2025", "FY25", "fiscal 2025", "the year ended June 30, 2025", or "2025" for calendar years. */
export function yearName(company: Company, year: number, style: YearStyle) {
  switch (style) {
    case 'FY':
      return `FY${year}`
    case 'FY-short':
      return `FY${String(year).slice(2)}`
    case 'fiscal':
      return `fiscal ${year}`
    case 'year-ended':
      return `the year ended ${writtenDate(yearEndDate(company, year))}`
    case 'calendar':
      return String(year)
  }
}

/** "from FY2023 through FY2025". */
export const yearRange = (company: Company, first: number, last: number, style: YearStyle) =>
  `from ${yearName(company, first, style)} through ${yearName(company, last, style)}`

/** A way of naming balance-sheet dates, for a whole question: "June 30, 2025", "the end of FY2025", "the end of 2025" for calendar years. */
export function yearEndStyle(random: Random, company: Company): (year: number) => string {
  const styles: Array<(year: number) => string> = [
    (year) => writtenDate(yearEndDate(company, year)),
    (year) => writtenDate(yearEndDate(company, year)),
    (year) => `the end of FY${year}`,
    (year) => `the end of fiscal ${year}`,
  ]
  if (calendarYears(company)) styles.push((year) => `the end of ${year}`)
  return random.pick(styles)
}

/** How a question calls the company: its name, or as its people do ("the bakery"). */
export const companyName = (random: Random, company: Company) =>
  random.pick([company.name, 'the company', company.shortName])

/** "Delta Tool & Die's", "Keystone CNC Works'", "the business's". */
export const possessive = (name: string) => (name.endsWith('s') && !name.startsWith('the ') ? `${name}'` : `${name}'s`)

export const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six']

/** "$950,000" or "$1.2 million", as an advisor writes a threshold. */
export function dollars(amount: number) {
  if (amount >= 1_000_000 && amount % 100_000 === 0) return `$${amount / 1_000_000} million`
  return `$${amount.toLocaleString('en-US')}`
}

export const ORDINALS = ['first', 'second', 'third', 'fourth']

// Gold figures. Money is exact integer arithmetic; a quotient is rounded once, half away from
// zero, in BigInt so no float step can move a figure across a rounding boundary.

/** `numerator / denominator` in units of 10^-decimals, rounded half away from zero. */
function roundedQuotient(numerator: number, denominator: number, decimals: number) {
  const scaled = BigInt(numerator) * 10n ** BigInt(decimals)
  const divisor = BigInt(denominator)
  const negative = scaled < 0n !== divisor < 0n
  const [a, b] = [scaled < 0n ? -scaled : scaled, divisor < 0n ? -divisor : divisor]
  const magnitude = (2n * a + b) / (2n * b)
  return negative ? -magnitude : magnitude
}

function fixed(units: bigint, decimals: number) {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0')
  const text = decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits
  return negative ? `-${text}` : text
}

/** Whole dollars: "7688000". */
export const money = (amount: number) => {
  if (!Number.isSafeInteger(amount)) throw new Error(`not whole dollars: ${amount}`)
  return String(amount)
}

/** A whole-dollar quotient (an average), rounded half away from zero: "7666333". */
export const moneyQuotient = (numerator: number, denominator: number) =>
  fixed(roundedQuotient(numerator, denominator, 0), 0)

/** `part / whole` as a percentage with two decimals: "8.82%". */
export const percent = (part: number, whole: number) => `${fixed(roundedQuotient(part * 100, whole, 2), 2)}%`

/** `numerator / denominator` with two decimals: "0.65". */
export const ratio = (numerator: number, denominator: number) => fixed(roundedQuotient(numerator, denominator, 2), 2)

/** A float (a CAGR) as a percentage with two decimals, rounded half away from zero. */
export function floatPercent(fraction: number) {
  const hundredths = Math.sign(fraction) * Math.round(Math.abs(fraction) * 10_000)
  return `${fixed(BigInt(hundredths), 2)}%`
}
