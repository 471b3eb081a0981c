import type Decimal from 'decimal.js'

import { statedCell } from '../../../../shared/figures'
import { groupBy } from '../../../../shared/group-by'
import { REMAINDER, TOTAL } from '../../../ai/analysis/units'
import type { FactLink } from '../../../facts/fact-links'
import type { FactQuery, StoredFact } from '../../../facts/organization-facts'
import { sourceOf } from '../../value-gap/fact-sources'
import type { DocumentSource, Finding } from '../../value-gap/passage-sources'
import { Exact, none, type Proposal, proposed } from './shared'

// The largest customer's share of revenue → customers.largest-share, as risks.ts and buyers read it.
export const CUSTOMER_THRESHOLDS = [
  { above: 25, score: 1 },
  { above: 15, score: 2 },
  { above: 10, score: 3 },
  { above: 5, score: 4 },
] as const
const customerScore = (share: Decimal) => CUSTOMER_THRESHOLDS.find(({ above }) => share.gt(above))?.score ?? 5

// A row of many customers is no customer: "Walk-in and small accounts", "All other clients".
const GROUP_ROW = /\b(?:customers|clients|accounts|buyers|others?|various|sundry|small|walk-ins?|retail sales)\b/i

/** The facts the largest customer is read from: customers' figures, and the business's revenue. */
export const CUSTOMER_FACTS: FactQuery = { measureKeys: ['revenue'], entityKinds: ['customer'] }

/** The largest customer's share and the facts it is read from, before they are cited. */
export interface LargestCustomer {
  name: string
  share: Decimal
  /** The customer's share as stated, or its revenue. */
  figure: StoredFact
  /** The revenue it is a share of: the table's total row, or the year's revenue; null for a stated share. */
  total: StoredFact | null
}

/**
 * The largest single customer's share of revenue, from a table of customers (issue 45, item 4):
 * its share as the table states it, else its revenue over the table's total row when the table
 * also lists the other customers, else over the year's revenue as the statements state it. A row of
 * many customers is not one customer. Of several tables the latest year's is read; tables of one
 * year with different largest shares give none.
 */
export function chooseLargestCustomer(facts: StoredFact[]): Finding<LargestCustomer> {
  const cells = facts.filter((fact) => fact.kind === 'cell' && fact.entityKind === 'customer' && fact.entity)
  if (cells.length === 0) return none('No document holds a table of revenue or share of revenue by customer.')
  const tables = [...groupBy(cells, (fact) => `${fact.documentId} ${fact.source.page}`).values()].map(latestYearOf)
  const latest = Math.max(...tables.map(({ year }) => year ?? 0))
  const read = tables.filter(({ year }) => (year ?? 0) === latest).map(({ table }) => largestIn(table, facts))
  const found = read.filter((each): each is LargestCustomer => !('reason' in each))
  const shares = new Set(found.map((each) => `${each.name} ${each.share.toFixed(2)}`))
  if (shares.size > 1)
    return none(
      `The documents hold customer tables with different largest shares: ${found
        .map(({ figure }) => {
          const { quote, location } = sourceOf(figure, undefined)
          return `${quote} (${figure.title}, ${location})`
        })
        .join('; ')}.`,
    )
  if (found[0]) return { value: found[0], reason: null }
  return none((read[0] as { reason: string }).reason)
}

/** A table's figures of its latest year (a share column names none, or that year), and the year. */
function latestYearOf(table: StoredFact[]) {
  const years = table.flatMap((fact) => (fact.period?.kind === 'year' ? [fact.period.year] : []))
  if (years.length === 0) return { table, year: null }
  const year = Math.max(...years)
  return { table: table.filter((fact) => !fact.period || fact.period.year === year), year }
}

const isTotal = (fact: StoredFact) => TOTAL.test(fact.entity!)
const isGroup = (fact: StoredFact) => !isTotal(fact) && (REMAINDER.test(fact.entity!) || GROUP_ROW.test(fact.entity!))

function largestIn(table: StoredFact[], facts: StoredFact[]): LargestCustomer | { reason: string } {
  const title = table[0]!.title
  const customers = table.filter((fact) => !isTotal(fact) && !isGroup(fact))
  const shares = customers.filter((fact) => fact.unit === '%')
  if (shares.length) {
    const figure = maxBy(shares)
    return { name: figure.entity!, share: new Exact(figure.value), figure, total: null }
  }
  const revenues = customers.filter((fact) => fact.measureKey === 'revenue')
  if (revenues.length === 0) return { reason: `The customer table in ${title} states no revenue or share by customer.` }
  const figure = maxBy(revenues)
  // A total row is the business's revenue only when the table lists the other customers too.
  const total =
    (table.some(isGroup) ? table.find((fact) => isTotal(fact) && fact.measureKey === 'revenue') : undefined) ??
    yearRevenue(facts, figure)
  if (!total || !new Exact(total.value).gt(0))
    return {
      reason: `The customer table in ${title} gives revenue by customer but no total row, so a share cannot be computed.`,
    }
  return { name: figure.entity!, share: new Exact(figure.value).dividedBy(total.value).times(100), figure, total }
}

/** The business's revenue of the customer figure's year, when the documents state one figure for it. */
function yearRevenue(facts: StoredFact[], customer: StoredFact) {
  const year = customer.period?.kind === 'year' ? customer.period.year : null
  if (year === null) return undefined
  const stated = facts.filter(
    (fact) =>
      fact.measureKey === 'revenue' &&
      !fact.entity &&
      fact.unit !== '%' &&
      fact.period?.kind === 'year' &&
      fact.period.year === year,
  )
  return new Set(stated.map((fact) => fact.value)).size === 1 ? stated[0] : undefined
}

/** The facts a proposal cites, to be linked to their passages. */
export const customerFactsCited = ({ value }: Finding<LargestCustomer>) =>
  value ? [value.figure, ...(value.total ? [value.total] : [])] : []

/** The proposal for the largest customer, its figures cited. */
export function largestCustomer(choice: Finding<LargestCustomer>, links: Map<StoredFact, FactLink>): Finding<Proposal> {
  if (!choice.value) return choice
  const { figure, total } = choice.value
  const source = sourceOf(figure, links.get(figure))
  if (!total) return proposed(proposal(choice.value, source, 'as the table states its share'))
  const totalSource = sourceOf(total, links.get(total))
  // The cells as a reader reads them ("$8,091,000 of $26,100,000"), not as a sheet stores them.
  const how = `${statedCell(source.quote, source.location)} of ${statedCell(totalSource.quote, totalSource.location)} in total`
  return proposed(proposal(choice.value, source, how, totalSource))
}

/**
 * The largest customer's share in words, with its "%": a stated share as written ("18.0%"), unless
 * written as a fraction ("0.095" is 9.5%); a computed one to its second decimal, else "about 37.6%".
 */
export function shareWritten({ share, figure, total }: LargestCustomer) {
  const quote = sourceOf(figure, undefined).quote.trim()
  const stated = !total && quote.endsWith('%') ? quote : null
  const written = stated ?? (share.decimalPlaces() <= 2 ? share.toFixed() : `about ${share.toFixed(1)}`)
  return `${written.replace(/%$/, '')}%`
}

function proposal(largest: LargestCustomer, source: DocumentSource, how: string, total?: DocumentSource): Proposal {
  const score = customerScore(largest.share)
  const bound = CUSTOMER_THRESHOLDS.find((threshold) => threshold.score === score)
  const band = bound ? `above ${bound.above}%` : '5% or less'
  return {
    key: 'customers.largest-share',
    score,
    reason: `The largest customer, ${largest.name}, brings ${shareWritten(largest)} of revenue (${how}): ${band} proposes ${score}.`,
    sources: total ? [source, total] : [source],
  }
}

const maxBy = (facts: StoredFact[]) =>
  facts.reduce((best, fact) => (new Exact(fact.value).gt(best.value) ? fact : best))
