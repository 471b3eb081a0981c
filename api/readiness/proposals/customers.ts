import type Decimal from 'decimal.js'

import { REMAINDER, SHARE_HEADER, TOTAL } from '../../ai/analysis/units'
import type { Passage } from '../../ai/retrieval/passage'
import { parseFigure, parseTables, type Table } from '../../ai/tables/table'
import type { DocumentSource, Finding } from '../value-evidence'
import { cellOf, Exact, none, type Proposal, proposed } from './shared'

// The largest customer's share of revenue → customers.largest-share, as risks.ts and buyers read it.
export const CUSTOMER_THRESHOLDS = [
  { above: 25, score: 1 },
  { above: 15, score: 2 },
  { above: 10, score: 3 },
  { above: 5, score: 4 },
] as const
const customerScore = (share: Decimal) => CUSTOMER_THRESHOLDS.find(({ above }) => share.gt(above))?.score ?? 5

const CUSTOMER_COLUMN = /\b(?:customers?|clients?|accounts?|buyers?)\b/i
// A row of many customers is no customer: "Walk-in and small accounts", "All other clients".
const GROUP_ROW = /\b(?:customers|clients|accounts|buyers|others?|various|sundry|small|walk-ins?|retail sales)\b/i
const REVENUE_COLUMN = /\b(?:revenue|revenues|sales|turnover|billings|income)\b/i

interface Row {
  label: string
  index: number
}
/**
 * The largest single customer's share from a customer table: its share column, read whole (the
 * shares add up to 100%, within their rounding), or its revenue over the table's total row. A row
 * of many customers is not one customer; a table read only in part gives no largest.
 */
export function largestCustomer(passages: Passage[]): Finding<Proposal> {
  const reasons: string[] = []
  const found = new Map<string, Proposal>()
  for (const passage of passages)
    for (const [tableIndex, table] of parseTables(passage.text).entries()) {
      const read = customerTable(passage, table, tableIndex)
      // Overlapping chunks read one table twice: one proposal per document and reason.
      if (read && 'proposal' in read) found.set(`${passage.documentId} ${read.proposal.reason}`, read.proposal)
      else if (read) reasons.push(read.reason)
    }
  const [first, ...others] = found.values()
  // Two tables (two years, two lists) with different largest customers: which one holds is the advisor's to say.
  if (first && others.length)
    return none(
      `The documents hold customer tables with different largest shares: ${[first, ...others]
        .map(({ sources }) => `${sources[0]!.quote} (${sources[0]!.title}, ${sources[0]!.location})`)
        .join('; ')}.`,
    )
  if (first) return proposed(first)
  return none(reasons[0] ?? 'No document holds a table of revenue or share of revenue by customer.')
}

function customerTable(
  passage: Passage,
  table: Table,
  tableIndex: number,
): { proposal: Proposal } | { reason: string } | null {
  if (table.transposed || !CUSTOMER_COLUMN.test(table.columns[0]?.label ?? '')) return null
  const body = table.rowLabels
    .map((label, index) => ({ label: label.trim(), index }))
    .filter(({ label, index }) => index >= table.headerRows && label)
  const totalRow = body.find((row) => TOTAL.test(row.label))
  const rows = body.filter((row) => row !== totalRow)
  const customers = rows.filter((row) => !REMAINDER.test(row.label) && !GROUP_ROW.test(row.label))
  if (customers.length === 0) return null
  const figure = (row: Row, column: number) => parseFigure(table.rows[row.index]![column] ?? '')?.value ?? null
  const share = table.columns.findIndex((column) => column.index > 0 && SHARE_HEADER.test(column.label))
  if (share > 0 && rows.every((row) => figure(row, share))) {
    const written = rows.map((row) => table.rows[row.index]![share]!.trim())
    const sum = rows.reduce((total, row) => total.plus(figure(row, share)!), new Exact(0))
    const decimals = Math.max(...written.map((text) => /\.(\d+)/.exec(text)?.[1]?.length ?? 0))
    const slack = new Exact(0.5).times(new Exact(10).pow(-decimals)).times(rows.length)
    if (sum.minus(100).abs().gt(slack))
      return {
        reason: `The customer table in ${passage.documentTitle} was read only in part (its shares add up to ${sum.toFixed()}%), so its largest customer is not known.`,
      }
    const largest = maxBy(customers, (row) => figure(row, share)!)
    const source = cellOf(passage, tableIndex, table, largest.index, share)
    return { proposal: proposal(figure(largest, share)!, largest.label, source, 'as the table states its share') }
  }
  const revenue = table.columns.findIndex((column) => column.index > 0 && REVENUE_COLUMN.test(column.label))
  if (revenue < 0) return null
  const total = totalRow && figure(totalRow, revenue)
  if (!totalRow || !total?.gt(0))
    return {
      reason: `The customer table in ${passage.documentTitle} gives revenue by customer but no total row, so a share cannot be computed.`,
    }
  const largest = maxBy(customers, (row) => figure(row, revenue) ?? new Exact(0))
  const amount = figure(largest, revenue) ?? new Exact(0)
  const source = cellOf(passage, tableIndex, table, largest.index, revenue)
  const totalSource = cellOf(passage, tableIndex, table, totalRow.index, revenue)
  const value = new Exact(amount).dividedBy(total).times(100)
  return {
    proposal: proposal(value, largest.label, source, `${source.quote} of ${totalSource.quote} in total`, totalSource),
  }
}

function proposal(share: Decimal, name: string, source: DocumentSource, how: string, total?: DocumentSource): Proposal {
  const score = customerScore(share)
  const written = total ? (share.decimalPlaces() <= 2 ? share.toFixed() : `about ${share.toFixed(1)}`) : source.quote
  const bound = CUSTOMER_THRESHOLDS.find((threshold) => threshold.score === score)
  const band = bound ? `above ${bound.above}%` : '5% or less'
  return {
    key: 'customers.largest-share',
    score,
    reason: `The largest customer, ${name}, brings ${written.replace(/%$/, '')}% of revenue (${how}): ${band} proposes ${score}.`,
    sources: total ? [source, total] : [source],
  }
}

function maxBy<T>(items: T[], value: (item: T) => Decimal) {
  return items.reduce((best, item) => (value(item).gt(value(best)) ? item : best))
}
