import { describe, expect, it } from 'vitest'

import { computedFrom } from '../support/fact-answers'
import { documentFacts } from '../support/stored-facts'

const statement = documentFacts(
  1,
  'Income statement',
  [
    'Line item | FY2023 | FY2024 | FY2025',
    'Revenue | 8,000,000 | 9,000,000 | 10,000,000',
    'Operating income | 700,000 | 800,000 | 1,000,000',
    'Depreciation and amortization | 100,000 | 150,000 | 200,000',
  ].join('\n'),
)
const balance = documentFacts(
  2,
  'Balance sheet',
  [
    'Line item | As of June 30, 2024 | As of June 30, 2025',
    'Line of credit | 100,000 | 50,000',
    'Current portion of term loan | 60,000 | 70,000',
    'Term loan | 400,000 | 330,000',
  ].join('\n'),
)
const all = [...statement, ...balance]
const computed = (question: string, facts = all) => computedFrom(facts, question)

describe('figures added up from the parts a statement gives', () => {
  it('gives EBITDA as operating income plus D&A, and its margin, when no statement states it', () => {
    expect(computed('What was EBITDA in FY2024?')).toBe('composite-lookup: $950,000')
    expect(computed('What was the EBITDA margin in FY2025?')).toBe('composite-ratio: 12%')
    expect(computed('What was EBITDA from FY2023 through FY2025, combined?')).toBe('composite-years: $2,950,000')
    expect(computed('By how many dollars did EBITDA rise between FY2024 and FY2025?')).toBe(
      'composite-change: $250,000',
    )
  })

  it('gives total debt and the whole term loan from a balance sheet’s lines, and debt over EBITDA', () => {
    expect(computed('What was total debt at June 30, 2025?')).toBe('composite-lookup: $450,000')
    expect(computed('How much did the term loan (current portion included) decrease during FY2025?')).toBe(
      'composite-change: $60,000',
    )
    expect(
      computed(
        'What was total debt (line of credit plus term loan, current portion included) at June 30, 2025 as a multiple of FY2025 EBITDA?',
      ),
    ).toBe('composite-ratio: 0.38')
    // A balance sheet that lists no line of credit owes none.
    const unlined = balance.filter((fact) => fact.measureKey !== 'revolver')
    expect(computed('What was total debt at June 30, 2025?', [...statement, ...unlined])).toBe(
      'composite-lookup: $400,000',
    )
  })

  it('reads a figure of the whole the documents state before adding parts, and none of a year they lack', () => {
    const stated = documentFacts(3, 'EBITDA', 'Line item | FY2024\nEBITDA | 990,000')
    expect(computed('What was EBITDA in FY2024?', [...all, ...stated])).toBe('lookup: $990,000')
    expect(computed('What was total debt at June 30, 2023?')).toBeNull()
  })
})
