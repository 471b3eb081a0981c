import { describe, expect, it } from 'vitest'

import { readFacts } from '../../api/facts/read-facts'
import { type ContentFound, tablesHold } from '../../api/facts/tables-hold'

const holds = (text: string): ContentFound[] => tablesHold(readFacts([{ kind: 'section', label: null, text }]))
const kinds = (text: string) => holds(text).map((found) => found.kind)

const statement = (years: string[]) =>
  [
    `Line item | ${years.join(' | ')}`,
    `Revenue | ${years.map(() => '8,240,000').join(' | ')}`,
    `Cost of goods sold | ${years.map(() => '4,900,000').join(' | ')}`,
    `Net income | ${years.map(() => '610,000').join(' | ')}`,
  ].join('\n')
const balanceSheet = 'Balance sheet | FY2024 | FY2025\nTotal assets | 5,100 | 5,400\nTotal equity | 2,300 | 2,650'

describe('what a document is, by what its tables hold', () => {
  it('takes revenue and two more income statement rows over three years for the annual statements', () => {
    expect(holds(statement(['FY2023', 'FY2024', 'FY2025']))).toEqual([
      { kind: 'financial-statements', what: 'an income statement for 2023–2025', years: [2023, 2024, 2025] },
    ])
    // Two years are one part of what is asked, unless the balance sheet is beside them.
    expect(kinds(statement(['FY2024', 'FY2025']))).toEqual([])
    expect(holds(`${statement(['FY2024', 'FY2025'])}\n\n${balanceSheet}`)[0]?.what).toBe(
      'an income statement for 2024–2025 and a balance sheet',
    )
    // A balance sheet alone, or revenue alone, is no income statement.
    expect(kinds(balanceSheet)).toEqual([])
    expect(kinds('Line item | 2021 | 2022 | 2023\nRevenue | 1,200 | 1,350 | 1,500')).toEqual([])
  })

  it('tells revenue by product line from revenue by customer', () => {
    expect(
      kinds('Sales by product line FY2025\nProduct line | Q1 | Q2\nCatering | 397 | 449\nRetail | 120 | 131'),
    ).toEqual(['revenue-breakdown'])
    expect(kinds('Top customers\nCustomer | FY2025\nPinecrest HOA | 1,391\nCity of Fairview | 1,120')).toEqual([
      'customer-revenue',
    ])
  })

  it('knows a schedule of add-backs, capital expenditure by year and premises', () => {
    expect(kinds("Owner add-backs\nItem | FY2025\nOwner's salary above market | 85,000")).toEqual(['add-backs'])
    expect(holds('Capital expenditures | 2022 | 2023 | 2024\nCapex | 120 | 95 | 210')).toEqual([
      { kind: 'capex-history', what: 'capital expenditure for 2022–2024', years: [2022, 2023, 2024] },
    ])
    expect(kinds('Premises | Monthly rent\nMachine shop | 6,750\nWarehouse | 4,200')).toEqual(['premises'])
    // A lease's rent stated in a sentence is a lease too; other figures of sentences say nothing.
    expect(holds('The shop is leased from Miller Family Trust until July 31, 2029, at $22,750 a month.')).toEqual([
      { kind: 'premises', what: 'a lease and its rent', years: [] },
    ])
    expect(kinds('Revenue was $8.9 million in 2025. Add-backs of $310,000 for the owner’s salary.')).toEqual([])
  })
})
