/**
 * Questions the sale file cannot answer: a period before the files start, a measure no file
 * reports, an entity no file names, and any question on a group of facts no file holds. The right
 * answer says the files do not hold it; `groups` name where it would be, for the source.
 */
import type { FactGroup } from './model'
import { monthAndYear, ORDINALS, possessive } from './phrasing'
import { BALANCE_LINES, be, type Context, type Draft, type Family, MAIN_MEASURES } from './question-context'

const absent = (question: string, groups: FactGroup[] = []): Draft => ({ question, answer: [], kind: 'absent', groups })

/** Customers no company of any industry lists. */
const UNLISTED = [
  'Summit Ridge Holdings',
  'Bayside Logistics',
  'Prairie Wind Foods',
  'Copperfield Industries',
  'Alpine Medical Group',
]
/** Roles an advisor asks after; the ones the company's people do not hold are absent. */
const ROLES = [
  'controller',
  'operations manager',
  'sales manager',
  'production lead',
  'office manager',
  'chief financial officer',
]

/** The same month of the fiscal year before the latest one, which the monthly figures do not cover. */
const yearEarlier = (isoDate: string) => `${Number(isoDate.slice(0, 4)) - 1}${isoDate.slice(4)}`

const absentPeriod: Family = (c) => {
  const Y = c.yearName()
  const options: Array<() => Draft> = []
  if (c.placed('income'))
    options.push(() => {
      const name = c.random.pick(c.random.pick(MAIN_MEASURES).names)
      return absent(`What ${be(name)} ${name} in ${Y(c.years[0]! - c.random.int(1, 2))}?`, ['income'])
    })
  if (c.placed('balance') && c.years.length > 2)
    options.push(() => {
      // Only the last two year ends have a balance sheet.
      const name = c.random.pick(c.random.pick(BALANCE_LINES).names)
      return absent(`What ${be(name)} ${name} at ${c.yearEndName()(c.years.at(-3)!)}?`, ['balance'])
    })
  if (c.placed('customers') && c.years.length > 2)
    options.push(() => {
      const { name } = c.random.pick(c.company.customers)
      return absent(`How much revenue came from ${name} in ${Y(c.years.at(-3)!)}?`, ['customers'])
    })
  if (c.placed('monthly'))
    options.push(() => {
      const month = yearEarlier(c.random.pick(c.company.months))
      return absent(`What was revenue in ${monthAndYear(month)}?`, ['monthly'])
    })
  return options.length ? c.random.pick(options)() : null
}

const absentMeasure: Family = (c) => {
  const Y = c.yearName()
  const year = c.anyYear()
  const subject = c.subject()
  const options = [
    absent(`What does the bank's loan covenant require for the debt service coverage ratio?`),
    absent(`What is ${possessive(subject)} current order backlog?`),
  ]
  if (c.placed('income')) {
    options.push(absent(`How much did ${subject} spend on research and development in ${Y(year)}?`, ['income']))
    // Only when no year has a marketing line: a file with the line would show a blank or zero for a year without it.
    const marketing = c.years.some((each) => c.income(each).operating.some(({ key }) => key === 'marketing'))
    if (!marketing) options.push(absent(`How much did ${subject} spend on marketing in ${Y(year)}?`, ['income']))
  }
  return c.random.pick(options)
}

const absentEntity: Family = (c) => {
  const Y = c.yearName()
  const options = [
    absent('What is the EBITDA margin of the largest competitor?'),
    absent(`Who is the largest competitor of ${c.subject()}?`),
  ]
  const listed = new Set(c.company.customers.map(({ name }) => name))
  const unlisted = UNLISTED.filter((name) => !listed.has(name))
  if (c.placed('customers') && unlisted.length)
    options.push(absent(`How much revenue came from ${c.random.pick(unlisted)} in ${Y(c.latest)}?`, ['customers']))
  const held = new Set(c.company.people.map(({ role }) => role))
  const vacant = ROLES.filter((role) => !held.has(role))
  if (c.placed('profile') && vacant.length) options.push(absent(`Who is the ${c.random.pick(vacant)}?`, ['profile']))
  return c.random.pick(options)
}

export const ABSENT_FAMILIES: Family[] = [absentPeriod, absentMeasure, absentEntity]

/** The groups a sale file lacks that a question could be about: quarters count as held when months are. */
export function missingGroups(c: Context): FactGroup[] {
  const groups = Object.keys(c.placement) as FactGroup[]
  return groups.filter((group) => !c.placed(group) && !(group === 'quarterly' && c.placed('monthly')))
}

/** A question on a group of facts no file holds. */
export function absentGroup(c: Context, group: FactGroup): Draft {
  const Y = c.yearName()
  const subject = c.subject()
  const questions: Record<FactGroup, () => string> = {
    income: () => `What was net income in ${Y(c.latest)}?`,
    balance: () => `What was inventory at ${c.yearEndName()(c.latest)}?`,
    quarterly: () => `What was revenue in the ${c.random.pick(ORDINALS)} quarter of ${Y(c.latest)}?`,
    monthly: () => `What was revenue in ${monthAndYear(c.random.pick(c.company.months))}?`,
    customers: () => `Who was the largest customer in ${Y(c.latest)}?`,
    addBacks: () => 'What is the total of the add-backs to EBITDA?',
    valuation: () => 'What range did the valuation give?',
    goal: () => 'How much does the owner need after tax from the sale?',
    leases: () => 'When does the lease end?',
    profile: () => `When was ${subject} founded?`,
    capex: () => `What were capital expenditures in ${Y(c.latest)}?`,
  }
  return absent(questions[group](), [group])
}
