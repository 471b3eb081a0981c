/**
 * Questions on the financial statements: the income statement, the two balance sheets and capex.
 * Amounts that fall are asked as a decrease with a positive gold, since an answer says "fell by
 * $120,000", not "changed by −$120,000".
 */
import { floatPercent, money, moneyQuotient, NUMBER_WORDS, percent, ratio } from './phrasing'
import {
  BALANCE_LINES,
  be,
  type Context,
  EBITDA,
  type Family,
  GROSS_PROFIT,
  INCOME_MEASURES,
  type IncomeKey,
  MAIN_MEASURES,
  NET_INCOME,
  plainName,
  REVENUE,
  uniqueTop,
} from './question-context'

const lookupIncome: Family = (c) => {
  if (!c.placed('income')) return null
  const measure = c.random.pick(INCOME_MEASURES)
  const name = c.random.pick(measure.names)
  const Y = c.yearName()
  const year = c.anyYear()
  const question = c.random.pick([
    `What ${be(name)} ${name} in ${Y(year)}?`,
    `How much ${be(name)} ${name} for ${Y(year)}?`,
    `What did ${c.subject()} report as ${name} for ${Y(year)}?`,
  ])
  return { question, answer: [money(c.income(year)[measure.key])], kind: 'lookup', groups: ['income'] }
}

const lookupBalance: Family = (c) => {
  if (!c.placed('balance')) return null
  const year = c.balanceYear()
  const sheet = c.balance(year)
  // A line at zero (no revolver drawn) may be left out of a file: not asked.
  const line = c.random.pick(BALANCE_LINES.filter(({ key }) => sheet[key] > 0))
  const name = c.random.pick(line.names)
  const date = c.yearEndName()(year)
  const question = c.random.pick([
    `What ${be(name)} ${name} at ${date}?`,
    `How much ${be(name)} ${name} as of ${date}?`,
    `What did the balance sheet show for ${name} at ${date}?`,
  ])
  return { question, answer: [money(sheet[line.key])], kind: 'lookup', groups: ['balance'] }
}

const lookupCapex: Family = (c) => {
  if (!c.placed('capex')) return null
  const Y = c.yearName()
  const year = c.anyYear()
  const question = c.random.pick([
    `What were capital expenditures in ${Y(year)}?`,
    `How much did ${c.subject()} spend on capex in ${Y(year)}?`,
    `What was capex for ${Y(year)}?`,
  ])
  return { question, answer: [money(c.income(year).capex)], kind: 'lookup', groups: ['capex'] }
}

/** Fiscal years to add up or average, and how the question names them. */
function span(c: Context) {
  const Y = c.yearName()
  const choice = c.random.int(0, 2)
  if (choice === 0) {
    const years = c.years.slice(-3)
    return { years, words: c.random.pick(['over the last three years', 'over the three most recent fiscal years']) }
  }
  if (choice === 1) {
    const [a, b] = c.random.sample(c.years, 2).sort((x, y) => x - y) as [number, number]
    return { years: [a, b], words: `for ${Y(a)} and ${Y(b)}` }
  }
  const first = c.random.pick(c.years.slice(0, -1))
  const last = c.random.pick(c.years.filter((year) => year > first))
  return {
    years: c.years.filter((year) => year >= first && year <= last),
    words: `from ${Y(first)} through ${Y(last)}`,
  }
}

const total = (c: Context, key: IncomeKey, years: number[]) => years.reduce((sum, year) => sum + c.income(year)[key], 0)

const sumIncome: Family = (c) => {
  if (!c.placed('income')) return null
  const measure = c.random.pick(MAIN_MEASURES)
  const name = plainName(c.random, measure)
  const { years, words } = span(c)
  const question = c.random.pick([
    `What ${be(name)} total ${name} ${words}?`,
    `What ${be(name)} ${name} ${words}, combined?`,
    `What ${be(name)} cumulative ${name} ${words}?`,
    `In total, what ${be(name)} ${name} ${words}?`,
  ])
  return { question, answer: [money(total(c, measure.key, years))], kind: 'sum', groups: ['income'] }
}

const sumCapex: Family = (c) => {
  if (!c.placed('capex')) return null
  const Y = c.yearName()
  const first = c.random.pick(c.years.slice(0, -1))
  const years = c.years.filter((year) => year >= first)
  const question =
    years.length === c.years.length && c.random.chance(0.5)
      ? `What were total capital expenditures across all ${NUMBER_WORDS[years.length]} years?`
      : `How much did ${c.subject()} spend on capex in total from ${Y(first)} through ${Y(c.latest)}?`
  const amount = years.reduce((sum, year) => sum + c.income(year).capex, 0)
  return { question, answer: [money(amount)], kind: 'sum', groups: ['capex'] }
}

const averageIncome: Family = (c) => {
  if (!c.placed('income')) return null
  const measure = c.random.pick(MAIN_MEASURES)
  const name = plainName(c.random, measure)
  const { years, words } = span(c)
  const question = c.random.pick([
    `What ${be(name)} the average annual ${name} ${words}?`,
    `On average, what ${be(name)} ${name} per year ${words}?`,
  ])
  const answer = moneyQuotient(total(c, measure.key, years), years.length)
  return { question, answer: [answer], kind: 'average', groups: ['income'] }
}

/** Two years to compare: a year and the one before, or the first and the latest. */
function yearPair(c: Context): [number, number] {
  const year = c.anyYear(1)
  return c.random.chance(0.7) ? [year - 1, year] : [c.years[0]!, c.latest]
}

const growthIncome: Family = (c) => {
  if (!c.placed('income')) return null
  const measure = c.random.pick(MAIN_MEASURES)
  const name = c.random.pick(measure.names)
  const Y = c.yearName()
  const [a, b] = yearPair(c)
  const [before, after] = [c.income(a)[measure.key], c.income(b)[measure.key]]
  const period = `from ${Y(a)} to ${Y(b)}`
  const question =
    after >= before
      ? c.random.pick([
          `What was the percentage growth in ${name} ${period}?`,
          `By what percentage did ${name} grow ${period}?`,
          `How much did ${name} increase in percentage terms ${period}?`,
        ])
      : c.random.pick([
          `By what percentage did ${name} decline ${period}?`,
          `What was the percentage decrease in ${name} ${period}?`,
        ])
  return { question, answer: [percent(Math.abs(after - before), before)], kind: 'growth', groups: ['income'] }
}

const differenceIncome: Family = (c) => {
  if (!c.placed('income')) return null
  const measure = c.random.pick(MAIN_MEASURES)
  const name = c.random.pick(measure.names)
  const Y = c.yearName()
  const [a, b] = yearPair(c)
  const change = c.income(b)[measure.key] - c.income(a)[measure.key]
  const question = c.random.pick([
    `How much did ${name} ${change >= 0 ? 'increase' : 'decrease'} from ${Y(a)} to ${Y(b)}?`,
    `By how many dollars did ${name} ${change >= 0 ? 'rise' : 'fall'} between ${Y(a)} and ${Y(b)}?`,
  ])
  return { question, answer: [money(Math.abs(change))], kind: 'difference', groups: ['income'] }
}

const differenceBalance: Family = (c) => {
  if (!c.placed('balance')) return null
  const [before, after] = [c.balance(c.prior), c.balance(c.latest)]
  const Y = c.yearName()
  if (c.random.chance(0.4)) {
    // The whole term loan, as a lender counts it: the current portion is part of what is owed.
    const change = after.termLoan + after.currentDebt - (before.termLoan + before.currentDebt)
    const question = `How much did the term loan (current portion included) ${change <= 0 ? 'decrease' : 'increase'} during ${Y(c.latest)}?`
    return { question, answer: [money(Math.abs(change))], kind: 'difference', groups: ['balance'] }
  }
  const line = c.random.pick(BALANCE_LINES.filter(({ key }) => before[key] !== after[key]))
  const name = c.random.pick(line.names)
  const change = after[line.key] - before[line.key]
  const at = c.yearEndName()
  const question = `How much did ${name} ${change > 0 ? 'increase' : 'decrease'} between ${at(c.prior)} and ${at(c.latest)}?`
  return { question, answer: [money(Math.abs(change))], kind: 'difference', groups: ['balance'] }
}

const cagr: Family = (c) => {
  if (!c.placed('income')) return null
  const measure = c.random.pick([REVENUE, GROSS_PROFIT, EBITDA, NET_INCOME])
  const name = c.random.pick(measure.names)
  const Y = c.yearName()
  const [first, last] = [c.years[0]!, c.latest]
  const [start, end] = [c.income(first)[measure.key], c.income(last)[measure.key]]
  const rate = Math.pow(end / start, 1 / (last - first)) - 1
  const question = c.random.pick([
    `What was the compound annual growth rate of ${name} from ${Y(first)} to ${Y(last)}?`,
    `What was the CAGR of ${name} from ${Y(first)} through ${Y(last)}?`,
    ...(rate > 0 ? [`At what compound annual rate did ${name} grow between ${Y(first)} and ${Y(last)}?`] : []),
  ])
  return { question, answer: [floatPercent(rate)], kind: 'cagr', groups: ['income'] }
}

const MARGINS: Array<{ key: IncomeKey; phrasings: Array<(year: string) => string> }> = [
  {
    key: 'grossProfit',
    phrasings: [
      (y) => `What was the gross margin in ${y}?`,
      (y) => `What was gross profit as a percentage of revenue in ${y}?`,
    ],
  },
  {
    key: 'ebitda',
    phrasings: [
      (y) => `What was the EBITDA margin in ${y}?`,
      (y) => `What was EBITDA as a percentage of sales in ${y}?`,
    ],
  },
  {
    key: 'netIncome',
    phrasings: [(y) => `What was the net margin in ${y}?`, (y) => `What was the net profit margin for ${y}?`],
  },
  {
    key: 'operatingIncome',
    phrasings: [
      (y) => `What was the operating margin in ${y}?`,
      (y) => `What was operating income as a percentage of revenue in ${y}?`,
    ],
  },
  { key: 'operatingExpenses', phrasings: [(y) => `What was SG&A as a percentage of revenue in ${y}?`] },
]

const margin: Family = (c) => {
  const Y = c.yearName()
  const year = c.anyYear()
  const revenue = c.income(year).revenue
  if (c.placed('capex', 'income') && c.random.chance(0.2)) {
    const question = c.random.pick([
      `What were capital expenditures as a percentage of revenue in ${Y(year)}?`,
      `What was capex as a share of sales in ${Y(year)}?`,
    ])
    return { question, answer: [percent(c.income(year).capex, revenue)], kind: 'margin', groups: ['capex', 'income'] }
  }
  if (!c.placed('income')) return null
  const { key, phrasings } = c.random.pick(MARGINS)
  const question = c.random.pick(phrasings)(Y(year))
  return { question, answer: [percent(c.income(year)[key], revenue)], kind: 'margin', groups: ['income'] }
}

const balanceRatio: Family = (c) => {
  if (!c.placed('balance')) return null
  const year = c.balanceYear()
  const sheet = c.balance(year)
  const date = c.yearEndName()(year)
  const choice = c.random.int(0, c.placed('income') ? 2 : 1)
  if (choice === 0) {
    const question = c.random.pick([
      `What was the current ratio at ${date}?`,
      `What were current assets divided by current liabilities at ${date}?`,
    ])
    return {
      question,
      answer: [ratio(sheet.currentAssets, sheet.currentLiabilities)],
      kind: 'ratio',
      groups: ['balance'],
    }
  }
  if (choice === 1) {
    const question = c.random.pick([
      `What was the ratio of total liabilities to equity at ${date}?`,
      `What were total liabilities as a multiple of owner's equity at ${date}?`,
    ])
    return { question, answer: [ratio(sheet.totalLiabilities, sheet.equity)], kind: 'ratio', groups: ['balance'] }
  }
  const Y = c.yearName()
  const debt = sheet.revolver + sheet.currentDebt + sheet.termLoan
  const question = c.random.pick([
    `What was total debt (line of credit plus term loan, current portion included) at ${date} as a multiple of ${Y(year)} EBITDA?`,
    `What was the ratio of total debt at ${date} (the revolver and the whole term loan, its current portion included) to ${Y(year)} EBITDA?`,
  ])
  return { question, answer: [ratio(debt, c.income(year).ebitda)], kind: 'ratio', groups: ['balance', 'income'] }
}

const workingCapital: Family = (c) => {
  if (!c.placed('balance')) return null
  const year = c.balanceYear()
  const sheet = c.balance(year)
  const date = c.yearEndName()(year)
  const question = c.random.pick([
    `What was working capital at ${date}?`,
    `What was net working capital at ${date}?`,
    `What were current assets minus current liabilities at ${date}?`,
  ])
  return {
    question,
    answer: [money(sheet.currentAssets - sheet.currentLiabilities)],
    kind: 'formula',
    groups: ['balance'],
  }
}

const peakYear: Family = (c) => {
  if (!c.placed('income')) return null
  const highest = c.random.chance(0.7)
  const sign = highest ? 1 : -1
  const word = highest ? 'highest' : 'lowest'
  let question: string
  let top: number | null
  if (c.random.chance(0.3)) {
    const margins = { gross: 'grossProfit', EBITDA: 'ebitda', net: 'netIncome' } as const
    const label = c.random.pick(Object.keys(margins) as Array<keyof typeof margins>)
    top = uniqueTop(c.years, (year) => (sign * c.income(year)[margins[label]]) / c.income(year).revenue)
    question = `In which fiscal year was the ${label} margin ${word}?`
  } else {
    const measure = c.random.pick(MAIN_MEASURES.slice(0, 4))
    const name = plainName(c.random, measure)
    top = uniqueTop(c.years, (year) => sign * c.income(year)[measure.key])
    question = c.random.pick([
      `In which year ${be(name)} ${name} ${word}?`,
      `Which fiscal year had the ${word} ${name}?`,
    ])
  }
  if (top === null) return null
  // The year's number alone: the files may name it FY2025, fiscal 2025 or 2025, and each holds "2025".
  return { question, answer: [String(top)], kind: 'compare', groups: ['income'] }
}

const followUp: Family = (c) => {
  const Y = c.yearName()
  const choice = c.random.int(0, 3)
  if (choice === 0 && c.placed('income')) {
    const measure = c.random.pick(MAIN_MEASURES)
    const name = c.random.pick(measure.names)
    const year = c.anyYear(1)
    return {
      follows: `What ${be(name)} ${name} in ${Y(year)}?`,
      question: c.random.pick(['And the year before?', 'And in the prior year?', `What about ${Y(year - 1)}?`]),
      answer: [money(c.income(year - 1)[measure.key])],
      kind: 'followup',
      groups: ['income'],
    }
  }
  if (choice === 1 && c.placed('income')) {
    const { key, phrasings } = c.random.pick(MARGINS.slice(0, 3))
    const year = c.anyYear(1)
    return {
      follows: phrasings[0]!(Y(year)),
      question: c.random.pick(['And the year before?', `And in ${Y(year - 1)}?`]),
      answer: [percent(c.income(year - 1)[key], c.income(year - 1).revenue)],
      kind: 'followup',
      groups: ['income'],
    }
  }
  if (choice === 2 && c.placed('balance')) {
    const [before, after] = [c.balance(c.prior), c.balance(c.latest)]
    const line = c.random.pick(BALANCE_LINES.filter(({ key }) => before[key] > 0 && after[key] > 0))
    const name = c.random.pick(line.names)
    const at = c.yearEndName()
    return {
      follows: `What ${be(name)} ${name} at ${at(c.latest)}?`,
      question: c.random.pick(['And a year earlier?', `And at ${at(c.prior)}?`]),
      answer: [money(before[line.key])],
      kind: 'followup',
      groups: ['balance'],
    }
  }
  if (choice === 3 && c.placed('income', 'addBacks')) {
    return {
      follows: `What was EBITDA in ${Y(c.latest)}?`,
      question: c.random.pick(['And after the add-backs?', 'What is it once the add-backs are included?']),
      answer: [money(c.normalizedEbitda())],
      kind: 'followup',
      groups: ['income', 'addBacks'],
    }
  }
  return null
}

export const STATEMENT_FAMILIES: Family[] = [
  lookupIncome,
  lookupBalance,
  lookupCapex,
  sumIncome,
  sumCapex,
  averageIncome,
  growthIncome,
  differenceIncome,
  differenceBalance,
  cagr,
  margin,
  balanceRatio,
  workingCapital,
  peakYear,
  followUp,
]
