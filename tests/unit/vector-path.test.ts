import { describe, expect, it } from 'vitest'

import { HNSW_MIN_CHUNKS, usesIndex } from '../../api/ai/retrieval/vector-search'

describe('the vector index or an exact scan', () => {
  it('scans a small organization exactly and searches a large one through the index', () => {
    expect(usesIndex({ chunkCount: HNSW_MIN_CHUNKS - 1, limit: 100 })).toBe(false)
    expect(usesIndex({ chunkCount: HNSW_MIN_CHUNKS, limit: 100 })).toBe(true)
    expect(usesIndex({ chunkCount: 100_000, allChunks: 130_000, limit: 100 })).toBe(true)
  })

  it('scans an organization exactly when it is too small a share of the index for the candidates asked', () => {
    // 10,000 chunks among 130,000: 100 of them take some 1,300 entries of the index.
    expect(usesIndex({ chunkCount: 10_205, allChunks: 130_860, limit: 100 })).toBe(false)
    expect(usesIndex({ chunkCount: 10_205, allChunks: 130_860, limit: 10 })).toBe(true)
    expect(usesIndex({ chunkCount: 10_205, allChunks: 30_698, limit: 100 })).toBe(true)
    // A larger organization is worth the index at a smaller share.
    expect(usesIndex({ chunkCount: 50_000, allChunks: 500_000, limit: 100 })).toBe(true)
    expect(usesIndex({ chunkCount: 0, allChunks: 500_000, limit: 100 })).toBe(false)
  })
})
