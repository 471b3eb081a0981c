import { and, eq, inArray, or, sql } from 'drizzle-orm'

import type { Database } from '../db/database'
import { documentFacts } from '../db/schema'

/*
 * What a document is, by what its tables hold (issue 45, item 4): an income statement by its rows,
 * a balance sheet by its totals, a customer list, revenue by product line, a schedule of add-backs,
 * capital expenditure by year, a schedule of premises and rent (or a lease's rent, stated in a
 * sentence). Read from the facts ingestion
 * stored, whatever the document's title: "financials" or "numbers for Karen" holds an income
 * statement all the same.
 */

export type ContentKind =
  'financial-statements' | 'revenue-breakdown' | 'customer-revenue' | 'add-backs' | 'capex-history' | 'premises'

export interface ContentFound {
  kind: ContentKind
  /** What the tables hold, in words: "an income statement for 2023–2025". */
  what: string
  /** The fiscal years it covers, oldest first. */
  years: number[]
}

/** One line of a document's facts summed up: a measure, by entity kind or for the business, and its years. */
export interface FactSummary {
  documentId: number
  /** Read from a table's cells, or from sentences. */
  kind: 'cell' | 'prose'
  measureKey: string | null
  entityKind: string | null
  /** How many distinct entities (0: the business's own figures). */
  entities: number
  years: number[]
}

// Rows an income statement has beside revenue: at least two of them make one.
const INCOME_ROWS = [
  'cost_of_sales',
  'gross_profit',
  'operating_expenses',
  'ebitda',
  'operating_income',
  'pretax_income',
  'income_tax',
  'net_income',
]
// A balance sheet's totals: assets, and liabilities or equity.
const BALANCE_TOTALS = ['total_liabilities', 'equity', 'liabilities_and_equity']
// Annual statements cover three years, or fewer with the balance sheet beside them.
const STATEMENT_YEARS = 3
const RENT = new Set(['rent', 'monthly_rent', 'annual_rent'])

/** The table facts of an organization's documents summed up, in one statement: a few lines a document. */
export async function factSummaries(db: Database, organizationId: number): Promise<FactSummary[]> {
  const rows = await db
    .select({
      documentId: documentFacts.documentId,
      kind: documentFacts.kind,
      measureKey: documentFacts.measureKey,
      entityKind: documentFacts.entityKind,
      entities: sql<number>`count(distinct ${documentFacts.entity})::int`,
      years: sql<
        number[] | null
      >`array_agg(distinct ${documentFacts.periodYear}) filter (where ${documentFacts.periodKind} = 'year')`,
    })
    .from(documentFacts)
    .where(
      and(
        eq(documentFacts.organizationId, organizationId),
        // Sentences state a lease's rent; the rest of what a document is, its tables say.
        or(eq(documentFacts.kind, 'cell'), inArray(documentFacts.measureKey, [...RENT])),
      ),
    )
    .groupBy(documentFacts.documentId, documentFacts.kind, documentFacts.measureKey, documentFacts.entityKind)
  return rows.map((row) => ({ ...row, years: (row.years ?? []).filter((year) => year !== null) }))
}

const span = (years: number[]) =>
  years.length === 0 ? '' : years.length === 1 ? ` for ${years[0]}` : ` for ${years[0]}–${years.at(-1)}`

/** What each document's tables hold, by document id. */
export function documentContents(summaries: FactSummary[]): Map<number, ContentFound[]> {
  const byDocument = new Map<number, FactSummary[]>()
  for (const summary of summaries)
    byDocument.set(summary.documentId, [...(byDocument.get(summary.documentId) ?? []), summary])
  return new Map([...byDocument].map(([id, lines]) => [id, contentOf(lines)]))
}

function contentOf(all: FactSummary[]): ContentFound[] {
  const lines = all.filter((line) => line.kind === 'cell')
  const own = (key: string) => lines.find((line) => line.entities === 0 && line.measureKey === key)
  const found: ContentFound[] = []
  const revenue = own('revenue')
  const income = revenue && INCOME_ROWS.filter((key) => own(key)).length >= 2
  const balance = Boolean(own('total_assets')) && BALANCE_TOTALS.some((key) => own(key))
  if (income) {
    const years = [...revenue.years].sort((a, b) => a - b)
    if (years.length >= STATEMENT_YEARS || balance)
      found.push({
        kind: 'financial-statements',
        what: `an income statement${span(years)}${balance ? ' and a balance sheet' : ''}`,
        years,
      })
  }
  const entitiesOf = (test: (line: FactSummary) => boolean) =>
    lines.filter((line) => line.entities > 0 && test(line)).reduce((most, line) => Math.max(most, line.entities), 0)
  const yearsOf = (test: (line: FactSummary) => boolean) =>
    [...new Set(lines.filter(test).flatMap((line) => line.years))].sort((a, b) => a - b)
  // Revenue split by what is sold (a line, a service, an account), not by whom it is sold to.
  const byLine = (line: FactSummary) =>
    line.measureKey === 'revenue' && (line.entityKind === 'segment' || line.entityKind === null)
  if (entitiesOf(byLine) >= 2)
    found.push({ kind: 'revenue-breakdown', what: 'revenue by product line', years: yearsOf(byLine) })
  const customers = (line: FactSummary) => line.entityKind === 'customer'
  if (entitiesOf(customers) >= 2)
    found.push({ kind: 'customer-revenue', what: 'revenue by customer', years: yearsOf(customers) })
  const addBacks = (line: FactSummary) => line.entityKind === 'add_back'
  if (entitiesOf(addBacks) >= 1)
    found.push({ kind: 'add-backs', what: 'a schedule of add-backs', years: yearsOf(addBacks) })
  const capex = own('capex')
  if (capex) {
    const years = [...capex.years].sort((a, b) => a - b)
    found.push({ kind: 'capex-history', what: `capital expenditure${span(years)}`, years })
  }
  if (lines.some((line) => line.entityKind === 'premises' || RENT.has(line.measureKey ?? '')))
    found.push({ kind: 'premises', what: 'premises and their rent', years: [] })
  else if (all.some((line) => RENT.has(line.measureKey ?? '')))
    found.push({ kind: 'premises', what: 'a lease and its rent', years: [] })
  return found
}
