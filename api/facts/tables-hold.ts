import type { ContentFound } from '../db/content-kinds'
import type { Fact } from './types'

export type { ContentFound, ContentKind } from '../db/content-kinds'

/*
 * What a document is, by what its tables hold (issue 45, item 4): an income statement by its rows,
 * a balance sheet by its totals, a customer list, revenue by product line, a schedule of add-backs,
 * capital expenditure by year, a schedule of premises and rent (or a lease's rent, stated in a
 * sentence). Read from its facts when they are read, and stored with the document, whatever its
 * title: "financials" or "numbers for Karen" holds an income statement all the same. The checklist
 * reads it on every view without reading the facts again.
 */

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
const RENT = new Set(['rent', 'monthly_rent'])

const span = (years: number[]) =>
  years.length === 0 ? '' : years.length === 1 ? ` for ${years[0]}` : ` for ${years[0]}–${years.at(-1)}`

const yearsOf = (facts: Fact[]) =>
  [...new Set(facts.flatMap((fact) => (fact.period?.kind === 'year' ? [fact.period.year] : [])))].sort((a, b) => a - b)
const entityCount = (facts: Fact[]) => new Set(facts.map((fact) => fact.entity)).size

/** What a document's facts say it is. */
export function tablesHold(facts: Fact[]): ContentFound[] {
  const cells = facts.filter((fact) => fact.kind === 'cell')
  const own = (key: string) => cells.filter((fact) => !fact.entity && fact.measureKey === key)
  const ofEntities = (test: (fact: Fact) => boolean) => cells.filter((fact) => fact.entity && test(fact))
  const found: ContentFound[] = []
  const revenue = own('revenue')
  const income = revenue.length > 0 && INCOME_ROWS.filter((key) => own(key).length).length >= 2
  const balance = own('total_assets').length > 0 && BALANCE_TOTALS.some((key) => own(key).length)
  if (income) {
    const years = yearsOf(revenue)
    if (years.length >= STATEMENT_YEARS || balance)
      found.push({
        kind: 'financial-statements',
        what: `an income statement${span(years)}${balance ? ' and a balance sheet' : ''}`,
        years,
      })
  }
  // Revenue split by what is sold (a line, a service, an account), not by whom it is sold to.
  const byLine = ofEntities(
    (fact) => fact.measureKey === 'revenue' && (fact.entityKind === 'segment' || fact.entityKind === null),
  )
  if (entityCount(byLine) >= 2)
    found.push({ kind: 'revenue-breakdown', what: 'revenue by product line', years: yearsOf(byLine) })
  const customers = ofEntities((fact) => fact.entityKind === 'customer')
  if (entityCount(customers) >= 2)
    found.push({ kind: 'customer-revenue', what: 'revenue by customer', years: yearsOf(customers) })
  const addBacks = ofEntities((fact) => fact.entityKind === 'add_back')
  if (addBacks.length) found.push({ kind: 'add-backs', what: 'a schedule of add-backs', years: yearsOf(addBacks) })
  const capex = own('capex')
  if (capex.length) {
    const years = yearsOf(capex)
    found.push({ kind: 'capex-history', what: `capital expenditure${span(years)}`, years })
  }
  if (cells.some((fact) => fact.entityKind === 'premises' || RENT.has(fact.measureKey ?? '')))
    found.push({ kind: 'premises', what: 'premises and their rent', years: [] })
  else if (facts.some((fact) => RENT.has(fact.measureKey ?? '')))
    found.push({ kind: 'premises', what: 'a lease and its rent', years: [] })
  return found
}
