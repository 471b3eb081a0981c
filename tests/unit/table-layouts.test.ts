import { describe, expect, it } from 'vitest'

import { answerFromTables } from '../../api/ai/tables/answer'
import { readQuestion } from '../../api/ai/tables/question'
import { parseTables } from '../../api/ai/tables/table'

const tables = (text: string, context = '') => parseTables(text, context).map((table) => ({ table, source: 'doc-1' }))
const answer = (question: string, text: string, context = '') => answerFromTables(question, tables(text, context))

describe('headers that name their years with something more', () => {
  const NOTED =
    ' | 2025 (1) | 2024 | 2023 (2)\nImpairment charges | $12.0 | $40.0 | $21.0\nOther charges | 3.5 | 4.5 | 1.5\n' +
    'Total charges | $15.5 | $44.5 | $22.5'

  it('reads "2025 (1)" as the year 2025 with a note, not as a row of figures', () => {
    const [table] = parseTables(NOTED)
    expect(table!.headerRows).toBe(1)
    expect(table!.columns.map((column) => column.year)).toEqual([null, 2025, 2024, 2023])
    expect(answer('What were the other charges in 2025?', NOTED)?.value).toBe('3.5')
  })

  it('reads a date split over two header cells ("December 31, | 31,") as no figure', () => {
    const text =
      ' |  | Years Ended December 31, | 31,\n | 2025 | 2024 | 2023\nState | $49 | $44 | $48\nFederal | 3 | (13) | 26\n' +
      'Provision for income taxes | $52 | $31 | $74'
    expect(answer('What is the provision for income taxes in 2024?', text)?.value).toBe('31')
  })

  it('keeps the year of a column a "Percent Change" group is carried over from its neighbours', () => {
    const text =
      'Year Ended May 31, |  |  |  | \n |  |  | Percent Change | \n(Dollars in millions) | 2025 | Actual | Constant | 2024\n' +
      'Interest expense | $2,100 | 4% | 5% | $2,020'
    const result = answer('What was the difference in interest expense in 2025 and 2024?', text)
    expect(result).toMatchObject({ value: '80', unit: '$' })
  })

  it('reads a section title set in the second cell as a section, not a header', () => {
    const text =
      ' | 2025 | 2024\n | Revenues: | \nAmericas | $1,800 | $1,700\nEurope | 900 | 950\n | Expenses: | \nSales | 700 | 650'
    const [table] = parseTables(text)
    expect(table!.headerRows).toBe(1)
    expect(table!.sections[2]).toBe('Revenues:')
    expect(answer('What were Americas revenues in 2024?', text)?.value).toBe('1700')
  })
})

describe('labels with a note number set against their last word', () => {
  it('finds "Incentive schemes1" for "incentive schemes"', () => {
    const text = ' | 2025 €m | 2024 €m\nSalaries and fees | 4 | 4\nIncentive schemes1 | 2 | 3\nOther benefits2 | – | 1'
    expect(answer('What is the average incentive schemes between 2024 and 2025?', text)?.value).toBe('2.5')
  })
})

describe('a measure named "weighted-average" is read, not averaged', () => {
  it('reads the weighted-average row of one year as a lookup', () => {
    expect(readQuestion('What was the weighted-average fair value at grant date in 2025?').operation).toBe('lookup')
    expect(readQuestion('What was the average weighted-average price over 2024 and 2025?').operation).toBe('average')
    const text =
      ' | 2025 | 2024\nWeighted-average fair value at grant date | $35.66 | $30.77\nShares granted | 120 | 110'
    expect(answer('What was the weighted-average fair value at grant date in 2025?', text)?.value).toBe('35.66')
  })
})

describe('a change asked in percent and a dash read as nothing', () => {
  it('reads "the change (%)" and "the % change" as a percentage change', () => {
    expect(readQuestion('What is the change (%) for order intake between 2024 and 2025?').operation).toBe(
      'percentage-change',
    )
    expect(readQuestion('What was the % change in gains from 2024 to 2025?').operation).toBe('percentage-change')
  })

  it('takes a dash as zero in a change, and as nothing to divide by in a percentage change', () => {
    const text = ' | 2025 | 2024\nAcquisition charges | $(228) | $—\nOther charges | 12 | 10'
    expect(answer('What is the change in acquisition charges from 2024 to 2025?', text)?.value).toBe('-228')
    expect(answer('What is the percentage change in acquisition charges from 2024 to 2025?', text)).toBeNull()
    expect(answer('What were the acquisition charges in 2024?', text)).toBeNull()
  })

  it('reads the bare rates between a statutory and an effective rate as percentages', () => {
    const text =
      ' | 2025 | 2024\nStatutory federal income tax rate | 21.0% | 21.0%\nState taxes | 3.7 | 3.1\nDisposition | (9.9) | —\n' +
      'Effective income tax rate | 14.8% | 24.1%'
    expect(answer('What was the change in the disposition from 2024 to 2025?', text)).toMatchObject({
      value: '-9.9',
      unit: '%',
    })
  })
})

describe('a schedule of payments that lists its years down the rows', () => {
  it('reads the years first, then "Thereafter" and the totals', () => {
    const text =
      ' | Operating Leases | Finance Leases\n2026 | $138 | $6\n2027 | 135 | 6\n2028 | 120 | 7\nThereafter | 577 | 35\n' +
      'Total lease payments | 970 | 54'
    expect(answer('What were the finance leases for 2027?', text)?.value).toBe('6')
    expect(answer('What was the change in operating leases between 2026 and 2027?', text)?.value).toBe('-3')
  })
})

describe('a schedule of movements down the rows', () => {
  const AWARDS =
    'Restricted awards | Shares | Weighted-Average Grant Date Fair Value\nNon-vested at December 31, 2023 | 900,000 | $38.00\n' +
    'Granted | 400,000 | $45.00\nVested | (300,000) | $37.00\nForfeited | (10,000) | $40.00\n' +
    'Non-vested at December 31, 2024 | 990,000 | $41.12\nGranted | 450,000 | $52.00\nVested | (350,000) | $41.00\n' +
    'Forfeited | (20,000) | $50.00\nNon-vested at December 31, 2025 | 1,070,000 | $45.40'

  it('reads the movements between two balances as the later balance’s year', () => {
    expect(answer('What is the number of shares granted in 2025?', AWARDS)?.value).toBe('450000')
    expect(answer('How many shares were forfeited in 2024?', AWARDS)?.value).toBe('10000')
    expect(
      answer('What was the weighted-average grant date fair value of shares granted in 2024?', AWARDS)?.value,
    ).toBe('45')
  })

  it('reads the balance at a date asked, and a movement as a share of it', () => {
    expect(answer('What is the number of non-vested shares outstanding at December 31, 2024?', AWARDS)?.value).toBe(
      '990000',
    )
    expect(
      answer(
        'What is the number of shares granted in 2025 as a percentage of the non-vested shares at December 31, 2025?',
        AWARDS,
      ),
    ).toMatchObject({ value: '42.06', unit: '%' })
  })

  it('does not guess the opening balance of a year, nor a year outside the schedule', () => {
    expect(answer('What was the beginning balance of non-vested shares in 2025?', AWARDS)).toBeNull()
    expect(answer('What is the number of shares granted in 2023?', AWARDS)).toBeNull()
  })

  it('takes the balance rows when a balance is asked, in the column its words name', () => {
    const text =
      ' | Software | Networks | Total\nBalances at December 31, 2024 | $ 4,500.0 | $ 2,600.0 | $ 7,100.0\n' +
      'Goodwill acquired | 140.0 | 1,300.0 | 1,440.0\nCurrency translation | 8.0 | 9.0 | 17.0\n' +
      'Balances at December 31, 2025 | $ 4,648.0 | $ 3,909.0 | $ 8,557.0'
    expect(answer('What was the goodwill acquired in the Networks segment in 2025?', text)?.value).toBe('1300')
    expect(answer('What was the balance of goodwill in the Networks segment in 2025?', text)?.value).toBe('3909')
    // No column named and several of amounts: which one is not for the reader to guess.
    expect(answer('What was the goodwill acquired in 2025?', text)).toBeNull()
  })
})

describe('rows named by a qualifier of the total they add into', () => {
  const INCOME =
    ' | 2025 | 2024 | 2023\nDomestic | $210,000 | $178,000 | $160,000\nForeign | 60,000 | 50,000 | 40,000\n' +
    'Income before taxes | $270,000 | $228,000 | $200,000'

  it('reads "domestic income" as the Domestic row of income before taxes', () => {
    const [table] = parseTables(INCOME)
    expect(table!.wholes?.slice(1, 3)).toEqual(['Income before taxes', 'Income before taxes'])
    expect(answer('What is the income from Domestic in 2023?', INCOME)?.value).toBe('160000')
    expect(answer('What is the percentage increase in domestic income from 2023 to 2024?', INCOME)?.value).toBe('11.25')
    expect(answer('What is the income before taxes in 2025?', INCOME)?.value).toBe('270000')
  })

  it('does not read a whole that adds into the part as its share', () => {
    const text =
      '£m | 2025 | 2024\nUp to three months | 29.9 | 32.1\nThree to six months | 10.0 | 3.7\nTrade receivables | 39.9 | 35.8'
    expect(
      answer(
        'What is the percentage of the trade receivables that are three to six months of age in the total trade receivables in 2025?',
        text,
      ),
    ).toBeNull()
  })

  it('reads "the percentage constitution of X among the total Y" as X over Y', () => {
    const text =
      ' | 2025 | 2024\nPrepaid expenses | $2,303 | $1,780\nOther current assets | 193 | 167\nTotal prepaid expenses and other | $2,496 | $1,947'
    expect(
      answer(
        'In 2025, what is the percentage constitution of prepaid expenses among the total prepaid expenses and other?',
        text,
      )?.value,
    ).toBe('92.27')
  })

  it('gives no share whose part outgrows its whole', () => {
    const text =
      ' | 2025 | 2024\nProfit used in earnings per share ($M) | 1,493 | 1,605\nDiluted shares (millions) | 1,313.7 | 1,303.9'
    expect(
      answer('What is the percentage of profit used in earnings per share in diluted shares in 2025?', text),
    ).toBeNull()
  })
})

describe('a year’s average of what is stated at each year end', () => {
  const FLOWS = ' | 2025 | 2024 | 2023\nFree cash flow | 4,411 | 4,044 | 3,316\nDividends | 500 | 480 | 450'

  it('reads "the 2025 average" as the mean of 2025 and the year before', () => {
    expect(readQuestion('What is the 2025 average free cash flow?').periods).toEqual([{ year: 2025 }, { year: 2024 }])
    expect(answer('What is the 2025 average free cash flow?', FLOWS)?.value).toBe('4227.5')
    expect(answer('What is the 2023 average free cash flow?', FLOWS)).toBeNull()
  })

  it('leaves a difference of two such averages alone', () => {
    expect(
      readQuestion('What is the difference between 2025 average free cash flow and 2025 average dividends?').periods,
    ).toEqual([{ year: 2025 }])
  })
})

describe('quarters that end on dates of one year', () => {
  const QUARTERS =
    'Quarters Ended | July 27, 2025 | April 27, 2025 | January 26, 2025 | October 27, 2024\n' +
    'Revenue | $13,428 | $12,958 | $12,446 | $13,072\nNet income | $2,206 | $3,044 | $2,822 | $3,549'

  it('picks the columns by the dates asked, later less earlier', () => {
    expect(
      answer('What was the change in revenue between the quarters ended July 27 and April 27 in 2025?', QUARTERS)
        ?.value,
    ).toBe('470')
    expect(
      answer('What was the change in net income between quarters ended January 26 and April 27, 2025?', QUARTERS)
        ?.value,
    ).toBe('222')
  })

  it('does not pick one quarter for a year several end in', () => {
    expect(answer('What was the revenue in 2025?', QUARTERS)).toBeNull()
  })

  it('reads a year as its year-end beside an opening date of the year before', () => {
    const text =
      ' | December 31, 2025 | December 31, 2024 | January 1, 2024\n | $ | $ | $\nTrade receivables | 11,191 | 9,660 | 9,100\nOther receivables | 7,000 | 8,285 | 8,000'
    expect(answer('What is the average trade receivables for 2024 and 2025?', text)?.value).toBe('10425.5')
  })
})

describe('which row of a kind has the highest or lowest figure', () => {
  const OBLIGATIONS =
    'Contractual Obligations | Total | Less than 1 Year | 1-3 Years | After 3 Years\nLong-term debt . | $10,556.6 | $— | $2,747.6 | $7,809.0\n' +
    'Capital lease obligations | 165.4 | 20.6 | 41.0 | 103.8\nOperating lease obligations | 312.6 | 52.1 | 86.4 | 174.1\n' +
    'Total | $11,034.6 | $72.7 | $2,875.0 | $8,086.9'

  it('names the row, among the parts of the total, in the column the question names', () => {
    expect(answer('Which contractual obligation has the highest total value?', OBLIGATIONS)).toMatchObject({
      operation: 'compare-max',
      value: 'Long-term debt',
    })
    expect(answer('Which contractual obligation has the lowest total value?', OBLIGATIONS)?.value).toBe(
      'Capital lease obligations',
    )
  })

  it('names none when no column is named among several', () => {
    expect(answer('Which contractual obligation is the largest?', OBLIGATIONS)?.operation).not.toMatch(/^compare/)
  })
})

describe('years written another way', () => {
  it('reads a letter-spaced year ("2 0 2 4") in a header as the year', () => {
    const text = ' | December 31 | \n | 2025 | 2 0 2 4\nOperating loss carryforward | 73,260 | 57,768'
    expect(
      answer('What is the percentage change in the operating loss carryforward from 2024 to 2025?', text)?.value,
    ).toBe('26.82')
  })

  it('reads "2024/2025" in a question as one fiscal year, as its column is', () => {
    expect(readQuestion('What was the change in EBIT in 2024/2025 from 2023/2024?').periods).toEqual([
      { year: 2025 },
      { year: 2024 },
    ])
    const text = '€ million | 2023/2024 | 2024/2025\nEarnings before interest and taxes EBIT | 713 | 828'
    expect(answer('What was the change in EBIT in 2024/2025 from 2023/2024?', text)?.value).toBe('115')
  })
})

describe('quarters as columns under their year', () => {
  const FISCAL =
    ' |  |  |  | Fiscal 2025 | \n | First | Second | Third | Fourth | \n | Quarter | Quarter | Quarter | Quarter | Total\n' +
    'Revenues | $ 94,888 | $ 96,037 | $ 88,495 | $84,380 | $363,800\nGross profit | 38,091 | 39,821 | 36,381 | 33,471 | 147,764'

  it('picks the quarter asked, and the change between two in order of time', () => {
    expect(answer('What was the revenue in the fiscal 2025 third quarter?', FISCAL)?.value).toBe('88495')
    expect(
      answer('What is the change in revenues between the second and first quarter in fiscal 2025?', FISCAL)?.value,
    ).toBe('1149')
  })

  it('reads the year alone as its total column, never a quarter', () => {
    expect(answer('What was the revenue in fiscal 2025?', FISCAL)?.value).toBe('363800')
  })
})

describe('changes of averages', () => {
  const PRICES = ' | 2025 | 2024\nAverage price paid per share | $65.53 | $64.77\nShares purchased | 3,380 | 262'

  it('reads "the change in the average X" as a change of the stated average', () => {
    expect(readQuestion('What was the change in the average price paid per share from 2024 to 2025?').operation).toBe(
      'difference',
    )
    expect(answer('What was the change in the average price paid per share from 2024 to 2025?', PRICES)?.value).toBe(
      '0.76',
    )
  })

  it('works out no change between averages it would have to compute', () => {
    expect(answer('What is the change between 2024 and 2025 average shares purchased?', PRICES)).toBeNull()
  })

  it('reads "which FY" as a question for the year', () => {
    const text = ' | FY2025 | FY2024\nEBITDA | 85,123 | 79,046'
    expect(answer('Which FY has a higher EBITDA?', text)?.value).toBe('FY2025')
  })
})
