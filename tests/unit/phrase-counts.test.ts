import { describe, expect, it } from 'vitest'

import { PhraseCounter } from '../../api/readiness/checklist/phrase-counts'

/** Whole-phrase occurrences at every word, the plain way. */
function countPlainly(text: string, phrase: string) {
  const words = text.trim() ? text.trim().split(' ') : []
  const wanted = phrase.split(' ')
  let count = 0
  for (let at = 0; at + wanted.length <= words.length; at++)
    if (wanted.every((word, offset) => words[at + offset] === word)) count++
  return count
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    return seed / 2 ** 31
  }
}

describe('counting phrases in one pass', () => {
  it('counts whole phrases, overlapping ones included, as looking at every word does', () => {
    const counter = new PhraseCounter(['lease', 'lease agreement', 'a a', 'a a a', 'agreement lease'])
    const counts = counter.count('the lease agreement lease agreement a a a a leases')
    expect(counts.get('lease')).toBe(2)
    expect(counts.get('lease agreement')).toBe(2)
    expect(counts.get('agreement lease')).toBe(1)
    expect(counts.get('a a')).toBe(3)
    expect(counts.get('a a a')).toBe(2)
    expect(counts.get('not asked')).toBe(0)
    expect(counter.count('').get('lease')).toBe(0)
  })

  it('agrees with the plain count on random texts and phrases of a small vocabulary', () => {
    const next = random(43)
    const vocabulary = ['a', 'b', 'c', 'ab', 'd']
    const words = (length: number) =>
      Array.from({ length }, () => vocabulary[Math.floor(next() * vocabulary.length)]).join(' ')
    for (let round = 0; round < 200; round++) {
      const phrases = Array.from({ length: 1 + Math.floor(next() * 8) }, () => words(1 + Math.floor(next() * 4)))
      const text = words(Math.floor(next() * 60))
      const counts = new PhraseCounter(phrases).count(text)
      for (const phrase of phrases) expect(counts.get(phrase), `${phrase} in ${text}`).toBe(countPlainly(text, phrase))
    }
  })
})
