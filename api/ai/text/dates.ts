/** Dates and durations as documents write them. */

import { MONTH, monthIndex, YEAR } from './calendar'
import { NUMBER_WORDS } from './number-words'

const MONTH_AT = String.raw`(${MONTH})\.?`
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`
const YEAR_AT = `(${YEAR})`
const DATE_FORMS: Array<{ pattern: RegExp; read: (match: RegExpExecArray) => Date | null }> = [
  {
    pattern: new RegExp(String.raw`\b${DAY}\s+${MONTH_AT},?\s+${YEAR_AT}\b`, 'gi'),
    read: (m) => day(m[3], month(m[2]), m[1]),
  },
  {
    pattern: new RegExp(String.raw`\b${MONTH_AT}\s+${DAY},?\s+${YEAR_AT}\b`, 'gi'),
    read: (m) => day(m[3], month(m[1]), m[2]),
  },
  {
    pattern: new RegExp(String.raw`\b${YEAR_AT}-(\d\d)-(\d\d)\b`, 'g'),
    read: (m) => day(m[1], Number(m[2]) - 1, m[3]),
  },
  {
    // 30/11/2025 is read day first; 11/30/2025 can only be month first.
    pattern: new RegExp(String.raw`\b(\d{1,2})[/.](\d{1,2})[/.]${YEAR_AT}\b`, 'g'),
    read: (m) => (Number(m[2]) > 12 ? day(m[3], Number(m[1]) - 1, m[2]) : day(m[3], Number(m[2]) - 1, m[1])),
  },
  // "June 2026": the month's last day, when a contract running "until June 2026" ends.
  {
    pattern: new RegExp(String.raw`\b${MONTH_AT}\s+${YEAR_AT}\b`, 'gi'),
    read: (m) => new Date(Date.UTC(Number(m[2]), month(m[1]) + 1, 0)),
  },
]

const month = (name: string | undefined) => monthIndex(name ?? '')

function day(year: string | undefined, monthIndex: number, date: string | undefined) {
  const [y, d] = [Number(year), Number(date)]
  if (monthIndex < 0 || monthIndex > 11 || d < 1) return null
  const value = new Date(Date.UTC(y, monthIndex, d))
  return value.getUTCMonth() === monthIndex ? value : null
}

export interface FoundDate {
  date: Date
  index: number
  text: string
}

/** The dates written in a text, in order; a day-month-year is not read again as its month-year. */
export function datesIn(text: string): FoundDate[] {
  const found: FoundDate[] = []
  // The characters dates were read from, marked: comparing each match with every one before it was
  // quadratic in a text of many dates.
  const taken = new Uint8Array(text.length)
  for (const { pattern, read } of DATE_FORMS) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index
      const end = start + match[0].length
      if (taken.subarray(start, end).includes(1)) continue
      // "31 February 2025" is no day, and not February 2025 either.
      taken.fill(1, start, end)
      const date = read(match as RegExpExecArray)
      if (date) found.push({ date, index: start, text: match[0] })
    }
  }
  return found.sort((a, b) => a.index - b.index)
}

const DURATION = new RegExp(
  String.raw`\b(?:in|within|after|over)\s+(?:the\s+next\s+|about\s+|around\s+|less than\s+)?(\d+|${Object.keys(NUMBER_WORDS).join('|')})\s+(day|week|month|year)s?\b`,
  'gi',
)
const UNIT_MONTHS = { day: 1 / 30.44, week: 7 / 30.44, month: 1, year: 12 } as const

export interface FoundDuration {
  months: number
  index: number
  text: string
}

/** "in 8 months", "within the next two years": how far ahead, in months. */
export function durationsIn(text: string): FoundDuration[] {
  return [...text.matchAll(DURATION)].map((match) => {
    const count = Number(match[1]) || NUMBER_WORDS[match[1]!.toLowerCase()] || 1
    const unit = match[2]!.toLowerCase() as keyof typeof UNIT_MONTHS
    return { months: count * UNIT_MONTHS[unit], index: match.index, text: match[0] }
  })
}

export const monthsBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / (30.44 * 24 * 3600 * 1000)

/** "15 months", "6 weeks", "2 years": a span as a reader would say it. */
export function spanText(months: number) {
  if (months < 1.5) return `${Math.max(1, Math.round(months * 4.35))} weeks`
  if (months >= 24 && Number.isInteger(Math.round(months) / 12)) return `${Math.round(months) / 12} years`
  return `${Math.round(months)} months`
}

/**
 * The day the document speaks from: a date given as its date ("Date: 14 March 2025", "as of …")
 * near its start, else the first date of its opening lines, else `fallback`.
 */
export function documentDate(text: string, fallback: Date): Date {
  const opening = text.slice(0, 800)
  const labelled = /\b(?:date|dated|as (?:of|at))\b\s*:?\s*/gi
  for (const match of opening.matchAll(labelled)) {
    const [first] = datesIn(opening.slice(match.index + match[0].length, match.index + match[0].length + 40))
    if (first && first.index === 0) return first.date
  }
  const [first] = datesIn(opening.slice(0, 300))
  return first?.date ?? fallback
}
