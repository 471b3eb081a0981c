import { describe, expect, it } from 'vitest'

import { measureKeyOf } from '../../api/ai/text/measures'
import type { ExtractedPage } from '../../api/ai/text/pages'
import { tableFacts } from '../../api/facts/table-facts'
import type { Fact, FactPeriod } from '../../api/facts/types'

// Page texts as extraction writes them: spreadsheet, CSV, Word and laid-out PDF rows as " | "
// cells; a text file's aligned columns folded to single spaces by cleaning.

const period = (each: FactPeriod | null) => {
  if (!each) return '-'
  const part = each.quarter ? ` Q${each.quarter}` : each.month ? ` M${each.month}` : ''
  return `${each.kind} ${each.year}${part}${each.date ? ` @${each.date}` : ''}`
}

/** A fact in one line: its key (or entity and key), its period, its value and unit. */
const line = (fact: Fact) =>
  `${fact.entity ? `${fact.entity}: ` : ''}${fact.measureKey ?? `(${fact.measure})`} | ${period(fact.period)} | ${fact.value}${fact.unit === '%' ? '%' : ''}`

const read = (text: string, label: string | null = null, kind: ExtractedPage['kind'] = 'section') =>
  tableFacts([{ kind, label, text }]).map(line)

describe('periods as columns', () => {
  it('reads years oldest first, scaled by the title', () => {
    expect(
      read('Income Statement ($ in thousands)\n| 2024 | 2025\nRevenue | 1,200 | 1,350\nNet income | 100 | 120'),
    ).toEqual([
      'revenue | year 2024 | 1200000',
      'revenue | year 2025 | 1350000',
      'net_income | year 2024 | 100000',
      'net_income | year 2025 | 120000',
    ])
  })

  it('reads fiscal-year labels latest first: FY25, FY2024, Fiscal 2023', () => {
    expect(read('| FY25 | FY2024 | Fiscal 2023\nNet sales | 3,400 | 3,217 | 2,924')).toEqual([
      'revenue | year 2025 | 3400',
      'revenue | year 2024 | 3217',
      'revenue | year 2023 | 2924',
    ])
  })

  it('reads "Year ended" and "YE" labels as the fiscal year they end, with its end date', () => {
    expect(read('| Year ended June 30, 2024 | YE 6/30/2025\nEBITDA | 1,510 | 1,703')).toEqual([
      'ebitda | year 2024 @2024-06-30 | 1510',
      'ebitda | year 2025 @2025-06-30 | 1703',
    ])
  })

  it('reads as-of dates, numeric and long, as balances on those dates', () => {
    expect(read('| 12/31/2024 | 6/30/25 | Dec 31, 2023 | As of June 30, 2022\nCash | 1 | 2 | 3 | 4')).toEqual([
      'cash | as_of 2024 @2024-12-31 | 1',
      'cash | as_of 2025 @2025-06-30 | 2',
      'cash | as_of 2023 @2023-12-31 | 3',
      'cash | as_of 2022 @2022-06-30 | 4',
    ])
  })

  it('reads a two-row header: the group label dates or names the years under it', () => {
    expect(read('| Year ended June 30,\n| 2024 | 2025\nSales | 8,053 | 9,028')).toEqual([
      'revenue | year 2024 @2024-06-30 | 8053',
      'revenue | year 2025 @2025-06-30 | 9028',
    ])
    expect(read('| Fiscal year\n| 2024 | 2025\nSales | 8,053 | 9,028')).toEqual([
      'revenue | year 2024 | 8053',
      'revenue | year 2025 | 9028',
    ])
    // A text file centres the group label over the years on a line of its own.
    expect(read('As of December 31,\n2024 2025\nTotal assets 3,400 2,850')).toEqual([
      'total_assets | as_of 2024 @2024-12-31 | 3400',
      'total_assets | as_of 2025 @2025-12-31 | 2850',
    ])
  })
})

describe('periods as rows', () => {
  it('reads each row as a year and each column as a measure, its two-row header aside', () => {
    const text = [
      'P&L',
      '| | | Selling, general & administrative | |',
      'Year | Revenue | Gross profit | Rent | Total SG&A | GM %',
      'FY24 | 12,874,000 | 4,407,000 | 129,000 | 2,151,000 | 34.2%',
      'FY25 | 13,076,000 | 5,355,000 | 129,000 | 3,190,000 | 41.0%',
    ].join('\n')
    expect(read(text)).toEqual([
      'revenue | year 2024 | 12874000',
      'gross_profit | year 2024 | 4407000',
      '(Rent) | year 2024 | 129000',
      'operating_expenses | year 2024 | 2151000',
      '(GM %) | year 2024 | 34.2%',
      'revenue | year 2025 | 13076000',
      'gross_profit | year 2025 | 5355000',
      '(Rent) | year 2025 | 129000',
      'operating_expenses | year 2025 | 3190000',
      '(GM %) | year 2025 | 41%',
    ])
  })

  it('reads a one-column history under a heading that names its measure', () => {
    expect(read('Capital spending\nAmounts in $000s\nCapex\nFiscal 2021 | 82\nFiscal 2022 | 89', null, 'page')).toEqual(
      ['capex | year 2021 | 82000', 'capex | year 2022 | 89000'],
    )
    expect(read('Year Capital expenditures\nFiscal 2022 107\nFiscal 2023 134\n\nNote: figures in thousands.')).toEqual([
      'capex | year 2022 | 107000',
      'capex | year 2023 | 134000',
    ])
  })
})

describe('quarters and months with a total', () => {
  it('reads product lines by quarter, the full-year column as the fiscal year, the total row as revenue', () => {
    const text = [
      'Revenue by quarter, FY2025',
      'Product line | Q1 FY25 | Q2 FY25 | Q3 FY25 | Q4 FY25 | FY25 total',
      'Custom cakes | 304,000 | 325,000 | 313,000 | 301,000 | 1,243,000',
      'Total revenue | 831,000 | 889,000 | 855,000 | 825,000 | 3,400,000',
    ].join('\n')
    expect(read(text)).toEqual([
      'Custom cakes: revenue | quarter 2025 Q1 | 304000',
      'Custom cakes: revenue | quarter 2025 Q2 | 325000',
      'Custom cakes: revenue | quarter 2025 Q3 | 313000',
      'Custom cakes: revenue | quarter 2025 Q4 | 301000',
      'Custom cakes: revenue | year 2025 | 1243000',
      'revenue | quarter 2025 Q1 | 831000',
      'revenue | quarter 2025 Q2 | 889000',
      'revenue | quarter 2025 Q3 | 855000',
      'revenue | quarter 2025 Q4 | 825000',
      'revenue | year 2025 | 3400000',
    ])
  })

  it('reads an aligned text header of quarters with the scale in its corner and a "Total" column', () => {
    expect(
      read(
        "Quarterly sales FY24\n\nUSD '000 Q1 FY24 Q2 FY24 Q3 FY24 Q4 FY24 Total\nNet sales 2,752 3,121 2,750 2,850 11,473",
      ),
    ).toEqual([
      'revenue | quarter 2024 Q1 | 2752000',
      'revenue | quarter 2024 Q2 | 3121000',
      'revenue | quarter 2024 Q3 | 2750000',
      'revenue | quarter 2024 Q4 | 2850000',
      'revenue | year 2024 | 11473000',
    ])
  })

  it('reads quarters headed without their year, from the year over them or from section rows', () => {
    const underYear = [
      ' |  |  | Fiscal 2025 |  | ',
      ' | First | Second | Third | Fourth | ',
      ' | Quarter | Quarter | Quarter | Quarter | Total',
      'Revenues | 94,888 | 96,037 | 88,495 | 84,380 | 363,800',
    ].join('\n')
    expect(read(underYear)).toEqual([
      'revenue | quarter 2025 Q1 | 94888',
      'revenue | quarter 2025 Q2 | 96037',
      'revenue | quarter 2025 Q3 | 88495',
      'revenue | quarter 2025 Q4 | 84380',
      'revenue | year 2025 | 363800',
    ])
    const bySection = [
      ' | First | Second | Third | Fourth',
      '2025 |  |  |  | ',
      'Net sales | 117,625 | 120,684 | 115,651 | 115,040',
      '2024 |  |  |  | ',
      'Net sales | 113,530 | 118,021 | 118,859 | 120,073',
    ].join('\n')
    expect(read(bySection)).toEqual([
      'revenue | quarter 2025 Q1 | 117625',
      'revenue | quarter 2025 Q2 | 120684',
      'revenue | quarter 2025 Q3 | 115651',
      'revenue | quarter 2025 Q4 | 115040',
      'revenue | quarter 2024 Q1 | 113530',
      'revenue | quarter 2024 Q2 | 118021',
      'revenue | quarter 2024 Q3 | 118859',
      'revenue | quarter 2024 Q4 | 120073',
    ])
    // No year anywhere: the quarters are no periods the facts could be asked by.
    expect(read(' | First | Second\nNet sales | 117,625 | 120,684').some((fact) => fact.includes('quarter'))).toBe(
      false,
    )
  })

  it('reads quarters down the rows of a table whose heading names the year, and a note marker after a date', () => {
    expect(
      read(' | Stock price range 2025\n | Low | High\nFirst Quarter | 5.99 | 8.40\nSecond Quarter | 4.79 | 6.48'),
    ).toEqual([
      '(Low) | quarter 2025 Q1 | 5.99',
      '(High) | quarter 2025 Q1 | 8.4',
      '(Low) | quarter 2025 Q2 | 4.79',
      '(High) | quarter 2025 Q2 | 6.48',
    ])
    expect(read('Quarters ended | July 27, 2025 (1) | April 27, 2025\nRevenue | 13,428 | 12,958')[0]).toBe(
      'revenue | as_of 2025 @2025-07-27 | 13428',
    )
  })

  it.each([
    [
      'Jul-24',
      (year: number, month: number) =>
        `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][month - 1]}-${String(year).slice(2)}`,
    ],
    ['2024-07', (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`],
    [
      'July 2024',
      (year: number, month: number) =>
        `${new Date(Date.UTC(year, month - 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${year}`,
    ],
  ])('reads twelve months labelled like %s as the fiscal year of the last, with the total', (_, label) => {
    const months = Array.from({ length: 12 }, (_, index) => [index < 6 ? 2024 : 2025, ((index + 6) % 12) + 1] as const)
    const text = [
      'Sales by month and product line',
      `Line | ${months.map(([year, month]) => label(year, month)).join(' | ')} | Total`,
      `Wholesale bread | ${months.map((_, index) => `${index + 1},000`).join(' | ')} | 78,000`,
    ].join('\n')
    const facts = read(text)
    expect(facts[0]).toBe('Wholesale bread: revenue | month 2025 M7 | 1000')
    expect(facts[6]).toBe('Wholesale bread: revenue | month 2025 M1 | 7000')
    expect(facts[12]).toBe('Wholesale bread: revenue | year 2025 | 78000')
    expect(facts).toHaveLength(13)
  })
})

describe('a sheet per year', () => {
  it('takes the period from the title or the sheet name, and the share column as percents', () => {
    const text = [
      'FY24',
      'Redline HVAC Services - P&L, year ended June 30, 2024',
      'Unaudited',
      '(000s omitted) | Amount | %',
      'Sales | 4,759 | 1.000',
      'Cost of goods sold | 3,336 | 0.701',
    ].join('\n')
    expect(read(text, 'FY24', 'sheet')).toEqual([
      'revenue | year 2024 @2024-06-30 | 4759000',
      '(Sales, %) | year 2024 @2024-06-30 | 100%',
      'cost_of_sales | year 2024 @2024-06-30 | 3336000',
      '(Cost of goods sold, %) | year 2024 @2024-06-30 | 70.1%',
    ])
    expect(
      read('2023\nStatement of Operations\nPrepared by the owner\nSales | 9,467\nNet profit | 993', '2023', 'sheet'),
    ).toEqual(['revenue | year 2023 | 9467', 'net_income | year 2023 | 993'])
  })
})

describe('long format', () => {
  const months = Array.from({ length: 12 }, (_, index) => {
    const year = index < 3 ? 2024 : 2025
    const month = ((index + 9) % 12) + 1
    return { year, month, end: new Date(Date.UTC(year, month, 0)).getUTCDate() }
  })

  it('reads each row of month, product line and revenue as one fact', () => {
    const rows = months.map(({ year, month }) => `${year}-${String(month).padStart(2, '0')} | Custom cakes | 86000.00`)
    const facts = read(['month | product_line | revenue', ...rows].join('\n'))
    expect(facts).toHaveLength(12)
    expect(facts[0]).toBe('Custom cakes: revenue | month 2025 M10 | 86000')
  })

  it('reads a ledger of month ends, its account naming the measure or numbered', () => {
    const rows = months.map(({ year, month, end }) => `${month}/${end}/${year} | Sales - Custom cakes | 1000.50`)
    expect(read(['date | account | amount', ...rows].join('\n'))[3]).toBe(
      'Custom cakes: revenue | month 2025 M1 | 1000.5',
    )
    // Accounts numbered 4000–4999 are income accounts in a small business's chart; others say no measure.
    const numbered = months.map(({ year, month, end }) => `${month}/${end}/${year} | 4010 Custom cakes | 12.00`)
    expect(read(['date | account | amount', ...numbered].join('\n'))[0]).toBe(
      'Custom cakes: revenue | month 2025 M10 | 12',
    )
    const expense = months.map(({ year, month, end }) => `${month}/${end}/${year} | 6100 Delivery van | 12.00`)
    expect(read(['date | account | amount', ...expense].join('\n'))[0]).toBe(
      'Delivery van: (amount) | month 2025 M10 | 12',
    )
  })
})

describe('the scale, wherever it is stated', () => {
  const table = '| FY24 | FY25\nRevenue | 1.250 | 2,500'
  it.each([
    ['a title', `P&L ($ in thousands)\n${table}`, 1_000],
    ['a caption', `P&L\nPrepared by the owner\nAmounts in USD '000\n${table}`, 1_000],
    [
      'a heading far above',
      `All amounts in $000s unless otherwise stated\n\nP&L\nUnaudited\nAnytown, Ohio\n\n${table}`,
      1_000,
    ],
    ['the header corner', `P&L\n($ in millions) ${table}`, 1_000_000],
    ['a footnote', `P&L\n${table}\nNote: figures in $000s.`, 1_000],
    ['a starred footnote', `P&L\n${table}\n\n* (000s omitted)`, 1_000],
    ['a currency code', `P&L (USD m)\n${table}`, 1_000_000],
    ['"$m"', `P&L\n$m\n${table}`, 1_000_000],
    ['nowhere', `P&L\n${table}`, 1],
    ['"$" alone, which says nothing of scale', `P&L\n| FY24 | FY25\nRevenue | $1.250 | $2,500`, 1],
  ])('applies a scale stated in %s', (_, text, scale) => {
    const facts = tableFacts([{ kind: 'section', label: null, text }])
    expect(facts.map((fact) => [fact.scale, fact.value])).toEqual([
      [scale, String(1.25 * scale)],
      [scale, String(2500 * scale)],
    ])
  })

  it('leaves percents and counts unscaled', () => {
    const facts = tableFacts([
      {
        kind: 'section',
        label: null,
        text: '($ in thousands) | FY24 | % of sales\nRevenue | 1,000 | 100.0%\nHeadcount | 86 |',
      },
    ])
    expect(facts.map((fact) => [fact.measure, fact.value, fact.unit, fact.scale])).toEqual([
      ['Revenue', '1000000', '$', 1000],
      ['Revenue, % of sales', '100', '%', 1],
      ['Headcount', '86', null, 1],
    ])
  })

  it('does not take "thousands" in a sentence of prose for a scale', () => {
    expect(read('We serve thousands of homes\n| FY24\nRevenue | 1,000')).toEqual(['revenue | year 2024 | 1000'])
  })
})

describe('figures as written', () => {
  it('reads negatives in parentheses and with a minus, and a dash as nil', () => {
    expect(read('| FY24 | FY25\nInterest | ($68) | -57\nRevolver | - | 12')).toEqual([
      'interest | year 2024 | -68',
      'interest | year 2025 | -57',
      'revolver | year 2024 | 0',
      'revolver | year 2025 | 12',
    ])
  })

  it('reads percents with a sign or as fractions under a "%" header', () => {
    expect(read('| FY25 | % of revenue\nCOGS | 5,563 | 61.5%')).toContain('(COGS, % of revenue) | - | 61.5%')
    expect(read('| FY25 | %\nCOGS | 5,563 | 0.615\nInterest | (68) | -0.008')).toEqual([
      'cost_of_sales | year 2025 | 5563',
      '(COGS, %) | - | 61.5%',
      'interest | year 2025 | -68',
      '(Interest, %) | - | -0.8%',
    ])
  })

  it('gives a change column no period and no key', () => {
    expect(read('| 2024 | 2025 | Inc (dec)\nSales | 2,924 | 3,217 | 293')).toEqual([
      'revenue | year 2024 | 2924',
      'revenue | year 2025 | 3217',
      '(Sales, Inc (dec)) | - | 293',
    ])
    expect(read('June 30, 2023 June 30, 2024 Change\nCash 439 258 (181)')[2]).toBe('(Cash, Change) | - | -181')
  })
})

describe('statements laid out by hand', () => {
  it('reads section headings, spacer lines and subtotals, in aligned text', () => {
    const text = [
      'Balance Sheet',
      '=============',
      '',
      "Amounts in USD '000",
      '',
      '6/30/25 6/30/24',
      'Current assets',
      'Cash in bank 564 991',
      'Total current assets 3,826 4,105',
      '',
      'Current liabilities',
      'Trade payables 878 706',
      "Stockholders' equity 4,410 3,607",
    ].join('\n')
    expect(read(text)).toEqual([
      'cash | as_of 2025 @2025-06-30 | 564000',
      'cash | as_of 2024 @2024-06-30 | 991000',
      'current_assets | as_of 2025 @2025-06-30 | 3826000',
      'current_assets | as_of 2024 @2024-06-30 | 4105000',
      'payables | as_of 2025 @2025-06-30 | 878000',
      'payables | as_of 2024 @2024-06-30 | 706000',
      'equity | as_of 2025 @2025-06-30 | 4410000',
      'equity | as_of 2024 @2024-06-30 | 3607000',
    ])
  })

  it('reads a section heading between the header and the first row', () => {
    expect(read('| 9/30/25 | 9/30/24\nCurrent assets\nCash | 155,000 | 303,000')).toEqual([
      'cash | as_of 2025 @2025-09-30 | 155000',
      'cash | as_of 2024 @2024-09-30 | 303000',
    ])
  })

  it('reads no table in lines of prose that end in a figure', () => {
    expect(read('About us\n\nHeadcount: 75\n\nRevenue grew 12\n\nWe were founded in 1993')).toEqual([])
  })

  it('reads a lease list in aligned text: the premises, the monthly rent, no dates as figures', () => {
    const text = [
      'Leases',
      'Premises Address Landlord Start End Monthly rent',
      'Machine shop 6196 Main Street, Lancaster, Pennsylvania Crossroads Realty January 1, 2022 October 31, 2028 $6,750',
      'Retail cafe 3794 Enterprise Way, Boise, Idaho Miller Family Trust 2022-05-01 2028-07-31 $3,000',
    ].join('\n')
    expect(read(text)).toEqual(['Machine shop: monthly_rent | - | 6750', 'Retail cafe: monthly_rent | - | 3000'])
  })
})

describe('tables of entities', () => {
  it("says what kind each table's entities are: customers, product lines, add-backs, premises", () => {
    const kinds = (text: string) => [
      ...new Set(
        tableFacts([{ kind: 'section', label: null, text }]).map((fact) => `${fact.entity}: ${fact.entityKind}`),
      ),
    ]
    expect(kinds('Top customers\nCustomer | 2024\nPinecrest HOA | 1,391\nCity of Fairview | 1,120')).toEqual([
      'Pinecrest HOA: customer',
      'City of Fairview: customer',
    ])
    expect(kinds('Monthly sales FY2025\nProduct line | 2024-07 | 2024-08\nCatering | 397 | 449')).toEqual([
      'Catering: segment',
    ])
    expect(kinds('Owner add-backs\nItem | FY2025\nPersonal travel | 16')).toEqual(['Personal travel: add_back'])
    // A first header cell names what each row is: one adjustment is enough there.
    expect(kinds('Owner adjustment (FY2025) | Amount\nOwner salary above market | 85,000')).toEqual([
      'Owner salary above market: add_back',
    ])
    expect(kinds('Premises | Monthly rent\nMachine shop | 6,750')).toEqual(['Machine shop: premises'])
    expect(kinds('month | product_line | revenue\n2024-07 | Catering | 397\n2024-08 | Catering | 449')).toEqual([
      'Catering: segment',
    ])
    // A business-wide figure has no entity, and no kind.
    expect(kinds('| 2024 | 2025\nRevenue | 1,200 | 1,350')).toEqual(['null: null'])
    // Product lines split the business: their total is the business's figure.
    expect(
      kinds('Sales by product line\nProduct line | Q1 FY25 | Q2 FY25\nCatering | 397 | 449\nTotal | 1,397 | 1,449'),
    ).toEqual(['Catering: segment', 'null: null'])
  })

  it('reads a customer list by year, the rest of the customers, and the total', () => {
    const text = [
      'Sales by customer',
      '($ in millions) | FY2025 | FY2024 | % of FY2025 revenue',
      'Quarry Equipment Inc. | 0.917 | 0.971 | 10.7%',
      'All other customers | 5.096 | 5.061 | 59.5%',
      'Total revenue | 8.559 | 8.422 | 100.0%',
    ].join('\n')
    expect(read(text)).toEqual([
      'Quarry Equipment Inc.: revenue | year 2025 | 917000',
      'Quarry Equipment Inc.: revenue | year 2024 | 971000',
      'Quarry Equipment Inc.: (% of FY2025 revenue) | year 2025 | 10.7%',
      'All other customers: revenue | year 2025 | 5096000',
      'All other customers: revenue | year 2024 | 5061000',
      'All other customers: (% of FY2025 revenue) | year 2025 | 59.5%',
      'revenue | year 2025 | 8559000',
      'revenue | year 2024 | 8422000',
      '(Total revenue, % of FY2025 revenue) | year 2025 | 100%',
    ])
  })

  it('keeps a total of the listed customers alone as what it says, not as revenue', () => {
    expect(read('Top customers\nCustomer | 2024\nPinecrest HOA | 1,391\nTotal top customers | 1,391')).toEqual([
      'Pinecrest HOA: revenue | year 2024 | 1391',
      'Total top customers: revenue | year 2024 | 1391',
    ])
  })

  it('reads an add-back schedule: each add-back, their total, EBITDA before and after', () => {
    const text = [
      'EBITDA adjustments FY2025',
      '(000s omitted)',
      'Description | Amount | Notes',
      'Reported EBITDA | 1,153 |',
      'One-time legal fees | 105 | Non-recurring',
      'Personal travel | 16 | Owner benefit',
      'Total adjustments | 121 |',
      'Normalized EBITDA | 1,274 |',
    ].join('\n')
    expect(read(text)).toEqual([
      'ebitda | year 2025 | 1153000',
      'One-time legal fees: add_back | year 2025 | 105000',
      'Personal travel: add_back | year 2025 | 16000',
      'add_backs_total | year 2025 | 121000',
      'adjusted_ebitda | year 2025 | 1274000',
    ])
  })
})

describe('the lexicon of measures', () => {
  it.each([
    ['Net sales', 'revenue'],
    ['Total revenue', 'revenue'],
    ['COGS', 'cost_of_sales'],
    ['Total SG&A', 'operating_expenses'],
    ['Selling, general & administrative', 'operating_expenses'],
    ['D&A', 'depreciation'],
    ['EBIT', 'operating_income'],
    ['Provision for income taxes', 'income_tax'],
    ['Net income (loss)', 'net_income'],
    ['Equipment purchases', 'capex'],
    ['A/R', 'receivables'],
    ['Accounts receivable, net', 'receivables'],
    ['PP&E, net', 'equipment'],
    ['Long-term debt, net of current portion', 'term_loan'],
    ['Current maturities of term loan', 'current_debt'],
    ["Total liabilities & owner's equity", 'liabilities_and_equity'],
    ['Total add-backs', 'add_backs_total'],
    ['Normalized EBITDA', 'adjusted_ebitda'],
    ['Rent / month', 'monthly_rent'],
    ['Net Operating Income', 'operating_income'],
  ])('names %s %s', (label, key) => {
    expect(measureKeyOf(label)).toBe(key)
  })

  it.each([
    'Rent',
    'Total',
    'Cost of sales growth',
    'Sales tax payable',
    'Total top customers',
    'Gross margin',
    'Total income',
    'Total expenses',
  ])('names "%s" nothing: a label matches only whole', (label) => {
    expect(measureKeyOf(label)).toBeNull()
  })
})

describe('bounds', () => {
  it('reads a table of 40 columns', () => {
    const years = Array.from({ length: 39 }, (_, index) => 1987 + index)
    const text = `| ${years.map((year) => `FY${year}`).join(' | ')}\nRevenue | ${years.map((year) => year * 3).join(' | ')}`
    const facts = tableFacts([{ kind: 'sheet', label: 'Wide', text }])
    expect(facts).toHaveLength(39)
    expect(facts.at(-1)).toMatchObject({ measureKey: 'revenue', value: String(2025 * 3), period: { year: 2025 } })
  })

  it('reads a page of 100,000 characters in time linear in its length, whatever it holds', () => {
    const pages = [
      '1 ',
      '1 | ',
      'a | 1\n',
      'Cash 1\n',
      'Q1 FY24 ',
      'Jan-24 ',
      'As of June 30, ',
      '12/31/2024 ',
      '2024 ',
      'Total ',
      '(1) ',
      '| \n',
      'x\n',
      'Sales - x | 1\n',
      'FY24 | x | 1\n',
      'Customer | 2024\nA | 1\n',
      `${'a'.repeat(50_000)} | 1`,
      `${'y'.repeat(50_000)}${' 1'.repeat(25_000)}`,
    ].map((unit) => unit.repeat(Math.ceil(100_000 / unit.length)).slice(0, 100_000))
    for (const text of pages) {
      const started = performance.now()
      tableFacts([{ kind: 'page', label: null, text }])
      // Each takes under 0.3 s; a scan of every cell per cell would take minutes on the wide shapes.
      expect(performance.now() - started, text.slice(0, 20)).toBeLessThan(2_000)
    }
  })
})
