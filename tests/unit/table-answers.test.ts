import { describe, expect, it } from 'vitest'

import { answerFromTables } from '../../api/ai/tables/answer'
import { readQuestion } from '../../api/ai/tables/question'
import { parseTables } from '../../api/ai/tables/table'

const SALES =
  'Sales by contract type\n |  | Years Ended September 30, | \n | 2019 | 2018 | 2017\nFixed Price | $  1,452.4 | $  1,146.2 | $  1,036.9\n' +
  'Other | 44.1 | 56.7 | 70.8\nTotal sales | $1,496.5 | $1,202.9 | $1,107.7'
const INCOME =
  ' | December 31, | \n(In thousands) | 2019 | 2018\nRevenue | 96,037 | 94,888\nOperating expenses | (12,500) | (10,000)\n' +
  'Net income (loss) | 542.0 | (762.3)\nGross margin | 41.5% | 39.2%\nCustomers | 1,200 | 1,150'

const tables = (text: string, context = '') => parseTables(text, context).map((table) => ({ table, source: 'doc-1' }))
const sales = tables(SALES, 'The table below presents total net sales by contract type (in millions):')
const unscaled = tables(SALES)
const income = tables(INCOME)

describe('question understanding', () => {
  it.each([
    ['What was total sales in 2019?', 'lookup'],
    ['How much did total sales increase from 2018 to 2019?', 'difference'],
    ['What is the percentage change in total sales from 2018 to 2019?', 'percentage-change'],
    ['What is the total of fixed price sales in 2018 and 2019?', 'sum'],
    ['What is the average total sales over 2017 to 2019?', 'average'],
    ['What is the ratio of total sales in 2019 to 2018?', 'ratio'],
    ['What share of total sales in 2019 is Other?', 'share'],
    ['How many years did total sales exceed $1,150 million?', 'count'],
    // A measure that is an average ("weighted-average shares", "the average price") is no operation.
    ['What were basic weighted-average shares outstanding in 2018?', 'lookup'],
    ['What was the change in the diluted weighted-average number of shares between 2017 and 2018?', 'difference'],
    ['What was the change in the average price paid per share from 2018 to 2019?', 'difference'],
    ['What is the average weighted-average exercise price for 2018 and 2019?', 'average'],
  ])('reads "%s" as %s', (question, operation) => {
    expect(readQuestion(question).operation).toBe(operation)
  })

  it('reads fiscal years, FY and "last year"', () => {
    expect(readQuestion('What was revenue in fiscal 2019 and FY18?').periods).toEqual([{ year: 2019 }, { year: 2018 }])
    expect(readQuestion('What was revenue last year?').periods).toEqual([{ relative: 'latest' }])
  })

  it.each([
    'What was the average gross margin from FY2023 to FY2025?',
    'What was the average gross margin over FY23–FY25?',
    'Average gross margin, 2023 through 2025?',
  ])('reads every year of the range in "%s"', (question) => {
    expect(readQuestion(question).periods).toEqual(
      expect.arrayContaining([{ year: 2023 }, { year: 2024 }, { year: 2025 }]),
    )
    expect(readQuestion(question).periods).toHaveLength(3)
  })

  it('reads a total over a range of years as their sum, and the change between two years as a change', () => {
    expect(readQuestion('What was total revenue over FY2023 to FY2025?')).toMatchObject({
      operation: 'sum',
      periods: [{ year: 2023 }, { year: 2025 }, { year: 2024 }],
    })
    expect(readQuestion('What was cumulative EBITDA from 2022 to 2025?').operation).toBe('sum')
    expect(readQuestion('What was total revenue in FY2025?').operation).toBe('lookup')
    expect(readQuestion('How did total revenue change from FY2023 to FY2025?')).toMatchObject({
      operation: 'difference',
      periods: [{ year: 2023 }, { year: 2025 }],
    })
  })

  it('sums a total over a range of years from every year in it', () => {
    const answer = answerFromTables('What were total sales over 2017 to 2019?', sales)
    expect(answer).toMatchObject({ operation: 'sum', value: '3807.1', scale: 'million' })
    expect(answer?.operands).toHaveLength(3)
  })
})

describe('answers from tables', () => {
  it('looks a figure up with its scale, unit and cell', () => {
    const answer = answerFromTables('What was the total sale in 2019?', sales)
    expect(answer).toMatchObject({
      operation: 'lookup',
      value: '1496.5',
      scale: 'million',
      display: '$1,496.5 million',
    })
    expect(answer!.operands).toEqual([
      {
        cell: {
          row: 4,
          column: 1,
          rowLabel: 'Total sales',
          columnLabel: 'Years Ended September 30, 2019',
          text: '$1,496.5',
        },
        source: 'doc-1',
      },
    ])
  })

  it('computes a difference, later year minus earlier, exactly', () => {
    const answer = answerFromTables('How much did total sales increase from 2018 to 2019?', sales)
    expect(answer).toMatchObject({ value: '293.6', derivation: '1,496.5 − 1,202.9 = $293.6 million' })
  })

  it('computes a percentage change with its derivation, to two decimals', () => {
    const answer = answerFromTables('What is the percentage change in total sales from 2018 to 2019?', sales)
    expect(answer).toMatchObject({ value: '24.41', unit: '%', scale: null })
    expect(answer!.derivation).toBe('(1,496.5 − 1,202.9) / 1,202.9 = 24.41%')
    expect(answer!.operands.map((operand) => operand.cell.text)).toEqual(['$1,496.5', '$1,202.9'])
  })

  it('sums and averages over the years named or a range of years', () => {
    expect(answerFromTables('What is the total of Fixed Price sales in 2018 and 2019?', sales)?.value).toBe('2598.6')
    const average = answerFromTables('What is the average of Other sales from 2017 to 2019?', sales)
    expect(average).toMatchObject({ value: '57.2', derivation: '(44.1 + 56.7 + 70.8) / 3 = $57.2 million' })
  })

  it('computes a share as a percentage and a ratio as a plain number', () => {
    const share = answerFromTables('What is Other as a percentage of total sales in 2019?', sales)
    expect(share).toMatchObject({ value: '2.95', unit: '%', derivation: '44.1 / 1,496.5 = 2.95%' })
    expect(answerFromTables('What is the ratio of total sales in 2019 to 2018?', sales)?.value).toBe('1.24')
  })

  it('counts the years a figure passes a threshold, converting its scale', () => {
    const answer = answerFromTables('How many years did total sales exceed $1,150 million?', sales)
    expect(answer).toMatchObject({ operation: 'count', value: '2' })
  })

  it('keeps thousands, reads parentheses as negatives and percentages as percentages', () => {
    expect(answerFromTables('What was the change in revenue between 2018 and 2019?', income)).toMatchObject({
      value: '1149',
      scale: 'thousand',
    })
    expect(answerFromTables('What was the change in operating expenses between 2018 and 2019?', income)?.value).toBe(
      '-2500',
    )
    const change = answerFromTables('What was the percentage change in net income between 2018 and 2019?', income)
    expect(change).toMatchObject({ value: '-171.1', derivation: '(542 − (-762.3)) / (-762.3) = -171.1%' })
    expect(answerFromTables('What was the gross margin in 2018?', income)).toMatchObject({
      value: '39.2',
      unit: '%',
      scale: null,
    })
  })

  it('reads "last year" as the latest column, and a change in one year as from the year before', () => {
    expect(answerFromTables('What was revenue last year?', income)?.value).toBe('96037')
    expect(answerFromTables('What is the change in total sales in 2018?', sales)?.derivation).toBe(
      '1,202.9 − 1,107.7 = $95.2 million',
    )
  })

  it('looks several figures up at once, each with its scale, in the order asked', () => {
    const answer = answerFromTables('What were Other sales in 2018 and 2019 respectively?', sales)
    expect(answer).toMatchObject({
      operation: 'lookup',
      value: '56.7; 44.1',
      display: '$56.7 million; $44.1 million',
      derivation: 'Years Ended September 30, 2018: 56.7; Years Ended September 30, 2019: 44.1',
    })
    expect(answer!.operands.map((operand) => operand.cell.column)).toEqual([2, 1])
  })

  it('names the periods a table gives a figure for, or those past a threshold', () => {
    expect(answerFromTables('Which years does the table provide information for total sales?', sales)).toMatchObject({
      operation: 'periods',
      value: '2019; 2018; 2017',
    })
    const above = answerFromTables('Which years did total sales exceed $1,150 million?', sales)
    expect(above).toMatchObject({
      value: '2019; 2018',
      derivation: 'Total sales above 1150: 2019 ($1,496.5), 2018 ($1,202.9)',
    })
    expect(answerFromTables('In which year was Other sales less than 50 million?', sales)?.value).toBe('2019')
    // Named by the table's title, not by a row.
    expect(answerFromTables('Which years does the table provide information for contract types?', sales)?.value).toBe(
      '2019; 2018; 2017',
    )
    // Named by nothing but "the table".
    expect(answerFromTables('What years does the table cover?', income)?.value).toBe('2019; 2018')
    expect(answerFromTables('What years does the table show for payroll?', income)).toBeNull()
  })

  it('reads a statement’s Note column as the numbers of its notes, not as a year’s figures', () => {
    const balance = tables(
      [
        ' |  | 2025 | 2024',
        ' | Note | £m | £m',
        'Debtors | 4 | 415.9 | 440.7',
        'Retained earnings | 9 | 9.3 | 9.5',
      ].join('\n'),
    )
    expect(answerFromTables('What were retained earnings in 2025?', balance)?.display).toBe('£9.3 million')
    expect(answerFromTables('What was the change in debtors in 2025 from 2024?', balance)?.display).toBe(
      '-£24.8 million',
    )
  })

  it('reads a fiscal year written F24, and gives an amount per square metre unscaled', () => {
    const stores = tables(
      ['$ million | F24 | F23', 'Sales | 1,680 | 1,603', 'Sales per square metre | 18,500 | 18,269'].join('\n'),
    )
    expect(answerFromTables('What is the difference in sales between F24 and F23?', stores)?.display).toBe(
      '$77 million',
    )
    expect(answerFromTables('What were sales per square metre in F24?', stores)?.display).toBe('$18,500')
  })

  it('reads periods that head sections of rows, each figure from its own section', () => {
    const receivables = tables(
      [
        ' | Receivables, gross | Allowance for doubtful accounts | Receivables, net',
        'December 31, 2025 |  |  | ',
        'Trade | 12,000 | (100) | 11,900',
        'Total | $19,731 | $(238) | $19,493',
        'December 31, 2024 |  |  | ',
        'Trade | 10,000 | (90) | 9,910',
        'Total | $15,568 | $(168) | $15,400',
      ].join('\n'),
    )
    const change = answerFromTables(
      'What was the percentage change in the total allowance for doubtful accounts between 2024 and 2025?',
      receivables,
    )
    expect(change).toMatchObject({ operation: 'percentage-change', display: '41.67%' })
    // Each operand is the document's own cell, named with its section, in the order asked.
    expect(change!.operands.map(({ cell }) => [cell.row, cell.column, cell.rowLabel])).toEqual([
      [6, 2, 'Total (December 31, 2024)'],
      [3, 2, 'Total (December 31, 2025)'],
    ])
    expect(answerFromTables('What was the total allowance for doubtful accounts in 2024?', receivables)?.display).toBe(
      '-$168',
    )
    // A year no section heads is not given.
    expect(answerFromTables('What was the total allowance for doubtful accounts in 2023?', receivables)).toBeNull()
  })

  it('gives a figure in cents without a dollar sign', () => {
    const perShare = tables(
      [
        '$ million | 2025 | 2024',
        'Net profit | $1,204 | $1,120',
        'Diluted earnings per share (cents) | 132.3 | 121.9',
      ].join('\n'),
    )
    expect(answerFromTables('What were diluted earnings per share in 2025?', perShare)?.display).toBe('132.3')
    expect(answerFromTables('What was net profit in 2025?', perShare)?.display).toBe('$1,204 million')
  })

  it('keeps the table’s scale on rows whose names hold "ratio" inside a word', () => {
    const operating = tables(
      [
        ' | 2025 | 2024',
        '(In thousands) |  | ',
        'Income from operations | $12,491 | $9,587',
        'Integration costs | $17 | $8',
      ].join('\n'),
    )
    expect(
      answerFromTables('What was the change in income from operations between 2025 and 2024?', operating)?.display,
    ).toBe('$2,904 thousand')
    expect(answerFromTables('What were integration costs in 2025?', operating)?.display).toBe('$17 thousand')
  })

  it('totals and averages an expense shown in parentheses as the amount spent', () => {
    expect(answerFromTables('What was the average operating expenses for 2018 and 2019?', income)).toMatchObject({
      value: '11250',
      derivation: '(12,500 + 10,000) / 2 = 11,250 thousand',
    })
    expect(answerFromTables('What was the average net income (loss) for 2018 and 2019?', income)?.value).toBe('-110.15')
  })

  it('computes from a CSV file’s rows as from any table', () => {
    const csv = tables('Metric,FY2024,FY2025\nRevenue,1100,1250\nCosts,(400),(450)')
    expect(answerFromTables('What was the change in revenue from FY2024 to FY2025?', csv)).toMatchObject({
      value: '150',
      derivation: '1,250 − 1,100 = 150',
    })
  })

  it('gives a change in a percentage in points', () => {
    const shares = tables(' | 2019 | 2018\nTax provision as a share of sales | 1.4 | 3.5')
    expect(
      answerFromTables(
        'What was the change in percentage of sales represented by tax provision from 2018 to 2019?',
        shares,
      ),
    ).toMatchObject({ operation: 'difference', value: '-2.1', display: '-2.1%' })
  })

  it('gives the difference between two figures as how far apart they are, a change as later minus earlier', () => {
    expect(answerFromTables('What is the difference in Other sales between 2017 and 2019?', sales)).toMatchObject({
      value: '26.7',
      derivation: '70.8 − 44.1 = $26.7 million',
    })
    expect(answerFromTables('What is the change in Other sales between 2017 and 2019?', sales)?.value).toBe('-26.7')
  })

  it('answers which year was higher with the column', () => {
    expect(answerFromTables('In which year was Other sales higher?', sales)?.value).toBe('2017')
  })

  it('answers nothing when no table holds the figure or the year', () => {
    expect(answerFromTables('What was the EBITDA in 2019?', sales)).toBeNull()
    expect(answerFromTables('What was total sales in 2015?', sales)).toBeNull()
    expect(answerFromTables('What were Other sales in 2019 and 2016 respectively?', sales)).toBeNull()
    expect(answerFromTables('Which years did EBITDA exceed $1 million?', sales)).toBeNull()
    expect(answerFromTables('What was total sales in 2019?', [])).toBeNull()
    expect(answerFromTables('What was total sales in 2019?', unscaled)).toMatchObject({ value: '1496.5', scale: null })
  })
})

describe('margins', () => {
  const statement = tables(
    'Income statement\n | FY2024 | FY2025\nRevenue | 8,240,000 | 8,967,000\nGross profit | 3,240,000 | 3,567,000\n' +
      'EBITDA | 1,359,000 | 1,614,060\nNet income | 775,400 | 960,150',
  )

  it.each([
    ['What was the EBITDA margin in FY2025?', '1,614,060 / 8,967,000 = 18%'],
    ['What was the net margin in FY2024?', '775,400 / 8,240,000 = 9.41%'],
    ['What was the gross profit margin in FY2025?', '3,567,000 / 8,967,000 = 39.78%'],
    ['What was the net profit margin in FY2025?', '960,150 / 8,967,000 = 10.71%'],
  ])('works out "%s" as its measure over revenue', (question, derivation) => {
    expect(answerFromTables(question, statement)).toMatchObject({ operation: 'share', derivation })
  })

  it('reads a margin the table states, and never puts another measure in place of a missing one', () => {
    expect(answerFromTables('What was the gross margin in 2019?', income)).toMatchObject({ display: '41.5%' })
    expect(answerFromTables('What was the operating margin in FY2025?', statement)).toBeNull()
  })
})

describe('the size of a change', () => {
  const loan = tables(
    'Balance sheet\n | Dec 31 2024 | Dec 31 2025\nTerm loan | 1,240,000 | 1,050,000\nCash | 412,000 | 538,000',
  )

  it('answers how much something decreased with the size of the fall, and a change with its sign', () => {
    expect(answerFromTables('How much did the term loan decrease during 2025?', loan)).toMatchObject({
      value: '190000',
      derivation: '1,240,000 − 1,050,000 = 190,000',
    })
    expect(answerFromTables('What was the change in the term loan in 2025?', loan)).toMatchObject({ value: '-190000' })
    // It rose: "decrease" does not turn a rise into a fall.
    expect(answerFromTables('How much did cash decrease in 2025?', loan)).toMatchObject({ value: '126000' })
  })

  it('names the year as the table writes it', () => {
    const statement = tables('P&L\n | FY2023 | FY2024 | FY2025\nNet income | 672,016 | 775,400 | 960,150')
    expect(answerFromTables('In which year was net income highest?', statement)).toMatchObject({ value: 'FY2025' })
  })
})

describe('columns that compare periods', () => {
  const margins = tables(
    [
      ' | Year ended | Year ended | Variation | Variation',
      ' | 2025 | 2024 | 2025 vs 2024 | % change 2025 to 2024',
      'Gross profit | $3,696 | $3,861 | (165) | (4.3)%',
      'Gross margin (as percentage of revenue) | 38.7% | 40.0% | -130 bps | ',
    ].join('\n'),
  )

  it('are no period of their own, so an average runs over the years only', () => {
    expect(answerFromTables('What is the average gross profit?', margins)).toMatchObject({
      derivation: '(3,696 + 3,861) / 2 = $3,778.5',
    })
    expect(answerFromTables('What is the average gross margin (as percentage of revenue)?', margins)).toMatchObject({
      display: '39.35%',
    })
  })

  it('never combine a percentage with an amount', () => {
    const mixed = tables(' | 2025 | 2024 | 2023\nGross profit | $3,696 | 4.3% | $3,272')
    expect(answerFromTables('What is the average gross profit?', mixed)).toBeNull()
  })
})

describe('schedules of maturities', () => {
  const obligations = tables(
    [
      ' |  | Payments due by period |  |  | ',
      ' | Less than 1 year | 1-3 years | 3-5 years | More than 5 years | Total',
      'Operating leases | 16,164 | 19,812 | 6,551 | 5,883 | 48,410',
      'Purchase obligations | 55,755 | 16,220 | 7,595 | 17,649 | 97,219',
    ].join('\n'),
  )

  it('add up the columns that cover the horizon asked', () => {
    expect(answerFromTables('What are the purchase obligations due within 5 years?', obligations)).toMatchObject({
      value: '79570',
      derivation: '55,755 + 16,220 + 7,595 = 79,570',
    })
    expect(answerFromTables('How much of the operating leases is due within three years?', obligations)).toMatchObject({
      value: '35976',
    })
    expect(answerFromTables('What operating lease payments are due in less than one year?', obligations)).toMatchObject(
      { value: '16164' },
    )
  })

  it('give no answer for a horizon the schedule does not split at', () => {
    expect(answerFromTables('What are the purchase obligations due within 4 years?', obligations)).toBeNull()
    expect(readQuestion('What is due within 4 years?').threshold).toBeNull()
  })
})

describe('the parts of a total', () => {
  const revenue = tables(
    [
      '($ in thousands) | 2024 | % Change 2023 to 2024 | 2023',
      'Services | $59,545 | (8)% | $64,476',
      'Software and other | 3,788 | (25)% | 5,073',
      'Total revenue | $63,333 | (9)% | $69,549',
      'Cost of revenue | 21,000 |  | 22,100',
    ].join('\n'),
  )

  it('are the rows its total adds up, each with its latest figure', () => {
    expect(answerFromTables('What are the segments of revenue?', revenue)).toMatchObject({
      display: 'Services; Software and other',
      derivation: 'Total revenue is made up of: Services ($59,545), Software and other (3,788)',
    })
  })

  it('are none when no total row names the measure', () => {
    // Only the row itself is read (a lookup, which the chat leaves to the text without a period).
    expect(answerFromTables('What are the components of cost of revenue?', revenue)?.operation).toBe('lookup')
  })
})

describe('a total under a rule, without a label', () => {
  const accrued = tables(
    [
      'Accrued liabilities at April 30, 2024 and 2023 consisted of the following (in thousands):',
      ' | 2024 | 2023',
      'Vacation and other compensation | $1,659 | $1,433',
      'Payroll taxes | 155 | 113',
      'Deferred revenue | - | 68',
      'Other | 504 | 564',
      ' | $2,318 | $2,178',
    ].join('\n'),
  )

  it('is read as the total of what the caption names, when its figures add up the rows above', () => {
    expect(accrued[0]!.table.rowLabels.at(-1)).toBe('Total')
    expect(
      answerFromTables('What is the change in total accrued liabilities between 2023 and 2024?', accrued),
    ).toMatchObject({
      display: '$140 thousand',
    })
  })

  it('totals its section when it closes one, and a table of what something includes totals only those items', () => {
    const charges = tables(
      [
        'The bakery segment’s operating income included the following:',
        ' | 2024 | 2023',
        'Restructuring charges | 144 | 33',
        'Acquisition-related charges: |  | ',
        'Integration costs | 17 | 8',
        'Fair value adjustments | — | 4',
        ' | 17 | 12',
        'Total | 161 | 45',
      ].join('\n'),
    )
    expect(charges[0]!.table.rowLabels.at(-2)).toBe('Total Acquisition-related charges')
    expect(answerFromTables('How much did operating income in the bakery segment change in 2024?', charges)).toBeNull()
  })

  it('stays unlabelled when its figures do not add up', () => {
    const [{ table }] = tables(' | 2024 | 2023\nRent | 10 | 12\nUtilities | 5 | 6\n | 16 | 18')
    expect(table.rowLabels.at(-1)).toBe('')
  })
})

describe('a quantity named only by soft words', () => {
  const balances = tables(
    [
      ' | 2024 | 2023',
      'Balance at the beginning of the fiscal year | $1,264 | $1,626',
      'Additions | 142 | -',
      'Lapse in statute of limitations | (148) | (362)',
      'Balance at the end of the fiscal year | $1,258 | $1,264',
    ].join('\n'),
  )

  it('reads "the average ending balance" from the balance at the end', () => {
    expect(
      answerFromTables('What is the average ending balance for fiscal years 2023 and 2024?', balances)?.display,
    ).toBe('$1,261')
  })
})
