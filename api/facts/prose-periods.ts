import { YEAR } from '../ai/text/calendar'
import { datesIn, type FoundDate } from '../ai/text/dates'
import type { FactPeriod } from './types'

/*
 * The periods a sentence names, for the figures beside them: fiscal years ("fiscal 2025", "FY25",
 * "the year ended June 30, 2025", "2025"), as-of dates ("as of March 31, 2026") and deadlines ("by
 * the end of June 2028", "no later than June 30, 2028", "by year end 2028", "before 2028").
 *
 * A deadline is an as-of period whose date is the last day it allows: the month's last day for a
 * month ("by the end of June 2028": 2028-06-30), December 31 for a year ("by 2028": 2028-12-31),
 * and the year before's for "before 2028" (2027-12-31).
 */

export interface PeriodMention {
  period: FactPeriod
  /** A date something is wanted by, not the period a figure was measured over. */
  deadline: boolean
  start: number
  end: number
}

// How far after "by", "as of" or "year ended" the date must start: it follows them at once.
const DATE_REACH = 40
const DEADLINE =
  /\b(?:by|before|no later than|not later than|until)\s+(?:the\s+end\s+of\s+|(?:the\s+)?(?:year[- ]end|end of)\s+)?/gi
const AS_OF = /\bas (?:of|at)\s+/gi
const YEAR_ENDED = /\b(?:fiscal\s+)?years?\s+end(?:ed|ing)\s+/gi
const FISCAL_YEAR = new RegExp(String.raw`\b(?:fiscal(?:\s+year)?\s+|FY\s?'?)(${YEAR}|\d\d)\b`, 'gi')
const YEARS = new RegExp(String.raw`\b${YEAR}\b`, 'g')
const YEAR_AT_START = new RegExp(String.raw`^(?:fiscal\s+)?(${YEAR})\b`, 'i')

const iso = (date: Date) => date.toISOString().slice(0, 10)

/** The periods a sentence names, in order. */
export function periodsIn(sentence: string): PeriodMention[] {
  const dates = datesIn(sentence)
  const mentions: PeriodMention[] = []
  const taken = new Uint8Array(sentence.length)
  const add = (mention: PeriodMention) => {
    if (taken.subarray(mention.start, mention.end).includes(1)) return
    taken.fill(1, mention.start, mention.end)
    mentions.push(mention)
  }
  // The date starting where `at` is, among the sentence's dates (in order, so found by a binary search).
  const dateAt = (at: number): FoundDate | undefined => {
    let [low, high] = [0, dates.length]
    while (low < high) {
      const middle = (low + high) >> 1
      if (dates[middle]!.index < at) low = middle + 1
      else high = middle
    }
    return dates[low]?.index === at ? dates[low] : undefined
  }
  for (const match of sentence.matchAll(DEADLINE)) {
    const after = match.index + match[0].length
    const date = dateAt(after)
    const before = /^before/i.test(match[0])
    if (date) {
      const label = sentence.slice(match.index, date.index + date.text.length)
      add({ period: asOf(date.date, label), deadline: true, start: match.index, end: match.index + label.length })
      continue
    }
    const year = YEAR_AT_START.exec(sentence.slice(after, after + DATE_REACH))
    if (!year) continue
    const last = new Date(Date.UTC(Number(year[1]) - (before ? 1 : 0), 11, 31))
    const label = sentence.slice(match.index, after + year[0].length)
    add({ period: asOf(last, label), deadline: true, start: match.index, end: match.index + label.length })
  }
  for (const match of sentence.matchAll(AS_OF)) {
    const date = dateAt(match.index + match[0].length)
    if (!date) continue
    const label = sentence.slice(match.index, date.index + date.text.length)
    add({ period: asOf(date.date, label), deadline: false, start: match.index, end: match.index + label.length })
  }
  for (const match of sentence.matchAll(YEAR_ENDED)) {
    const date = dateAt(match.index + match[0].length)
    if (!date) continue
    const label = sentence.slice(match.index, date.index + date.text.length)
    const period: FactPeriod = { kind: 'year', year: date.date.getUTCFullYear(), date: iso(date.date), label }
    add({ period, deadline: false, start: match.index, end: match.index + label.length })
  }
  for (const date of dates)
    add({
      period: asOf(date.date, date.text),
      deadline: false,
      start: date.index,
      end: date.index + date.text.length,
    })
  for (const match of sentence.matchAll(FISCAL_YEAR)) {
    const digits = match[1]!
    const year = digits.length === 2 ? 2000 + Number(digits) : Number(digits)
    add({
      period: { kind: 'year', year, label: match[0] },
      deadline: false,
      start: match.index,
      end: match.index + match[0].length,
    })
  }
  for (const match of sentence.matchAll(YEARS))
    add({
      period: { kind: 'year', year: Number(match[0]), label: match[0] },
      deadline: false,
      start: match.index,
      end: match.index + match[0].length,
    })
  return mentions.sort((a, b) => a.start - b.start)
}

const asOf = (date: Date, label: string): FactPeriod => ({
  kind: 'as_of',
  year: date.getUTCFullYear(),
  date: iso(date),
  label,
})
