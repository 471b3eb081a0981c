import { COUNT, count } from './horizon'
import { valueColumns } from './rows'
import type { Table } from './table'

// How a schedule of contractual obligations heads its columns: "Less than 1 year", "Up to 1 year",
// "1-3 years", "1 to 3 years", "3–5 years", "More than 5 years", "Thereafter".
const UP_TO = new RegExp(
  String.raw`^(?:less than|under|up to|within|<)\s*${COUNT}\s*years?$|^${COUNT}\s*years?\s+or\s+less$`,
  'i',
)
const BETWEEN = new RegExp(String.raw`^${COUNT}\s*(?:-|–|—|to)\s*${COUNT}\s*years?$`, 'i')
const BEYOND = new RegExp(String.raw`^(?:more than|over|after|beyond|>)\s*${COUNT}\s*years?$|^thereafter$`, 'i')

/** The span of years a column of maturities covers, or null for any other column. */
export function maturityOf(label: string): { from: number; to: number } | null {
  // A spanning header ("Payments due by period (in thousands)") comes before the column's own words.
  const own = label.replace(/^.*\bby period\b\s*(?:\([^()]*\)\s*)?/i, '').trim()
  const upTo = UP_TO.exec(own)
  if (upTo) return { from: 0, to: count(upTo[1] ?? upTo[2]!) }
  const between = BETWEEN.exec(own)
  if (between) return { from: count(between[1]!), to: count(between[2]!) }
  const beyond = BEYOND.exec(own)
  if (beyond) return { from: beyond[1] ? count(beyond[1]) : Infinity, to: Infinity }
  return null
}

/**
 * The columns of a schedule of maturities that together cover the first `years` years exactly,
 * from the first; null when the table has no such columns or does not split at that horizon
 * ("within 4 years" over "3–5 years" is not in it).
 */
export function columnsWithin(table: Table, years: number): number[] | null {
  const spans = valueColumns(table).flatMap((column) => {
    const span = maturityOf(column.label)
    return span ? [{ index: column.index, ...span }] : []
  })
  const within = spans.filter((span) => span.to <= years).sort((a, b) => a.from - b.from)
  if (within.length === 0 || within[0]!.from !== 0 || within.at(-1)!.to !== years) return null
  // Contiguous: each starts where the one before ends.
  if (within.some((span, index) => index > 0 && span.from !== within[index - 1]!.to)) return null
  return within.map((span) => span.index)
}

// How a question names a span of maturities: "less than one year", "between 2-5 years", "1 to 3
// years", "more than 5 years".
const SPAN_ASKED = new RegExp(
  String.raw`\b(?:(less than|up to|within)\s+${COUNT}\s+years?|(?:between\s+)?${COUNT}\s*(?:-|–|to)\s*${COUNT}\s+years?|(more than|after|beyond)\s+${COUNT}\s+years?|(thereafter))\b`,
  'gi',
)

/** The spans of maturities a question names, in its order. */
export function spansAsked(text: string): Array<{ from: number; to: number }> {
  return [...text.matchAll(SPAN_ASKED)].map((match) => {
    if (match[1]) return { from: 0, to: count(match[2]!) }
    if (match[3]) return { from: count(match[3]), to: count(match[4]!) }
    if (match[5]) return { from: count(match[6]!), to: Infinity }
    return { from: 0, to: Infinity }
  })
}

/** The column of a schedule of maturities for each span, in order; null unless every one has one. */
export function columnsOfSpans(table: Table, spans: Array<{ from: number; to: number }>): number[] | null {
  const columns = spans.map(
    (span) =>
      valueColumns(table).find((column) => {
        const own = maturityOf(column.label)
        // "Thereafter" begins where the one before it ends.
        return own && own.to === span.to && (own.from === span.from || (span.to === Infinity && own.from === Infinity))
      })?.index,
  )
  return columns.every((column) => column !== undefined) ? (columns as number[]) : null
}
