/**
 * Questions on the rest of the sale file: customers, monthly and quarterly revenue, leases, the
 * company's profile, the owner's goal, the add-backs and the valuation.
 */
import type { Customer } from './model'
import {
  dollars,
  money,
  moneyQuotient,
  monthAndYear,
  monthOf,
  ORDINALS,
  percent,
  possessive,
  ratio,
  writtenDate,
} from './phrasing'
import { type Context, type Draft, type Family, threshold, uniqueTop } from './question-context'

/** A customer's revenue in one of the two years the customer list covers. */
const customerYear = (c: Context) => c.random.pick([c.prior, c.latest])

const lookupCustomer: Family = (c) => {
  if (!c.placed('customers')) return null
  const { name, revenue } = c.random.pick(c.company.customers)
  const Y = c.yearName()
  const year = customerYear(c)
  const question = c.random.pick([
    `How much revenue came from ${name} in ${Y(year)}?`,
    `What were sales to ${name} in ${Y(year)}?`,
    `What did ${name} buy from ${c.subject()} in ${Y(year)}?`,
  ])
  return { question, answer: [money(revenue[year]!)], kind: 'lookup', groups: ['customers'] }
}

const customerTwoYears: Family = (c) => {
  if (!c.placed('customers')) return null
  const { name, revenue } = c.random.pick(c.company.customers)
  const Y = c.yearName()
  const question = c.random.pick([
    `What was revenue from ${name} in ${Y(c.prior)} and ${Y(c.latest)}?`,
    `How much revenue did ${name} bring in during ${Y(c.prior)} and during ${Y(c.latest)}?`,
  ])
  return {
    question,
    answer: [money(revenue[c.prior]!), money(revenue[c.latest]!)],
    kind: 'multi',
    groups: ['customers'],
  }
}

const customerGrowth: Family = (c) => {
  if (!c.placed('customers')) return null
  const { name, revenue } = c.random.pick(c.company.customers)
  const Y = c.yearName()
  const [before, after] = [revenue[c.prior]!, revenue[c.latest]!]
  const question =
    after >= before
      ? `By what percentage did revenue from ${name} grow in ${Y(c.latest)}?`
      : `By what percentage did revenue from ${name} decline from ${Y(c.prior)} to ${Y(c.latest)}?`
  return { question, answer: [percent(Math.abs(after - before), before)], kind: 'growth', groups: ['customers'] }
}

const customersCombined: Family = (c) => {
  if (!c.placed('customers')) return null
  const Y = c.yearName()
  const year = customerYear(c)
  const question = c.random.pick([
    `How much revenue did the listed customers bring in together in ${Y(year)}?`,
    `What was the combined revenue of the top customers in ${Y(year)}?`,
  ])
  const amount = c.company.customers.reduce((sum, customer) => sum + customer.revenue[year]!, 0)
  return { question, answer: [money(amount)], kind: 'sum', groups: ['customers'] }
}

const customerShare: Family = (c) => {
  if (!c.placed('customers', 'income')) return null
  const Y = c.yearName()
  const year = customerYear(c)
  const revenue = c.income(year).revenue
  const [a, b] = c.random.sample(c.company.customers, 2) as [Customer, Customer]
  const draft = (question: string, part: number): Draft => ({
    question,
    answer: [percent(part, revenue)],
    kind: 'share',
    groups: ['customers', 'income'],
  })
  if (c.random.chance(0.4))
    return draft(
      `What percentage of revenue in ${Y(year)} did ${a.name} and ${b.name} account for together?`,
      a.revenue[year]! + b.revenue[year]!,
    )
  const question = c.random.pick([
    `What share of revenue in ${Y(year)} came from ${a.name}?`,
    `What percentage of total revenue in ${Y(year)} did ${a.name} account for?`,
  ])
  return draft(question, a.revenue[year]!)
}

const countCustomers: Family = (c) => {
  if (!c.placed('customers')) return null
  const Y = c.yearName()
  const year = customerYear(c)
  const cut = threshold(
    c.random,
    c.company.customers.map((customer) => customer.revenue[year]!),
  )
  if (!cut) return null
  const question = c.random.pick([
    `How many of the listed customers bought more than ${dollars(cut.amount)} in ${Y(year)}?`,
    `How many customers brought in over ${dollars(cut.amount)} of revenue in ${Y(year)}?`,
  ])
  return { question, answer: [String(cut.count)], kind: 'count', groups: ['customers'] }
}

const largestCustomer: Family = (c) => {
  if (!c.placed('customers')) return null
  const Y = c.yearName()
  const { customers } = c.company
  if (c.random.chance(0.3)) {
    const grower = uniqueTop(customers, (customer) => customer.revenue[c.latest]! - customer.revenue[c.prior]!)
    if (!grower || grower.revenue[c.latest]! <= grower.revenue[c.prior]!) return null
    const question = `Which customer's revenue grew the most in dollars from ${Y(c.prior)} to ${Y(c.latest)}?`
    return { question, answer: [grower.name], kind: 'compare', groups: ['customers'] }
  }
  const year = customerYear(c)
  const top = uniqueTop(customers, (customer) => customer.revenue[year]!)
  if (!top) return null
  const question = c.random.pick([
    `Who was the largest customer in ${Y(year)}?`,
    `Which customer brought in the most revenue in ${Y(year)}?`,
  ])
  return { question, answer: [top.name], kind: 'compare', groups: ['customers'] }
}

const lookupMonth: Family = (c) => {
  if (!c.placed('monthly')) return null
  const { line, months } = c.random.pick(c.company.monthly)
  const index = c.random.int(0, 11)
  const month = monthAndYear(c.company.months[index]!)
  const question = c.random.pick([
    `What was revenue from ${line} in ${month}?`,
    `How much did ${line} bring in during ${month}?`,
  ])
  return { question, answer: [money(months[index]!)], kind: 'lookup', groups: ['monthly'] }
}

const averageMonthly: Family = (c) => {
  if (!c.placed('monthly')) return null
  const Y = c.yearName()
  const question = c.random.pick([
    `What was average monthly revenue in ${Y(c.latest)}?`,
    `On average, how much revenue did ${c.subject()} bring in per month in ${Y(c.latest)}?`,
  ])
  const totals = c.monthlyTotals()
  const answer = moneyQuotient(
    totals.reduce((sum, value) => sum + value, 0),
    totals.length,
  )
  return { question, answer: [answer], kind: 'average', groups: ['monthly'] }
}

const lineShare: Family = (c) => {
  if (!c.placed('monthly')) return null
  const Y = c.yearName()
  const { line, months } = c.random.pick(c.company.monthly)
  const question = c.random.pick([
    `What share of revenue in ${Y(c.latest)} came from ${line}?`,
    `What percentage of the year's monthly revenue in ${Y(c.latest)} did ${line} account for?`,
  ])
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
  return { question, answer: [percent(sum(months), sum(c.monthlyTotals()))], kind: 'share', groups: ['monthly'] }
}

const countMonths: Family = (c) => {
  if (!c.placed('monthly')) return null
  const Y = c.yearName()
  const cut = threshold(c.random, c.monthlyTotals())
  if (!cut) return null
  const question = c.random.pick([
    `In how many months of ${Y(c.latest)} did revenue exceed ${dollars(cut.amount)}?`,
    `How many months of ${Y(c.latest)} had sales above ${dollars(cut.amount)}?`,
  ])
  return { question, answer: [String(cut.count)], kind: 'count', groups: ['monthly'] }
}

const peakMonth: Family = (c) => {
  if (!c.placed('monthly')) return null
  const Y = c.yearName()
  const highest = c.random.chance(0.7)
  const totals = c.monthlyTotals()
  const index = uniqueTop([...totals.keys()], (month) => (highest ? 1 : -1) * totals[month]!)
  if (index === null) return null
  const question = highest
    ? c.random.pick([
        `Which month of ${Y(c.latest)} had the highest revenue?`,
        `In which month of ${Y(c.latest)} were sales strongest?`,
      ])
    : `Which was the slowest month of ${Y(c.latest)} by revenue?`
  return { question, answer: [monthOf(c.company.months[index]!)], kind: 'compare', groups: ['monthly'] }
}

/** A fiscal quarter's revenue: looked up where the file has quarters, added up from months otherwise. */
const quarter: Family = (c) => {
  const Y = c.yearName()
  const index = c.random.int(0, 3)
  const amount = c
    .monthlyTotals()
    .slice(index * 3, index * 3 + 3)
    .reduce((sum, value) => sum + value, 0)
  if (c.placed('quarterly')) {
    const question = c.random.pick([
      `What was revenue in Q${index + 1} of ${Y(c.latest)}?`,
      `What was revenue in the ${ORDINALS[index]} quarter of ${Y(c.latest)}?`,
    ])
    return { question, answer: [money(amount)], kind: 'lookup', groups: ['quarterly'] }
  }
  if (!c.placed('monthly')) return null
  const [first, last] = [c.company.months[index * 3]!, c.company.months[index * 3 + 2]!]
  const question = c.random.pick([
    `What was total revenue from ${monthAndYear(first)} through ${monthAndYear(last)}?`,
    `What was revenue in the ${ORDINALS[index]} quarter of ${Y(c.latest)}?`,
  ])
  return { question, answer: [money(amount)], kind: 'sum', groups: ['monthly'] }
}

const lease: Family = (c) => {
  if (!c.placed('leases')) return null
  const { premises, landlord, end, monthlyRent } = c.random.pick(c.company.leases)
  const subject = c.subject()
  switch (c.random.int(0, 3)) {
    case 0: {
      const question = c.random.pick([
        `What is the monthly rent for the ${premises}?`,
        `How much rent does ${subject} pay each month for the ${premises}?`,
      ])
      return { question, answer: [money(monthlyRent)], kind: 'lookup', groups: ['leases'] }
    }
    case 1: {
      const question = c.random.pick([
        `When does the lease on the ${premises} end?`,
        `When does the ${premises} lease expire?`,
      ])
      return { question, answer: [writtenDate(end)], kind: 'lookup', groups: ['leases'] }
    }
    case 2: {
      const question = c.random.pick([
        `Who is the landlord of the ${premises}?`,
        `Who does ${subject} lease the ${premises} from?`,
      ])
      return { question, answer: [landlord], kind: 'text', groups: ['leases'] }
    }
    default:
      return {
        question: `What is the annual rent for the ${premises}?`,
        answer: [money(monthlyRent * 12)],
        kind: 'formula',
        groups: ['leases'],
      }
  }
}

const leasesTogether: Family = (c) => {
  if (!c.placed('leases')) return null
  const { leases } = c.company
  if (leases.length > 1 && c.random.chance(0.4)) {
    const question = c.random.pick([
      'What is the total monthly rent of all leases?',
      `How much rent does ${c.subject()} pay per month across its leases?`,
    ])
    const amount = leases.reduce((sum, item) => sum + item.monthlyRent, 0)
    return { question, answer: [money(amount)], kind: 'sum', groups: ['leases'] }
  }
  // "Before 2030": ending on or before December 31 of the year before.
  const year = c.latest + c.random.int(1, 10)
  const question = c.random.pick([
    `How many leases end before ${year}?`,
    `How many of the leases expire before ${year}?`,
  ])
  const count = leases.filter((item) => item.end < `${year}-01-01`).length
  return { question, answer: [String(count)], kind: 'count', groups: ['leases'] }
}

const profile: Family = (c) => {
  if (!c.placed('profile')) return null
  const { company } = c
  const subject = c.subject()
  const text = (question: string, ...answer: string[]): Draft => ({
    question,
    answer,
    kind: 'text',
    groups: ['profile'],
  })
  switch (c.random.int(0, 5)) {
    case 0:
      return text(c.random.pick([`Who founded ${subject}?`, `Who started ${subject}?`]), company.founder)
    case 1:
      return text(
        c.random.pick([`When was ${subject} founded?`, `What year was ${subject} established?`]),
        String(company.founded),
      )
    case 2:
      return text(
        c.random.pick([`Where is ${subject} located?`, `Where is ${subject} based?`]),
        company.city,
        company.state,
      )
    case 3:
      return text(
        c.random.pick([`How many people does ${subject} employ?`, `How many employees does ${subject} have?`]),
        String(company.headcount),
      )
    case 4: {
      const { name, role } = c.random.pick(company.people)
      return text(c.random.pick([`Who is the ${role}?`, `Who is ${possessive(subject)} ${role}?`]), name)
    }
    default:
      return text(c.random.pick([`Who owns ${subject}?`, `Who is the owner of ${subject}?`]), company.owner)
  }
}

const goal: Family = (c) => {
  if (!c.placed('goal')) return null
  const { afterTax, byDate } = c.company.goal!
  const owner = c.random.pick(['the owner', c.company.owner])
  if (c.random.chance(0.5)) {
    const question = c.random.pick([
      `By what date does ${owner} want to be out of the business?`,
      `When does ${owner} want to be done with the sale?`,
    ])
    return { question, answer: [writtenDate(byDate)], kind: 'text', groups: ['goal'] }
  }
  const question = c.random.pick([
    `How much does ${owner} need after tax from the sale?`,
    `What after-tax amount does ${owner} want from selling the business?`,
  ])
  return { question, answer: [money(afterTax)], kind: 'lookup', groups: ['goal'] }
}

const addBacks: Family = (c) => {
  if (!c.placed('addBacks')) return null
  const Y = c.yearName()
  switch (c.random.int(0, 2)) {
    case 0: {
      const question = c.random.pick([
        'What is the total of the normalization adjustments?',
        `What do the add-backs for ${Y(c.latest)} add up to?`,
      ])
      return { question, answer: [money(c.addBacksTotal())], kind: 'sum', groups: ['addBacks'] }
    }
    case 1: {
      const { label, amount } = c.random.pick(c.company.addBacks)
      const question = `How much is the add-back for "${label}"?`
      return { question, answer: [money(amount)], kind: 'lookup', groups: ['addBacks'] }
    }
    default: {
      if (!c.placed('income')) return null
      const question = c.random.pick([
        `What is adjusted EBITDA for ${Y(c.latest)} after the add-backs?`,
        `What is normalized EBITDA for ${Y(c.latest)} once the owner's add-backs are included?`,
      ])
      return { question, answer: [money(c.normalizedEbitda())], kind: 'formula', groups: ['income', 'addBacks'] }
    }
  }
}

const valuation: Family = (c) => {
  if (!c.placed('valuation')) return null
  const { firm, low, high } = c.company.valuation!
  if (c.random.chance(0.6)) {
    const question = c.random.pick([
      `What range did ${firm} put on the business?`,
      'What value range did the valuation give?',
      'What are the low and high ends of the valuation range?',
    ])
    return { question, answer: [money(low), money(high)], kind: 'multi', groups: ['valuation'] }
  }
  return { question: 'Which firm prepared the valuation?', answer: [firm], kind: 'text', groups: ['valuation'] }
}

const MULTIPLES = [3, 3.5, 4, 4.25, 4.5, 5, 5.5, 6]

const impliedMultiple: Family = (c) => {
  if (!c.placed('income', 'addBacks')) return null
  const normalized = c.normalizedEbitda()
  if (c.placed('valuation') && c.random.chance(0.5)) {
    const question =
      c.company.valuation!.concluded === null
        ? c.random.pick([
            'What multiple of adjusted EBITDA does the midpoint of the valuation range imply?',
            'At the middle of its range, what multiple of normalized EBITDA does the valuation imply?',
          ])
        : 'What multiple of adjusted EBITDA does the concluded value in the valuation imply?'
    // The midpoint is whole dollars: the range ends are whole hundred thousands.
    return {
      question,
      answer: [ratio(c.valuationMid(), normalized)],
      kind: 'ratio',
      groups: ['valuation', 'income', 'addBacks'],
    }
  }
  const multiple = c.random.pick(MULTIPLES)
  const written = `${multiple.toFixed(multiple % 0.5 ? 2 : 1)}x`
  const question = c.random.pick([
    `At a ${written} multiple of adjusted EBITDA, what would the business be worth?`,
    `What enterprise value does ${written} normalized EBITDA give?`,
  ])
  // Normalized EBITDA is whole thousands and the multiples are quarters: the product is whole dollars.
  const value = (normalized * (multiple * 4)) / 4
  return { question, answer: [money(value)], kind: 'formula', groups: ['income', 'addBacks'] }
}

const customerFollowUp: Family = (c) => {
  if (!c.placed('customers', 'income')) return null
  const { name, revenue } = c.random.pick(c.company.customers)
  const Y = c.yearName()
  return {
    follows: `How much revenue did ${name} bring in during ${Y(c.latest)}?`,
    question: c.random.pick([
      'What share of total revenue is that?',
      "And what percentage of the year's revenue is that?",
    ]),
    answer: [percent(revenue[c.latest]!, c.income(c.latest).revenue)],
    kind: 'followup',
    groups: ['customers', 'income'],
  }
}

export const FACT_FAMILIES: Family[] = [
  lookupCustomer,
  customerTwoYears,
  customerGrowth,
  customersCombined,
  customerShare,
  countCustomers,
  largestCustomer,
  lookupMonth,
  averageMonthly,
  lineShare,
  countMonths,
  peakMonth,
  quarter,
  lease,
  leasesTogether,
  profile,
  goal,
  addBacks,
  valuation,
  impliedMultiple,
  customerFollowUp,
]
