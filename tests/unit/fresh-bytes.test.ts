import { describe, expect, it } from 'vitest'

import { freshBytes } from '../../app/http/fresh-bytes.server'

describe('fresh random bytes', () => {
  it('hands every byte out once, across refills of the pool', () => {
    const seen = new Set<string>()
    // 1,000 nonces of 16 bytes span four refills of the 4 KB pool.
    for (let index = 0; index < 1000; index++) {
      const bytes = freshBytes(16)
      expect(bytes).toHaveLength(16)
      seen.add(bytes.toString('hex'))
    }
    expect(seen.size).toBe(1000)
  })

  it('gives a slice that stays as it was once the pool is refilled', () => {
    const kept = freshBytes(4)
    const copy = Buffer.from(kept)
    for (let index = 0; index < 2000; index++) freshBytes(16)
    expect(kept.equals(copy)).toBe(true)
  })

  it('gives more than a pool at once', () => {
    expect(freshBytes(10_000)).toHaveLength(10_000)
  })
})
