import type { Sentence } from '../../../shared/analysis'
import { figureCount } from '../text/amounts'
import { ONE_CUSTOMER_MEDIUM } from './risks'
import { keyColumn, magnitude, REMAINDER, SHARE_HEADER, sourceOf, statementOf, TOTAL, type Unit } from './units'

const MAX_FINDINGS = 12
// A table tells its story in a few rows: the largest ones, so a long list does not crowd out the text.
// A row that sums up others ("Other customers (41)") takes no item's place; a total is told besides.
const ROWS_PER_TABLE = 3
const MIN_TERMS = 4

/** Subjects a buyer reads a document for, each worth a point when a sentence states a figure about it. */
const SUBJECTS = [
  /\b(?:revenue|revenues|sales|turnover)\b/i,
  /\b(?:ebitda|ebit|operating profit|net profit|profit before tax|earnings)\b/i,
  /\bmargins?\b/i,
  /\b(?:grew|growth|increased|rose|up|down|fell|declined|decreased)\b/i,
  /\b(?:customers?|clients?)\b/i,
  /\b(?:valuation|enterprise value|equity value|multiple|price|earn-out)\b/i,
  /\b(?:debt|cash|borrowings|facility|working capital|capital expenditure|capex)\b/i,
  /\b(?:employees|employs|staff|headcount|people)\b/i,
]
const OBLIGATION =
  /\b(?:must|shall|is required to|are required to|obliged|undertakes?|covenants?|guarantee[sd]?|notice period|deadline|due (?:on|by)|expires?|ends?|runs until|leaves on|by \d{1,2} \w+)\b/i

export interface Finding extends Sentence {
  position: number
  /** Whether it states an earnings figure (EBITDA, profit), which the recommendations build on. */
  earnings: boolean
}

/** The facts and figures the document states, quoted, in reading order. */
export function findFindings(units: Unit[]): Finding[] {
  const scored = units
    .map((unit) => ({ unit, score: scoreOf(unit) }))
    .filter(({ unit, score }) => score > 0 && unit.terms.length >= (unit.table ? 1 : MIN_TERMS))
  const rows = new Map<number, Array<{ unit: Unit; score: number }>>()
  for (const entry of scored) {
    if (!entry.unit.table) continue
    const table = rows.get(entry.unit.table.id)
    if (table) table.push(entry)
    else rows.set(entry.unit.table.id, [entry])
  }
  const keptRows = new Set([...rows.values()].flatMap((entries) => tellingRows(entries.map((entry) => entry.unit))))
  return scored
    .filter(({ unit }) => !unit.table || keptRows.has(unit))
    .sort((a, b) => b.score - a.score || a.unit.position - b.unit.position)
    .slice(0, MAX_FINDINGS)
    .sort((a, b) => a.unit.position - b.unit.position)
    .map(({ unit }) => ({
      text: statementOf(unit),
      source: sourceOf(unit),
      position: unit.position,
      earnings: SUBJECTS[1]!.test(unit.text) && figureCount(unit.text).money > 0,
    }))
}

/** How much a unit states: figures and dates, more when about what a buyer reads for; 0 for none. */
function scoreOf(unit: Unit) {
  const figures = figureCount(unit.quote)
  const obligation = OBLIGATION.test(unit.quote)
  const stated = figures.money + figures.percent + figures.multiple
  if (!stated && !figures.dates && !obligation && !unit.table) return 0
  // A heading or a label line ("Date: 2 April 2025") is a finding only when it states a figure.
  if (unit.kind === 'line' && !stated) return 0
  const subjects = SUBJECTS.filter((subject) => subject.test(unit.text)).length
  return Math.min(stated, 4) * 2 + Math.min(figures.dates, 2) + (obligation ? 2 : 0) + subjects + (unit.table ? 1 : 0)
}

/**
 * The rows of one table worth a finding: its largest items, and every item whose share is one a
 * buyer weighs as a concentration (so the list never stops just above a customer that matters),
 * and its totals.
 */
function tellingRows(rows: Unit[]): Unit[] {
  const items = rows.filter(
    (unit) => !REMAINDER.test(unit.table!.cells[0] ?? '') && !TOTAL.test(unit.table!.cells[0] ?? ''),
  )
  const largest = [...items].sort((a, b) => magnitude(b) - magnitude(a) || a.position - b.position)
  const isShare = (unit: Unit) => {
    const column = keyColumn(unit)
    return column !== undefined && SHARE_HEADER.test(unit.table!.header[column] ?? '')
  }
  return [
    ...largest.filter(
      (unit, rank) => rank < ROWS_PER_TABLE || (isShare(unit) && magnitude(unit) >= ONE_CUSTOMER_MEDIUM),
    ),
    ...rows.filter((unit) => TOTAL.test(unit.table!.cells[0] ?? '')),
  ]
}
