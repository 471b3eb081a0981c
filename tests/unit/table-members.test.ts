import { describe, expect, it } from 'vitest'

import { answerFromTables } from '../../api/ai/tables/answer'
import { membersAsked } from '../../api/ai/tables/members'
import { parseTables } from '../../api/ai/tables/table'

const tables = (text: string) => parseTables(text).map((table, index) => ({ table, source: index }))

describe('the names a table lists', () => {
  const balance = tables(
    [
      ' | 2025 | 2024',
      ' | $000 | $000',
      'Current assets |  | ',
      'Trade debtors | 410 | 395',
      'Cash at bank | 88 | 61',
      ' | 498 | 456',
      'Current liabilities |  | ',
      'Trade creditors | (120) | (98)',
      'Accruals | (35) | (30)',
      'Total current liabilities | (155) | (128)',
      'Receivables |  | ',
      'Invoiced | 300 | 280',
      'Not yet invoiced | 20 | —',
      'Allowance for doubtful accounts | (4) | (3)',
      'Total receivables | 316 | 277',
    ].join('\n'),
  )

  it('are the rows under the heading the question names, up to its total', () => {
    expect(answerFromTables('What were the components making up current assets?', balance)).toMatchObject({
      operation: 'filter',
      value: 'Trade debtors; Cash at bank',
      derivation: 'Current assets lists: Trade debtors, Cash at bank',
    })
    expect(answerFromTables('What items does current liabilities consist of?', balance)?.value).toBe(
      'Trade creditors; Accruals',
    )
  })

  it('leave out a row that takes away from the others', () => {
    expect(answerFromTables('What types of receivables are there?', balance)?.value).toBe('Invoiced; Not yet invoiced')
  })

  it('are the headings when several name what is asked', () => {
    const segments = tables(
      [
        ' | 2025 | 2024',
        'Retail Stores: |  | ',
        'North | 5 | 4',
        'South | 3 | 2',
        'Total Retail Stores | 8 | 6',
        'Online Stores: |  | ',
        'Web | 7 | 6',
        'Total Online Stores | 7 | 6',
      ].join('\n'),
    )
    expect(answerFromTables('What are the types of Stores segments in the table?', segments)?.value).toBe(
      'Retail Stores; Online Stores',
    )
  })

  it('are none when the heading opens other headings: its lists cannot be told apart', () => {
    const nested = tables(
      [
        ' | 2025 | 2024',
        'Quoted investments |  | ',
        'Shares |  | ',
        'Domestic | 10 | 9',
        'Overseas | 4 | 3',
        'Bonds |  | ',
        'Domestic | 20 | 18',
        'Cash | 2 | 1',
      ].join('\n'),
    )
    expect(answerFromTables('What are the types of investments under quoted investments?', nested)).toBeNull()
    expect(answerFromTables('What are the components under shares?', nested)?.value).toBe('Domestic; Overseas')
  })

  it('are every row of a table of one list the question points at, its total left out', () => {
    const regions = tables(
      ['Region | 2025 | 2024', 'UK | 24.5 | 24.9', 'Ireland | 0.4 | 0.5', 'Total | 24.9 | 25.4'].join('\n'),
    )
    expect(answerFromTables('What are the regions in the table?', regions)?.value).toBe('UK; Ireland')
    // Two lists in one table are not one list.
    const two = tables(
      ['Region | 2025 | 2024', 'UK | 24.5 | 24.9', 'Ireland | 0.4 | 0.5', 'Total | 24.9 | 25.4', 'France | 1 | 2'].join(
        '\n',
      ),
    )
    expect(answerFromTables('What are the regions in the table?', two)?.operation).not.toBe('filter')
  })

  it('is asked by a question for several names, not for what one thing represents', () => {
    expect(membersAsked('What do Other items in the table represent?')).toBeNull()
    expect(membersAsked('What financial items does operating cash flow consist of?')).toEqual({
      subject: ['oper', 'cash', 'flow'],
      context: null,
    })
    expect(membersAsked('What was revenue in 2019?')).toBeNull()
  })
})

describe('the periods of the table', () => {
  const pro = tables(
    [
      ' | Year Ended March 31, | ',
      ' | 2025 | 2024',
      'Net sales | $5,563.7 | $5,875.0',
      'Net income | $542.0 | $(762.3)',
    ].join('\n'),
  )

  it('are its years when the question names nothing but the table', () => {
    expect(answerFromTables('Which years does the table show?', pro)?.value).toBe('2025; 2024')
    expect(answerFromTables("Which financial years' information is shown in the table?", pro)?.value).toBe('2025; 2024')
  })

  it('are the one table’s years when the text around it names what the question does', () => {
    const question = 'Which years does the table provide information for the unaudited pro-forma results of operations?'
    const caption = 'The following unaudited pro-forma results of operations assume the merger closed on April 1, 2023.'
    expect(answerFromTables(question, pro, caption)?.value).toBe('2025; 2024')
    expect(answerFromTables(question, pro, 'Revenue is recognised when control passes.')).toBeNull()
  })

  it('are those past a threshold, asked as "which of the years"', () => {
    expect(answerFromTables('Which of the years had net sales greater than $5,600?', pro)?.value).toBe('2024')
  })
})

describe('figures asked for each, "respectively"', () => {
  const customers = tables(
    [
      ' | 2025 | 2024 | 2023',
      'Northwind Ltd | 32% | 36% | 34%',
      'Contoso Inc | 13% | 8% | 11%',
      'Fabrikam plc | 5% | 6% | 7%',
    ].join('\n'),
  )

  it('are the two rows the names joined by "and" name, in the one period asked', () => {
    const answer = answerFromTables(
      'What are the respective percentage of revenue from Northwind and Contoso in 2023?',
      customers,
    )
    expect(answer).toMatchObject({ operation: 'lookup', value: '34; 11', display: '34%; 11%' })
  })

  it('are none when a name holds no row, or two rows equally', () => {
    expect(
      answerFromTables('What are the respective percentage of revenue from Northwind and Initech in 2023?', customers)
        ?.operation,
    ).not.toBe('lookup')
  })

  it('are every year of a range written "2025 to 2023 respectively", in that order', () => {
    expect(
      answerFromTables('What was the share of Contoso for fiscal years 2025 to 2023 respectively?', customers)?.display,
    ).toBe('13%; 8%; 11%')
  })

  it('keep the table’s scale for a row of "operations", which is no ratio', () => {
    const income = tables(
      [' | 2025 | 2024', '(In thousands) |  | ', 'Income from operations | $12,491 | $9,587'].join('\n'),
    )
    expect(
      answerFromTables('What was the income from operations in 2025 and 2024 respectively?', income)?.display,
    ).toBe('$12,491 thousand; $9,587 thousand')
  })
})

describe('spans of maturities named, "respectively"', () => {
  const schedule = tables(
    [
      ' |  | Payments due by period (in thousands) |  | ',
      'Obligations | Less than 1 year | 1-3 years | 3-5 years | Total',
      'Office leases | $410 | $620 | $180 | $1,210',
      'Equipment loans | 95 | 140 | — | 235',
      'Total | $505 | $760 | $180 | $1,445',
    ].join('\n'),
  )

  it('read each span’s column of the row named, in the order asked', () => {
    expect(
      answerFromTables(
        'What are the respective office leases that are less than one year and between 3-5 years?',
        schedule,
      )?.display,
    ).toBe('$410 thousand; $180 thousand')
  })

  it('read the two rows named in the one span’s column', () => {
    expect(
      answerFromTables(
        'What are the respective office leases and equipment loans that are between 1 to 3 years?',
        schedule,
      )?.value,
    ).toBe('620; 140')
  })

  it('abstain when a row has no figure for the span', () => {
    expect(
      answerFromTables(
        'What are the respective office leases and equipment loans that are between 3 to 5 years?',
        schedule,
      )?.operation,
    ).not.toBe('lookup')
  })

  it('still add up the columns within a horizon', () => {
    expect(answerFromTables('What are the office leases due within 3 years?', schedule)?.value).toBe('1030')
  })
})

describe('amounts named by a rate', () => {
  it('keep the table’s scale: an amount at the statutory rate, a rate’s swaps', () => {
    const reconciliation = tables(
      [
        ' | 2025 | 2024',
        ' | (in millions) | ',
        'Amount computed at the statutory federal income tax rate | $182 | $128',
        'Interest rate swaps | 12 | 9',
        'Effective income tax rate | 22.6% | 4.6%',
      ].join('\n'),
    )
    expect(
      answerFromTables('What was the amount computed at the statutory federal income tax rate in 2025?', reconciliation)
        ?.display,
    ).toBe('$182 million')
    expect(answerFromTables('What were the interest rate swaps in 2024?', reconciliation)?.display).toBe('$9 million')
    expect(answerFromTables('What was the effective income tax rate in 2025?', reconciliation)?.display).toBe('22.6%')
  })
})

describe('two days of one year, each heading a column', () => {
  const purchase = tables(
    [
      ' | Estimated at June 30, 2025 | Adjustments | Final as of December 31, 2025',
      'Cash | $3,795 | $ - | $3,795',
      'Working capital adjustment | (38) | 20 | (18)',
    ].join('\n'),
  )

  it('read each day’s column, in the order asked', () => {
    expect(
      answerFromTables('What are the respective cash amount at June 30 and December 31, 2025?', purchase)?.value,
    ).toBe('3795; 3795')
  })

  it('read a change from the earlier day to the later', () => {
    expect(
      answerFromTables(
        'What is the percentage change in the working capital adjustment at June 30 and December 31, 2025?',
        purchase,
      )?.display,
    ).toBe('-52.63%')
  })

  it('read nothing of a day no column heads', () => {
    expect(
      answerFromTables('What are the respective cash amount at March 31 and December 31, 2025?', purchase)?.value,
    ).not.toBe('3795; 3795')
  })
})
