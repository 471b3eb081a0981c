import { monthName } from '../../../shared/calendar'
import type { Company, FiscalYear } from './model'
import type { Random } from './random'

/** How dates and periods are named: only names true to the company's fiscal year end. */

const parts = (iso: string) => iso.split('-').map(Number) as [number, number, number]

/** "December 31, 2025", or "Dec 31, 2025" when `short`. */
export function longDate(iso: string, short = false) {
  const [year, month, day] = parts(iso)
  const name = short ? monthName(month).slice(0, 3) : monthName(month)
  return `${name} ${day}, ${year}`
}

/** "12/31/2025", or "12/31/25" when `short`. */
export function numericDate(iso: string, short = false) {
  const [year, month, day] = parts(iso)
  return `${month}/${day}/${short ? String(year).slice(2) : year}`
}

/** "Month day," of the fiscal year end, as a two-row header's top line says it: "December 31,". */
export const yearEndDay = (company: Company) => `${monthName(company.yearEnd.month)} ${company.yearEnd.day}`

export interface YearLabels {
  label: (year: FiscalYear) => string
  family: 'calendar-year-labels' | 'fiscal-year-labels' | 'year-ended-labels'
}

/** A way to name fiscal years. A bare "2025" is a calendar year, so only December year ends use it. */
export function yearLabels(random: Random, company: Company): YearLabels {
  const choices: YearLabels[] = [
    { label: (fy) => `FY${String(fy.year).slice(2)}`, family: 'fiscal-year-labels' },
    { label: (fy) => `FY${fy.year}`, family: 'fiscal-year-labels' },
    { label: (fy) => `Fiscal ${fy.year}`, family: 'fiscal-year-labels' },
    { label: (fy) => `Year ended ${longDate(fy.end)}`, family: 'year-ended-labels' },
    { label: (fy) => `YE ${numericDate(fy.end)}`, family: 'year-ended-labels' },
  ]
  if (company.yearEnd.month === 12) choices.push({ label: (fy) => String(fy.year), family: 'calendar-year-labels' })
  return random.pick(choices)
}

export interface DateLabels {
  label: (iso: string) => string
  family: 'as-of-dates-long' | 'as-of-dates-numeric' | 'fiscal-year-labels'
}

/** A way to name balance sheet dates: the date itself, long or numeric, or the fiscal year it ends. */
export function dateLabels(random: Random): DateLabels {
  return random.pick<DateLabels>([
    { label: (iso) => longDate(iso), family: 'as-of-dates-long' },
    { label: (iso) => longDate(iso, true), family: 'as-of-dates-long' },
    { label: (iso) => `As of ${longDate(iso)}`, family: 'as-of-dates-long' },
    { label: (iso) => numericDate(iso), family: 'as-of-dates-numeric' },
    { label: (iso) => numericDate(iso, true), family: 'as-of-dates-numeric' },
    { label: (iso) => `FY${iso.slice(0, 4)}`, family: 'fiscal-year-labels' },
  ])
}

/** A month column's name: "Jul-24", "Jul 2024", "2024-07" or "July 2024". */
export function monthLabel(random: Random): (iso: string) => string {
  return random.pick<(iso: string) => string>([
    (iso) => `${monthName(parts(iso)[1]).slice(0, 3)}-${iso.slice(2, 4)}`,
    (iso) => `${monthName(parts(iso)[1]).slice(0, 3)} ${iso.slice(0, 4)}`,
    (iso) => iso.slice(0, 7),
    (iso) => `${monthName(parts(iso)[1])} ${iso.slice(0, 4)}`,
  ])
}

/** The last day of the month that starts on `iso` (a month start), ISO. */
export function monthEnd(iso: string) {
  const [year, month] = parts(iso)
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return `${iso.slice(0, 8)}${String(day).padStart(2, '0')}`
}
