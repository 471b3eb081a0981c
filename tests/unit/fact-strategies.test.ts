import { describe, expect, it } from 'vitest'

import { measureOfQuestion, readFactQuestion } from '../../api/ai/facts/fact-question'
import { answerWithFacts, FACT_STRATEGIES } from '../../api/ai/facts/strategies'
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
  it('is the longest phrase the lexicon knows, its fillers dropped', () => {
    expect(measureOfQuestion('What was the current portion of the term loan at the end of fiscal 2023?')).toBe(
      'current_debt',
    )
    expect(measureOfQuestion('What were capital expenditures in FY2025?')).toBe('capex')
    expect(measureOfQuestion('What was adjusted EBITDA in 2025?')).toBe('adjusted_ebitda')
  })

  it('is none when a word after it makes it another measure, or when the question names none', () => {
    expect(measureOfQuestion('What was the EBITDA margin in 2025?')).toBeNull()
    expect(measureOfQuestion('What was revenue growth in 2025?')).toBeNull()
    expect(measureOfQuestion('Who founded the company?')).toBeNull()
  })
})

describe('answers from facts', () => {
  it('names every strategy once', () => {
    expect(new Set(FACT_STRATEGIES.map((strategy) => strategy.name)).size).toBe(FACT_STRATEGIES.length)
  })

  it('looks up the figure of the measure, year, quarter and entity the question names', () => {
    expect(answer('What was revenue in FY2024?')).toBe('lookup: 8967000')
    expect(answer('What was the current portion of the term loan at the end of fiscal 2023?')).toBe('lookup: 90000')
    expect(answer('What was revenue in Q4 of FY2025?')).toBe('lookup: 2410')
    expect(answer('How much revenue came from Kessler Builders in FY2024?')).toBe('lookup: 870000')
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
    expect(answer('Which year had the highest revenue?')).toBeNull()
    expect(answer('What enterprise value does 6.0x EBITDA give in FY2025?')).toBeNull()
    expect(answer('What was the EBITDA margin in FY2025?')).toBeNull()
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
