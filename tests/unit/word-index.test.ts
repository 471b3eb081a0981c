import { describe, expect, it } from 'vitest'

import { WordIndex } from '../../api/ai/embeddings/word-index'

describe('the word index', () => {
  const words = ['the', 'naïve', 'café', '"', 'back\\slash', "o'clock", 'fixed-price', '2019', 'the', '日本', '']
  const expected = new Map<string, number>()
  words.forEach((word, rank) => expected.set(word, rank))
  const index = new WordIndex(words)

  it('answers every word with the rank a Map filled in order gives (a repeated word keeps its last)', () => {
    for (const word of words) expect([word, index.get(word)]).toEqual([word, expected.get(word)])
    expect(index.get('the')).toBe(8)
  })

  it('answers nothing for words it does not hold, however close', () => {
    for (const word of ['th', 'thee', 'naive', 'cafe', 'The', '2019.5', 'fixed', '日']) {
      expect([word, index.get(word), index.has(word)]).toEqual([word, undefined, false])
    }
  })

  it('holds a large vocabulary without losing a word to a collision', () => {
    const many = Array.from({ length: 50_000 }, (_, rank) => `w${rank.toString(36)}`)
    const large = new WordIndex(many)
    expect(large.size).toBe(50_000)
    expect(many.every((word, rank) => large.get(word) === rank)).toBe(true)
    expect(large.get('w-none')).toBeUndefined()
  })
})
