import { monthName } from '../../../shared/calendar'
import type { Block } from './blocks'
import { longDate, numericDate } from './labels'
import { type Company, latestYear } from './model'
import type { Random } from './random'
import { capexTable, leaseDate } from './schedules'

/**
 * The prose of a sale file: the valuation letter, the owner's notes, the company overview. Figures
 * in prose are written the ways people write them ("$18 million", "USD 18m", "$18,000,000"), all
 * exact: a million figure keeps as many decimals as it needs.
 */

export type MoneyStyle = 'dollar-millions' | 'million-dollars' | 'm-suffix' | 'full' | 'usd-m'

const MONEY_STYLES: MoneyStyle[] = ['dollar-millions', 'million-dollars', 'm-suffix', 'full', 'usd-m']

const millions = (value: number) => String(Number((value / 1_000_000).toFixed(3)))

/** A figure in a style; under a million, written in full whatever the style. */
export function money(value: number, style: MoneyStyle): string {
  if (value < 1_000_000 || style === 'full') return `$${value.toLocaleString('en-US')}`
  const m = millions(value)
  switch (style) {
    case 'dollar-millions':
      return `$${m} million`
    case 'million-dollars':
      return `${m} million dollars`
    case 'm-suffix':
      return `$${m}M`
    case 'usd-m':
      return `USD ${m}m`
  }
}

function range(low: number, high: number, style: MoneyStyle) {
  if (style === 'million-dollars') return `between ${millions(low)} and ${millions(high)} million dollars`
  return `${money(low, style)} to ${money(high, style)}`
}

const first = (name: string) => name.split(' ')[0]!
const capitalized = (text: string) => text[0]!.toUpperCase() + text.slice(1)
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

export interface Prose {
  blocks: Block[]
  families: string[]
}

/** The valuation firm's letter: the range, the concluded value when there is one, perhaps normalized EBITDA. */
export function valuationLetter(random: Random, company: Company): Prose {
  const valuation = company.valuation!
  const style = random.pick(MONEY_STYLES)
  const year = latestYear(company)
  const normalized = company.income[year]!.ebitda + sum(company.addBacks.map((item) => item.amount))
  const mentionEbitda = random.chance(0.5)
  const paragraphs = [
    `You asked us to estimate the fair market value of ${company.name} (the "Company") on a cash-free, debt-free basis. ` +
      `We reviewed the Company's financial statements for fiscal years ${company.years[0]!.year} through ${year}, ` +
      `interviewed management and considered recent sales of comparable ${company.industry} businesses.`,
    ...(mentionEbitda
      ? [
          `After adjusting for owner compensation and non-recurring items, we estimate the Company's normalized EBITDA ` +
            `for fiscal ${year} at ${money(normalized, style)}.`,
        ]
      : []),
    `Based on our analysis, it is our opinion that the fair market value of the Company as of ${longDate(valuation.date)} ` +
      `is in the range of ${range(valuation.low, valuation.high, style)}.`,
    valuation.concluded
      ? `Within that range, our concluded value is ${money(valuation.concluded, style)}.`
      : 'We have not concluded on a single value within that range; the outcome of a sale will depend on the buyer and the terms.',
    'This letter is a summary of our findings. It is not an audit, and it is intended solely for the use of the owner in planning.',
  ]
  return {
    blocks: [
      { kind: 'title', text: valuation.firm },
      { kind: 'paragraph', text: longDate(valuation.date) },
      { kind: 'paragraph', text: `${company.owner}\n${company.name}\n${company.city}, ${company.state}` },
      { kind: 'heading', text: `Re: Indication of value - ${company.name}` },
      { kind: 'paragraph', text: `Dear ${first(company.owner)},` },
      ...paragraphs.map((text): Block => ({ kind: 'paragraph', text })),
      { kind: 'paragraph', text: `Sincerely,\n${valuation.firm}` },
    ],
    families: [`prose-figures-${style}`],
  }
}

/** "the end of June 2028", "6/30/2028", "June 30, 2028", or "year end 2028" for a December date. */
function byWhen(random: Random, iso: string) {
  const [year, month] = iso.split('-').map(Number) as [number, number]
  return random.pick([
    `by the end of ${monthName(month)} ${year}`,
    `by ${numericDate(iso)}`,
    `no later than ${longDate(iso)}`,
    ...(month === 12 ? [`by year end ${year}`] : []),
  ])
}

/**
 * The owner's own notes: what they need after tax and by when, and a few other things on their
 * mind. A line on the biggest customer or the lease only in a sale file that holds customers or
 * leases, so that a question the gold calls absent is not answered by the notes.
 */
export function ownerNotes(random: Random, company: Company, holds: { customers: boolean; leases: boolean }): Prose {
  const goal = company.goal!
  const style = random.pick(MONEY_STYLES)
  const need = money(goal.afterTax, style)
  const year = latestYear(company)
  const top = company.customers[0]!
  const topShare = Math.round((top.revenue[year]! / company.income[year]!.revenue) * 100)
  const person = random.pick(company.people)
  const lease = company.leases[0]!
  const lines = random.shuffle([
    {
      text: `${top.name} is our biggest customer, about ${topShare} percent of sales last year.`,
      held: holds.customers,
    },
    { text: `${person.name} (${person.role}) would stay on if a buyer wants.`, held: true },
    { text: `The lease on the ${lease.premises} runs to ${lease.end.slice(0, 4)}.`, held: holds.leases },
  ])
  const wants = random.pick([
    `I want at least ${need} after taxes when this is done.`,
    `Need ${need} after tax to retire the way we planned.`,
    `My number is ${need}, after taxes, in my pocket.`,
  ])
  return {
    blocks: [
      { kind: 'title', text: random.pick([`Notes - ${first(company.owner)}`, 'Things for the advisor', 'My notes']) },
      { kind: 'paragraph', text: wants },
      { kind: 'paragraph', text: `I'd like to be out ${byWhen(random, goal.byDate)}.` },
      ...lines
        .slice(0, random.int(1, 3))
        .filter(({ held }) => held)
        .map(({ text }): Block => ({ kind: 'paragraph', text })),
    ],
    families: [`prose-figures-${style}`, 'prose-figures-percent-words'],
  }
}

/** The overview's lease paragraphs: one per lease, in sentences. */
function leaseParagraphs(random: Random, company: Company): Block[] {
  const date = leaseDate(random)
  return [
    { kind: 'heading', text: random.pick(['Premises', 'Where we operate', 'Leases']) },
    ...company.leases.map((lease): Block => ({
      kind: 'paragraph',
      text:
        `${capitalized(lease.premises)}: ${lease.address}, leased from ${lease.landlord} from ${date(lease.start)} ` +
        `to ${date(lease.end)}, at $${lease.monthlyRent.toLocaleString('en-US')} a month.`,
    })),
  ]
}

/** The company overview: its history, people and product lines; perhaps its capital spending and leases. */
export function overview(random: Random, company: Company, holds: { capex: boolean; leases: boolean }): Prose {
  const families: string[] = []
  const blocks: Block[] = [
    { kind: 'title', text: random.pick([company.name, `About ${company.name}`, 'Company overview']) },
    {
      kind: 'paragraph',
      text:
        `${company.name} is a ${company.industry} based in ${company.city}, ${company.state}. ` +
        `It was founded in ${company.founded} by ${company.founder}. ` +
        (company.owner === company.founder
          ? `${company.founder} still owns and runs it.`
          : `Today it is owned by ${company.owner}.`),
    },
    {
      kind: 'paragraph',
      text: random.pick([
        `The company employs ${company.headcount} people.`,
        `We have ${company.headcount} employees, full and part time.`,
        `Headcount: ${company.headcount}.`,
      ]),
    },
    { kind: 'heading', text: random.pick(['Key people', 'Our team', 'Management']) },
    { kind: 'paragraph', text: `${company.owner} - owner and president` },
    ...company.people.map((person): Block => ({ kind: 'paragraph', text: `${person.name} - ${person.role}` })),
    { kind: 'heading', text: random.pick(['What we do', 'Products and services', 'Product lines']) },
    {
      kind: 'paragraph',
      text: `Our work falls into ${company.productLines.length} lines: ${company.productLines.join(', ').toLowerCase()}.`,
    },
  ]
  if (holds.capex) {
    const capex = capexTable(random, company)
    blocks.push(
      ...capex.parts[0]!.blocks.map((block): Block => (block.kind === 'title' ? { ...block, kind: 'heading' } : block)),
    )
    families.push(...capex.families)
  }
  if (holds.leases) blocks.push(...leaseParagraphs(random, company))
  return { blocks, families }
}
