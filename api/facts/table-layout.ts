import { measureKeyOf, normalizeLabel } from '../ai/text/measures'
import { cellScale, statedScale } from '../ai/text/scales'
import { type Grid, type GridRow, GROUP_LABEL, isFigureCell } from './grids'
import { assignFiscalYears, isMonthEnd, periodOf, periodsIn, quarterNamed } from './periods'
import type { EntityKind, FactPeriod } from './types'

/**
 * How a table is laid out: what each column holds (a period, the total of a run of quarters or
 * months, a change between periods, a share, a plain value, or a long-format table's category),
 * whether its periods run down the rows, whether its rows are entities (customers, product lines,
 * add-backs, premises) of one measure, and so what measure, entity and period each figure has.
 */

export type ColumnKind = 'period' | 'total' | 'change' | 'percent' | 'value' | 'category'

export interface Column {
  kind: ColumnKind
  label: string
  period: FactPeriod | null
  /** The multiplier the column's own header states, if any. */
  scale: number | null
  /**
   * A quarter written without its year ("First | Second" over "Quarter"), or the total closing such
   * quarters (0): the section row a row falls under names the year ("2019", "Fiscal 2018").
   */
  quarter?: number
}

export interface Placement {
  measure: string
  entity: string | null
  period: FactPeriod | null
  /** The measure joins a row's label to a column's ("Sales, Change"): no key of the lexicon names it. */
  composite: boolean
}

export interface Layout {
  columns: Column[]
  /** What the table's entities are, as its corner, category header or title says; null when none says. */
  entityKind: EntityKind | null
  /** The measure, entity and period of the figure at a body row's column; null when it has none to give. */
  place(row: GridRow, column: number): Placement | null
  /** The multiplier of the figures of a column (1 when no scale is stated). */
  scaleOf(column: number): number
}

// "Change", "Inc (dec)", "$ change", "Variance", "2025 vs 2024": a column comparing two periods is none of them.
const CHANGE = /\b(?:change|increase|decrease|variance|variation|vs|versus|difference)\b|\binc\s?\(dec\)/i
const PERCENT = /%|\bpercent\b|\bpct\b|\bshare\b/i
// The first header cell (or a list's one-line header) naming what the rows are: entities, not measures.
const ENTITY_CORNER =
  /\b(?:customers?|clients?|accounts?|products?|lines?|segments?|divisions?|locations?|stores?|premises|propert(?:y|ies)|sites?|adjustments?|add-?backs?|items?|descriptions?|vendors?|suppliers?)\b/i
const BY_ENTITY = /\bby (?:customer|client|product|product line|line|segment|division|location|store)\b|\bcustomers\b/i
const ADD_BACKS = /\badd-?backs?\b|\badjustments\b|\bnormali[sz]ation\b/i
// A first header cell names what each row is, so there one adjustment is enough: "Owner adjustment (FY2025)".
const ADD_BACK_CORNER = /\badd-?backs?\b|\badjustments?\b|\bnormali[sz]ation\b/i
const CUSTOMERS = /\bcustomers?\b|\bclients?\b/i
// Most specific first: "Add-backs by item", "Revenue by customer", "Premises", "Sales by product line".
const ENTITY_KINDS: Array<[EntityKind, RegExp]> = [
  ['add_back', ADD_BACKS],
  ['customer', CUSTOMERS],
  ['premises', /\b(?:premises|propert(?:y|ies)|sites?|locations?|leases?|stores?)\b/i],
  ['segment', /\b(?:products?|product_line|lines?|segments?|divisions?|services?|channels?)\b/i],
]
// Words of a title around the measure it names: "Monthly sales FY2025", "Customer revenue FY2023-FY2024".
const TITLE_WORDS =
  /\b(?:monthly|quarterly|annual|yearly|top|customer|customers|client|clients|product|products|line|lines|total|summary|schedule|detail|fiscal|year|fy\d{2,4}|\d+)\b/g
// A long format's account written with its measure ("Sales - Custom cakes") or its number ("4010 Custom cakes").
const ACCOUNT_MEASURE = /^(.{1,40}?)\s[-–:]\s(.+)$/
const ACCOUNT_NUMBER = /^\d{3,6}\s+(?=\D)/
const INCOME_ACCOUNT = /^4\d{3}\s+(?=\D)/
const MAX_CAPTION_LINES = 3
const MAX_TITLE = 120
// Periods label most rows of a table whose periods run down (a row of totals may not).
const PERIOD_ROWS = 0.6

export function layoutOf(grid: Grid, pageLabel: string | null): Layout {
  const width = [...grid.header, ...grid.rows.map((row) => row.cells)].reduce(
    (most, row) => Math.max(most, row.length),
    1,
  )
  const bottom = grid.header.at(-1) ?? []
  // A one-line heading (a text file's, or a line over a table without a header row) is not cells.
  const loose = bottom.length === 1 && width > 1
  const upper = grid.header.slice(0, -1)
  const corner = bottom[0] ?? ''
  const body = grid.rows.filter((row) => !row.section)
  const captions = grid.above
    .filter((line) => line.length <= MAX_TITLE)
    .slice(-MAX_CAPTION_LINES)
    .reverse()
  const groups = groupLabels(upper, width)

  const columns: Column[] = Array.from({ length: width }, (_, index) => {
    const label = index === 0 ? corner : loose ? (width === 2 ? columnName(corner) : '') : (bottom[index] ?? '')
    return columnOf(label, index === 0 ? null : groups[index]!)
  })
  const quarterYear = yearStatedOnce([...upper.flat(), ...captions])
  const rowYears = sectionYears(grid.rows)
  yearlessQuarters(columns, upper, quarterYear, rowYears.size > 0)
  const rowPeriods = new Map<GridRow, FactPeriod>()
  for (const row of body) {
    const read = periodOf(row.cells[0]!)
    const quarter = quarterYear === null ? null : quarterNamed(row.cells[0]!)
    if (read?.period) rowPeriods.set(row, read.period)
    // "First Quarter" down the rows of a table headed "Stock price range 2018".
    else if (quarter) rowPeriods.set(row, { kind: 'quarter', year: quarterYear!, quarter, label: row.cells[0]! })
  }
  // A total column closes a run of quarters or months; without them, "Total" heads a column of values.
  const parts = columns.some(
    (column) => column.period?.kind === 'quarter' || column.period?.kind === 'month' || column.quarter,
  )
  for (const column of columns) if (column.kind === 'total' && !parts) column.kind = 'value'
  const periodColumns = columns.some((column) => column.kind === 'period' || column.kind === 'total')
  const transposed = !periodColumns && rowPeriods.size > 0 && rowPeriods.size >= body.length * PERIOD_ROWS
  // Long format: one fact a row, its period in the first cell and its category in a text column.
  let category = -1
  if (transposed)
    for (let index = 1; index < width; index++)
      if (body.every((row) => (row.cells[index] ?? '').trim() && !isFigureCell(row.cells[index]!))) {
        columns[index]!.kind = 'category'
        category = index
      }
  const long = category > 0
  if (long)
    for (const [row, period] of rowPeriods)
      if (period.kind === 'as_of' && isMonthEnd(period.date!))
        rowPeriods.set(row, {
          kind: 'month',
          year: period.year,
          month: Number(period.date!.slice(5, 7)),
          label: period.label,
        })
  assignFiscalYears([...columns.flatMap((column) => column.period ?? []), ...rowPeriods.values()])
  closeTotals(columns)

  const valueColumns = columns.filter(
    (column, index) => index > 0 && column.kind === 'value' && body.some((row) => isFigureCell(row.cells[index] ?? '')),
  ).length
  // The title's or sheet's period ("year ended December 31, 2022") is the period of a table's one
  // column of values; of several, it cannot say which.
  const tablePeriod = periodColumns || transposed || valueColumns > 1 ? null : periodAround(grid, pageLabel)
  const captionMeasure = captions.map(measureOfTitle).find(Boolean) ?? null
  const signals = [loose ? corner : '', ...captions].join('\n')
  const addBacks = ADD_BACKS.test(signals) || ADD_BACK_CORNER.test(corner)
  const unmatched = body.filter((row) => !measureKeyOf(row.cells[0]!)).length
  const entityRows =
    !transposed &&
    (ENTITY_CORNER.test(corner) ||
      BY_ENTITY.test(signals) ||
      addBacks ||
      (captionMeasure !== null && unmatched * 2 > body.length))
  const entityMeasure = addBacks
    ? 'Add-back'
    : (captionMeasure ?? (CUSTOMERS.test(`${corner}\n${signals}`) ? 'Revenue' : null))

  const tableScale = statedScale([corner, ...upper.flat(), ...[...grid.above].reverse(), ...grid.below]) ?? 1

  // An entity's figure measures what its column names ("Monthly rent"), else what the table's title does.
  const entityMeasures = columns.map((column) =>
    column.kind === 'value' && measureKeyOf(column.label) ? column.label : entityMeasure,
  )
  // "% of FY2025 revenue" is a share in fiscal 2025.
  const sharePeriods = columns.map((column) =>
    column.kind === 'percent' ? (periodsIn(column.label).find((each) => each.period)?.period ?? null) : null,
  )
  // In a table of entities, a row the lexicon names ("Total revenue", "Reported EBITDA") is the business's.
  const entities = new Map<GridRow, string | null>()
  const entityOfRow = (row: GridRow) => {
    if (!entityRows) return null
    if (!entities.has(row)) entities.set(row, measureKeyOf(row.cells[0]!) ? null : entityOf(row.cells[0]!))
    return entities.get(row)!
  }

  const kindSignals = `${long ? columns[category]!.label : corner}\n${signals}`
  return {
    columns,
    entityKind: addBacks ? 'add_back' : (ENTITY_KINDS.find(([, words]) => words.test(kindSignals))?.[0] ?? null),
    scaleOf: (index) => columns[index]?.scale ?? tableScale,
    place(row, index) {
      const column = columns[index]
      if (!column) return null
      const label = row.cells[0]!
      if (long) {
        const account = accountOf(row.cells[category]!)
        return {
          measure: account.measure ?? column.label,
          entity: account.entity,
          period: rowPeriods.get(row) ?? null,
          composite: false,
        }
      }
      if (transposed) {
        const measure = column.label || captionMeasure
        if (!measure || column.kind === 'change') return null
        return { measure, entity: null, period: rowPeriods.get(row) ?? null, composite: false }
      }
      const named = entityMeasures[index]!
      const entity = named ? entityOfRow(row) : null
      switch (column.kind) {
        case 'period':
        case 'total': {
          const period = column.quarter === undefined ? column.period : quarterInRow(column, rowYears.get(row))
          if (!period) return null
          return { measure: entity ? named! : label, entity, period, composite: false }
        }
        case 'change':
          return { measure: `${label}, ${column.label}`, entity: null, period: null, composite: true }
        case 'percent':
          return {
            measure: entity ? column.label : `${label}, ${column.label}`,
            entity,
            period: sharePeriods[index] ?? (periodColumns ? null : tablePeriod),
            composite: true,
          }
        default: {
          const composite = !entity && valueColumns > 1 && column.label !== ''
          return {
            measure: entity ? named! : composite ? `${label}, ${column.label}` : label,
            entity,
            period: periodColumns ? null : tablePeriod,
            composite,
          }
        }
      }
    },
  }
}

/** The one year a table's header rows or title lines name ("Fiscal 2019", "Stock price range 2018"), or null. */
function yearStatedOnce(lines: string[]): number | null {
  const years = new Set(
    lines.flatMap((line) => periodsIn(line).flatMap(({ period }) => (period?.kind === 'year' ? [period.year] : []))),
  )
  return years.size === 1 ? [...years][0]! : null
}

/** The year each body row falls under, where section rows name one ("2019", "Fiscal 2018"). */
function sectionYears(rows: GridRow[]) {
  const years = new Map<GridRow, number>()
  let year: number | null = null
  for (const row of rows) {
    // A section row keeps its line as written: "2019 |  |  | ".
    const read = row.section ? periodOf(row.cells[0]!.split('|')[0]!) : null
    if (read?.period?.kind === 'year') year = read.period.year
    else if (year !== null && !row.section) years.set(row, year)
  }
  return years
}

/**
 * Quarters headed without their year ("First | Second | Third | Fourth", each over "Quarter"): of
 * the year stated once over them or above the table, or, when section rows name years, of each
 * row's section; a total column beside them is that year's. Changes `columns` in place.
 */
function yearlessQuarters(columns: Column[], upper: string[][], year: number | null, bySection: boolean) {
  const named = columns.map((column, index) => {
    if (index === 0 || column.kind !== 'value') return null
    const above = upper.map((row) => (row[index] ?? '').trim()).findLast(Boolean)
    if (above && /^quarters?$/i.test(column.label) && quarterNamed(above)) column.label = `${above} ${column.label}`
    return quarterNamed(column.label)
  })
  if (named.filter(Boolean).length < 2 || (year === null && !bySection)) return
  columns.forEach((column, index) => {
    const quarter = named[index]
    if (quarter && year !== null) {
      column.kind = 'period'
      column.period = { kind: 'quarter', year, quarter, label: column.label }
    } else if (quarter) {
      column.kind = 'period'
      column.quarter = quarter
    } else if (column.kind === 'total' && year === null) column.quarter = 0
  })
}

/** A yearless quarter's (or their total's) period in a row of the year `year`. */
function quarterInRow(column: Column, year: number | undefined): FactPeriod | null {
  if (year === undefined) return null
  return column.quarter
    ? { kind: 'quarter', year, quarter: column.quarter, label: `${column.label} ${year}` }
    : { kind: 'year', year, label: `${column.label} ${year}` }
}

function columnOf(label: string, group: string | null): Column {
  const scale = cellScale(label)
  let read = periodOf(label)
  // "2024" under "As of December 31," is that date; under "Year ended June 30," that fiscal year and its end.
  if (group && read?.period?.kind === 'year' && /^\d{4}$/.test(label.trim()))
    read = periodOf(`${group.trim()} ${label.trim()}`) ?? read
  if (read?.period) return { kind: 'period', label, period: read.period, scale }
  if (read?.total) return { kind: 'total', label, period: null, scale }
  if (CHANGE.test(label)) return { kind: 'change', label, period: null, scale }
  if (PERCENT.test(label)) return { kind: 'percent', label, period: null, scale }
  return { kind: 'value', label, period: null, scale }
}

/** The group label ("Year ended June 30,") over each column: the nearest one at or left of it in a row above. */
function groupLabels(upper: string[][], width: number): Array<string | null> {
  const groups: Array<string | null> = Array<string | null>(width).fill(null)
  for (const row of upper) {
    let current: string | null = null
    for (let index = 0; index < width; index++) {
      const cell = (row[index] ?? '').trim()
      if (cell) current = GROUP_LABEL.test(cell) ? cell : null
      if (current) groups[index] = current
    }
  }
  return groups
}

/** A total column ("Total", "Full year") closing a run of quarters or months is their fiscal year. */
function closeTotals(columns: Column[]) {
  const years = columns.flatMap((column) =>
    column.period?.kind === 'quarter' || column.period?.kind === 'month' ? [column.period.year] : [],
  )
  for (const column of columns)
    if (column.kind === 'total' && column.quarter === undefined && years.length)
      column.period = { kind: 'year', year: Math.max(...years), label: column.label }
}

/**
 * The period of a table whose columns name none (a sheet per year, a schedule "Amount" column): the
 * first year or date its header, its title lines (nearest first) or its sheet's name states.
 */
function periodAround(grid: Grid, pageLabel: string | null): FactPeriod | null {
  const above = grid.above.filter((line) => line.length <= MAX_TITLE).reverse()
  const lines = [...grid.header.flat(), ...above, ...(pageLabel ? [pageLabel] : [])]
  for (const line of lines) {
    const found = periodsIn(line).find(
      (each) => each.period && (each.period.kind === 'year' || each.period.kind === 'as_of'),
    )
    if (found) return found.period
  }
  return null
}

/** The measure a table's title names ("Monthly sales FY2025", "Revenue by month"), as written, or null. */
function measureOfTitle(title: string): string | null {
  const head = normalizeLabel(title.split(/\bby\b| - |,|\(/i)[0]!)
  const words = head.replace(TITLE_WORDS, ' ').replace(/\s+/g, ' ').trim()
  if (!words || !measureKeyOf(words)) return null
  // As the title writes them: normalized words are letters and digits, safe in a pattern.
  return new RegExp(words.split(' ').join(String.raw`\W+`), 'i').exec(title)?.[0] ?? words
}

/** A one-line header's name for a table's only figure column: its last words the lexicon knows ("Monthly rent"). */
function columnName(header: string): string {
  const words = header.split(' ')
  for (let count = Math.min(4, words.length); count >= 1; count--) {
    const name = words.slice(-count).join(' ')
    if (measureKeyOf(name)) return name
  }
  return header
}

/** A long format's category: the entity, and the measure its account names ("Sales - Custom cakes"). */
function accountOf(cell: string): { measure: string | null; entity: string } {
  const text = cell.trim().replace(ACCOUNT_NUMBER, '')
  const split = ACCOUNT_MEASURE.exec(text)
  if (split && measureKeyOf(split[1]!)) return { measure: split[1]!, entity: split[2]! }
  // A small business's chart of accounts numbers its income accounts 4000–4999 (QuickBooks and
  // most US charts): "4010 Design and build" is revenue of that line.
  return { measure: INCOME_ACCOUNT.test(cell.trim()) ? 'Revenue' : null, entity: text }
}

/**
 * A row's entity. A text file's row runs its text columns together ("Retail cafe 3794 Enterprise
 * Way, … 2022-05-01 2028-07-31"): when the label holds a date, the entity is its words before the
 * first word with a digit, the first column's.
 */
function entityOf(label: string): string {
  if (!periodsIn(label).some((found) => found.period?.date)) return label
  const digit = label.search(/\s\S*\d/)
  return digit > 0 ? label.slice(0, digit) : label
}
