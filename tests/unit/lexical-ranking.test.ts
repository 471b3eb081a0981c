import { describe, expect, it } from 'vitest'

import { analyze, bigrams, joinTerms } from '../../api/ai/retrieval/analyzer'
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
  const scorer = lexicalScorer(analyze('customer concentration risk'), statistics)
  const score = (text: string) => scorer(joinTerms(analyze(text)), analyze(text).length)

  it('is 1 for a chunk of average length holding every term and phrase once', () => {
    expect(score('Customer concentration risk is what buyers look at first')).toBeCloseTo(1, 5)
  })

  it('rewards the phrase over the same words apart, and rarer words over common ones', () => {
    const together = score('the customer concentration of sales here and there')
    const apart = score('one customer and a concentration of sales elsewhere')
    expect(together).toBeGreaterThan(apart)
    expect(score('concentration alone')).toBeGreaterThan(score('risk alone'))
  })

  it('counts a repeated term and every overlapping pair, never a term inside another', () => {
    const pairs = lexicalScorer(['a', 'a'], {
      chunkCount: 10,
      averageLength: 3,
      documentFrequency: new Map([['a', 2]]),
    })
    const expected = (frequency: number, norm: number) => (frequency * 1.9) / (frequency + norm)
    const chunk = ['a', 'a', 'a', ...Array<string>(27).fill('b')]
    const norm = 0.9 * (1 - 0.4 + (0.4 * 30) / 3)
    // "a" three times and the pair "a a" twice, over "a" once and "a a" once.
    expect(pairs(joinTerms(chunk), 30)).toBeCloseTo((expected(3, norm) + expected(2, norm)) / 2, 10)
    expect(pairs('aa ba ab', 3)).toBe(0)
  })

  it('is 0 without any query term, and never above 1', () => {
    expect(score('The factory lease runs until 2031')).toBe(0)
    expect(
      score('customer concentration risk customer concentration risk customer concentration risk'),
    ).toBeLessThanOrEqual(1)
    expect(lexicalScorer(analyze('the of and'), statistics)('anyth', 1)).toBe(0)
  })
})
