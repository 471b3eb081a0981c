import { amount, type Cell, figureFamilies, type FigureStyle, type Part, type Row, share, type Table } from './blocks'
import { figureStyle, frame } from './framing'
import { dateLabels, longDate, yearEndDay, yearLabels } from './labels'
import type { Company, OperatingLine } from './model'
import { Random } from './random'

/**
 * The income statement and the balance sheet, each laid out one of several ways an owner's files
 * show them: periods as columns (either order) or as rows, one sheet per year, with or without
 * section headings, spacer rows, a two-row header, a change or "% of revenue" column.
 */

/** The names a line goes by in owners' files; the first of each is the plain one. */
export const INCOME_LABELS = {
  revenue: ['Revenue', 'Sales', 'Net sales', 'Total revenue'],
  costOfSales: ['Cost of sales', 'Cost of goods sold', 'COGS', 'Cost of revenue'],
  grossProfit: ['Gross profit'],
  depreciation: ['Depreciation and amortization', 'Depreciation & amortization', 'D&A'],
  operatingIncome: ['Operating income', 'Income from operations', 'EBIT'],
  interest: ['Interest expense', 'Interest'],
  pretaxIncome: ['Income before taxes', 'Pretax income'],
  incomeTax: ['Income tax', 'Income taxes', 'Provision for income taxes'],
  netIncome: ['Net income', 'Net profit'],
  capex: ['Capital expenditures', 'Capex', 'Equipment purchases'],
}

/** A section heading over the operating lines, and the label of their total. */
export const OPERATING_SECTIONS: ReadonlyArray<readonly [string, string]> = [
  ['Operating expenses', 'Total operating expenses'],
  ['Selling, general & administrative', 'Total SG&A'],
  ['Overhead', 'Total overhead'],
]

export const BALANCE_LABELS = {
  cash: ['Cash', 'Cash and cash equivalents', 'Cash in bank'],
  receivables: ['Accounts receivable', 'Accounts receivable, net', 'Trade receivables'],
  inventory: ['Inventory', 'Inventories'],
  prepaid: ['Prepaid expenses', 'Prepaids and other'],
  currentAssets: ['Total current assets'],
  equipment: ['Equipment, net', 'Property and equipment, net', 'PP&E, net', 'Fixed assets, net'],
  totalAssets: ['Total assets', 'TOTAL ASSETS'],
  payables: ['Accounts payable', 'Trade payables'],
  accrued: ['Accrued expenses', 'Accrued liabilities'],
  revolver: ['Line of credit', 'Revolver', 'Revolving credit facility'],
  currentDebt: ['Current portion of long-term debt', 'Current maturities of term loan'],
  currentLiabilities: ['Total current liabilities'],
  termLoan: ['Term loan', 'Long-term debt, net of current portion', 'Bank loan'],
  totalLiabilities: ['Total liabilities'],
  equity: ["Owner's equity", "Shareholders' equity", "Stockholders' equity", 'Total equity'],
  liabilitiesAndEquity: [
    'Total liabilities and equity',
    "Total liabilities & owner's equity",
    'TOTAL LIABILITIES AND EQUITY',
  ],
}

interface Line {
  label: string
  kind?: Row['kind']
  /** The amount for a period (by its key); none for section headings and spacers. */
  value?: (key: number) => number
}

interface Period {
  key: number
  label: string
}

export interface Statement {
  parts: Part[]
  families: string[]
}

type Orientation = 'columns-oldest' | 'columns-latest' | 'rows' | 'sheet-per-year'

const ORIENTATION_FAMILY: Record<Orientation, string> = {
  'columns-oldest': 'periods-as-columns-oldest-first',
  'columns-latest': 'periods-as-columns-latest-first',
  rows: 'periods-as-rows',
  'sheet-per-year': 'sheet-per-year',
}

const pickLabels = <K extends string>(random: Random, labels: Record<K, string[]>) =>
  Object.fromEntries(Object.entries<string[]>(labels).map(([key, names]) => [key, random.pick(names)])) as Record<
    K,
    string
  >

/** Whether a line has a figure in some period: a revolver paid off at both year ends is left out. */
const shown = (line: Line, keys: number[]) => !line.value || line.kind || keys.some((key) => line.value!(key) !== 0)

/** An extra column after the periods: the change from the prior period, or a share of revenue. */
type Extra = { header: string; cell: (line: Line) => Cell; family: string } | null

function columnsTable(lines: Line[], keys: number[], header: Cell[][], style: FigureStyle, extra: Extra): Table {
  const width = keys.length + (extra ? 1 : 0)
  const rows = lines.map((line): Row => {
    if (line.kind === 'spacer') return { cells: [], kind: 'spacer' }
    if (!line.value) return { cells: [line.label], kind: 'section' }
    const cells: Cell[] = [line.label, ...keys.map((key) => amount(line.value!(key), style))]
    if (extra) cells.push(extra.cell(line))
    return { cells, kind: line.kind }
  })
  const last = header.length - 1
  return {
    header: header.map((row, index) =>
      index === last && extra ? [...row, extra.header] : [...row, ...Array(width + 1 - row.length).fill('')],
    ),
    spans: header.length > 1 ? [{ row: 0, from: 1, to: keys.length }] : undefined,
    rows,
  }
}

/** An extra column of a rows layout, one cell per period. */
type RowsExtra = { header: string; cell: (key: number) => Cell } | null

/**
 * Periods as rows, lines as columns. Section headings, which cannot head a row here, head their
 * columns in a first header row instead (a two-row header).
 */
function rowsTable(lines: Line[], periods: Period[], corner: string, style: FigureStyle, extra: RowsExtra) {
  const columns = lines.filter((line) => line.kind !== 'spacer')
  const valued = columns.filter((line) => line.value)
  const spans: NonNullable<Table['spans']> = []
  const top: Cell[] = ['']
  let section: { label: string; from: number } | null = null
  for (const line of columns) {
    if (!line.value) section = { label: line.label, from: top.length }
    else {
      top.push(section && section.from === top.length ? section.label : '')
      if (section && line.kind === 'total') {
        spans.push({ row: 0, from: section.from, to: top.length - 1 })
        section = null
      }
    }
  }
  const bottom: Cell[] = [corner, ...valued.map((line) => line.label)]
  if (extra) {
    top.push('')
    bottom.push(extra.header)
  }
  return {
    table: {
      header: spans.length ? [top, bottom] : [bottom],
      spans: spans.length ? spans : undefined,
      rows: periods.map((period): Row => ({
        cells: [
          period.label,
          ...valued.map((line) => amount(line.value!(period.key), style)),
          ...(extra ? [extra.cell(period.key)] : []),
        ],
      })),
    },
    twoRows: spans.length > 0,
  }
}

const PREAMBLES = (company: Company) => [
  `Prepared by ${company.owner} from QuickBooks`,
  'Unaudited',
  'Internal - not reviewed by our CPA',
  company.name,
  `${company.city}, ${company.state}`,
]

function preamble(random: Random, company: Company) {
  return random.sample(PREAMBLES(company), random.int(1, 2))
}

/** The operating lines of every year, in one order: a line some years lack shows as zero there. */
function operatingLines(company: Company): Line[] {
  const byKey = new Map<OperatingLine['key'], string>()
  for (const { year } of company.years)
    for (const line of company.income[year]!.operating) byKey.set(line.key, line.label)
  const order: OperatingLine['key'][] = [
    'salaries',
    'rent',
    'marketing',
    'utilities',
    'insurance',
    'professional',
    'other',
  ]
  return order
    .filter((key) => byKey.has(key))
    .map((key) => ({
      label: byKey.get(key)!,
      value: (year: number) => company.income[year]!.operating.find((line) => line.key === key)?.amount ?? 0,
    }))
}

export interface IncomeOptions {
  /** A workbook can hold one sheet per year; a wide layout (periods as rows) needs a spreadsheet. */
  workbook: boolean
  wide: boolean
  capexMemo: boolean
}

export function incomeStatement(random: Random, company: Company, options: IncomeOptions): Statement {
  const style = figureStyle(random)
  const names = pickLabels(random, INCOME_LABELS)
  const [sectionLabel, totalLabel] = random.pick(OPERATING_SECTIONS)
  const sections = random.chance(0.6)
  const spacers = random.chance(0.4)
  const showEbitda = random.chance(0.6)
  const showPretax = random.chance(0.5)
  // Interest and tax shown as negatives, as some bookkeepers sign every cost below operating income.
  const sign = random.chance(0.4) ? -1 : 1
  const income = (year: number) => company.income[year]!
  const spacer: Line[] = spacers ? [{ label: '', kind: 'spacer' }] : []
  const lines: Line[] = [
    { label: names.revenue, value: (year) => income(year).revenue },
    { label: names.costOfSales, value: (year) => income(year).costOfSales },
    { label: names.grossProfit, kind: 'total', value: (year) => income(year).grossProfit },
    ...spacer,
    ...(sections ? [{ label: sectionLabel }] : []),
    ...operatingLines(company),
    { label: totalLabel, kind: 'total', value: (year) => income(year).operatingExpenses },
    ...spacer,
    ...(showEbitda ? [{ label: 'EBITDA', kind: 'total' as const, value: (year: number) => income(year).ebitda }] : []),
    { label: names.depreciation, value: (year) => income(year).depreciation },
    { label: names.operatingIncome, kind: 'total', value: (year) => income(year).operatingIncome },
    { label: names.interest, value: (year) => sign * income(year).interest },
    ...(showPretax
      ? [{ label: names.pretaxIncome, kind: 'total' as const, value: (year: number) => income(year).pretaxIncome }]
      : []),
    { label: names.incomeTax, value: (year) => sign * income(year).incomeTax },
    { label: names.netIncome, kind: 'total', value: (year) => income(year).netIncome },
    ...(options.capexMemo ? [...spacer, { label: names.capex, value: (year: number) => income(year).capex }] : []),
  ]
  const orientation = random.pick<Orientation>([
    'columns-oldest',
    'columns-latest',
    ...(options.wide ? (['rows'] as const) : []),
    ...(options.workbook ? (['sheet-per-year', 'sheet-per-year'] as const) : []),
  ])
  const title = `${random.chance(0.5) ? `${company.name} - ` : ''}${random.pick([
    'Income Statement',
    'Profit and Loss',
    'Statement of Operations',
    'P&L',
    'Statement of Income',
  ])}`
  const families = [ORIENTATION_FAMILY[orientation], 'subtotals']
  if (sections) families.push('section-headers')
  const revenueShare = (year: number): Extra => ({
    header: random.pick(['% of revenue', '% of sales', '%']),
    cell: (line) => share(line.value!(year) / income(year).revenue, style),
    family: 'percent-of-revenue',
  })

  let parts: Part[]
  if (orientation === 'sheet-per-year') {
    const sheetName = random.pick<{ name: (year: number) => string; family: string }>([
      { name: (year) => `FY${String(year).slice(2)}`, family: 'fiscal-year-labels' },
      { name: (year) => `FY${year}`, family: 'fiscal-year-labels' },
      ...(company.yearEnd.month === 12
        ? [{ name: (year: number) => String(year), family: 'calendar-year-labels' }]
        : []),
    ])
    const valueHeader = random.pick(['', 'Amount', 'Actual', 'Total'])
    const withShare = random.chance(0.5)
    if (withShare) families.push('percent-of-revenue')
    if (spacers) families.push('spacer-rows')
    families.push(sheetName.family)
    // Every sheet is a copy of the first, so each says its scale the same way.
    const frameSeed = random.int(0, 1_000_000)
    parts = company.years.map((fy) => {
      const table = columnsTable(lines, [fy.year], [['', valueHeader]], style, withShare ? revenueShare(fy.year) : null)
      const same = new Random(frameSeed)
      const framed = frame(same, style, {
        title: `${title}, year ended ${longDate(fy.end)}`,
        table,
        preamble: preamble(same, company),
      })
      families.push(...framed.families)
      return { name: sheetName.name(fy.year), blocks: framed.blocks }
    })
  } else {
    const years = orientation === 'columns-latest' ? [...company.years].reverse() : company.years
    const latest = company.years.at(-1)!.year
    const prior = company.years.at(-2)!.year
    const extra = random.pick<Extra>([
      null,
      null,
      revenueShare(latest),
      {
        header: random.pick(['Change', 'Inc (dec)', '$ change']),
        cell: (line) => amount(line.value!(latest) - line.value!(prior), style),
        family: 'change-column',
      },
    ])
    let table: Table
    if (orientation === 'rows') {
      const withGross = random.chance(0.5)
      const labels = yearLabels(random, company)
      const laid = rowsTable(
        lines,
        years.map((fy) => ({ key: fy.year, label: labels.label(fy) })),
        random.pick(['', 'Year', 'Period']),
        style,
        withGross
          ? {
              header: random.pick(['Gross margin %', 'GM %']),
              cell: (year) => share(income(year).grossProfit / income(year).revenue, style),
            }
          : null,
      )
      table = laid.table
      families.push(labels.family)
      if (withGross) families.push('percent-of-revenue')
      if (laid.twoRows) families.push('two-row-header')
    } else {
      const { header, family } = yearHeader(random, company, years)
      families.push(...family)
      if (spacers) families.push('spacer-rows')
      if (extra) families.push(extra.family)
      table = columnsTable(
        lines,
        years.map((fy) => fy.year),
        header,
        style,
        extra,
      )
    }
    const framed = frame(random, style, { title, table, preamble: preamble(random, company) })
    families.push(...framed.families)
    parts = [{ name: random.pick(['P&L', 'Income', 'IS', 'PL', 'Summary']), blocks: framed.blocks }]
  }
  return { parts, families: [...new Set([...families, ...figureFamilies(parts, style)])] }
}

/** The period header of a columns layout: one row of labels, or a label spanning the years. */
function yearHeader(random: Random, company: Company, years: Company['years']) {
  if (random.chance(0.3)) {
    const top = random.pick([
      { text: 'Fiscal year', family: 'fiscal-year-labels' },
      { text: `Year ended ${yearEndDay(company)},`, family: 'year-ended-labels' },
    ])
    return {
      header: [
        ['', top.text],
        ['', ...years.map((fy) => String(fy.year))],
      ] as Cell[][],
      family: ['two-row-header', top.family],
    }
  }
  const labels = yearLabels(random, company)
  return { header: [['', ...years.map(labels.label)]] as Cell[][], family: [labels.family] }
}

export function balanceSheet(random: Random, company: Company, options: { wide: boolean }): Statement {
  const style = figureStyle(random)
  const names = pickLabels(random, BALANCE_LABELS)
  // Only an owner's equity line is totalled as "liabilities & owner's equity".
  if (names.equity !== "Owner's equity" && names.liabilitiesAndEquity.includes('owner'))
    names.liabilitiesAndEquity = BALANCE_LABELS.liabilitiesAndEquity[0]!
  const sections = random.chance(0.6)
  const spacers = random.chance(0.4)
  const sheet = (index: number) => company.balance[index]!
  const line = (key: keyof typeof BALANCE_LABELS, kind?: Row['kind']): Line => ({
    label: names[key],
    kind,
    value: (index) => sheet(index)[key] as number,
  })
  const section = (label: string): Line[] => (sections ? [{ label }] : [])
  const spacer: Line[] = spacers ? [{ label: '', kind: 'spacer' }] : []
  const lines: Line[] = [
    ...section('Current assets'),
    line('cash'),
    line('receivables'),
    line('inventory'),
    line('prepaid'),
    line('currentAssets', 'total'),
    line('equipment'),
    line('totalAssets', 'total'),
    ...spacer,
    ...section('Current liabilities'),
    line('payables'),
    line('accrued'),
    line('revolver'),
    line('currentDebt'),
    line('currentLiabilities', 'total'),
    line('termLoan'),
    line('totalLiabilities', 'total'),
    ...spacer,
    line('equity', 'total'),
    line('liabilitiesAndEquity', 'total'),
  ].filter((each) => shown(each, [0, 1]))
  const orientation = random.pick<Orientation>([
    'columns-oldest',
    'columns-latest',
    ...(options.wide ? (['rows'] as const) : []),
  ])
  const indexes = orientation === 'columns-latest' ? [1, 0] : [0, 1]
  const title = `${random.chance(0.5) ? `${company.name} - ` : ''}${random.pick([
    'Balance Sheet',
    'Balance Sheets',
    'Statement of Financial Position',
  ])}`
  const families = [ORIENTATION_FAMILY[orientation], 'subtotals']
  if (sections) families.push('section-headers')
  const dates = dateLabels(random)
  let table: Table
  if (orientation === 'rows') {
    const laid = rowsTable(
      lines.filter((each) => each.kind !== 'spacer'),
      indexes.map((key) => ({ key, label: dates.label(sheet(key).asOf) })),
      random.pick(['', 'As of', 'Date']),
      style,
      null,
    )
    table = laid.table
    families.push(dates.family)
    if (laid.twoRows) families.push('two-row-header')
  } else {
    if (spacers) families.push('spacer-rows')
    let header: Cell[][]
    if (random.chance(0.3)) {
      header = [
        ['', `As of ${yearEndDay(company)},`],
        ['', ...indexes.map((index) => sheet(index).asOf.slice(0, 4))],
      ]
      families.push('two-row-header', 'as-of-dates-long')
    } else {
      header = [['', ...indexes.map((index) => dates.label(sheet(index).asOf))]]
      families.push(dates.family)
    }
    const change = random.chance(0.35)
    if (change) families.push('change-column')
    table = columnsTable(
      lines,
      indexes,
      header,
      style,
      change
        ? {
            header: random.pick(['Change', 'Inc (dec)']),
            cell: (each) => amount(each.value!(1) - each.value!(0), style),
            family: 'change-column',
          }
        : null,
    )
  }
  const framed = frame(random, style, { title, table, preamble: preamble(random, company) })
  families.push(...framed.families)
  const parts = [{ name: random.pick(['BS', 'Balance', 'Bal Sheet', 'Position']), blocks: framed.blocks }]
  return { parts, families: [...new Set([...families, ...figureFamilies(parts, style)])] }
}
