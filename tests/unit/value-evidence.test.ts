import { describe, expect, it } from 'vitest'

import type { StoredFact } from '../../api/facts/organization-facts'
import { chooseValueFacts, evidenceOf } from '../../api/readiness/value-gap/evidence'
import { documentFacts } from '../support/stored-facts'

const NOW = new Date('2026-11-28T09:00:00Z')

const document = documentFacts
const evidence = (...documents: StoredFact[][]) => evidenceOf(chooseValueFacts(documents.flat(), NOW), new Map())
const statedValuation = (...documents: StoredFact[][]) => evidence(...documents).valuation
const addBackSchedule = (...documents: StoredFact[][]) => evidence(...documents).addBacks
const reportedEbitda = (...documents: StoredFact[][]) => evidence(...documents).ebitda

describe('a stated valuation range, read from prose', () => {
  it('reads the shorthand "$4.2–4.8 million", the scale of the second figure also the first’s', () => {
    const found = statedValuation(
      document(
        1,
        'Broker opinion',
        'We think the practice is worth $4.2–4.8 million to a strategic buyer today. The multiples of 4.5x to 5.1x seen in the sector support this.',
      ),
    )
    expect(found.value).toMatchObject({ low: { value: '4200000' }, high: { value: '4800000' }, mid: null })
    expect(found.value!.low.source.quote).toBe(
      'We think the practice is worth $4.2–4.8 million to a strategic buyer today.',
    )
  })

  it('reads "from $950,000 to $1.1 million" and a most likely value inside it', () => {
    const found = statedValuation(
      document(
        2,
        'Valuation summary',
        'Fair market value ranges from $950,000 to $1.1 million. The most likely value is $1,025,000, before costs.',
      ),
    )
    expect(found.value).toMatchObject({
      low: { value: '950000' },
      high: { value: '1100000' },
      mid: { value: '1025000', source: { quote: 'The most likely value is $1,025,000, before costs.' } },
    })
  })

  it('gives no range when two documents state different ones, and says which', () => {
    const found = statedValuation(
      document(1, 'Letter A', 'The enterprise value is between $6.8 million and $7.9 million.'),
      document(2, 'Letter B', 'We value the company at $5.5 million to $6 million.'),
    )
    expect(found).toEqual({
      value: null,
      reason: 'The documents state different valuation ranges: 6800000–7900000 (Letter A); 5500000–6000000 (Letter B).',
    })
  })

  it('takes neither a range of multiples nor a single figure for a valuation range', () => {
    const found = statedValuation(
      document(
        1,
        'Notes',
        'Buyers value businesses like this at 5.0 to 5.9 times EBITDA. Adjusted EBITDA was roughly $1.35 million.',
      ),
    )
    expect(found).toEqual({ value: null, reason: 'No document states a valuation range.' })
  })

  it('takes no range of another measure for a valuation, even in a sentence about value', () => {
    const found = statedValuation(
      document(
        1,
        'Letter',
        'Revenue grew from $8.9 million to $10.4 million over two years, which adds value for a buyer. ' +
          'The business is worth more with the lease extended, though fees of $150,000 to $250,000 will apply.',
      ),
    )
    expect(found).toEqual({ value: null, reason: 'No document states a valuation range.' })
  })
})

describe('a schedule of add-backs, read from its table', () => {
  it('adds up a schedule without a total row, citing each row and the working', () => {
    const found = addBackSchedule(
      document(
        3,
        'Adjustments FY2025',
        "Normalization adjustments, FY2025\nAdjustment | Amount\nOwner's salary above market | 85,000\n" +
          'Legal settlement | 42,500\nPersonal vehicle | 12,250',
      ),
    )
    expect(found.value?.items.map(({ label, value }) => [label, value])).toEqual([
      ["Owner's salary above market", '85000'],
      ['Legal settlement', '42500'],
      ['Personal vehicle', '12250'],
    ])
    expect(found.value?.total).toMatchObject({
      value: '139750',
      source: { title: 'Adjustments FY2025', quote: '85000 + 42500 + 12250 = 139750' },
    })
  })

  it('refuses a schedule whose total row is not what its rows add up to', () => {
    const found = addBackSchedule(
      document(
        3,
        'Adjustments FY2025',
        "Normalization adjustments, FY2025\nAdjustment | Amount\nOwner's salary above market | 85,000\n" +
          'Legal settlement | 42,500\nPersonal vehicle | 12,250\nTotal normalization adjustments | 150,000',
      ),
    )
    expect(found).toEqual({
      value: null,
      reason:
        'The items of the schedule of add-backs in Adjustments FY2025 add up to 139750, but its total row reads 150000.',
    })
  })
})

describe('reported EBITDA of the latest year, heard from every document that states it', () => {
  const statement = (ebitda2025: string) =>
    document(
      4,
      'Income statement',
      `Income statement\nLine item | FY2024 | FY2025\nRevenue | 8,240,000 | 8,967,000\nEBITDA | 1,401,000 | ${ebitda2025}`,
    )
  const summary = (ebitda2025: string) =>
    document(
      5,
      'Company overview',
      `Five-year summary (in thousands of dollars)\nYear | Revenue | EBITDA\n2023 | 7,688 | 1,230\n2024 | 8,240 | 1,401\n2025 | 8,967 | ${ebitda2025}`,
    )

  it('takes the income statement in dollars over a summary in thousands that rounds it', () => {
    const found = reportedEbitda(summary('1,614'), statement('1,614,060'))
    expect(found.value).toMatchObject({
      value: '1614060',
      period: 'FY2025',
      source: { title: 'Income statement', location: 'row "EBITDA", column "FY2025"', quote: '1,614,060' },
    })
  })

  it('takes the summary when it alone reaches the latest year, counted in units', () => {
    const earlier = document(
      4,
      'Income statement',
      'Income statement\nLine item | FY2023 | FY2024\nEBITDA | 1,230,000 | 1,401,000',
    )
    expect(reportedEbitda(earlier, summary('1,614')).value).toMatchObject({ value: '1614000', period: '2025' })
  })

  it('gives none when two documents state different EBITDA for the year, and names both', () => {
    expect(reportedEbitda(summary('1,650'), statement('1,614,060'))).toEqual({
      value: null,
      reason:
        'The documents state different EBITDA for FY2025: 1614060 (Income statement); 1650000 (Company overview).',
    })
  })

  it('never takes a forecast for what the business earned: by its title, its column or a year to come', () => {
    const forecast = document(
      7,
      'Five-year financial forecast',
      'Year | Revenue | EBITDA\n2025 | 12.4 | 2.1\n2027 | 15.2 | 3.0',
    )
    const estimate = document(8, 'Board pack', 'Line item | FY2025 | FY2026E\nEBITDA | 1,614,060 | 1,800,000')
    const later = document(9, 'Management accounts', 'Line item | FY2025 | FY2027\nEBITDA | 1,614,060 | 1,950,000')
    const earned = { value: '1614060', period: 'FY2025' }
    expect(reportedEbitda(forecast, statement('1,614,060')).value).toMatchObject(earned)
    expect(reportedEbitda(estimate).value).toMatchObject(earned)
    // FY2027 has not happened: it is no reported figure; FY2025 is the latest year earned.
    expect(reportedEbitda(later).value).toMatchObject(earned)
    expect(reportedEbitda(forecast)).toEqual({
      value: null,
      reason: 'No table of the documents has a row of EBITDA for a year.',
    })
  })

  it('does not take adjusted EBITDA for the reported figure', () => {
    const adjusted = document(6, 'Adjusted', 'Bridge\nLine item | FY2025\nAdjusted EBITDA | 1,931,150')
    expect(reportedEbitda(adjusted)).toEqual({
      value: null,
      reason: 'The documents state only "Adjusted EBITDA", not EBITDA as reported.',
    })
  })
})
