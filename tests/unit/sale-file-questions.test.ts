import { describe, expect, it } from 'vitest'

import { scoreAdvisorAnswer } from '../../scripts/eval/advisor-score'
import { generateCompany } from '../../scripts/eval/sale-file/company'
import {
  type Company,
  FACT_GROUPS,
  type FactGroup,
  type IncomeYear,
  type Placement,
} from '../../scripts/eval/sale-file/model'
import { moneyQuotient, percent, ratio, writtenDate } from '../../scripts/eval/sale-file/phrasing'
import { type GeneratedQuestion, generateQuestions, readinessGold } from '../../scripts/eval/sale-file/questions'
import { Random } from '../../scripts/eval/sale-file/random'

const KINDS = [
  'lookup',
  'difference',
  'growth',
  'cagr',
  'margin',
  'sum',
  'average',
  'share',
  'ratio',
  'formula',
  'count',
  'compare',
  'text',
  'multi',
  'absent',
  'followup',
]

const companies = Array.from({ length: 200 }, (_, seed) => generateCompany(seed))
const latest = (company: Company) => company.years.at(-1)!.year
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

/** Each group in a file of its own, as a documents plan would place it: none for what the company lacks. */
function placement(company: Company, without: readonly FactGroup[] = []): Placement {
  const lacks = (group: FactGroup) =>
    without.includes(group) || (group === 'valuation' && !company.valuation) || (group === 'goal' && !company.goal)
  return Object.fromEntries(FACT_GROUPS.map((group) => [group, lacks(group) ? [] : [`${group}.file`]])) as Placement
}

/** Files holding several groups, and a group in two files: the income statement also in an overview with capex. */
function sharedPlacement(company: Company): Placement {
  const base = placement(company)
  return {
    ...base,
    income: ['income-statement.xlsx', 'overview.pdf'],
    capex: ['overview.pdf'],
    profile: ['overview.pdf'],
    monthly: ['monthly.csv'],
    quarterly: ['monthly.csv'],
  }
}

/** A few groups left out, chosen by seed. */
const thinPlacement = (company: Company) =>
  placement(company, new Random(company.seed + 1000).sample(FACT_GROUPS, 1 + (company.seed % 6)))

const variants = companies.flatMap((company) =>
  [placement(company), sharedPlacement(company), thinPlacement(company)].map((files) => ({
    company,
    placement: files,
    questions: generateQuestions(company, files),
  })),
)

describe('a generated company', () => {
  it('has statements that add up', () => {
    for (const company of companies) {
      for (const { year } of company.years) {
        const line: IncomeYear = company.income[year]!
        expect(line.grossProfit).toBe(line.revenue - line.costOfSales)
        expect(sum(line.operating.map(({ amount }) => amount))).toBe(line.operatingExpenses)
        expect(line.ebitda).toBe(line.grossProfit - line.operatingExpenses)
        expect(line.operatingIncome).toBe(line.ebitda - line.depreciation)
        expect(line.pretaxIncome).toBe(line.operatingIncome - line.interest)
        expect(line.netIncome).toBe(line.pretaxIncome - line.incomeTax)
      }
      for (const sheet of company.balance) {
        expect(sheet.currentAssets).toBe(sheet.cash + sheet.receivables + sheet.inventory + sheet.prepaid)
        expect(sheet.totalAssets).toBe(sheet.currentAssets + sheet.equipment)
        expect(sheet.currentLiabilities).toBe(sheet.payables + sheet.accrued + sheet.revolver + sheet.currentDebt)
        expect(sheet.totalLiabilities).toBe(sheet.currentLiabilities + sheet.termLoan)
        expect(sheet.totalAssets).toBe(sheet.totalLiabilities + sheet.equity)
        expect(sheet.liabilitiesAndEquity).toBe(sheet.totalAssets)
        expect(sheet.equity).toBeGreaterThan(0)
      }
      expect(company.balance.map(({ asOf }) => asOf)).toEqual(company.years.slice(-2).map(({ end }) => end))
    }
  })

  it('has monthly revenue that adds up to the latest year and customers smaller than it', () => {
    for (const company of companies) {
      const revenue = company.income[latest(company)]!.revenue
      expect(company.months).toHaveLength(12)
      expect(sum(company.monthly.flatMap(({ months }) => months))).toBe(revenue)
      const customers = company.customers.map((customer) => customer.revenue[latest(company)]!)
      for (const amount of customers) expect(amount).toBeLessThan(revenue)
      expect(sum(customers)).toBeLessThan(revenue)
    }
  })
})

// Periods as the questions write them: FY2025, FY25, fiscal 2025, the year ended June 30, 2025,
// 2025, and balance-sheet dates (June 30, 2025, the end of FY2025).
const PERIOD = /FY(\d{4}|\d{2})\b|fiscal (\d{4})|[A-Z][a-z]+ \d{1,2}, (\d{4})|end of (\d{4})|\b(20\d\d)\b/g
const yearsIn = (text: string) =>
  [...text.matchAll(PERIOD)].map((match) => {
    const digits = match.slice(1).find(Boolean)!
    return digits.length === 2 ? 2000 + Number(digits) : Number(digits)
  })

/** The income line a question names, the way an advisor names it. */
function incomeKey(text: string): keyof IncomeYear | 'capex' {
  if (/capex|capital expenditures/.test(text)) return 'capex'
  if (/gross/.test(text)) return 'grossProfit'
  if (/EBITDA/.test(text)) return 'ebitda'
  if (/SG&A|selling, general|operating expenses/.test(text)) return 'operatingExpenses'
  if (/operating (?:margin|income)/.test(text)) return 'operatingIncome'
  if (/net (?:margin|profit|income)|bottom line/.test(text)) return 'netIncome'
  if (/COGS|cost of/.test(text)) return 'costOfSales'
  if (/revenue|sales|top line|turnover/.test(text)) return 'revenue'
  throw new Error(`no measure in "${text}"`)
}

const isCompanyWide = (question: GeneratedQuestion, company: Company) =>
  question.source.every((file) => !file.startsWith('customers')) &&
  !company.customers.some(({ name }) => question.question.includes(name))

describe('the questions of a sale file', () => {
  it('number 24 to 30 with unique ids, on every seed', () => {
    const ids = new Set<string>()
    for (const { company, questions } of variants.filter((_, index) => index % 3 === 0)) {
      expect(questions.length).toBeGreaterThanOrEqual(24)
      expect(questions.length).toBeLessThanOrEqual(30)
      for (const { id } of questions) {
        expect(id).toMatch(new RegExp(`^gen-${company.seed}-\\d{2}$`))
        expect(ids.has(id)).toBe(false)
        ids.add(id)
      }
    }
  })

  it('cover every kind across the seeds', () => {
    const kinds = new Set(variants.flatMap(({ questions }) => questions.map(({ kind }) => kind)))
    expect([...kinds].sort()).toEqual([...KINDS].sort())
  })

  it('cite only files that are placed, and answer only from them', () => {
    for (const { placement: files, questions } of variants) {
      const placed = new Set(Object.values(files).flat())
      for (const question of questions) {
        for (const file of question.source) expect(placed.has(file)).toBe(true)
        expect(question.answerable).toBe(question.kind !== 'absent')
        if (question.answerable) {
          expect(question.source.length).toBeGreaterThan(0)
          expect(question.answer.length).toBeGreaterThan(0)
        } else expect(question.answer).toEqual([])
        expect(question.scale).toBe('')
      }
    }
  })

  it('ask about a group the file lacks only as a question it cannot answer', () => {
    const cues: Partial<Record<FactGroup, RegExp>> = {
      valuation: /valuation/,
      leases: /\blease|\brent\b/,
      addBacks: /add-back|adjusted|normaliz/,
      goal: /after tax|after-tax|want to be/,
      profile: /founded|established|employ|started|located|based\?/,
    }
    for (const { company, placement: files, questions } of variants) {
      for (const [group, cue] of Object.entries(cues) as Array<[FactGroup, RegExp]>) {
        if (files[group].length) continue
        for (const question of questions.filter(({ answerable }) => answerable))
          expect(`${question.follows ?? ''} ${question.question}`).not.toMatch(cue)
      }
      if (!files.customers.length)
        for (const question of questions.filter(({ answerable }) => answerable))
          for (const { name } of company.customers) expect(question.question).not.toContain(name)
    }
  })

  it('write gold figures as the scorer reads them', () => {
    const shapes: Record<string, RegExp> = {
      growth: /^\d+\.\d{2}%$/,
      cagr: /^-?\d+\.\d{2}%$/,
      margin: /^-?\d+\.\d{2}%$/,
      share: /^\d+\.\d{2}%$/,
      ratio: /^-?\d+\.\d{2}$/,
      count: /^\d+$/,
      sum: /^\d+$/,
      difference: /^\d+$/,
      average: /^-?\d+$/,
    }
    for (const { questions } of variants)
      for (const question of questions) {
        const shape = shapes[question.kind]
        if (shape) for (const gold of question.answer) expect(gold).toMatch(shape)
      }
  })

  it('give growth, margins and CAGR that follow from the numbers the question names', () => {
    let checked = 0
    for (const { company, questions } of variants) {
      const income = (year: number, key: keyof IncomeYear | 'capex') => company.income[year]![key] as number
      for (const question of questions) {
        if (!isCompanyWide(question, company)) continue
        const years = yearsIn(question.question)
        const gold = Number(question.answer[0]?.replace('%', ''))
        if (question.kind === 'margin') {
          const [year] = years as [number]
          const expected = (100 * income(year, incomeKey(question.question))) / income(year, 'revenue')
          expect(Math.abs(gold - expected)).toBeLessThan(0.005 + 1e-9)
          checked++
        } else if (question.kind === 'growth') {
          const [from, to] = years as [number, number]
          const key = incomeKey(question.question)
          const expected = (100 * Math.abs(income(to, key) - income(from, key))) / income(from, key)
          expect(Math.abs(gold - expected)).toBeLessThan(0.005 + 1e-9)
          checked++
        } else if (question.kind === 'cagr') {
          const [from, to] = years as [number, number]
          const key = incomeKey(question.question)
          const expected = 100 * ((income(to, key) / income(from, key)) ** (1 / (to - from)) - 1)
          expect(Math.abs(gold - expected)).toBeLessThan(0.005 + 1e-9)
          checked++
        }
      }
    }
    expect(checked).toBeGreaterThan(300)
  })

  it('give a follow-up the answer for its own meaning, after the question it follows', () => {
    for (const { company, questions } of variants) {
      for (const question of questions.filter(({ kind }) => kind === 'followup')) {
        expect(question.follows).toBeTruthy()
        if (question.question !== 'And the year before?' || !/ in /.test(question.follows!)) continue
        if (/margin/.test(question.follows!)) continue
        const [year] = yearsIn(question.follows!) as [number]
        const key = incomeKey(question.follows!)
        expect(question.answer).toEqual([String(company.income[year - 1]![key as keyof IncomeYear])])
      }
    }
  })

  it('give answers the scorer takes as right when stated plainly, and abstentions for absent ones', () => {
    // Dollars as an answer writes them; counts, percentages, ratios and text as they are.
    const stated = (gold: string, kind: string) =>
      !['text', 'count', 'compare'].includes(kind) && /^-?\d+$/.test(gold)
        ? `${gold.startsWith('-') ? '-' : ''}$${Math.abs(Number(gold)).toLocaleString('en-US')}`
        : gold
    for (const { questions } of variants.slice(0, 60))
      for (const question of questions) {
        const answer = question.answerable
          ? `The answer is ${question.answer.map((gold) => stated(gold, question.kind)).join(' and ')}.`
          : 'The documents do not hold that.'
        expect(scoreAdvisorAnswer(answer, question), question.question).toBe('right')
      }
  })

  it('are the same for the same seed', () => {
    const company = companies[7]!
    expect(generateQuestions(company, placement(company))).toEqual(generateQuestions(company, placement(company)))
  })
})

describe('gold figures', () => {
  it('round half away from zero, once, from exact amounts', () => {
    expect(percent(1, 8)).toBe('12.50%')
    expect(percent(1, 200_000)).toBe('0.00%')
    expect(percent(1, 20_000)).toBe('0.01%')
    expect(percent(-1, 20_000)).toBe('-0.01%')
    expect(ratio(1, 200)).toBe('0.01')
    expect(ratio(2_205_000, 1_000_000)).toBe('2.21')
    expect(moneyQuotient(5, 2)).toBe('3')
    expect(moneyQuotient(-5, 2)).toBe('-3')
    expect(writtenDate('2031-03-31')).toBe('March 31, 2031')
  })
})

describe('the readiness gold', () => {
  it('is what the placed files hold, and null for what they lack', () => {
    for (const company of companies) {
      const full = readinessGold(company, placement(company))
      const year = latest(company)
      expect(full.ebitda).toEqual({ value: company.income[year]!.ebitda, year })
      expect(full.addBacksTotal).toBe(sum(company.addBacks.map(({ amount }) => amount)))
      if (company.valuation) {
        const { low, high, concluded } = company.valuation
        expect(full.valuation).toEqual({ low, high, mid: concluded ?? (low + high) / 2 })
      } else expect(full.valuation).toBeNull()
      expect(full.goal).toEqual(company.goal)
      const top = [...company.customers].sort((a, b) => b.revenue[year]! - a.revenue[year]!)[0]!
      expect(full.largestCustomerShare!.percent).toBeCloseTo(
        (100 * top.revenue[year]!) / company.income[year]!.revenue,
        2,
      )

      const bare = readinessGold(company, placement(company, FACT_GROUPS))
      expect(bare).toEqual({
        valuation: null,
        goal: null,
        ebitda: null,
        addBacksTotal: null,
        largestCustomerShare: null,
      })
    }
  })
})
