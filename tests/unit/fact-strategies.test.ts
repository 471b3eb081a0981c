import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'

import { measureOfQuestion, readFactQuestion } from '../../api/facts/answers/fact-question'
import { readFollowUp } from '../../api/facts/answers/follow-up-question'
import { notHeld } from '../../api/facts/answers/not-held'
import { answerWithFacts, FACT_STRATEGIES } from '../../api/facts/answers/strategies'
import { computedFrom } from '../support/fact-answers'
import { documentFacts } from '../support/stored-facts'

const statement = documentFacts(
  1,
  'Income statement',
  [
    'Line item | FY2023 | FY2024 | FY2025',
    'Revenue | 8,240,000 | 8,967,000 | 9,410,000',
    'EBITDA | 1,100,000 | 1,184,000 | 1,250,000',
    'Current portion of term loan | 90,000 | 87,000 | 85,000',
  ].join('\n'),
)
const quarters = documentFacts(
  2,
  'Quarters',
  'Line item | Q1 FY25 | Q2 FY25 | Q3 FY25 | Q4 FY25\nRevenue | 2,300 | 2,350 | 2,380 | 2,410',
)
const customers = documentFacts(3, 'Customers', 'Customer | FY2024 | FY2025\nKessler Builders | 870,000 | 910,000')
const addBacks = documentFacts(
  4,
  'Add-backs',
  "Owner add-backs | FY2025\nSettlement of a lawsuit | 114,000\nOwner's car | 12,000",
)
const all = [...statement, ...quarters, ...customers, ...addBacks]

/** The figure the strategies give, with the strategy's name; null when none answers. */
const answer = (question: string, facts = all) => {
  const found = answerWithFacts(readFactQuestion(question), facts)
  return found ? `${found.strategy}: ${found.facts.map((fact) => fact.value).join(', ')}` : null
}

describe('the measure a question names', () => {
  it('is never a word of a name: "Quarry Equipment Inc." names a customer, not equipment', () => {
    expect(
      measureOfQuestion('By what percentage did revenue from Quarry Equipment Inc. decline from FY22 to FY23?'),
    ).toBe('revenue')
    expect(measureOfQuestion('What was Gross Profit in 2024?')).toBe('gross_profit')
  })

  it('is no one who acts where it stands as the subject: "did COGS grow" asks of COGS, "did Delta Tool & Die spend" of a business', () => {
    expect(readFactQuestion('By what percentage did COGS grow from FY2023 to FY2024?').subject).toBeNull()
    expect(readFactQuestion('By how many dollars did EBITDA rise between 2020 and 2021?').subject).toBeNull()
    expect(readFactQuestion('How much revenue did Greenway Grounds bring in during 2025?').subject).toBe(
      'Greenway Grounds',
    )
  })

  it('is the longest phrase the lexicon knows, its fillers dropped', () => {
    expect(measureOfQuestion('What was the current portion of the term loan at the end of fiscal 2023?')).toBe(
      'current_debt',
    )
    expect(measureOfQuestion('What were capital expenditures in FY2025?')).toBe('capex')
    expect(measureOfQuestion('What was adjusted EBITDA in 2025?')).toBe('adjusted_ebitda')
  })

  it('is none when a word after it makes it another measure, or when the question names none or two', () => {
    expect(measureOfQuestion('What was revenue growth in 2025?')).toBeNull()
    expect(measureOfQuestion('What was the EBITDA multiple in 2025?')).toBeNull()
    expect(measureOfQuestion('Who founded the company?')).toBeNull()
    expect(measureOfQuestion('What were revenue and EBITDA in 2025?')).toBeNull()
  })

  it('reads a margin, working capital and the current ratio by their definitions', () => {
    expect(readFactQuestion('What was the EBITDA margin in 2025?')).toMatchObject({
      operation: 'share',
      measureKeys: ['ebitda', 'revenue'],
    })
    expect(readFactQuestion('What was net working capital at June 30, 2025?')).toMatchObject({
      operation: 'minus',
      measureKeys: ['current_assets', 'current_liabilities'],
    })
    expect(readFactQuestion('What was the current ratio at the end of FY2024?')).toMatchObject({
      operation: 'ratio',
      measureKeys: ['current_assets', 'current_liabilities'],
    })
  })
})

describe('answers from facts', () => {
  it('names every strategy once', () => {
    expect(new Set(FACT_STRATEGIES.map((strategy) => strategy.name)).size).toBe(FACT_STRATEGIES.length)
  })

  it('adds up the monthly rent of every premises a lease schedule lists, for a month or a year', () => {
    const leases = documentFacts(
      5,
      'Lease summary',
      [
        'Lease summary',
        'Premises | Address | Landlord | Start | End | Monthly rent',
        'Shop and warehouse | 6809 Enterprise Way | Dunmore Properties | October 1, 2017 | December 31, 2030 | $2,000',
        'Sales office | 517 Riverside Avenue | Westfield Land Co. | 3/15/2019 | 4/30/2032 | $3,250',
      ].join('\n'),
    )
    expect(answer('What is the total monthly rent of all its leases?', leases)).toBe('premises-rent-total: 2000, 3250')
    expect(computed('What is the annual rent of all its leases combined?', leases)).toBe('premises-rent-total: $63,000')
    // One premises named is not added up with the others: its own rent is read from its lease terms.
    expect(answer('What is the monthly rent of the sales office?', leases)).toBeNull()
  })

  it('compares two quarters of one fiscal year, later less earlier, and nothing else answers two quarters', () => {
    expect(answer('What was the change in revenue between the second and first quarter of fiscal 2025?')).toBe(
      'quarter-change: 2350, 2300',
    )
    // The one year both quarters are held for.
    expect(answer('What was the percentage change in revenue between Q3 and Q4?')).toBe('quarter-change: 2410, 2380')
    // Read as the first quarter alone, or as the year, these would be given another figure.
    expect(answer('What was revenue in the first and second quarter of FY2025?')).toBeNull()
    expect(answer('What was the change in revenue between the first and second quarter of FY2024?')).toBeNull()
  })

  it('looks up the figure of the measure, year, quarter and entity the question names', () => {
    expect(answer('What was revenue in FY2024?')).toBe('lookup: 8967000')
    expect(answer('What was the current portion of the term loan at the end of fiscal 2023?')).toBe('lookup: 90000')
    expect(answer('What was revenue in Q4 of FY2025?')).toBe('lookup: 2410')
    expect(answer('How much revenue came from Kessler Builders in FY2024?')).toBe('lookup: 870000')
    // What a customer bought is the revenue from it.
    expect(answer('What did Kessler Builders buy from the company in FY2025?')).toBe('lookup: 910000')
    // With no year named, the one year the facts hold; "last year" is the latest.
    expect(answer('How much is the add-back for "Settlement of a lawsuit"?')).toBe('lookup: 114000')
    expect(answer('What was EBITDA last year?')).toBe('lookup: 1250000')
  })

  it('answers nothing it would have to guess: a year or month not held, an unknown name, a figure asked against', () => {
    expect(answer('What was revenue in FY2021?')).toBeNull()
    expect(answer('What was revenue in June 2025?')).toBeNull()
    expect(answer('How much revenue came from Summit Ridge Holdings in FY2024?')).toBeNull()
    expect(answer('What was revenue?')).toBeNull()
    expect(answer('How many years had revenue above $8,500,000?')).toBeNull()
    // Words the measure does not hold qualify it: this is no revenue of the business.
    expect(answer('What was revenue arising from electronic components in FY2024?')).toBeNull()
  })

  it('gives no figure when the documents state two for one year, and takes one rounded for the other', () => {
    const summary = documentFacts(5, 'Overview', 'Summary ($ in thousands) | FY2024\nRevenue | 8,967')
    expect(answer('What was revenue in FY2024?', [...all, ...summary])).toBe('lookup: 8967000')
    const other = documentFacts(6, 'Draft', 'Line item | FY2024\nRevenue | 9,001,000')
    expect(answer('What was revenue in FY2024?', [...all, ...other])).toBeNull()
  })
})

const balance = documentFacts(
  7,
  'Balance sheets',
  [
    'Balance sheet | December 31, 2024 | December 31, 2025',
    'Total current assets | 2,400,000 | 2,600,000',
    'Total current liabilities | 1,500,000 | 1,300,000',
  ].join('\n'),
)
const segments = documentFacts(
  8,
  'Customers FY2025',
  [
    'Customer | FY2024 | FY2025',
    'Kessler Builders | 870,000 | 910,000',
    'Harbor Marine | 640,000 | 820,000',
    'All other customers | 6,730,000 | 7,237,000',
  ].join('\n'),
)

/** The strategy's name and the figure it computes, as the answer states it. */
const computed = (question: string, facts = [...statement, ...balance]) => computedFrom(facts, question)

describe('strategies that compute from facts', () => {
  it('gives each year named', () => {
    expect(computed('How much revenue did the business bring in during FY2024 and during FY2025?')).toBe(
      'each-year: $8,967,000; $9,410,000',
    )
  })

  it('computes a change between two years, a fall asked for as its size', () => {
    expect(computed('How much did revenue increase from FY2023 to FY2025?')).toBe('change: $1,170,000')
    expect(computed('By what percentage did revenue grow from FY2024 to FY2025?')).toBe('change: 4.94%')
    // The year named and the one before it.
    expect(computed('By what percentage did EBITDA grow in FY2025?')).toBe('change: 5.57%')
    expect(computed('How much did the current portion of the term loan decrease from FY2023 to FY2025?')).toBe(
      'change: $5,000',
    )
    // A rise asked as a fall keeps its sign: the answer never says it fell.
    expect(computed('How much did revenue decrease from FY2024 to FY2025?')).toBe('change: $443,000')
    expect(computed('How much did revenue increase from FY2025 to FY2024?')).toBe('change: $443,000')
  })

  it('computes the compound annual growth rate, totals and averages over the years a question spans', () => {
    // "the three most recent fiscal years", "across all three years", "per year": the latest years held.
    expect(computed('What was cumulative EBITDA over the three most recent fiscal years?')).toBe(
      'over-years: $3,534,000',
    )
    expect(computed('On average, what was EBITDA per year over the two most recent fiscal years?')).toBe(
      'over-years: $1,217,000',
    )
    expect(computed('What was total revenue across all three years?')).toBe('over-years: $26,617,000')
    expect(computed('What was the CAGR of revenue from FY2023 through FY2025?')).toBe('cagr: 6.86%')
    expect(computed('What was total EBITDA from FY2023 through FY2025?')).toBe('over-years: $3,534,000')
    expect(computed('What was the average annual revenue over the last two years?')).toBe('over-years: $9,188,500')
  })

  it('gives an average of figures in millions to the dollar, as an advisor checks it', () => {
    const inMillions = documentFacts(
      5,
      'Statement of operations ($ in millions)',
      'Line | FY2023 | FY2024\nNet income | 0.516 | 0.62',
    )
    const found = answerWithFacts(
      readFactQuestion('What was the average annual net income for FY2023 and FY2024?'),
      inMillions,
    )
    const operands = found!.facts.map((fact) => ({
      value: new Decimal(fact.value),
      cell: { row: 0, column: 0, rowLabel: fact.measure, columnLabel: fact.period!.label, text: fact.value },
    }))
    // (0.516 + 0.62) / 2 is $568,000, which "0.57 million" is not.
    expect(found!.compute(operands, { scale: 'million', unit: '$' })?.display).toBe('$0.568 million')
    const thirds = found!.compute([...operands, { ...operands[0]!, value: new Decimal('0.5') }], {
      scale: 'million',
      unit: '$',
    })
    expect(thirds?.display).toBe('$0.545333 million')
  })

  it('divides or subtracts two measures of one year: margins, ratios, working capital', () => {
    expect(computed('What was the EBITDA margin in FY2024?')).toBe('two-measures: 13.2%')
    expect(computed('What was EBITDA as a percentage of revenue in FY2025?')).toBe('two-measures: 13.28%')
    expect(computed('What was the current ratio at December 31, 2025?')).toBe('two-measures: 2')
    expect(computed('What was working capital at December 31, 2024?')).toBe('two-measures: $900,000')
  })

  it('finds the year a measure or a margin was highest or lowest', () => {
    expect(computed('Which fiscal year had the highest revenue?')).toBe('peak-year: FY2025')
    expect(computed('In which fiscal year was the EBITDA margin lowest?')).toBe('peak-year: FY2024')
  })

  it('adds up a list, ranks its entities and takes their share, never counting the rest as one', () => {
    const facts = [...statement, ...segments]
    expect(computed('What was the combined revenue of the top customers in FY2025?', facts)).toBe(
      'list-total: $1,730,000',
    )
    expect(computed('Who was the largest customer in FY2024?', facts)).toBe('top-entity: Kessler Builders')
    expect(computed('Which customer grew the most from FY2024 to FY2025?', facts)).toBe('top-entity: Harbor Marine')
    expect(
      computed(
        'What percentage of revenue in FY2025 did Kessler Builders and Harbor Marine account for together?',
        facts,
      ),
    ).toBe('two-measures: 18.38%')
    // A customer list's "Total" row is no customer that "total revenue" names.
    const listed = documentFacts(
      9,
      'Top customers',
      ['Customer | FY2025', 'Kessler Builders | 910,000', 'Harbor Marine | 820,000', 'Total | 1,730,000'].join('\n'),
    )
    expect(
      computed('What percentage of total revenue in FY2025 did Kessler Builders account for?', [
        ...statement,
        ...listed,
      ]),
    ).toBe('two-measures: 9.67%')
  })

  it('leaves to the passages what the facts do not settle', () => {
    // A year not held, a name not among the entities, a figure stated in the question for no strategy.
    expect(computed('How much did revenue increase from FY2021 to FY2025?')).toBeNull()
    expect(computed('What share of revenue came from Summit Ridge in FY2025?', [...statement, ...segments])).toBeNull()
    expect(computed('Was revenue above $9,000,000 in FY2025?')).toBeNull()
    // A month's figures are not a year's.
    expect(computed('What was total revenue from January 2025 through March 2025?')).toBeNull()
  })
})

describe('periods the documents do not hold', () => {
  const missing = (question: string, passages: string[] = []) =>
    notHeld(
      readFactQuestion(question),
      all,
      passages.map((text) => ({ text })),
    )?.statement ?? null

  it('names what the documents give for a year, quarter or month they lack', () => {
    expect(missing('What was revenue in FY2020?')).toBe('The documents give revenue for FY2023–FY2025, not FY2020')
    expect(missing('What was EBITDA in January 2025?')).toBe(
      'The documents give EBITDA for FY2023–FY2025, not January 2025',
    )
    expect(missing('How much revenue came from Kessler Builders in FY2022?')).toBe(
      'The documents give revenue of Kessler Builders for FY2024 and FY2025, not FY2022',
    )
  })

  it('says nothing when the facts hold finer periods, or a passage names the period and the measure', () => {
    // Revenue is held by quarter: a quarter's figure is for the passages to read.
    expect(missing('What was revenue in Q1 of FY2024?')).toBeNull()
    expect(missing('What was revenue in FY2020?', ['Revenue in 2020 was 7.9 million.'])).toBeNull()
    expect(missing('What was revenue in FY2024?')).toBeNull()
    // A lease that started in 2020 holds no revenue of 2020.
    expect(missing('What was revenue in FY2020?', ['Sales office | March 1, 2020 | $17,250'])).not.toBeNull()
  })
})

describe('follow-ups', () => {
  const followed = (question: string, previous: string, facts = all) => {
    const found = answerWithFacts(readFollowUp(question, previous), facts)
    return found ? `${found.strategy}: ${found.facts.map((fact) => fact.value).join(', ')}` : null
  }

  it("carry the previous question's measure, entity and period, what they name replacing it", () => {
    expect(followed('And the year before?', 'What was EBITDA in FY2025?')).toBe('lookup: 1184000')
    expect(followed('What about revenue?', 'What was EBITDA in FY2025?')).toBe('lookup: 9410000')
    expect(followed('And in FY2024?', 'How much revenue came from Kessler Builders in FY2025?')).toBe('lookup: 870000')
    expect(
      followed('What share of total revenue is that?', 'How much revenue came from Kessler Builders in FY2024?'),
    ).toBe('two-measures: 870000, 8967000')
  })

  it('leave a question that stands alone as asked', () => {
    expect(followed('What was revenue in FY2023?', 'What was EBITDA in FY2025?')).toBe('lookup: 8240000')
    expect(followed('Who founded the company?', 'What was EBITDA in FY2025?')).toBeNull()
  })
})

describe('strategies over a fiscal year’s months', () => {
  const monthly = documentFacts(
    9,
    'Monthly sales',
    [
      'Revenue by product line, FY2025',
      'Product line | Jul 2024 | Aug 2024 | Sep 2024 | Oct 2024 | Nov 2024 | Dec 2024 | Jan 2025 | Feb 2025 | Mar 2025 | Apr 2025 | May 2025 | Jun 2025',
      'Catering | 100 | 120 | 90 | 110 | 130 | 150 | 80 | 95 | 105 | 115 | 125 | 140',
      'Retail | 50 | 60 | 40 | 55 | 65 | 75 | 45 | 50 | 52 | 58 | 62 | 70',
    ].join('\n'),
  )

  it('adds the product lines of each month, then averages, ranks or counts the months', () => {
    expect(computed('What was average monthly revenue in fiscal 2025?', monthly)).toBe('month-average: $170.17')
    expect(computed('Which was the slowest month of FY2025 by revenue?', monthly)).toBe('month-peak: January')
    expect(computed('In which month of fiscal 2025 were sales strongest?', monthly)).toBe('month-peak: December')
    expect(computed('How many months of FY2025 had sales above $200?', monthly)).toBe('month-count: 2')
    expect(computed('On average, how much revenue did the business bring in per month in FY2025?', monthly)).toBe(
      'month-average: $170.17',
    )
  })

  it('reads a month by its calendar name and year, whatever fiscal year holds it', () => {
    expect(computed('How much did Catering bring in during November 2024?', monthly)).toBe('month-lookup: $130')
    expect(computed('What was revenue in November 2024?', monthly)).toBe('month-lookup: $195')
    expect(computed('What was total revenue from December 2024 through February 2025?', monthly)).toBe(
      'month-range: $495',
    )
    // A month the documents do not hold is not answered.
    expect(computed('What was revenue in July 2025?', monthly)).toBeNull()
    // It is said to be missing, naming the months the documents give; one they give is the strategies'.
    expect(notHeld(readFactQuestion('What was revenue in August 2023?'), monthly, [])?.statement).toBe(
      'The documents give revenue by month for Jul 2024–Jun 2025, not August 2023',
    )
    expect(notHeld(readFactQuestion('How much did Catering bring in during July 2025?'), monthly, [])?.statement).toBe(
      'The documents give revenue of Catering by month for Jul 2024–Jun 2025, not July 2025',
    )
    expect(notHeld(readFactQuestion('What was revenue in August 2024?'), monthly, [])).toBeNull()
  })

  it("adds a quarter's months in the fiscal year's order, and gives a line's share of the year's months", () => {
    // Q3 of a year starting in July is January to March.
    expect(computed('What was revenue in the third quarter of FY2025?', monthly)).toBe('quarter-months: $427')
    expect(computed("What percentage of the year's monthly revenue in FY2025 did Retail account for?", monthly)).toBe(
      'month-share: 33.4%',
    )
    // Asked of the year, where the documents give the line's year only by its months.
    expect(computed('What share of revenue in FY2025 came from Retail?', monthly)).toBe('month-share: 33.4%')
    // Where a document states the line's year, that figure is divided (by the business's year, which
    // these documents lack), not its months.
    const stated = documentFacts(
      10,
      'Revenue by line',
      'Revenue by product line\nProduct line | FY2025\nRetail | 700\nCatering | 1,360',
    )
    expect(computed('What share of revenue in FY2025 came from Retail?', [...monthly, ...stated])).toBeNull()
    // A quarter held by month is no quarter the documents lack.
    expect(notHeld(readFactQuestion('What was revenue in Q3 of FY2025?'), [...statement, ...monthly], [])).toBeNull()
  })

  it('adds a quarter’s product lines when the business’s quarter is not stated', () => {
    const byQuarter = documentFacts(
      15,
      'Sales by quarter',
      'Sales by segment, FY2024\nSegment | Q1 FY24 | Q2 FY24 | Q3 FY24 | Q4 FY24\nSnow removal | 453 | 446 | 476 | 419\nDesign and build | 430 | 443 | 410 | 402',
    )
    expect(computed('What was revenue in the second quarter of FY2024?', byQuarter)).toBe('quarter-lines: $889')
    expect(computed('What was revenue from Snow removal in the second quarter of FY2024?', byQuarter)).toBe(
      'lookup: $446',
    )
  })

  it('gives an average of scaled months in whole units', () => {
    const inMillions = documentFacts(
      16,
      'Monthly revenue',
      [
        'Monthly revenue, FY2025 ($ in millions)',
        'Line item | Jul 2024 | Aug 2024 | Sep 2024 | Oct 2024 | Nov 2024 | Dec 2024 | Jan 2025 | Feb 2025 | Mar 2025 | Apr 2025 | May 2025 | Jun 2025',
        'Revenue | 0.331 | 0.279 | 0.293 | 0.297 | 0.333 | 0.259 | 0.308 | 0.293 | 0.301 | 0.290 | 0.305 | 0.289',
      ].join('\n'),
    )
    const found = answerWithFacts(readFactQuestion('What was average monthly revenue in fiscal 2025?'), inMillions)!
    const operands = found.facts.map((fact) => ({
      value: new Decimal(fact.value).dividedBy(1_000_000),
      cell: { row: 0, column: 0, rowLabel: fact.measure, columnLabel: '', text: fact.value },
    }))
    expect(found.compute(operands, { scale: 'million', unit: '$' })?.display).toBe('$298,166.67')
  })

  it('takes a ledger’s accounts by month, and its total row as the business’s month', () => {
    const ledger = documentFacts(
      14,
      'Sales ledger',
      [
        'Revenue by month, FY2025',
        'Account | Jul 2024 | Aug 2024 | Sep 2024 | Oct 2024 | Nov 2024 | Dec 2024 | Jan 2025 | Feb 2025 | Mar 2025 | Apr 2025 | May 2025 | Jun 2025',
        'Wholesale bread | 47 | 53 | 51 | 45 | 38 | 55 | 49 | 49 | 50 | 52 | 48 | 51',
        'Catering | 162 | 183 | 176 | 154 | 140 | 190 | 150 | 151 | 160 | 170 | 165 | 180',
        'Total | 209 | 236 | 227 | 199 | 178 | 245 | 199 | 200 | 210 | 222 | 213 | 231',
      ].join('\n'),
    )
    expect(computed('How many months of FY2025 had revenue above $210?', ledger)).toBe('month-count: 6')
    expect(computed('What was revenue in December 2024?', ledger)).toBe('month-lookup: $245')
  })

  it('reads no year of months it does not hold whole', () => {
    expect(computed('What was average monthly revenue in fiscal 2024?', monthly)).toBeNull()
    expect(computed('What was average monthly revenue in fiscal 2025?', monthly.slice(0, 20))).toBeNull()
  })
})

describe('counting a list', () => {
  it('counts the entities past a threshold, the rest of the customers not counted as one', () => {
    const facts = [...statement, ...segments]
    expect(computed('How many customers brought in over $700,000 of revenue in FY2025?', facts)).toBe('list-count: 2')
    expect(computed('How many of the listed customers bought more than $850,000 in FY2024?', facts)).toBe(
      'list-count: 1',
    )
  })
})

describe('a stated range', () => {
  const letter = documentFacts(
    10,
    'Valuation letter',
    'Brookline Business Appraisers\nWe estimate an enterprise value between $4.5 million and $5.8 million. The midpoint of $5.15 million is our concluded value.',
  )

  it('gives both ends of the range one document states', () => {
    expect(computed('What range did Brookline Business Appraisers put on the business?', letter)).toBe(
      'stated-range: $4,500,000 to $5,800,000',
    )
    expect(computed('What are the low and high ends of the valuation range?', letter)).toBe(
      'stated-range: $4,500,000 to $5,800,000',
    )
  })

  it('gives none when two documents state different ranges', () => {
    const other = documentFacts(
      11,
      'Broker note',
      'The broker puts the enterprise value between $5.0 million and $6.0 million.',
    )
    expect(computed('What are the low and high ends of the valuation range?', other)).toBe(
      'stated-range: $5,000,000 to $6,000,000',
    )
    expect(computed('What are the low and high ends of the valuation range?', [...letter, ...other])).toBeNull()
  })
})

describe('adjusted EBITDA and the value it gives', () => {
  const letter = documentFacts(
    12,
    'Valuation letter',
    'We estimate an enterprise value between $4.5 million and $5.8 million. We estimate normalized EBITDA for fiscal 2025 at $1,300,000.',
  )
  const concluded = documentFacts(
    13,
    'Valuation letter',
    'We estimate an enterprise value between $4.5 million and $5.8 million. Within that range, our concluded value is $5.2M.',
  )
  const followed = (question: string, previous: string, facts: typeof all) => {
    const found = answerWithFacts(readFollowUp(question, previous), facts)
    if (!found) return null
    const operands = found.facts.map((fact) => ({
      value: new Decimal(fact.value),
      cell: { row: 0, column: 0, rowLabel: fact.measure, columnLabel: '', text: fact.value },
    }))
    return `${found.strategy}: ${found.compute(operands, { scale: null, unit: '$' })?.display}`
  }

  it('adds the year’s add-backs to reported EBITDA when no adjusted figure is stated', () => {
    // FY2025 EBITDA 1,250,000 + add-backs 114,000 + 12,000.
    expect(computed('What is adjusted EBITDA for FY2025 after the add-backs?', all)).toBe('adjusted-ebitda: $1,376,000')
    expect(followed('And after the add-backs?', 'What was EBITDA in FY2025?', all)).toBe('adjusted-ebitda: $1,376,000')
    expect(computed('At a 4.0x multiple of adjusted EBITDA, what would the business be worth?', all)).toBe(
      'value-at-multiple: $5,504,000',
    )
    // Without add-backs for the year, adjusted EBITDA is not held.
    expect(computed('What is adjusted EBITDA for FY2024 after the add-backs?', all)).toBeNull()
  })

  it('values the business at a multiple of reported EBITDA when the question names no adjustment', () => {
    expect(computed('What would the business be worth at 5.5x EBITDA in FY2025?')).toBe('value-at-multiple: $6,875,000')
    // The question may name the value it asks for.
    expect(computed('What enterprise value does 6.0x EBITDA give in FY2025?')).toBe('value-at-multiple: $7,500,000')
  })

  it('reads a stated adjusted EBITDA before computing one', () => {
    expect(
      computed('At a 4.0x multiple of adjusted EBITDA, what would the business be worth?', [...all, ...letter]),
    ).toBe('value-at-multiple: $5,200,000')
  })

  it('gives the multiple a concluded value, or the middle of the range, implies', () => {
    expect(
      computed('At the middle of its range, what multiple of normalized EBITDA does the valuation imply?', letter),
    ).toBe('implied-multiple: 3.96x')
    expect(
      computed('What multiple of adjusted EBITDA does the concluded value in the valuation imply?', [
        ...all,
        ...concluded,
      ]),
    ).toBe('implied-multiple: 3.78x')
  })
})

describe('the rent of a leased premises', () => {
  const leases = documentFacts(
    17,
    'Leases',
    'Premises | Landlord | Start | End | Rent / month\nMachine shop | Parkway Holdings LLC | 2020-09-01 | 2028-03-31 | 9,000\nWarehouse | Westfield Land Co. | 2021-01-01 | 2031-06-30 | 9,750',
  )

  it('gives the monthly rent the schedule states, and twelve of it for a year', () => {
    expect(computed('How much rent does the shop pay each month for the warehouse?', leases)).toBe(
      'premises-rent: $9,750',
    )
    expect(computed('What is the annual rent for the machine shop?', leases)).toBe('premises-rent: $108,000')
  })

  it('gives none for premises the schedule does not list, or when the question names none of several', () => {
    expect(computed('What is the annual rent for the office?', leases)).toBeNull()
    expect(computed('What is the annual rent?', leases)).toBeNull()
  })
})

describe('figures a schedule or a memo states once', () => {
  const addBacks = documentFacts(
    10,
    'Add-backs',
    [
      'Add-backs',
      'Item | Amount',
      "Owner's salary above market | 128,000",
      'One-time legal fees | 18,000',
      'Personal travel | 35,000',
    ].join('\n'),
  )
  const memo = documentFacts(11, 'Memo', 'I need $4 million after tax from the sale by the end of 2027.')

  it('gives an add-back of a list that names no year, and the list added up', () => {
    expect(computed('How much is the add-back for "One-time legal fees"?', addBacks)).toBe('entity-figure: $18,000')
    // A label in quotation marks is no threshold: "above market" compares nothing.
    expect(computed('How much is the add-back for "Owner\'s salary above market"?', addBacks)).toBe(
      'entity-figure: $128,000',
    )
    expect(computed('What is the total of the normalization adjustments?', addBacks)).toBe('list-total: $181,000')
  })

  it("gives the owner's after-tax need, however the question asks for it", () => {
    expect(computed('How much does the owner need after tax from the sale?', memo)).toBe('after-tax-need: $4,000,000')
    expect(computed('What after-tax amount does the owner want from selling the business?', memo)).toBe(
      'after-tax-need: $4,000,000',
    )
  })

  it('adds the years a question lists when it asks for them together', () => {
    expect(computed('What was cumulative EBITDA for FY2024 and FY2025?')).toBe('over-years: $2,434,000')
  })
})
