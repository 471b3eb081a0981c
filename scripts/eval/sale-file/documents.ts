import type { Part } from './blocks'
import { checklistItems } from './checklist-gold'
import { FileNames, type NameKind } from './file-names'
import { type Company, FACT_GROUPS, type FactGroup, latestYear, type Placement } from './model'
import { hasTable, writePdf } from './pdf-writer'
import { overview, ownerNotes, valuationLetter } from './prose'
import { Random } from './random'
import {
  addBackSchedule,
  customerTable,
  leaseTable,
  monthlyLedger,
  monthlyRevenue,
  quarterlyRevenue,
} from './schedules'
import { balanceSheet, incomeStatement, type Statement } from './statements'
import { writeCsv, writeDocx, writeText, writeXlsx } from './writers'

export interface GeneratedFile {
  /** As owners name files ("FY25 numbers final v3.xlsx", "Scan_0042.pdf"), never by statement type; unique. */
  name: string
  bytes: Uint8Array<ArrayBuffer>
  /**
   * A PDF's tables drawn with rules or laid out by spacing alone; a PDF of prose only (a letter, an
   * overview without a table) counts as spaced.
   */
  format: 'xlsx' | 'csv' | 'docx' | 'pdf-ruled' | 'pdf-spaced' | 'txt'
  /** The layout families the file uses: short stable tags ("periods-as-rows", "scale-in-footnote"). */
  families: string[]
  holds: FactGroup[]
  /** Keys of the standard checklist items the file provides (see checklist-gold.ts). */
  checklist: string[]
}

type Format = GeneratedFile['format']

interface Planned {
  kind: NameKind
  format: Format
  parts: Part[]
  families: string[]
  holds: FactGroup[]
}

const EXTENSIONS: Record<Format, string> = {
  xlsx: 'xlsx',
  csv: 'csv',
  docx: 'docx',
  'pdf-ruled': 'pdf',
  'pdf-spaced': 'pdf',
  txt: 'txt',
}

/** Sheet names are unique within a workbook: a second "Sales" sheet becomes "Sales 2". */
function uniqueSheets(parts: Part[]): Part[] {
  const seen = new Set<string>()
  return parts.map((part) => {
    let name = part.name
    for (let copy = 2; seen.has(name.toLowerCase()); copy++) name = `${part.name} ${copy}`
    seen.add(name.toLowerCase())
    return { ...part, name }
  })
}

const single = (kind: NameKind, format: Format, statement: Statement, holds: FactGroup[]): Planned => ({
  kind,
  format,
  parts: statement.parts,
  families: statement.families,
  holds,
})

/**
 * Which files a sale file has and how each is laid out, all drawn from `random` (the company's
 * numbers come from their own generator, so a layout choice never changes a figure).
 */
function plan(random: Random, company: Company): Planned[] {
  const capex = random.pick(['statement', 'overview', 'none'] as const)
  const has = {
    quarterly: random.chance(0.55),
    monthly: random.chance(0.55),
    customers: random.chance(0.8),
    addBacks: random.chance(0.85),
    leases: random.chance(0.9),
  }
  const files: Planned[] = []
  const income = (workbook: boolean, wide: boolean) =>
    incomeStatement(random, company, { workbook, wide, capexMemo: capex === 'statement' })
  const incomeHolds: FactGroup[] = capex === 'statement' ? ['income', 'capex'] : ['income']
  let placed = { balance: false, quarterly: false, monthly: false }

  if (random.chance(0.5)) {
    // The accountant's workbook: the P&L, and often more sheets behind it.
    const statements = [income(true, true)]
    const holds = [...incomeHolds]
    placed = {
      balance: random.chance(0.6),
      quarterly: has.quarterly && random.chance(0.5),
      monthly: has.monthly && random.chance(0.4),
    }
    if (placed.balance) statements.push(balanceSheet(random, company, { wide: true }))
    if (placed.quarterly) statements.push(quarterlyRevenue(random, company))
    if (placed.monthly) statements.push(monthlyRevenue(random, company))
    if (placed.balance) holds.push('balance')
    if (placed.quarterly) holds.push('quarterly')
    if (placed.monthly) holds.push('monthly')
    files.push({
      kind: 'workbook',
      format: 'xlsx',
      parts: uniqueSheets(statements.flatMap((statement) => statement.parts)),
      families: [...new Set(statements.flatMap((statement) => statement.families))],
      holds,
    })
  } else {
    const format = random.pick<Format>(['csv', 'pdf-ruled', 'pdf-spaced', 'docx', 'txt'])
    files.push(single('income', format, income(false, format === 'csv'), incomeHolds))
  }
  if (!placed.balance) {
    const format = random.pick<Format>(['csv', 'pdf-ruled', 'pdf-spaced', 'docx', 'txt', 'xlsx'])
    files.push(
      single('balance', format, balanceSheet(random, company, { wide: format === 'csv' || format === 'xlsx' }), [
        'balance',
      ]),
    )
  }
  if (has.quarterly && !placed.quarterly) {
    const format = random.pick<Format>(['xlsx', 'csv', 'pdf-ruled', 'pdf-spaced', 'txt'])
    files.push(single('quarterly', format, quarterlyRevenue(random, company), ['quarterly']))
  }
  if (has.monthly && !placed.monthly) {
    const long = random.chance(0.5)
    const format = long ? 'csv' : random.pick<Format>(['xlsx', 'csv'])
    const statement = long ? monthlyLedger(random, company) : monthlyRevenue(random, company)
    files.push(single('monthly', format, statement, ['monthly']))
  }
  if (has.customers) {
    const format = random.pick<Format>(['xlsx', 'csv', 'pdf-ruled', 'pdf-spaced', 'docx'])
    files.push(single('customers', format, customerTable(random, company), ['customers']))
  }
  if (has.addBacks) {
    const format = random.pick<Format>(['docx', 'docx', 'xlsx', 'csv', 'pdf-ruled'])
    files.push(single('addBacks', format, addBackSchedule(random, company), ['addBacks']))
  }
  if (company.valuation) {
    const letter = valuationLetter(random, company)
    files.push({
      kind: 'valuation',
      format: random.pick<Format>(['pdf-spaced', 'docx']),
      parts: [{ name: 'Letter', blocks: letter.blocks }],
      families: letter.families,
      holds: ['valuation'],
    })
  }
  if (company.goal) {
    const notes = ownerNotes(random, company, has)
    files.push({
      kind: 'goal',
      format: random.pick<Format>(['txt', 'txt', 'docx']),
      parts: [{ name: 'Notes', blocks: notes.blocks }],
      families: notes.families,
      holds: ['goal'],
    })
  }
  const leasesInOverview = has.leases && random.chance(0.35)
  const profile = overview(random, company, { capex: capex === 'overview', leases: leasesInOverview })
  files.push({
    kind: 'profile',
    format: random.pick<Format>(['pdf-ruled', 'pdf-spaced', 'docx', 'txt']),
    parts: [{ name: 'Overview', blocks: profile.blocks }],
    families: profile.families,
    holds: [
      'profile',
      ...(capex === 'overview' ? (['capex'] as const) : []),
      ...(leasesInOverview ? (['leases'] as const) : []),
    ],
  })
  if (has.leases && !leasesInOverview) {
    const format = random.pick<Format>(['txt', 'txt', 'docx'])
    files.push({
      kind: 'leases',
      format,
      parts: [{ name: 'Leases', blocks: leaseTable(random, company) }],
      families: [],
      holds: ['leases'],
    })
  }
  // A PDF without a figure table has nothing to rule: it is laid out by spacing alone.
  return files.map((file) =>
    file.format === 'pdf-ruled' && !hasTable(file.parts) ? { ...file, format: 'pdf-spaced' } : file,
  )
}

async function write(file: Planned, date: Date): Promise<Uint8Array<ArrayBuffer>> {
  switch (file.format) {
    case 'xlsx':
      return writeXlsx(file.parts)
    case 'csv':
      return writeCsv(file.parts)
    case 'txt':
      return writeText(file.parts)
    case 'docx':
      return writeDocx(file.parts, date)
    case 'pdf-ruled':
    case 'pdf-spaced':
      return writePdf(file.parts, file.format === 'pdf-ruled', date)
  }
}

/**
 * The files of a company's sale file, and which files hold each group of facts. Async because the
 * PDF and Word writers are (pdfkit streams, docx zips asynchronously); the bytes are the same for
 * a seed on every run.
 */
export async function planDocuments(company: Company): Promise<{ files: GeneratedFile[]; placement: Placement }> {
  const random = new Random(company.seed * 7919 + 1)
  const planned = plan(random, company)
  const names = new FileNames(random, company)
  const date = new Date(`${latestYear(company) + 1}-01-15T00:00:00Z`)
  const named = planned.map((file) => ({ ...file, name: names.name(file.kind, EXTENSIONS[file.format]) }))
  const files = await Promise.all(
    named.map(async (file): Promise<GeneratedFile> => ({
      name: file.name,
      bytes: await write(file, date),
      format: file.format,
      families: file.families,
      holds: file.holds,
      checklist: checklistItems(file.holds, file.families, company.years.length),
    })),
  )
  const placement = Object.fromEntries(
    FACT_GROUPS.map((group) => [group, files.filter((file) => file.holds.includes(group)).map((file) => file.name)]),
  ) as Placement
  return { files, placement }
}
