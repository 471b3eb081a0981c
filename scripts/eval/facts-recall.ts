// What `npm run eval:facts` measures, as a function: how many of the figures a generated sale file's
// tables hold the table reader reads as facts, tallied per group of facts, layout family and format
// (see scripts/eval-facts.ts), for the script to print and a unit test to hold per family.
import Decimal from 'decimal.js'

import type { FileType } from '../../api/db/schema'
import { readFacts } from '../../api/facts/read-facts'
import { tableFacts } from '../../api/facts/table-facts'
import type { Fact, FactPeriod } from '../../api/facts/types'
import { extractText } from '../../api/ingest/extract-text'
import { readingFromFacts } from './facts-readiness'
import { scoreReading } from './readiness-read'
import { type GeneratedFile, generateSaleFile } from './sale-file'
import { type Company, FACT_GROUPS, type FactGroup } from './sale-file/model'

interface Expected {
  group: FactGroup
  /** The measure key a business-wide fact has; an entity's fact is matched by its entity alone. */
  key: string | null
  entity: string | null
  period: (period: FactPeriod | null) => boolean
  value: number
  /** Interest and tax are shown as negatives by bookkeepers who sign every cost below operating income. */
  eitherSign?: boolean
  describe: string
}

export type Outcome = 'found' | 'wrong' | 'missing'

const INCOME_KEYS = {
  revenue: 'revenue',
  costOfSales: 'cost_of_sales',
  grossProfit: 'gross_profit',
  operatingExpenses: 'operating_expenses',
  ebitda: 'ebitda',
  depreciation: 'depreciation',
  operatingIncome: 'operating_income',
  interest: 'interest',
  pretaxIncome: 'pretax_income',
  incomeTax: 'income_tax',
  netIncome: 'net_income',
} as const

const BALANCE_KEYS = {
  cash: 'cash',
  receivables: 'receivables',
  inventory: 'inventory',
  prepaid: 'prepaid',
  currentAssets: 'current_assets',
  equipment: 'equipment',
  totalAssets: 'total_assets',
  payables: 'payables',
  accrued: 'accrued',
  revolver: 'revolver',
  currentDebt: 'current_debt',
  currentLiabilities: 'current_liabilities',
  termLoan: 'term_loan',
  totalLiabilities: 'total_liabilities',
  equity: 'equity',
  liabilitiesAndEquity: 'liabilities_and_equity',
} as const

const fiscalYear = (year: number) => (period: FactPeriod | null) => period?.kind === 'year' && period.year === year
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/**
 * The facts a file holds, from the company's numbers and what the file holds; `text` (the file's
 * extracted text) says which optional lines and layouts it drew. With `file` null, every fact of the
 * company in every form, to check what was read against.
 */
function expectedFacts(company: Company, file: Pick<GeneratedFile, 'holds'>, text: string | null): Expected[] {
  const expected: Expected[] = []
  const latest = company.years.at(-1)!.year
  for (const group of file.holds) {
    if (group === 'income')
      for (const { year } of company.years)
        for (const [field, key] of Object.entries(INCOME_KEYS)) {
          // A statement shows EBITDA and pretax income or not, as its layout was drawn.
          if (key === 'ebitda' && text !== null && !/\bEBITDA\b/.test(text)) continue
          if (key === 'pretax_income' && text !== null && !/before taxes|pretax/i.test(text)) continue
          const value = company.income[year]![field as keyof typeof INCOME_KEYS]
          expected.push({
            group,
            key,
            entity: null,
            period: fiscalYear(year),
            value,
            eitherSign: key === 'interest' || key === 'income_tax',
            describe: `${key} FY${year}`,
          })
        }
    if (group === 'capex')
      for (const { year } of company.years)
        expected.push({
          group,
          key: 'capex',
          entity: null,
          period: fiscalYear(year),
          value: company.income[year]!.capex,
          describe: `capex FY${year}`,
        })
    if (group === 'balance')
      for (const sheet of company.balance)
        for (const [field, key] of Object.entries(BALANCE_KEYS)) {
          if (key === 'revolver' && company.balance.every((each) => each.revolver === 0)) continue
          expected.push({
            group,
            key,
            entity: null,
            // A balance sheet's column is its date, or the fiscal year it closes ("FY2025").
            period: (period) =>
              (period?.kind === 'as_of' && period.date === sheet.asOf) ||
              (period?.kind === 'year' && period.year === Number(sheet.asOf.slice(0, 4))),
            value: sheet[field as keyof typeof BALANCE_KEYS] as number,
            describe: `${key} ${sheet.asOf}`,
          })
        }
    if (group === 'quarterly')
      for (const quarter of [1, 2, 3, 4]) {
        const inQuarter = (months: number[]) => sum(months.slice(quarter * 3 - 3, quarter * 3))
        const period = (each: FactPeriod | null) =>
          each?.kind === 'quarter' && each.quarter === quarter && each.year === latest
        const byLine = text === null ? null : quarterByLine(company, text)
        if (byLine !== false)
          for (const line of company.monthly)
            expected.push({
              group,
              key: null,
              entity: line.line,
              period,
              value: inQuarter(line.months),
              describe: `${line.line} Q${quarter}`,
            })
        if (byLine !== true)
          expected.push({
            group,
            key: 'revenue',
            entity: null,
            period,
            value: sum(company.monthly.map((line) => inQuarter(line.months))),
            describe: `revenue Q${quarter}`,
          })
      }
    if (group === 'monthly')
      for (const line of company.monthly)
        company.months.forEach((start, index) => {
          const month = Number(start.slice(5, 7))
          expected.push({
            group,
            key: null,
            entity: line.line,
            period: (period) => period?.kind === 'month' && period.month === month && period.year === latest,
            value: line.months[index]!,
            describe: `${line.line} ${start.slice(0, 7)}`,
          })
        })
    if (group === 'customers')
      for (const customer of company.customers)
        for (const year of [latest - 1, latest])
          expected.push({
            group,
            key: null,
            entity: customer.name,
            period: fiscalYear(year),
            value: customer.revenue[year]!,
            describe: `${customer.name} FY${year}`,
          })
    if (group === 'addBacks') {
      // A schedule headed "Amount" under a title without a year states no period.
      const period = (each: FactPeriod | null) => each === null || fiscalYear(latest)(each)
      for (const item of company.addBacks)
        expected.push({ group, key: null, entity: item.label, period, value: item.amount, describe: item.label })
      expected.push({
        group,
        key: 'add_backs_total',
        entity: null,
        period,
        value: sum(company.addBacks.map((item) => item.amount)),
        describe: 'add-backs total',
      })
    }
    // An overview states its leases in sentences: prose facts, not this reader's.
    if (group === 'leases' && !file.holds.includes('profile'))
      for (const lease of company.leases)
        expected.push({
          group,
          key: null,
          entity: lease.premises,
          period: (each) => each === null,
          value: lease.monthlyRent,
          describe: `rent of ${lease.premises}`,
        })
  }
  return expected
}

/** Whether the quarterly table lists product lines: a line under the row of quarters starts with one. */
function quarterByLine(company: Company, text: string) {
  const lines = text.split('\n')
  const header = lines.findIndex((line) => /\bQ1\b/.test(line))
  return company.monthly.some((line) => lines[header + 1]?.startsWith(line.line))
}

const same = (a: string | null, b: string | null) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase()

function outcomeOf(expected: Expected, facts: Fact[]): { outcome: Outcome; near: Fact[] } {
  const near = facts.filter(
    (fact) =>
      // An entity's share ("% of sales") is another measure of it than its amount.
      (expected.entity
        ? same(fact.entity, expected.entity) && fact.unit !== '%'
        : fact.entity === null && fact.measureKey === expected.key) && expected.period(fact.period),
  )
  const value = new Decimal(expected.value)
  const right = near.some((fact) => {
    const read = new Decimal(fact.value)
    return read.equals(value) || (expected.eitherSign === true && read.abs().equals(value.abs()))
  })
  return { outcome: right ? 'found' : near.length ? 'wrong' : 'missing', near }
}

/** Facts read that contradict the company's numbers: its key or entity and period, another value. */
function contradictions(company: Company, facts: Fact[]) {
  const truth = expectedFacts(company, { holds: [...FACT_GROUPS] }, null)
  return facts.filter((fact) => {
    const outcomes = truth.map((each) => outcomeOf(each, [fact]).outcome).filter((outcome) => outcome !== 'missing')
    return outcomes.length > 0 && outcomes.every((outcome) => outcome === 'wrong')
  })
}

export type Tally = Record<Outcome, number>

const count = (map: Map<string, Tally>, name: string, outcome: Outcome) => {
  if (!map.has(name)) map.set(name, { found: 0, wrong: 0, missing: 0 })
  map.get(name)![outcome]++
}

/**
 * The facts read from every generated file of `seeds`, against the company's numbers: tallies per
 * group of facts, layout family and format, the readiness fields, and the facts that contradict the
 * numbers. `miss` is told of each fact not found and each contradiction, as a line.
 */
export async function factsRecall(seeds: number[], miss?: (line: string) => void) {
  const tallies = {
    group: new Map<string, Tally>(),
    family: new Map<string, Tally>(),
    format: new Map<string, Tally>(),
  }
  const readiness = new Map<string, Tally>()
  let files = 0
  let factCount = 0
  let readMs = 0
  let contradicting = 0
  for (const seed of seeds) {
    const { company, files: generated, readiness: gold } = await generateSaleFile(seed)
    const organizationFacts: Fact[] = []
    for (const file of generated) {
      const type = file.name.slice(file.name.lastIndexOf('.') + 1) as FileType
      const { pages } = await extractText(type, file.bytes, { maxChars: 1_000_000, maxUnpackedBytes: 100_000_000 })
      const started = performance.now()
      const facts = tableFacts(pages)
      readMs += performance.now() - started
      organizationFacts.push(...readFacts(pages))
      files++
      factCount += facts.length
      const text = pages.map((page) => page.text).join('\n')
      for (const fact of contradictions(company, facts)) {
        contradicting++
        miss?.(
          `seed ${seed} ${file.name} [${file.format}]: contradicts ${fact.measure} ${fact.entity ?? ''} = ${fact.value} (${fact.source.quote})`,
        )
      }
      for (const expected of expectedFacts(company, file, text)) {
        const { outcome, near } = outcomeOf(expected, facts)
        count(tallies.group, expected.group, outcome)
        count(tallies.group, 'all', outcome)
        count(tallies.format, file.format, outcome)
        for (const family of file.families) count(tallies.family, family, outcome)
        if (outcome !== 'found')
          miss?.(
            `seed ${seed} ${file.name} [${file.format}]: ${outcome} ${expected.describe} = ${expected.value}` +
              (near.length ? `; read ${near.map((fact) => `${fact.value} (${fact.measure})`).join(', ')}` : ''),
          )
      }
    }
    for (const { field, outcome } of scoreReading(readingFromFacts(organizationFacts), gold))
      count(readiness, field, outcome === 'right' ? 'found' : outcome)
  }
  return { files, factCount, readMs, contradicting, tallies, readiness }
}
