import { LRUCache } from 'lru-cache'

import type { SearchResultPayload } from './contract'
import type { SearchInput } from './schema'

// What a process keeps: some hundred recent searches, bounded by the bytes of their passages.
const MAX_ENTRIES = 500
const MAX_CHARACTERS = 8_000_000

/**
 * Recent search results of this process, each under the organization's search generation at the
 * time of the request. Triggers raise the generation whenever the chunks, postings, embeddings or
 * titles a search reads change (migration 0011), and the generation comes with the caller's
 * membership, which every request reads anyway: a changed organization never gets an older answer,
 * and checking costs no statement. Results are computed after the generation was read, so they are
 * never older than their key.
 */
export function createSearchResultCache() {
  const cache = new LRUCache<string, SearchResultPayload[]>({
    max: MAX_ENTRIES,
    maxSize: MAX_CHARACTERS,
    sizeCalculation: (results) => results.reduce((sum, result) => sum + result.text.length, 0) + 1,
  })
  return {
    async get(
      key: { organizationId: number; generation: number; model: string; input: SearchInput },
      compute: () => Promise<SearchResultPayload[]>,
    ) {
      const { organizationId, generation, model, input } = key
      const id = JSON.stringify([
        organizationId,
        generation,
        model,
        input.mode,
        input.top_k,
        input.document_ids ? [...new Set(input.document_ids)].sort((a, b) => a - b) : null,
        input.query,
      ])
      const cached = cache.get(id)
      if (cached) return cached
      const results = await compute()
      cache.set(id, results)
      return results
    },
  }
}

export type SearchResultCache = ReturnType<typeof createSearchResultCache>
