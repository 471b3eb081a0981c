import { describe, expect, it } from 'vitest'

import { analyze, bigrams, joinTerms } from '../../api/ai/retrieval/analyzer'
import { B, K1, lexicalScorer, rankLists } from '../../api/ai/retrieval/bm25'

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

describe('ranking held postings lists', () => {
  // A deterministic generator, so a failure shows the same lists again.
  function random(seed: number) {
    // mulberry32: 32-bit integer steps, where a float product would lose its low bits and cycle.
    let state = seed
    return () => {
      state = (state + 0x6d2b79f5) | 0
      let mixed = Math.imul(state ^ (state >>> 15), 1 | state)
      mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed
      return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32
    }
  }
  /** Lists over chunk ids spread across several 65,536-id windows, with gaps and repeated scores. */
  function listsOf(seed: number) {
    const next = random(seed)
    return [300, 4_000, 20_000].map((size, term) => {
      const ids = new Set<number>()
      while (ids.size < size)
        ids.add(next() < 0.5 ? 1 + Math.floor(next() * 30_000) : 200_000 + Math.floor(next() * 150_000))
      const chunkIds = Int32Array.from([...ids].sort((a, b) => a - b))
      // Few frequencies and lengths, so many chunks tie.
      const frequencies = Uint16Array.from(chunkIds, () => 1 + Math.floor(next() * 3))
      const lengths = Uint16Array.from(chunkIds, () => 20 + 10 * Math.floor(next() * 3))
      return { list: { chunkIds, frequencies, lengths }, weight: 3 - term }
    })
  }
  /** Every chunk's score summed in the lists' order, sorted: what ranking every posting gives. */
  function reference(lists: ReturnType<typeof listsOf>, averageLength: number, limit: number) {
    const scores = new Map<number, number>()
    for (const { list, weight } of lists)
      list.chunkIds.forEach((chunkId, at) => {
        const frequency = list.frequencies[at]!
        const part =
          (weight * (K1 + 1) * frequency) / (frequency + K1 * (1 - B) + ((K1 * B) / averageLength) * list.lengths[at]!)
        scores.set(chunkId, (scores.get(chunkId) ?? 0) + part)
      })
    return [...scores]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([chunkId]) => chunkId)
  }

  it('gives the top chunks of every posting, ties by chunk, across windows and gaps', () => {
    for (const seed of [1, 2, 3])
      for (const limit of [1, 10, 100, 1_000, 10_000]) {
        const lists = listsOf(seed)
        expect(rankLists(lists, 25, limit), `seed ${seed}, limit ${limit}`).toEqual(reference(lists, 25, limit))
      }
  })

  it('ranks nothing from empty lists and keeps a rare term’s few chunks', () => {
    const empty = { chunkIds: new Int32Array(), frequencies: new Uint16Array(), lengths: new Uint16Array() }
    expect(rankLists([{ list: empty, weight: 1 }], 25, 10)).toEqual([])
    const rare = {
      chunkIds: Int32Array.of(7, 900_000),
      frequencies: Uint16Array.of(1, 2),
      lengths: Uint16Array.of(25, 25),
    }
    expect(
      rankLists(
        [
          { list: empty, weight: 1 },
          { list: rare, weight: 2 },
        ],
        25,
        10,
      ),
    ).toEqual([900_000, 7])
    // Equal scores: chunks 1 and 2 are summed after 10 to 13 and still come first.
    const once = (...ids: number[]) => ({
      chunkIds: Int32Array.from(ids),
      frequencies: new Uint16Array(ids.length).fill(1),
      lengths: new Uint16Array(ids.length).fill(25),
    })
    expect(
      rankLists(
        [
          { list: once(10, 11, 12, 13), weight: 1 },
          { list: once(1, 2), weight: 1 },
        ],
        25,
        2,
      ),
    ).toEqual([1, 2])
  })
})
