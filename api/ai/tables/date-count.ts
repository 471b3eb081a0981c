import Decimal from 'decimal.js'

import { FULL_MONTH, monthIndex, YEAR, yearsIn } from '../text/calendar'
import type { Computation, Operand, Part } from './compute'
import { type Question, termsOf } from './question'
import { operandCell } from './rows'
import type { Table } from './table'

// "before 2027", "after March 2026", "by June 30, 2027": the date a count compares against.
const THRESHOLD = new RegExp(
  `\\b(before|after|earlier than|later than|prior to|by)\\s+(?:the end of\\s+)?(?:(${FULL_MONTH})\\s+(?:(\\d{1,2}),?\\s+)?)?(${YEAR})\\b`,
  'i',
)
const HOW_MANY = /\bhow many\b/i
const DATE_CELL = new RegExp(`^(?:${FULL_MONTH}\\s+\\d{1,2},\\s+${YEAR}|\\d{1,2}\\s+${FULL_MONTH}\\s+${YEAR})$`, 'i')

/** A date cell as a day number (UTC), or null. */
function dayOf(cell: string): number | null {
  const text = cell.trim()
  if (!DATE_CELL.test(text)) return null
  const [month] = text.toLowerCase().match(new RegExp(FULL_MONTH))!
  const day = Number(/\b(\d{1,2})\b/.exec(text)![1])
  const [year] = yearsIn(text)
  return Date.UTC(year, monthIndex(month), day)
}

/** The first day a question's "before"/"after" date excludes or includes, as a comparison. */
function thresholdOf(text: string): { passes: (day: number) => boolean; condition: string } | null {
  const match = THRESHOLD.exec(text)
  if (!match) return null
  const [, word, month, day, year] = match
  const before = /before|earlier|prior/i.test(word!)
  const monthAt = month ? monthIndex(month) : null
  // "before 2027" is before its first day; "after 2027" after its last; "by June 30, 2027" up to it.
  const start = Date.UTC(Number(year), monthAt ?? 0, day ? Number(day) : 1)
  const end =
    monthAt === null
      ? Date.UTC(Number(year) + 1, 0, 1)
      : day
        ? start + 86_400_000
        : Date.UTC(Number(year), monthAt + 1, 1)
  const condition = `${word!.toLowerCase()} ${[month, day && `${day},`, year].filter(Boolean).join(' ')}`
  if (/^by$/i.test(word!)) return { passes: (at) => at < end, condition }
  return { passes: before ? (at) => at < start : (at) => at >= end, condition }
}

/**
 * "How many leases end before 2027?": the rows of a table whose date column (the one the question's
 * words name, "Lease ends on") falls before or after the date asked, counted and named.
 */
export function countByDate<S>(
  asked: Question,
  tables: Array<{ table: Table; source: S }>,
): { computation: Computation; operands: Operand[]; source: S; score: number } | null {
  if (!HOW_MANY.test(asked.text)) return null
  const threshold = thresholdOf(asked.text)
  if (!threshold) return null
  const words = new Set(termsOf(asked.text.replace(THRESHOLD, ' ')))
  let best: { computation: Computation; operands: Operand[]; source: S; score: number } | null = null
  for (const { table, source } of tables) {
    const body = table.rows.map((_, row) => row).filter((row) => row >= table.headerRows)
    for (const column of table.columns.slice(1)) {
      const dated = body.filter((row) => dayOf(table.rows[row]![column.index]!) !== null)
      if (dated.length < 2) continue
      const named = termsOf([column.label, table.caption, table.columns[0]!.label].join(' '))
      const score = [...words].filter((term) => named.includes(term)).length / Math.max(1, words.size)
      if (score === 0 || (best && score <= best.score)) continue
      const matching = dated.filter((row) => threshold.passes(dayOf(table.rows[row]![column.index]!)!))
      // A date's figure is its year: what the count compared.
      const operands = matching.map((row) => ({
        value: new Decimal(new Date(dayOf(table.rows[row]![column.index]!)!).getUTCFullYear()),
        cell: operandCell(table, row, column.index),
      }))
      const parts: Part[] = [
        `${matching.length} of ${dated.length} ${threshold.condition}`,
        ...operands.flatMap((operand, index) => [
          `${index === 0 ? ': ' : ', '}${operand.cell.rowLabel} (`,
          { operand, text: operand.cell.text.trim() },
          ')',
        ]),
      ]
      const derivation = parts.map((part) => (typeof part === 'string' ? part : part.text)).join('')
      const computation = {
        value: new Decimal(matching.length),
        display: String(matching.length),
        scale: null,
        unit: null,
        derivation,
        parts,
      }
      best = { computation, operands, source, score }
    }
  }
  return best
}
