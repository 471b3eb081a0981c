/**
 * What every question family works from: the company, where its facts are placed, the seeded
 * random choices, and the names an advisor uses for its measures.
 */
import type { BalanceSheet, Company, FactGroup, IncomeYear, Placement } from './model'
import { latestYear } from './model'
import * as say from './phrasing'
import type { Random } from './random'

export type Kind =
  | 'lookup'
  | 'difference'
  | 'growth'
  | 'cagr'
  | 'margin'
  | 'sum'
  | 'average'
  | 'share'
  | 'ratio'
  | 'formula'
  | 'count'
  | 'compare'
  | 'text'
  | 'multi'
  | 'absent'
  | 'followup'

/** A question before its id and source: `groups` are the facts its operands come from. */
export interface Draft {
  question: string
  answer: string[]
  kind: Kind
  groups: FactGroup[]
  follows?: string
}

/** A question family: one question of its kind, or null when the sale file cannot support one. */
export type Family = (context: Context) => Draft | null

export type IncomeKey =
  | 'revenue'
  | 'costOfSales'
  | 'grossProfit'
  | 'operatingExpenses'
  | 'ebitda'
  | 'depreciation'
  | 'operatingIncome'
  | 'interest'
  | 'netIncome'
export type BalanceKey = Exclude<keyof BalanceSheet, 'asOf'>

export interface Measure<Key> {
  key: Key
  /** What an advisor calls it; the first is the plain name that fits "total …" and "average annual …". */
  names: string[]
}

export const REVENUE: Measure<IncomeKey> = {
  key: 'revenue',
  names: ['revenue', 'sales', 'net sales', 'the top line', 'turnover'],
}
export const NET_INCOME: Measure<IncomeKey> = {
  key: 'netIncome',
  names: ['net income', 'net profit', 'the bottom line'],
}
export const GROSS_PROFIT: Measure<IncomeKey> = { key: 'grossProfit', names: ['gross profit'] }
export const EBITDA: Measure<IncomeKey> = { key: 'ebitda', names: ['EBITDA'] }

/** The income-statement lines an advisor asks for, with their acronyms and synonyms. */
export const INCOME_MEASURES: Measure<IncomeKey>[] = [
  REVENUE,
  NET_INCOME,
  GROSS_PROFIT,
  EBITDA,
  { key: 'operatingExpenses', names: ['SG&A', 'selling, general and administrative expenses', 'operating expenses'] },
  { key: 'costOfSales', names: ['cost of sales', 'COGS', 'cost of goods sold'] },
  { key: 'depreciation', names: ['depreciation and amortization', 'D&A'] },
  { key: 'operatingIncome', names: ['operating income', 'EBIT'] },
  { key: 'interest', names: ['interest expense'] },
]
/** The ones that are summed, averaged and compared across years. */
export const MAIN_MEASURES = INCOME_MEASURES.slice(0, 6)

export const BALANCE_LINES: Measure<BalanceKey>[] = [
  { key: 'cash', names: ['cash', 'cash on hand'] },
  { key: 'receivables', names: ['accounts receivable', 'receivables', 'A/R'] },
  { key: 'payables', names: ['accounts payable', 'payables', 'A/P'] },
  { key: 'inventory', names: ['inventory'] },
  {
    key: 'revolver',
    names: ['the balance on the line of credit', 'the revolver balance', 'the amount drawn on the revolver'],
  },
  // The balance sheet's term loan line is the part not due within a year; its current portion is a line of its own.
  { key: 'termLoan', names: ['the long-term portion of the term loan', 'the term loan excluding its current portion'] },
  { key: 'currentDebt', names: ['the current portion of the term loan'] },
  { key: 'equity', names: ["owner's equity", 'total equity'] },
  { key: 'totalAssets', names: ['total assets'] },
  { key: 'currentLiabilities', names: ['total current liabilities'] },
]

const PLURAL = new Set([
  'sales',
  'net sales',
  'selling, general and administrative expenses',
  'operating expenses',
  'accounts receivable',
  'receivables',
  'accounts payable',
  'payables',
  'total assets',
  'total current liabilities',
  'capital expenditures',
])
/** "was" or "were", for a measure's name. */
export const be = (name: string) => (PLURAL.has(name) ? 'were' : 'was')
/** A name that reads after "total" or "average annual": no article, no "total" of its own. */
export const plainName = (random: Random, measure: Measure<unknown>) =>
  random.pick(measure.names.filter((name) => !/^(?:the|total) /.test(name)))

export class Context {
  readonly years: number[]
  readonly latest: number
  readonly prior: number

  constructor(
    readonly company: Company,
    readonly placement: Placement,
    readonly random: Random,
  ) {
    this.years = company.years.map(({ year }) => year)
    this.latest = latestYear(company)
    this.prior = this.years.at(-2)!
  }

  /** Whether the sale file holds every group: a file places it and the company has it. */
  placed(...groups: FactGroup[]) {
    return groups.every((group) => {
      if (!this.placement[group].length) return false
      if (group === 'valuation') return this.company.valuation !== null
      if (group === 'goal') return this.company.goal !== null
      if (group === 'leases') return this.company.leases.length > 0
      return true
    })
  }

  income(year: number): IncomeYear {
    return this.company.income[year]!
  }

  /** The balance sheet at the end of `year` (the last two year ends). */
  balance(year: number): BalanceSheet {
    return this.company.balance[year === this.latest ? 1 : 0]!
  }

  /** One way of naming fiscal years, for a whole question. */
  yearName(): (year: number) => string {
    const style = say.yearStyle(this.random, this.company)
    return (year) => say.yearName(this.company, year, style)
  }

  /** A year of the income statement; `from` skips the first ones (1 for a year that has a year before). */
  anyYear(from = 0) {
    return this.random.pick(this.years.slice(from))
  }

  /** One of the two balance-sheet year ends. */
  balanceYear() {
    return this.random.pick([this.prior, this.latest])
  }

  /** One way of naming balance-sheet dates, for a whole question. */
  yearEndName(): (year: number) => string {
    return say.yearEndStyle(this.random, this.company)
  }

  subject() {
    return say.companyName(this.random, this.company)
  }

  /** The latest fiscal year's revenue by month, all product lines together. */
  monthlyTotals() {
    return this.company.months.map((_, index) =>
      this.company.monthly.reduce((sum, line) => sum + line.months[index]!, 0),
    )
  }

  normalizedEbitda() {
    return this.income(this.latest).ebitda + this.addBacksTotal()
  }

  addBacksTotal() {
    return this.company.addBacks.reduce((sum, item) => sum + item.amount, 0)
  }

  /** The valuation's midpoint: its concluded value when it states one. */
  valuationMid() {
    const { low, high, concluded } = this.company.valuation!
    return concluded ?? (low + high) / 2
  }
}

/** The single largest of `values` by `score`, or null when two tie for it. */
export function uniqueTop<T>(values: T[], score: (value: T) => number) {
  const sorted = [...values].sort((a, b) => score(b) - score(a))
  return sorted.length > 1 && score(sorted[0]!) === score(sorted[1]!) ? null : sorted[0]!
}

/**
 * A round threshold strictly between two of `values` and how many exceed it, so the count cannot
 * hang on "more than" versus "at least"; null when no round amount fits.
 */
export function threshold(random: Random, values: number[]) {
  const sorted = [...new Set(values)].sort((a, b) => a - b)
  const options: Array<{ amount: number; count: number }> = []
  for (let index = 1; index < sorted.length; index++) {
    const step = [100_000, 50_000, 25_000, 10_000, 5_000, 1_000].find(
      (size) => Math.floor(sorted[index - 1]! / size) * size + size < sorted[index]!,
    )
    if (!step) continue
    const amount = Math.floor(sorted[index - 1]! / step) * step + step
    options.push({ amount, count: values.filter((value) => value > amount).length })
  }
  return options.length ? random.pick(options) : null
}
