import { describe, expect, it } from 'vitest'

import { figuresNotInEvidence, unheldFiguresNote } from '../../api/ai/answers/figure-check'

const table = ['Income statement | FY2025 | FY2024', 'Revenue | 11,482 | 10,250', 'Gross margin | 33.1 | 32.4'].join(
  '\n',
)

describe('figures a model states that its evidence does not hold', () => {
  it('accepts figures read from the evidence, as written or rounded in another scale', () => {
    expect(figuresNotInEvidence('Revenue was 11,482 [1] in FY2025, up from 10,250 [1].', [table])).toEqual([])
    // A table in thousands stated in millions, rounded as written.
    expect(figuresNotInEvidence('Revenue was $11.5 million in FY2025 [1].', [table])).toEqual([])
    // A "%" column's cells have no sign of their own.
    expect(figuresNotInEvidence('Gross margin was 33.1% [1].', [table])).toEqual([])
    // The figure computed for it, with its working.
    expect(
      figuresNotInEvidence('Revenue grew 12.02% [1].', [table, '12.02%', '(11,482 [1] − 10,250 [1]) / 10,250 [1]']),
    ).toEqual([])
  })

  it('accepts a bare cell grouped for reading, as the answer is told to write it', () => {
    const bare = ['fiscal_year | revenue_usd', '2023 | 21800000', '2024 | 24100000'].join('\n')
    expect(figuresNotInEvidence('Revenue was $21,800,000 [1] in 2023 and 24,100,000 [1] in 2024.', [bare])).toEqual([])
    expect(figuresNotInEvidence('Revenue was $21,900,000 [1] in 2023.', [bare])).toEqual(['$21,900,000'])
  })

  it('names figures of the model’s own: its arithmetic, a wrong rounding, an invented figure', () => {
    expect(figuresNotInEvidence('Revenue grew 12.0% [1] to $11.4 million, a gain of 1,232.', [table])).toEqual([
      '12.0%',
      '$11.4 million',
      '1,232',
    ])
  })

  it('leaves years, citation markers and small counts alone', () => {
    expect(figuresNotInEvidence('In 2025 [3] the three largest of 4 customers stayed [12].', [table])).toEqual([])
  })

  it('reads a figure at most 25 digits long, so a run of digits is read in linear time', () => {
    const run = '1,'.repeat(100_000)
    // Read as figures of 25 characters each, all alike, and the rest at the end: two to check.
    expect(figuresNotInEvidence(run, [])).toEqual(['1,1,1,1,1,1,1,1,1,1,1,1,1', '1,1,1,1'])
    expect(figuresNotInEvidence(run, [run])).toEqual([])
  })

  it('says which figures to check', () => {
    expect(unheldFiguresNote(['12.0%'])).toBe(
      '\n\n**Check before use:** 12.0% is not in your documents or the figure computed from them; the assistant wrote it itself.',
    )
  })
})
