import * as XLSX from '@e965/xlsx'
import { strFromU8, unzipSync } from 'fflate'
import Papa from 'papaparse'
import { beforeAll, describe, expect, it } from 'vitest'

import { extractPdf } from '../../api/ingest/extractors/pdf'
import { STANDARD_ITEMS } from '../../api/readiness/checklist/standard-items'
import { generateCompany } from '../../scripts/eval/sale-file/company'
import { type GeneratedFile, planDocuments } from '../../scripts/eval/sale-file/documents'
import type { Company } from '../../scripts/eval/sale-file/model'
import { BALANCE_LABELS, INCOME_LABELS, OPERATING_SECTIONS } from '../../scripts/eval/sale-file/statements'

/**
 * Generated sale files read back with the libraries a reader would use (SheetJS, papaparse, the
 * Word XML, the app's own PDF reader), and checked as written: the statements add up in the
 * file's own scale, and the figures are the company's.
 */

type Grid = Array<Array<string | number>>

const FAMILIES = [
  'periods-as-columns-oldest-first',
  'periods-as-columns-latest-first',
  'periods-as-rows',
  'sheet-per-year',
  'quarters-with-total',
  'months-with-total',
  'long-format',
  'by-product-line',
  'scale-in-title',
  'scale-in-caption',
  'scale-in-heading-far-above',
  'scale-in-header',
  'scale-in-footnote',
  'scale-unstated',
  'in-millions',
  'whole-dollars',
  'dollar-signs',
  'negatives-parentheses',
  'negatives-minus',
  'percent-fraction',
  'percent-sign',
  'percent-of-revenue',
  'change-column',
  'others-row',
  'section-headers',
  'subtotals',
  'spacer-rows',
  'two-row-header',
  'calendar-year-labels',
  'fiscal-year-labels',
  'year-ended-labels',
  'as-of-dates-long',
  'as-of-dates-numeric',
  'prose-figures-dollar-millions',
  'prose-figures-million-dollars',
  'prose-figures-m-suffix',
  'prose-figures-full',
  'prose-figures-usd-m',
  'prose-figures-percent-words',
]

const decode = (xml: string) =>
  xml
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
const runText = (xml: string) => decode([...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''))

interface Read {
  /** The file's tables: a sheet, a CSV, a Word table, or a text or PDF file's lines split into cells. */
  grids: Grid[]
  text: string
}

async function read(file: GeneratedFile): Promise<Read> {
  switch (file.format) {
    case 'xlsx': {
      const book = XLSX.read(file.bytes)
      const grids = book.SheetNames.map(
        (name) =>
          XLSX.utils.sheet_to_json<Array<string | number>>(book.Sheets[name]!, { header: 1, defval: '' }) as Grid,
      )
      return { grids, text: grids.flat(2).join(' ') }
    }
    case 'csv': {
      const text = strFromU8(file.bytes)
      return { grids: [Papa.parse<string[]>(text.trim()).data], text }
    }
    case 'docx': {
      const xml = strFromU8(unzipSync(file.bytes)['word/document.xml']!)
      const grids = [...xml.matchAll(/<w:tbl>[\s\S]*?<\/w:tbl>/g)].map((table) =>
        [...table[0].matchAll(/<w:tr[ >][\s\S]*?<\/w:tr>/g)].map((row) =>
          [...row[0].matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].flatMap((cell) => {
            const span = Number(/<w:gridSpan w:val="(\d+)"/.exec(cell[0])?.[1] ?? 1)
            return [runText(cell[0]), ...Array<string>(span - 1).fill('')]
          }),
        ),
      )
      return { grids, text: [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) => runText(p[0])).join('\n') }
    }
    case 'pdf-ruled':
    case 'pdf-spaced': {
      const { pages } = await extractPdf(file.bytes, { maxChars: 200_000 } as never)
      const text = pages.map((page) => page.text).join('\n')
      // The reader writes table rows as cells between " | ", an empty cell as nothing between bars. A
      // table of one row it leaves as a line of text: its figures are split off the label here.
      const cells = (line: string) => {
        if (line.includes('|')) return line.split('|').map((cell) => cell.trim())
        const row = /^(.*?[A-Za-z)])((?:\s+[-($]*[\d,.]+\)?)+)$/.exec(line)
        return row ? [row[1]!, ...row[2]!.trim().split(/\s+/)] : [line]
      }
      return { grids: [text.split('\n').map(cells)], text }
    }
    case 'txt': {
      const text = strFromU8(file.bytes)
      return { grids: [text.split('\n').map((line) => line.trimEnd().split(/\s{2,}/))], text }
    }
  }
}

/** A cell's number as printed: "1,234", "(45)", "-$5", "-" for zero; none for text or a percent. */
function figure(cell: string | number | undefined): number | undefined {
  if (typeof cell === 'number') return cell
  const text = (cell ?? '').trim()
  if (text === '-') return 0
  const match = /^(\()?(-)?\$?(\d[\d,]*(?:\.\d+)?)\)?$/.exec(text)
  if (!match) return undefined
  const value = Number(match[3]!.replace(/,/g, ''))
  return match[1] || match[2] ? -value : value
}

/** Whether a grid says its figures are in thousands or millions, anywhere around or in it. */
const scaleOf = (text: string) =>
  /millions|\$m\b|USD m\b/i.test(text) ? 1_000_000 : /thousand|000s|'000/i.test(text) ? 1000 : 1

/**
 * The figures of a line found by its label: along its row (labels in the first column; cells under
 * a "%" header left out, their shares do not add), or down its column (labels in a header row).
 */
function series(grid: Grid, labels: readonly string[]): Array<number | undefined> | undefined {
  const is = (cell: unknown) => typeof cell === 'string' && labels.includes(cell.trim())
  const percent = new Set<number>()
  for (const row of grid)
    row.forEach((cell, index) => index > 0 && typeof cell === 'string' && cell.includes('%') && percent.add(index))
  const row = grid.find((cells) => is(cells[0]))
  if (row) return row.map((cell, index) => (index === 0 || percent.has(index) ? undefined : figure(cell))).slice(1)
  for (const [at, cells] of grid.entries()) {
    const column = cells.findIndex((cell, index) => index > 0 && is(cell))
    if (column > 0) return grid.slice(at + 1).map((cells) => figure(cells[column]))
  }
  return undefined
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/** Checks `total = sum(parts)` at every position all of them have a figure; returns how many held. */
function adds(total: Array<number | undefined> | undefined, parts: Array<Array<number | undefined> | undefined>) {
  if (!total) return 0
  let checked = 0
  total.forEach((value, index) => {
    const terms = parts.map((part) => part?.[index] ?? 0)
    if (value === undefined || parts.some((part) => part && part[index] === undefined)) return
    expect(value).toBeCloseTo(sum(terms), 6)
    checked++
  })
  return checked
}

const times = (values: Array<number | undefined> | undefined, factor: number) =>
  values?.map((value) => (value === undefined ? value : value * factor))
const negated = (values: Array<number | undefined> | undefined) => times(values, -1)

function checkIncome(grid: Grid, company: Company, scale: number) {
  const find = (labels: readonly string[]) => series(grid, labels)
  const revenue = find(INCOME_LABELS.revenue)!
  expect(adds(find(INCOME_LABELS.grossProfit), [revenue, negated(find(INCOME_LABELS.costOfSales))])).toBeGreaterThan(0)
  const operatingLabels = [
    ...new Set(company.years.flatMap((fy) => company.income[fy.year]!.operating.map((l) => l.label))),
  ]
  const operating = operatingLabels.map((label) => find([label]))
  const total = find(OPERATING_SECTIONS.map(([, label]) => label))
  expect(adds(total, operating)).toBeGreaterThan(0)
  const ebitda = find(['EBITDA'])
  if (ebitda) adds(ebitda, [find(INCOME_LABELS.grossProfit), negated(total)])
  const operatingIncome = find(INCOME_LABELS.operatingIncome)
  expect(
    adds(operatingIncome, [find(INCOME_LABELS.grossProfit), negated(total), negated(find(INCOME_LABELS.depreciation))]),
  ).toBeGreaterThan(0)
  // Interest and tax are costs whether shown as positives or, signed, as negatives.
  const interest = find(INCOME_LABELS.interest)
  const sign = interest!.find((value) => value !== undefined)! < 0 ? 1 : -1
  expect(
    adds(find(INCOME_LABELS.netIncome), [
      operatingIncome,
      times(interest, sign),
      times(find(INCOME_LABELS.incomeTax), sign),
    ]),
  ).toBeGreaterThan(0)
  const revenues = company.years.map((fy) => company.income[fy.year]!.revenue)
  expect(revenue.some((value) => value !== undefined && revenues.includes(Math.round(value * scale)))).toBe(true)
}

function checkBalance(grid: Grid, company: Company, scale: number) {
  const find = (key: keyof typeof BALANCE_LABELS) => series(grid, BALANCE_LABELS[key])
  const totalAssets = find('totalAssets')
  expect(adds(totalAssets, [find('totalLiabilities'), find('equity')])).toBeGreaterThan(0)
  expect(adds(find('liabilitiesAndEquity'), [totalAssets])).toBeGreaterThan(0)
  adds(find('currentAssets'), [find('cash'), find('receivables'), find('inventory'), find('prepaid')])
  adds(totalAssets, [find('currentAssets'), find('equipment')])
  adds(find('currentLiabilities'), [find('payables'), find('accrued'), find('revolver'), find('currentDebt')])
  adds(find('totalLiabilities'), [find('currentLiabilities'), find('termLoan')])
  const assets = company.balance.map((sheet) => sheet.totalAssets)
  expect(totalAssets!.some((value) => value !== undefined && assets.includes(Math.round(value * scale)))).toBe(true)
}

/** The header of a quarterly or monthly table: "Q1 FY25", "Jul-24", "2024-07". */
const PERIOD_HEADER = /^(Q1 |(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*[- ](\d\d|\d{4})$|\d{4}-\d\d$)/

/** Rows of figures ending in their total (a quarterly or monthly table): each adds up, and the total row too. */
function checkRowTotals(grid: Grid, company: Company, scale: number) {
  const header = grid.findIndex((row) => row.some((cell) => PERIOD_HEADER.test(String(cell))))
  expect(header).toBeGreaterThanOrEqual(0)
  const rows = grid
    .slice(header + 1)
    .filter((row) => row.slice(1).filter((cell) => figure(cell) !== undefined).length >= 4)
  expect(rows.length).toBeGreaterThan(0)
  for (const row of rows) {
    const values = row.slice(1).map(figure) as number[]
    expect(values.at(-1)).toBeCloseTo(sum(values.slice(0, -1)), 6)
  }
  const lines = rows.filter((row) => company.productLines.includes(String(row[0])))
  const total = rows.find((row) => /^Total/.test(String(row[0])))
  if (total)
    adds(
      total.slice(1).map(figure),
      lines.map((row) => row.slice(1).map(figure)),
    )
  const grand = sum(rows.filter((row) => row !== total).map((row) => figure(row.at(-1))!))
  expect(Math.round(grand * scale)).toBe(company.income[company.years.at(-1)!.year]!.revenue)
}

function checkLedger(grid: Grid, company: Company) {
  const [header, ...rows] = grid
  const amount = header!.findIndex((cell) => cell === 'amount' || cell === 'revenue')
  expect(sum(rows.map((row) => figure(row[amount])!))).toBeCloseTo(
    company.income[company.years.at(-1)!.year]!.revenue,
    2,
  )
}

function checkCustomers(grid: Grid, company: Company, scale: number) {
  const names = company.customers.map((customer) => customer.name)
  const rows = names.map((name) => series(grid, [name]))
  expect(rows.every(Boolean)).toBe(true)
  const latest = company.years.at(-1)!.year
  expect(
    rows[0]!.some(
      (value) => value !== undefined && Math.round(value * scale) === company.customers[0]!.revenue[latest],
    ),
  ).toBe(true)
  const total = series(grid, ['Total', 'Total revenue', 'Total top customers'])
  if (total) expect(adds(total, [...rows, series(grid, ['All other customers'])])).toBeGreaterThan(0)
}

function checkAddBacks(grid: Grid, company: Company, scale: number) {
  const items = company.addBacks.map((item) => series(grid, [item.label]))
  const total = series(grid, ['Total add-backs', 'Total adjustments'])
  expect(adds(total, items)).toBe(1)
  expect(Math.round(total!.find((value) => value !== undefined)! * scale)).toBe(
    sum(company.addBacks.map((item) => item.amount)),
  )
  const adjusted = series(grid, ['Adjusted EBITDA', 'Normalized EBITDA'])
  if (adjusted) expect(adds(adjusted, [series(grid, ['Reported EBITDA', 'EBITDA as reported']), total])).toBe(1)
}

const SEEDS = Array.from({ length: 30 }, (_, seed) => seed)
const saleFiles = new Map<number, { company: Company; files: GeneratedFile[]; placement: Record<string, string[]> }>()

beforeAll(async () => {
  for (let seed = 0; seed < 100; seed++) {
    const company = generateCompany(seed)
    saleFiles.set(seed, { company, ...(await planDocuments(company)) })
  }
})

describe('generated sale files', () => {
  it('name files as owners do: unique, never by statement type', () => {
    for (const { files } of saleFiles.values()) {
      const names = files.map((file) => file.name.toLowerCase())
      expect(new Set(names).size).toBe(names.length)
      for (const name of names)
        expect(name).not.toMatch(
          /income statement|balance sheet|profit and loss|cash flow|statement of|financial position/,
        )
    }
  })

  it('place every group of facts the company has, and only those, in the files that hold them', () => {
    for (const { company, files, placement } of saleFiles.values()) {
      expect(placement.income!.length).toBe(1)
      expect(placement.balance!.length).toBe(1)
      expect(placement.profile!.length).toBe(1)
      expect(placement.valuation!.length).toBe(company.valuation ? 1 : 0)
      expect(placement.goal!.length).toBe(company.goal ? 1 : 0)
      for (const [group, names] of Object.entries(placement))
        for (const name of names) expect(files.find((file) => file.name === name)!.holds).toContain(group)
    }
  })

  it('give checklist items that exist', () => {
    const keys = new Set(STANDARD_ITEMS.map((item) => item.key))
    for (const { files } of saleFiles.values())
      for (const file of files) for (const key of file.checklist) expect(keys.has(key), key).toBe(true)
  })

  it('use every layout family and format across seeds 0-99, and no family outside the list', () => {
    const used = new Set([...saleFiles.values()].flatMap(({ files }) => files.flatMap((file) => file.families)))
    expect([...used].filter((family) => !FAMILIES.includes(family))).toEqual([])
    expect(FAMILIES.filter((family) => !used.has(family))).toEqual([])
    const formats = new Set([...saleFiles.values()].flatMap(({ files }) => files.map((file) => file.format)))
    expect([...formats].sort()).toEqual(['csv', 'docx', 'pdf-ruled', 'pdf-spaced', 'txt', 'xlsx'])
  })

  it("draw every PDF's text inside its page, a table wider than the page in smaller type", async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
    // Seed 640's statement has five years and a percent column: wider than a landscape page at 9 pt.
    const seeds = [...saleFiles.values(), { files: (await planDocuments(generateCompany(640))).files }]
    let pages = 0
    for (const { files } of seeds) {
      for (const file of files.filter((each) => each.format.startsWith('pdf'))) {
        const document = await pdfjs.getDocument({ data: file.bytes.slice(), verbosity: 0 }).promise
        for (let number = 1; number <= document.numPages; number++) {
          const page = await document.getPage(number)
          const [, , width] = page.view
          const { items } = await page.getTextContent()
          for (const item of items)
            if ('str' in item && item.str.trim())
              expect(item.transform[4] + item.width, `${file.name}: "${item.str}"`).toBeLessThanOrEqual(width!)
          pages++
        }
        await document.destroy()
      }
    }
    expect(pages).toBeGreaterThan(100)
  })

  it('make the same bytes for a seed every time', async () => {
    const again = await planDocuments(generateCompany(3))
    expect(again.files.map((file) => file.bytes)).toEqual(saleFiles.get(3)!.files.map((file) => file.bytes))
  })

  it.each(SEEDS)('seed %i: every file reads back, and its statements add up as written', async (seed) => {
    const { company, files } = saleFiles.get(seed)!
    for (const file of files) {
      const { grids, text } = await read(file)
      const scale = scaleOf(text)
      expect(scale > 1, file.name).toBe(file.families.some((family) => family.startsWith('scale-in-')))
      let statements = 0
      for (const grid of grids) {
        const sheetScale = file.format === 'xlsx' ? scaleOf(grid.flat().join(' ')) : scale
        if (series(grid, INCOME_LABELS.grossProfit)) {
          checkIncome(grid, company, sheetScale)
          statements++
        } else if (series(grid, BALANCE_LABELS.totalAssets)) {
          checkBalance(grid, company, sheetScale)
          statements++
        } else if (/^(date|month)$/.test(String(grid[0]?.[0]))) {
          checkLedger(grid, company)
          statements++
        } else if (grid.some((row) => row.some((cell) => PERIOD_HEADER.test(String(cell))))) {
          checkRowTotals(grid, company, sheetScale)
          statements++
        } else if (series(grid, [company.customers[0]!.name])) {
          checkCustomers(grid, company, sheetScale)
          statements++
        } else if (series(grid, [company.addBacks[0]!.label])) {
          checkAddBacks(grid, company, sheetScale)
          statements++
        }
      }
      const tables = file.holds.filter((group) =>
        ['income', 'balance', 'quarterly', 'monthly', 'customers', 'addBacks'].includes(group),
      )
      expect(statements, file.name).toBe(
        file.families.includes('sheet-per-year') ? tables.length + company.years.length - 1 : tables.length,
      )
      if (file.holds.includes('valuation')) expect(text).toContain(company.valuation!.firm)
      if (file.holds.includes('goal')) expect(text).toMatch(/after tax/)
      if (file.holds.includes('profile')) expect(text).toContain(String(company.headcount))
      if (file.holds.includes('leases'))
        for (const lease of company.leases) expect(text.replace(/\s+/g, ' ')).toContain(lease.landlord)
    }
  })
})
