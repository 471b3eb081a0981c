import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { buildCache, readCache, readSourceVectors } from '../../api/ai/embeddings/word-vector-cache'
import { createWordVectorProvider } from '../../api/ai/embeddings/word-vectors'

const folder = mkdtempSync(path.join(tmpdir(), 'word-vectors-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

// The package's layout: words in frequency order, each vector followed by its norm and its rank.
function sourceFile(entries: Array<[string, number[]]>) {
  const vectors = Object.fromEntries(
    entries.map(([word, vector], rank) => [word, [...vector, Math.hypot(...vector), rank]]),
  )
  const json = JSON.stringify({
    precision: 8,
    l2NormIndex: 3,
    wordIndex: 4,
    size: entries.length,
    dimensions: 3,
    words: entries.map(([word]) => word),
    vectors,
    unkVector: [0, 0, 0, 0, -1],
  })
  const file = path.join(folder, `source-${entries.length}.json`)
  writeFileSync(file, json.replace('0.00001', '1e-5'))
  return file
}

describe('the word vector cache', () => {
  const entries: Array<[string, number[]]> = [
    ['the', [0.5, -0.25, 0.125]],
    ['"', [0.00001, 2, -3]],
    ['naïve', [1.5, 0, -0.5]],
    ['back\\slash', [-1, -1, -1]],
    ...Array.from({ length: 40 }, (_, index): [string, number[]] => [
      `word${index}`,
      [(index + 1) / 10, -(index + 1) / 20, 1],
    ]),
  ]

  it('reads every word and value of the JSON, whatever the read window cuts through', () => {
    const file = sourceFile(entries)
    for (const window of [7, 64, 1 << 20]) {
      const { dimensions, entries: read } = readSourceVectors(file, window)
      expect(dimensions).toBe(3)
      expect(read.map((entry) => entry.word)).toEqual(entries.map(([word]) => word))
      read.forEach((entry, index) =>
        expect(Array.from(entry.vector)).toEqual(entries[index]![1].map((value) => Math.fround(value))),
      )
    }
  })

  it('writes a binary cache that reads back in frequency order, within int8 precision', () => {
    const cache = path.join(folder, 'cache.bin')
    buildCache(cache, sourceFile(entries))
    const table = readCache(cache)
    expect(table.words).toEqual(entries.map(([word]) => word))
    expect(table.values).toHaveLength(entries.length * 3)

    // Words in every sign combination share the third axis strongly and average to zero: the build
    // removes that common direction and keeps the rest, which the cache must give back to within
    // half a step of the word's int8 scale (its largest magnitude over 127).
    const shared: Array<[string, number[]]> = []
    for (const [x, y] of [
      [0.9, 0.05],
      [0.3, -0.7],
      [0.011, 0.6],
    ] as const) {
      for (const signs of [
        [1, 1, 1],
        [1, 1, -1],
        [1, -1, 1],
        [1, -1, -1],
        [-1, 1, 1],
        [-1, 1, -1],
        [-1, -1, 1],
        [-1, -1, -1],
      ]) {
        shared.push([`w${shared.length}`, [signs[0]! * x, signs[1]! * y, signs[2]! * 10]])
      }
    }
    const sharedCache = path.join(folder, 'shared.bin')
    buildCache(sharedCache, sourceFile(shared))
    const built = readCache(sharedCache)
    expect(built.words).toEqual(shared.map(([word]) => word))
    shared.forEach(([word, [x, y]], index) => {
      const expected = [Math.fround(x!), Math.fround(y!), 0]
      const scale = built.scales[index]!
      expect(scale, word).toBeCloseTo(Math.max(Math.abs(expected[0]!), Math.abs(expected[1]!)) / 127, 6)
      const restored = Array.from(built.values.subarray(index * 3, index * 3 + 3), (value) => value * scale)
      restored.forEach((value, d) =>
        expect(Math.abs(value - expected[d]!), `${word}[${d}]`).toBeLessThanOrEqual(scale / 2 + 1e-6),
      )
    })
  })

  it('refuses a file that is not a cache, or is cut short', () => {
    const junk = path.join(folder, 'junk.bin')
    writeFileSync(junk, 'not a cache at all, just text')
    expect(() => readCache(junk)).toThrow(/not a word vector cache/)
    const cache = path.join(folder, 'cache.bin')
    const cut = path.join(folder, 'cut.bin')
    writeFileSync(cut, readFileSync(cache).subarray(0, 200))
    expect(() => readCache(cut)).toThrow(/truncated/)
  })
})

describe('the default word-vector provider', () => {
  const provider = createWordVectorProvider()
  const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, index) => sum + value * b[index]!, 0)

  it('places texts of the same meaning closer than unrelated ones, in unit vectors', async () => {
    const [query, clients, lease] = await provider.embed(
      [
        'Which customers bring most of the revenue?',
        'A few large clients generate most of the income.',
        'The factory roof was repaired in spring.',
      ],
      'passage',
    )
    expect(Math.hypot(...query!)).toBeCloseTo(1, 5)
    expect(cosine(query!, clients!)).toBeGreaterThan(cosine(query!, lease!) + 0.2)
  })

  it('gives a zero vector to a text with no known word, and the same vector to the same text', async () => {
    const [unknown, first, again] = await provider.embed(
      ['zzqx wvvy 12345', 'earn-out terms', 'earn-out terms'],
      'query',
    )
    expect(unknown!.every((value) => value === 0)).toBe(true)
    expect(Array.from(first!)).toEqual(Array.from(again!))
  })
})
