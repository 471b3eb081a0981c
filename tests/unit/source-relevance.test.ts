import { describe, expect, it } from 'vitest'

import { citedRelevance, sourceRelevance } from '../../api/chat/source-relevance'
import type { CellCitation, MessageDerivation } from '../../shared/cells'

const operand = (reference: number | null): CellCitation => ({
  reference,
  document_id: 1,
  chunk_id: 7,
  table: 0,
  row: 2,
  column: 2,
  row_label: 'Parkway Homes',
  column_label: 'FY2025 revenue',
  text: '1,350,050',
  page_number: null,
  sheet_name: null,
})

const lookup = (reference: number): MessageDerivation => ({
  figure: '1,350,050',
  parts: [{ operand: 0, text: '1,350,050' }],
  operands: [operand(reference)],
  strategy: 'lookup',
})

describe('the relevance shown beside a cited source', () => {
  it('reads high for the passage whose cells the answer read, though another matched the question’s words as well', () => {
    // "Who are the largest customers?": the customer list scored 0.28 beside a letter's 0.30, and showed 28%.
    expect(sourceRelevance({ margin: -0.02, lead: true, cells: true })).toBeGreaterThanOrEqual(0.7)
  })

  it('reads high for the passage the answer quotes first when it stands well ahead of the others', () => {
    expect(sourceRelevance({ margin: 0.3, lead: true, cells: false })).toBeGreaterThanOrEqual(0.9)
  })

  it('reads low for a passage cited beside the answer’s own that retrieval put well behind another', () => {
    expect(sourceRelevance({ margin: -0.3, lead: false, cells: false })).toBeLessThan(0.2)
  })

  it('says it cannot tell when two passages tie and the answer took nothing from either', () => {
    expect(sourceRelevance({ margin: 0, lead: false, cells: false })).toBeGreaterThan(0.3)
    expect(sourceRelevance({ margin: 0, lead: false, cells: false })).toBeLessThan(0.6)
  })

  it('rises with the margin, and with what the answer took from the passage', () => {
    const margins = [-0.5, -0.2, 0, 0.1, 0.4].map((margin) => sourceRelevance({ margin, lead: false, cells: false }))
    expect(margins).toEqual([...margins].sort((a, b) => a - b))
    const alone = sourceRelevance({ margin: 0.05, lead: false, cells: false })
    const lead = sourceRelevance({ margin: 0.05, lead: true, cells: false })
    expect(lead).toBeGreaterThan(alone)
    expect(sourceRelevance({ margin: 0.05, lead: true, cells: true })).toBeGreaterThan(lead)
    for (const margin of [-5, 5])
      for (const value of [
        sourceRelevance({ margin, lead: true, cells: true }),
        sourceRelevance({ margin, lead: false, cells: false }),
      ]) {
        expect(value).toBeGreaterThanOrEqual(0)
        expect(value).toBeLessThanOrEqual(1)
      }
  })

  it('measures each cited passage against the best of the others the answer was given, in marker order', () => {
    // [1] cites the second passage (cells read from it), [2] the third.
    const [first, second] = citedRelevance([0.3, 0.28, 0.2, 0.1], [1, 2], lookup(1))
    expect(first).toBeCloseTo(sourceRelevance({ margin: 0.28 - 0.3, lead: true, cells: true }), 10)
    expect(second).toBeCloseTo(sourceRelevance({ margin: 0.2 - 0.3, lead: false, cells: false }), 10)
    // A cell the answer did not cite by its passage's marker does not count for it.
    expect(citedRelevance([0.3, 0.28], [1], lookup(2))[0]).toBeCloseTo(
      sourceRelevance({ margin: -0.02, lead: true, cells: false }),
      10,
    )
    // A passage alone stands as far ahead as its score.
    expect(citedRelevance([0.5], [0], null)[0]).toBeCloseTo(
      sourceRelevance({ margin: 0.5, lead: true, cells: false }),
      10,
    )
  })
})
