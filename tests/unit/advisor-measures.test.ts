import { readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { answerFromTables } from '../../api/ai/tables/answer'
import { readQuestion } from '../../api/ai/tables/question'
import { parseTables } from '../../api/ai/tables/table'
import { citedTable } from '../../api/documents/passage'
import { extractWord, tableRows } from '../../api/ingest/extractors/word'

// A small company's sale file in the layouts owners send: a P&L with periods as columns, a summary
// with years as rows in thousands, a balance sheet at two year-ends, a channel table in dollars, a
// customer list, and a schedule of add-backs from a Word table. Names and figures are our own.
const PNL =
  'Profit and loss\nLine item | FY2022 | FY2023 | FY2024\nRevenue | 4,000,000 | 4,400,000 | 5,000,000\n' +
  'Gross profit | 1,600,000 | 1,760,000 | 2,050,000\nEBITDA | 600,000 | 700,000 | 800,000\n' +
  'Net income | 250,000 | 300,000 | 380,000'
const SUMMARY =
  'Three-year summary\nIn thousands of US dollars.\nYear | Revenue | Capital expenditures | Other income (expense)\n' +
  '2022 | 4,000 | 120 | 15\n2023 | 4,400 | 210 | (8)\n2024 | 5,000 | 90 | (20)'
const BALANCE =
  'Balance sheet\nLine item | Dec 31 2023 | Dec 31 2024\nCash | 300,000 | 350,000\nAccounts receivable | 500,000 | 520,000\n' +
  'Inventory | 200,000 | 240,000\nTotal current assets | 1,000,000 | 1,110,000\nAccounts payable | 260,000 | 300,000\n' +
  'Total current liabilities | 400,000 | 430,000\nTerm loan | 900,000 | 800,000\nTotal assets | 2,600,000 | 2,700,000'
const CHANNELS =
  'Revenue by channel\nChannel | FY2024 revenue (USD)\nWholesale | 2,500,000\nRetail | 1,500,000\nOnline | 1,000,000'
const CUSTOMERS =
  'Largest customers\nCustomer | Channel | FY2023 revenue | FY2024 revenue\nHarbor Foods | Grocery | 600,000 | 700,000\n' +
  'Pine Schools | Institutions | 300,000 | 350,000\nCorner Markets | Grocery | 250,000 | 260,000'
const ADD_BACKS = tableRows(
  'Add-backs for FY2024\nItems a buyer would not pay for.\nItem\tAmount\tNote\t\nOwner bonus\t90,000\tDiscretionary\t\n' +
    'Legal settlement\t30,000\tOne-time\t\n',
)

const LEASES =
  'Leases\n' +
  'Warehouse, 12 Dock Rd: the lease ends on May 31, 2029. Monthly rent is $9,000.\n' +
  'Shop, Elm Street: the lease ends on February 28, 2026. Monthly rent is $3,500.\n' +
  'Shop, Bay Mall: the lease ends on November 30, 2026. Monthly rent is $4,100.\n\n' +
  'Every lease may be assigned with the landlord’s consent.'

const file = [PNL, SUMMARY, BALANCE, CHANNELS, CUSTOMERS, ADD_BACKS, LEASES].flatMap((text, document) =>
  parseTables(text).map((table) => ({ table, source: document })),
)
const ask = (question: string, tables = file) => answerFromTables(question, tables)

describe('tables whatever their layout', () => {
  it('turns a table with years down its first column so periods head the columns', () => {
    const [summary] = parseTables(SUMMARY)
    expect(summary!.transposed).toBe(true)
    expect(summary!.scale).toBe('thousand')
    expect(summary!.columns.slice(1).map((column) => column.year)).toEqual([2022, 2023, 2024])
    expect(summary!.rowLabels.slice(1)).toEqual(['Revenue', 'Capital expenditures', 'Other income (expense)'])
    expect(parseTables(PNL)[0]!.transposed).toBe(false)
  })

  it('reads a figure from years-as-rows, and cites it where the document has it', () => {
    const answer = ask(
      'What was other income (expense) in 2023?',
      parseTables(SUMMARY).map((table) => ({ table, source: 1 })),
    )
    expect(answer?.value).toBe('-8')
    expect(answer?.display).toBe('-$8 thousand')
    const { cell } = answer!.operands[0]!
    // In the turned table the cell is row 3, column 2; the document has it in row 2 (2023), column 3.
    expect([cell.row, cell.column]).toEqual([3, 2])
    const cited = citedTable(SUMMARY, { table: 0, row: cell.column, column: cell.row })
    expect(cited?.rows[cited.row]![cited.column]).toBe('(8)')
    expect(cited?.rows[0]).toEqual(['Year', 'Revenue', 'Capital expenditures', 'Other income (expense)'])
  })

  it('gives bare figures the currency their title names, never to a count', () => {
    const pnl = parseTables(
      'Income statement ($ in thousands)\n | 2023 | 2024\nNet sales | 11,482 | 12,010\nEmployees | 61 | 64',
    )
    const tables = pnl.map((table) => ({ table, source: 0 }))
    expect(ask('What were net sales in 2023?', tables)?.display).toBe('$11,482 thousand')
    expect(ask('How many employees were there in 2024?', tables)?.display).toBe('64')
  })

  it('reads a Word table written with tabs as rows of cells', () => {
    expect(ADD_BACKS.split('\n').slice(2, 4)).toEqual(['Item | Amount | Note', 'Owner bonus | 90,000 | Discretionary'])
  })

  it('reads the table (w:tbl) of a real Word file into rows and columns, its dollars from the sentence above it', async () => {
    const bytes = readFileSync(
      path.resolve(import.meta.dirname, '../../../shared/corpus/advisor-dev/normalization-schedule.docx'),
    )
    const { pages } = await extractWord(new Uint8Array(bytes), 'docx', { maxChars: 100_000 })
    const [table] = parseTables(pages[0]!.text)
    expect(table!.columns.map((column) => column.label)).toEqual(['Adjustment', 'Amount', 'Reason'])
    expect(table!.rowLabels.filter(Boolean)).toHaveLength(4)
    expect(table!.unit).toBe('$')
  })
})

describe("an advisor's measures", () => {
  it('adds every year of "over the three years" and computes a CAGR between a range’s ends', () => {
    expect(ask('What were total capital expenditures over the three years?')?.derivation).toBe(
      '120 + 210 + 90 = $420 thousand',
    )
    expect(ask('What was the compound annual growth rate of revenue from FY2022 to FY2024?')?.derivation).toBe(
      '(5,000,000 / 4,000,000)^(1/2) − 1 = 11.8%',
    )
    expect(readQuestion('What is the CAGR of EBITDA over the last two years?').periods).toEqual([{ latest: 2 }])
  })

  it('takes a share from two documents, each in its own scale', () => {
    const answer = ask('What share of FY2024 revenue came from wholesale?')
    expect(answer?.display).toBe('50%')
    expect(answer?.derivation).toBe('2,500,000 / 5,000,000 = 50%')
    expect(new Set(answer!.operands.map((operand) => operand.source))).toEqual(new Set([0, 3]))
    // The summary's revenue is 5,000 thousand: the same whole once brought to dollars.
    const inThousands = [...parseTables(SUMMARY), ...parseTables(CHANNELS)].map((table, source) => ({ table, source }))
    expect(ask('What share of FY2024 revenue came from wholesale?', inThousands)?.derivation).toBe(
      '2,500,000 / 5,000,000 = 50%',
    )
  })

  it('adds several named rows before taking their share', () => {
    expect(
      ask('What percentage of FY2024 revenue did Harbor Foods and Pine Schools account for together?')?.derivation,
    ).toBe('(700,000 + 350,000) / 5,000,000 = 21%')
  })

  it('divides a balance-sheet figure by a P&L one', () => {
    expect(ask('What is the ratio of the term loan at December 31, 2024 to FY2024 EBITDA?')?.derivation).toBe(
      '800,000 / 800,000 = 1',
    )
  })

  it('computes working capital from current assets and liabilities, else receivables, inventory and payables', () => {
    expect(ask('What was net working capital at December 31, 2024?')?.derivation).toBe('1,110,000 − 430,000 = 680,000')
    const withoutTotals = parseTables(
      BALANCE.split('\n')
        .filter((line) => !/^Total current/.test(line))
        .join('\n'),
    ).map((table) => ({ table, source: 2 }))
    expect(ask('What is working capital at the end of 2024?', withoutTotals)?.derivation).toBe(
      '520,000 + 240,000 − 300,000 = 460,000',
    )
  })

  it('adds up a schedule named by its title, and adjusts EBITDA by it', () => {
    expect(ask('What is the total of the add-backs?')?.derivation).toBe('90,000 + 30,000 = 120,000')
    expect(ask('What is adjusted EBITDA for FY2024?')?.derivation).toBe('800,000 + (90,000 + 30,000) = 920,000')
    expect(ask('At a 4.5x multiple of adjusted EBITDA, what would the enterprise value be?')?.derivation).toBe(
      '4.5 × (800,000 + (90,000 + 30,000)) = 4,140,000',
    )
  })

  it('reads a measure the files state as a row in its table’s scale, and values it at a multiple', () => {
    const stated = parseTables(
      'Non-GAAP measures (in millions)\nMeasure | 2023 | 2024\nAdjusted EBITDA | 98.2 | 123.4\nNet working capital | 40.1 | 44.0',
    ).map((table) => ({ table, source: 0 }))
    expect(ask('What was adjusted EBITDA in 2024?', stated)?.display).toBe('123.4 million')
    expect(ask('What was net working capital in 2023?', stated)?.display).toBe('40.1 million')
    expect(ask('At 6x adjusted EBITDA, what is the business worth in 2024?', stated)?.derivation).toBe(
      '6 × 123,400,000 = 740,400,000',
    )
  })

  it('never adjusts one year’s EBITDA by another year’s add-backs', () => {
    expect(ask('What is adjusted EBITDA for FY2023?')).toBeNull()
  })

  it('never answers a measure the files lack with a row sharing only its stem', () => {
    // "marketing" and "Corner Markets" share the stem "market".
    expect(ask('How much did the company spend on marketing in FY2024?')).toBeNull()
    expect(ask('What was the net margin in FY2024?')?.display).toBe('7.6%')
  })

  it('reads a list written one record a line as a table, and adds, counts and filters it', () => {
    const [leases] = parseTables(LEASES)
    expect(leases!.rows).toEqual([
      ['', 'Lease ends', 'Monthly rent'],
      ['Warehouse, 12 Dock Rd', 'May 31, 2029', '$9,000'],
      ['Shop, Elm Street', 'February 28, 2026', '$3,500'],
      ['Shop, Bay Mall', 'November 30, 2026', '$4,100'],
    ])
    expect(ask('What is the total monthly rent of all leases?')?.display).toBe('$16,600')
    const count = ask('How many leases end before 2027?')
    expect(count?.display).toBe('2')
    expect(count?.derivation).toBe(
      '2 of 3 before 2027: Shop, Elm Street (February 28, 2026), Shop, Bay Mall (November 30, 2026)',
    )
    expect(ask('How many leases end after March 2026?')?.display).toBe('2')
    expect(ask('Which customers are in the grocery channel?')?.display).toBe('Harbor Foods; Corner Markets')
    expect(ask('Which customers are in the export channel?')).toBeNull()
  })
})
