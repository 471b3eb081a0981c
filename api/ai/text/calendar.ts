/*
 * Years, fiscal years and months as documents and questions write them: the one place
 * their patterns are spelled (issue 45, item 2). Readers compose their own expressions from these
 * sources (each a group that captures nothing) and read what they match with the functions below.
 */

import { MONTH_NAMES } from '../../../shared/calendar'

/** A calendar year of the last and this century: "1998", "2031". */
export const YEAR = String.raw`(?:19|20)\d\d`
/** A year, or a fiscal year written with two digits: "2024", "FY2024", "FY24", "FY'24", "F24". */
export const ANY_YEAR = String.raw`(?:fy\s?'?\d\d|f'?\d\d(?!\d)|(?:fy\s?)?${YEAR})`
/** A fiscal year written with two digits, the digits captured: "FY24", "FY 24", "FY'24", "F24". */
export const SHORT_FISCAL_YEAR = String.raw`\bf(?:y\s?)?'?(\d\d)\b`

/** A month by its full name. */
export const FULL_MONTH = `(?:${MONTH_NAMES.join('|')})`
/** A month by its full name or its abbreviation ("Sept", "Sep", "Jan"), without the abbreviation's dot. */
export const MONTH = `(?:${MONTH_NAMES.join('|')}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)`

/** A month and its year: "March 2025", "Sept. 2024". */
export const MONTH_YEAR = String.raw`\b${MONTH}\.?\s+${YEAR}\b`

/** A quarter's ordinal: "first" … "fourth", "1st" … "4th". */
export const QUARTER_ORDINAL = String.raw`(?:first|second|third|fourth|1st|2nd|3rd|4th)`
const QUARTER_NUMBERS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4 }

/** The quarter an ordinal names: "Third" → 3, "2nd" → 2. */
export const quarterOfOrdinal = (ordinal: string) =>
  QUARTER_NUMBERS[ordinal.toLowerCase()] ?? Number(ordinal.slice(0, 1))

const WHOLE_YEAR = new RegExp(`^${YEAR}$`)
const YEAR_LABEL = new RegExp(String.raw`^(?:fiscal\s+(?:year\s+)?|fy\s*'?)?${YEAR}$`, 'i')
const YEARS = new RegExp(String.raw`(?<!\d)${YEAR}(?!\d)`, 'g')

/** Whether a text is a year and nothing else: "2024", not "FY2024" or "2024E". */
export const isYear = (text: string) => WHOLE_YEAR.test(text)

/** Whether a label names a year alone: "2024", "FY2024", "Fiscal 2024", "fiscal year 2024". */
export const isYearLabel = (label: string) => YEAR_LABEL.test(label.trim())

/** The years a text writes ("FY2023" and "2024E" among them), in order, each as often as written. */
export const yearsIn = (text: string) => [...text.matchAll(YEARS)].map((match) => Number(match[0]))

/** A month's index (January 0) from its name or abbreviation, or -1. */
export function monthIndex(name: string) {
  const start = name.slice(0, 3).toLowerCase()
  return start.length === 3 ? MONTH_NAMES.findIndex((month) => month.startsWith(start)) : -1
}
