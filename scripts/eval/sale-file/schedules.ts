import { amount, type Cell, dollars, figureFamilies, type FigureStyle, type Part, type Row, share } from './blocks'
import { figureStyle, frame } from './framing'
import { longDate, monthEnd, monthLabel, numericDate, yearLabels } from './labels'
import { type Company, latestYear } from './model'
import type { Random } from './random'
import type { Statement } from './statements'

/**
 * The schedules around the statements: revenue by quarter and by month, customers, add-backs,
 * capital spending, leases. Tables whose rows add up to a total show it as a total row or column.
 */

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
const capitalized = (text: string) => text[0]!.toUpperCase() + text.slice(1)
const shortYear = (year: number) => String(year).slice(2)

const statement = (name: string, blocks: Part['blocks'], families: string[], style: FigureStyle) => {
  const parts = [{ name, blocks }]
  return { parts, families: [...new Set([...families, ...figureFamilies(parts, style)])] }
}

/** Revenue of the latest fiscal year by quarter, in total or by product line, with a full-year column. */
export function quarterlyRevenue(random: Random, company: Company): Statement {
  const style = figureStyle(random)
  const year = latestYear(company)
  const quarters = (months: number[]) => [0, 1, 2, 3].map((q) => sum(months.slice(q * 3, q * 3 + 3)))
  const calendar = company.yearEnd.month === 12 && random.chance(0.5)
  const quarterLabel = (q: number) => (calendar ? `Q${q} ${year}` : `Q${q} FY${shortYear(year)}`)
  const totalLabel = random.pick([`FY${shortYear(year)} total`, 'Full year', 'Total', `FY${year}`])
  const byLine = random.chance(0.5)
  const totalRow = byLine && random.chance(0.6)
  const row = (label: string, months: number[], kind?: Row['kind']): Row => {
    const values = quarters(months)
    return { cells: [label, ...[...values, sum(values)].map((value) => amount(value, style))], kind }
  }
  const allMonths = company.months.map((_, index) => sum(company.monthly.map((line) => line.months[index]!)))
  const rows = byLine
    ? [
        ...company.monthly.map((line) => row(line.line, line.months)),
        ...(totalRow ? [row(random.pick(['Total', 'Total revenue']), allMonths, 'total')] : []),
      ]
    : [row(random.pick(['Revenue', 'Sales', 'Net sales']), allMonths)]
  const framed = frame(random, style, {
    title: random.pick([`Revenue by quarter, FY${year}`, `Quarterly sales FY${shortYear(year)}`, 'Sales by quarter']),
    table: { header: [[byLine ? 'Product line' : '', ...[1, 2, 3, 4].map(quarterLabel), totalLabel]], rows },
    preamble: [],
  })
  const families = ['quarters-with-total', calendar ? 'calendar-year-labels' : 'fiscal-year-labels', ...framed.families]
  if (byLine) families.push('by-product-line')
  if (totalRow) families.push('subtotals')
  return statement(random.pick(['Quarterly', 'By quarter', 'Qtrs']), framed.blocks, families, style)
}

/** Revenue of the latest fiscal year by month and product line: months as columns, with a total column. */
export function monthlyRevenue(random: Random, company: Company): Statement {
  const style = figureStyle(random, 0.5)
  const year = latestYear(company)
  const label = monthLabel(random)
  const totalRow = random.chance(0.5)
  const row = (name: string, months: number[], kind?: Row['kind']): Row => ({
    cells: [name, ...[...months, sum(months)].map((value) => amount(value, style))],
    kind,
  })
  const allMonths = company.months.map((_, index) => sum(company.monthly.map((line) => line.months[index]!)))
  const framed = frame(random, style, {
    title: random.pick([
      `Monthly sales FY${year}`,
      'Sales by month and product line',
      `Revenue by month - FY${shortYear(year)}`,
    ]),
    table: {
      header: [
        [
          random.pick(['Product line', 'Line', '']),
          ...company.months.map(label),
          random.pick(['Total', `FY${shortYear(year)}`]),
        ],
      ],
      rows: [
        ...company.monthly.map((line) => row(line.line, line.months)),
        ...(totalRow ? [row('Total', allMonths, 'total')] : []),
      ],
    },
    preamble: [],
  })
  const families = ['months-with-total', 'by-product-line', ...framed.families]
  if (totalRow) families.push('subtotals')
  return statement(random.pick(['Monthly', 'By month', 'Sales']), framed.blocks, families, style)
}

/**
 * The same monthly revenue as a bookkeeping export writes it: one row per month and product line,
 * whole dollars with cents, a header row and nothing else.
 */
export function monthlyLedger(random: Random, company: Company): Statement {
  const ledger = random.chance(0.5)
  const header: Cell[] = ledger ? ['date', 'account', 'amount'] : ['month', 'product_line', 'revenue']
  const date = random.pick<(iso: string) => string>([(iso) => monthEnd(iso), (iso) => numericDate(monthEnd(iso))])
  const account = random.pick<(line: string, index: number) => string>([
    (line) => `Sales - ${line}`,
    (line, index) => `${4000 + index * 10} ${line}`,
  ])
  const rows = company.months.flatMap((month, index) =>
    company.monthly.map((line, lineIndex): Row => ({
      cells: [
        ledger ? date(month) : month.slice(0, 7),
        ledger ? account(line.line, lineIndex) : line.line,
        { value: line.months[index]!, text: line.months[index]!.toFixed(2), format: '0.00' },
      ],
    })),
  )
  return {
    parts: [{ name: 'export', blocks: [{ kind: 'table', table: { header: [header], rows } }] }],
    families: ['long-format', 'by-product-line', 'whole-dollars', 'scale-unstated'],
  }
}

/** The top customers' revenue in the last two years, perhaps with the rest and the total, perhaps with shares. */
export function customerTable(random: Random, company: Company): Statement {
  const style = figureStyle(random, 0.5)
  const latest = company.years.at(-1)!
  const prior = company.years.at(-2)!
  const years = random.chance(0.5) ? [prior, latest] : [latest, prior]
  const revenue = (year: number) => company.income[year]!.revenue
  const listed = (year: number) => sum(company.customers.map((customer) => customer.revenue[year]!))
  const others = (year: number) => revenue(year) - listed(year)
  // "All other customers" only when the rest is revenue: a list can name most of the revenue.
  const withOthers = random.chance(0.5) && years.every((fy) => others(fy.year) > 0)
  const withTotal = withOthers || random.chance(0.5)
  const withShare = random.chance(0.5)
  const total = (year: number) => (withOthers ? revenue(year) : listed(year))
  const labels = yearLabels(random, company)
  const row = (name: string, value: (year: number) => number, kind?: Row['kind']): Row => ({
    cells: [
      name,
      ...years.map((fy) => amount(value(fy.year), style)),
      ...(withShare ? [share(value(latest.year) / revenue(latest.year), style)] : []),
    ],
    kind,
  })
  const rows = [
    ...company.customers.map((customer) => row(customer.name, (year) => customer.revenue[year]!)),
    ...(withOthers ? [row('All other customers', others)] : []),
    ...(withTotal
      ? [row(withOthers ? 'Total revenue' : random.pick(['Total', 'Total top customers']), total, 'total')]
      : []),
  ]
  const framed = frame(random, style, {
    title: random.pick(['Top customers', 'Sales by customer', `Customer revenue FY${prior.year}-FY${latest.year}`]),
    table: {
      header: [
        [
          random.pick(['Customer', 'Customer name', 'Account']),
          ...years.map(labels.label),
          ...(withShare ? [random.pick([`% of ${labels.label(latest)} revenue`, '% of total', '% of sales'])] : []),
        ],
      ],
      rows,
    },
    preamble: [],
  })
  const families = [
    years[0] === prior ? 'periods-as-columns-oldest-first' : 'periods-as-columns-latest-first',
    labels.family,
    ...framed.families,
  ]
  if (withOthers) families.push('others-row')
  if (withTotal) families.push('subtotals')
  return statement(random.pick(['Customers', 'Top customers', 'Sheet1']), framed.blocks, families, style)
}

/** Why an add-back is one, as an owner's schedule notes it. */
const addBackNote = (label: string) =>
  /one-time|non-recurring|settlement|relocation/i.test(label)
    ? 'Non-recurring'
    : /owner|personal|family/i.test(label)
      ? 'Owner benefit'
      : 'Discretionary'

/** The latest year's add-backs with their total, perhaps from reported to adjusted EBITDA. */
export function addBackSchedule(random: Random, company: Company): Statement {
  const style = figureStyle(random, 0.4)
  const year = latestYear(company)
  const ebitda = company.income[year]!.ebitda
  const added = sum(company.addBacks.map((item) => item.amount))
  const bridge = random.chance(0.5)
  const notes = random.chance(0.4)
  const row = (label: string, value: number, kind?: Row['kind'], note = ''): Row => ({
    cells: [label, amount(value, style), ...(notes ? [note] : [])],
    kind,
  })
  const rows = [
    ...(bridge ? [row(random.pick(['Reported EBITDA', 'EBITDA as reported']), ebitda)] : []),
    ...company.addBacks.map((item) => row(item.label, item.amount, undefined, addBackNote(item.label))),
    row(random.pick(['Total add-backs', 'Total adjustments']), added, 'total'),
    ...(bridge ? [row(random.pick(['Adjusted EBITDA', 'Normalized EBITDA']), ebitda + added, 'total')] : []),
  ]
  const framed = frame(random, style, {
    title: random.pick([`EBITDA adjustments FY${year}`, 'Normalization adjustments', `Add-backs, fiscal ${year}`]),
    table: {
      header: [
        [
          random.pick(['Adjustment', 'Item', 'Description']),
          random.pick([`FY${year}`, 'Amount']),
          ...(notes ? ['Notes'] : []),
        ],
      ],
      rows,
    },
    preamble: [],
  })
  return statement('Add-backs', framed.blocks, ['subtotals', ...framed.families], style)
}

/** Capital spending by year, years as rows, as an overview's small history table shows it. */
export function capexTable(random: Random, company: Company): Statement {
  const style = figureStyle(random)
  const labels = yearLabels(random, company)
  const framed = frame(random, style, {
    title: random.pick(['Capital spending', 'Investment in equipment', 'Capital expenditures by year']),
    table: {
      header: [[random.pick(['Year', 'Fiscal year', '']), random.pick(['Capital expenditures', 'Capex'])]],
      rows: company.years.map((fy) => ({ cells: [labels.label(fy), amount(company.income[fy.year]!.capex, style)] })),
    },
    preamble: [],
  })
  return statement('Capex', framed.blocks, ['periods-as-rows', labels.family, ...framed.families], style)
}

/** A lease date as the file writes it. */
export function leaseDate(random: Random): (iso: string) => string {
  return random.pick<(iso: string) => string>([(iso) => iso, (iso) => numericDate(iso), (iso) => longDate(iso)])
}

/** The leases as a table: premises, address, landlord, start, end, monthly rent. */
export function leaseTable(random: Random, company: Company): Part['blocks'] {
  const date = leaseDate(random)
  return [
    { kind: 'title', text: random.pick(['Lease summary', 'Leases', `${company.name} - premises`]) },
    {
      kind: 'table',
      table: {
        header: [['Premises', 'Address', 'Landlord', 'Start', 'End', random.pick(['Monthly rent', 'Rent / month'])]],
        rows: company.leases.map((lease) => ({
          cells: [
            capitalized(lease.premises),
            lease.address,
            lease.landlord,
            date(lease.start),
            date(lease.end),
            dollars(lease.monthlyRent),
          ],
        })),
      },
    },
  ]
}
