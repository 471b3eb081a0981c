import { describe, expect, it } from 'vitest'

import { scaleStatementsIn } from '../../api/ai/tables/caption'
import { figureAt, parseFigure, parseTables } from '../../api/ai/tables/table'
import { scaleOf } from '../../api/ai/text/scales'

const SALES =
  ' |  | Years Ended September 30, | \n | 2019 | 2018 | 2017\nFixed Price | $  1,452.4 | $  1,146.2 | $  1,036.9\n' +
  'Other | 44.1 | 56.7 | 70.8\nTotal sales | $1,496.5 | $1,202.9 | $1,107.7'

describe('table cells', () => {
  it('reads figures as exact decimals, parentheses as negatives and dashes as empty', () => {
    expect(parseFigure('$  1,452.4')?.value.toFixed()).toBe('1452.4')
    expect(parseFigure('$  1,452.4')?.unit).toBe('$')
    expect(parseFigure('(12.5)')?.value.toFixed()).toBe('-12.5')
    expect(parseFigure('$(5,625)')?.value.toFixed()).toBe('-5625')
    expect(parseFigure('−136')?.value.toFixed()).toBe('-136')
    expect(parseFigure('12%')).toMatchObject({ unit: '%' })
    expect(parseFigure('12%')?.value.toFixed()).toBe('12')
    expect(parseFigure('—')).toBeNull()
    expect(parseFigure('-')).toBeNull()
    expect(parseFigure('Fixed Price')).toBeNull()
  })

  it('reads the scale from headers and captions', () => {
    expect(scaleOf('(in thousands)')).toBe('thousand')
    expect(scaleOf("$'000")).toBe('thousand')
    expect(scaleOf('$ millions')).toBe('million')
    expect(scaleOf('(Dollars in millions)')).toBe('million')
    expect(scaleOf('€ million')).toBe('million')
    expect(scaleOf('in billions')).toBe('billion')
    // A currency's code before the scale, as reports in other currencies write it.
    expect(scaleOf('2019 RMB’Million')).toBe('million')
    expect(scaleOf('USDm')).toBe('million')
    expect(scaleOf("HK$'000")).toBe('thousand')
    expect(scaleOf('EUR bn')).toBe('billion')
    expect(scaleOf('Revenue in USD')).toBeNull()
    expect(scaleOf('Comparison of Year Ended December 31, 2019 to 2018 (in 000’s)')).toBe('thousand')
    expect(scaleOf('Total sales')).toBeNull()
    expect(scaleOf('Costs rose by $3.9 million of cost of revenues')).toBeNull()
  })

  it('finds the lines of a document that state its scale apart from any table, and no sentence about a figure', () => {
    const report = [
      'NOTES TO CONSOLIDATED FINANCIAL STATEMENTS (in thousands, except for share and per share data)',
      '(In millions)',
      "Expressed in US $000's except share and per share amounts",
      'The following table represents a disaggregation of revenue from contracts with customers by delivery location (in thousands):',
      'In fiscal years 2018 and 2017, net sales by region were as follows (dollars in thousands):',
      'Revenue increased by $5.2 million in 2019. Thousands of customers rely on us.',
      'In fiscal 2019, we recorded an $872 million charge (in millions).',
    ].join('\n')
    expect(scaleStatementsIn(report)).toEqual(report.split('\n').slice(0, 5))
  })
})

describe('tables as data', () => {
  it('combines a group label over a year row into each column header', () => {
    const [table] = parseTables(SALES)
    expect(table!.headerRows).toBe(2)
    expect(table!.columns.slice(1).map((column) => column.label)).toEqual([
      'Years Ended September 30, 2019',
      'Years Ended September 30, 2018',
      'Years Ended September 30, 2017',
    ])
    expect(table!.columns.slice(1).map((column) => column.year)).toEqual([2019, 2018, 2017])
    expect(table!.rowLabels.slice(2)).toEqual(['Fixed Price', 'Other', 'Total sales'])
    expect(table!.unit).toBe('$')
  })

  it('keeps a change’s group label off the year columns beside the columns it is centred over', () => {
    const [table] = parseTables(
      [
        'Year Ended May 31, |  |  |  | ',
        ' |  |  | Percent Change | ',
        '(Dollars in millions) | 2025 | Actual | Constant | 2024',
        'Interest expense | $2,082 | 3% | 3% | $2,025',
      ].join('\n'),
    )
    expect(table!.columns.slice(1).map((column) => column.label)).toEqual([
      '2025',
      'Percent Change Actual',
      'Percent Change Constant',
      '2024',
    ])
    expect(table!.columns.slice(1).map((column) => column.year)).toEqual([2025, null, null, 2024])
  })

  it('reads a CSV file’s chunk by its own delimiter, and leaves ragged lines alone', () => {
    const [table] = parseTables('Metric,FY2024,FY2025\nRevenue,100,120\nCosts,(40),(55.5)')
    expect(table!.columns.map((column) => column.year)).toEqual([null, 2024, 2025])
    expect(table!.rowLabels).toEqual(['', 'Revenue', 'Costs'])
    expect(figureAt(table!, 2, 2)?.value.toFixed()).toBe('-55.5')
    expect(parseTables('Metric;2024;2025\nRevenue;100;120')[0]!.rows[1]).toEqual(['Revenue', '100', '120'])
    expect(parseTables('Revenue,1,234,1,500\nCosts,400,450')).toEqual([])
    expect(parseTables('Sales grew.\nCosts fell.')).toEqual([])
  })

  it('reads the scale from the text’s mentions of the table’s figures, and from no other figure', () => {
    const licenses = ' | 2019 | 2018\nFCC licenses | $ 136.2 | $ 120.6\nState licenses | 2.5 | 2.5'
    expect(parseTables(licenses, 'In 2019, FCC licenses increased $15.6 million.')[0]!.scale).toBe('million')
    expect(parseTables(licenses, 'FCC licenses were $136.2 thousand.')[0]!.scale).toBe('thousand')
    expect(parseTables(licenses, 'We recorded $108 million of tax expense.')[0]!.scale).toBeNull()
    // A figure of one or two digits matches some cell or difference by chance: "$2.5 million" of
    // something else says nothing of the table's scale, two such that agree do.
    expect(parseTables(licenses, 'Other licenses were $2.5 million.')[0]!.scale).toBeNull()
    expect(parseTables(licenses, 'Other licenses were $2.5 million, and the rise was $15.6 million.')[0]!.scale).toBe(
      'million',
    )
    const fees = ' | 2019 | 2018\nLicenses | 12 | 10\nFees | 30 | 25'
    expect(parseTables(fees, 'Fees were $30 million, licenses $12 million.')[0]!.scale).toBe('million')
  })

  it('reads the scale from a header row, or else from the text around the table', () => {
    expect(parseTables(' | 2019 | 2018\n(in millions) |  | \nRevenue | 10 | 8')[0]!.scale).toBe('million')
    expect(parseTables(SALES)[0]!.scale).toBeNull()
    expect(parseTables(SALES, 'net sales by contract type (in millions):')[0]!.scale).toBe('million')
  })

  it('reads tab-separated rows and keeps section labels for the rows under them', () => {
    const [table] = parseTables('\t2019\t2018\nRevenue\t5\t4\nNet sales:\t\t\nUnited States\t1,197,665\t1,000,680')
    expect(table!.sections[3]).toBe('Net sales:')
    expect(table!.columns[1]!.year).toBe(2019)
  })
})
