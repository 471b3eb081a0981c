import { MONTH, monthIndex, QUARTER_ORDINAL, quarterOfOrdinal, YEAR } from '../ai/text/calendar'
import type { FactPeriod } from './types'

/**
 * The periods a table's labels name: fiscal years ("2025", "FY25", "Fiscal 2025", "Year ended
 * June 30, 2025", "YE 9/30/2025"), quarters ("Q1 FY25", "Q3 2024"), months ("Jul-24", "July
 * 2024", "2024-07") and dates ("Dec 31, 2025", "12/31/2024", "6/30/25", "2025-06-30"), and the
 * total column that closes a run of quarters or months ("Total", "Full year", "FY25 total").
 *
 * A year label names the fiscal year it ends in: "FY25", "Fiscal 2025" and "Year ended June 30,
 * 2025" are all fiscal 2025, which for a June year end runs from July 2024.
 */

const A_MONTH = String.raw`${MONTH}\.?`
// What says a date ends a year ("Year ended June 30, 2025") rather than states a balance on it.
const YEAR_ENDED = String.raw`(?:(?:fiscal\s)?(?:years?|twelve\smonths|12\smonths|period)\s(?:ended|ending)|fye?|ye)`
const AS_OF = String.raw`(?:as\s(?:of|at)|at)`
// Every repetition is bounded and every space single (cleanText folds runs of spaces), so the scan
// stays linear in the text: no alternative can be tried more than a few characters past its start.
const LABEL = [
  String.raw`(?:(?<ended>${YEAR_ENDED})\s|(?<asof>${AS_OF})\s)?`,
  '(?:',
  String.raw`(?<ldm>${A_MONTH})\s(?<ldd>\d{1,2}),?\s(?<ldy>\d{4})`,
  String.raw`|(?<ndm>\d{1,2})/(?<ndd>\d{1,2})/(?<ndy>\d{4}|\d{2})`,
  String.raw`|(?<idy>\d{4})-(?<idm>\d{2})-(?<idd>\d{2})`,
  String.raw`|q(?<qa>[1-4])\s?(?:fy\s?'?)?(?<qya>\d{4}|\d{2})`,
  String.raw`|(?<qb>[1-4])q\s?(?:fy\s?'?)?(?<qyb>\d{4}|\d{2})`,
  String.raw`|(?:fy\s?)?(?<qyc>\d{4})\s?q(?<qc>[1-4])`,
  String.raw`|(?<qo>${QUARTER_ORDINAL})\squarter,?\s(?:of\s)?(?:fiscal\s(?:year\s)?|fy\s?'?)?(?<qyo>\d{4})`,
  String.raw`|(?:fiscal\s|fy\s?)?(?<qyp>\d{4})\s(?<qp>${QUARTER_ORDINAL})\squarter`,
  String.raw`|(?<mm>${A_MONTH})[-\s'’]?(?<my>\d{4}|\d{2})`,
  String.raw`|(?<imy>\d{4})-(?<imm>\d{2})(?![-/]?\d)`,
  String.raw`|(?:fy\s?'?|fiscal\s(?:year\s)?)(?<fy>\d{4}|\d{2})(?<fyTotal>\s(?:total|full\syear|ytd))?`,
  String.raw`|(?<y>${YEAR})(?<yTotal>\stotal)?`,
  String.raw`|(?<total>total|full\syear|annual|ytd|year\stotal)`,
  ')',
].join('')
const BOUNDED = String.raw`(?<![\w/.,-])(?:${LABEL})(?![\w/-]|[.,]\d)`
const WHOLE_LABEL = new RegExp(String.raw`^(?:${LABEL})[\s,.:]*$`, 'i')
const LABELS_IN = new RegExp(BOUNDED, 'gi')

/** A period label: the period it names, or a total column's "Total" (period null, `total` set). */
export interface PeriodLabel {
  period: FactPeriod | null
  total: boolean
}

// A note's marker after a label: "July 27, 2019 (1)", "2024*", "FY25 †".
const NOTE_MARKER = /\s?(?:\(\d{1,2}\)|\*{1,3}|†)$/

/** The period a cell names when the cell is nothing but its label ("FY25", "As of Dec 31, 2025"). */
export function periodOf(cell: string): PeriodLabel | null {
  const text = cell.trim().replace(NOTE_MARKER, '')
  if (!text || text.length > 60) return null
  const match = WHOLE_LABEL.exec(text)
  return match ? labelOf(match, text.replace(/[\s,.:]+$/, '')) : null
}

/** Every period label in a line of text, with where it stands, left to right. */
export function periodsIn(text: string): Array<PeriodLabel & { start: number; end: number }> {
  const found: Array<PeriodLabel & { start: number; end: number }> = []
  for (const match of text.matchAll(LABELS_IN)) {
    const label = labelOf(match, match[0])
    if (label) found.push({ ...label, start: match.index, end: match.index + match[0].length })
  }
  return found
}

const monthNumber = (name: string) => monthIndex(name) + 1
const fullYear = (digits: string) => (digits.length === 2 ? 2000 + Number(digits) : Number(digits))
const pad = (value: number) => String(value).padStart(2, '0')

function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return day <= last ? `${year}-${pad(month)}-${pad(day)}` : null
}

/** Whether an ISO date is the last day of its month. */
export const isMonthEnd = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month, 0)).getUTCDate() === day
}

function labelOf(match: RegExpMatchArray, label: string): PeriodLabel | null {
  const g = match.groups!
  const total = Boolean(g.total || g.fyTotal || g.yTotal)
  if (g.total) return g.ended || g.asof ? null : { period: null, total }
  const date = g.ldy
    ? isoDate(Number(g.ldy), monthNumber(g.ldm!), Number(g.ldd))
    : g.ndy
      ? isoDate(fullYear(g.ndy), Number(g.ndm), Number(g.ndd))
      : g.idy
        ? isoDate(Number(g.idy), Number(g.idm), Number(g.idd))
        : undefined
  if (date === null) return null
  if (date) {
    const year = Number(date.slice(0, 4))
    // "Year ended June 30, 2025" names fiscal 2025 and its end; a bare date states a balance.
    return { period: { kind: g.ended ? 'year' : 'as_of', year, date, label }, total }
  }
  if (g.ended || g.asof) return null
  const ordinal = g.qo ?? g.qp
  const quarter = g.qa ?? g.qb ?? g.qc ?? (ordinal && String(quarterOfOrdinal(ordinal)))
  if (quarter) {
    return {
      period: {
        kind: 'quarter',
        year: fullYear(g.qya ?? g.qyb ?? g.qyc ?? g.qyo ?? g.qyp!),
        quarter: Number(quarter),
        label,
      },
      total,
    }
  }
  if (g.mm || g.imy) {
    const month = g.mm ? monthNumber(g.mm) : Number(g.imm)
    if (month < 1 || month > 12) return null
    return { period: { kind: 'month', year: g.mm ? fullYear(g.my!) : Number(g.imy), month, label }, total }
  }
  return { period: { kind: 'year', year: fullYear(g.fy ?? g.y!), label }, total }
}

/**
 * Months listed over exactly twelve consecutive months are a fiscal year, named by the year of its
 * last month (October 2024 to September 2025 is fiscal 2025); otherwise a month's fiscal year is
 * taken to be its calendar year, as for a December year end. `periods` are changed in place.
 */
export function assignFiscalYears(periods: FactPeriod[]) {
  const months = periods.filter((period) => period.kind === 'month')
  const indexes = [...new Set(months.map((period) => period.year * 12 + period.month! - 1))].sort((a, b) => a - b)
  if (indexes.length !== 12 || indexes[11]! - indexes[0]! !== 11) return
  const fiscalYear = Math.floor(indexes[11]! / 12)
  for (const period of months) period.year = fiscalYear
}

const QUARTER_ALONE = new RegExp(
  String.raw`^(?:(?<ordinal>${QUARTER_ORDINAL})(?:\s(?:fiscal\s)?(?:quarter|qtr\.?))?|q(?<number>[1-4]))$`,
  'i',
)

/**
 * The quarter a label names without its year ("First Quarter", "Third", "Q2"): the table says the
 * year elsewhere, over the quarters or in a row of its own.
 */
export function quarterNamed(cell: string): number | null {
  const match = QUARTER_ALONE.exec(cell.trim().replace(NOTE_MARKER, ''))
  if (!match) return null
  return match.groups!.number ? Number(match.groups!.number) : quarterOfOrdinal(match.groups!.ordinal!)
}
