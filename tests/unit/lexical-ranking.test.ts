import { describe, expect, it } from 'vitest'

import { analyze, bigrams } from '../../api/ai/retrieval/analyzer'
import { lexicalScorer } from '../../api/ai/retrieval/bm25'

describe('analysis', () => {
  it('lower-cases, drops stop words, stems, and keeps numbers whole', () => {
    expect(analyze('What were the Total Sales of $1,452.4 in 2019?')).toEqual(['total', 'sale', '1,452.4', '2019'])
    expect(analyze("The company's fixed-price contracts")).toEqual(['compani', 'fix', 'price', 'contract'])
    expect(analyze('Concentration, concentrated; customers.')).toEqual(['concentr', 'concentr', 'custom'])
  })

  it('pairs adjacent terms for phrase scoring', () => {
    expect(bigrams(analyze('net cash used in investing activities'))).toEqual([
      'net cash',
      'cash us',
      'us invest',
      'invest activ',
    ])
  })
})

describe('the lexical score', () => {
  const statistics = {
    chunkCount: 100,
    averageLength: 8,
    documentFrequency: new Map([
      ['custom', 10],
      ['concentr', 3],
      ['risk', 20],
    ]),
  }
  const score = lexicalScorer(analyze('customer concentration risk'), statistics)

  it('is 1 for a chunk of average length holding every term and phrase once', () => {
    expect(score(analyze('Customer concentration risk is what buyers look at first'))).toBeCloseTo(1, 5)
  })

  it('rewards the phrase over the same words apart, and rarer words over common ones', () => {
    const together = score(analyze('the customer concentration of sales here and there'))
    const apart = score(analyze('one customer and a concentration of sales elsewhere'))
    expect(together).toBeGreaterThan(apart)
    expect(score(analyze('concentration alone'))).toBeGreaterThan(score(analyze('risk alone')))
  })

  it('is 0 without any query term, and never above 1', () => {
    expect(score(analyze('The factory lease runs until 2031'))).toBe(0)
    expect(
      score(analyze('customer concentration risk customer concentration risk customer concentration risk')),
    ).toBeLessThanOrEqual(1)
    expect(lexicalScorer(analyze('the of and'), statistics)(analyze('anything'))).toBe(0)
  })
})
