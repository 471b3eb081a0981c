import { keptResults } from '../kernel/kept-results'
import type { SearchResultPayload } from './contract'
import type { SearchInput } from './schema'

// What a process keeps of each kind: some hundred recent retrievals, bounded by the bytes of their passages.
const MAX_ENTRIES = 500
const MAX_CHARACTERS = 8_000_000

/**
 * Recent retrievals of this process, each under the organization's search generation at the time
 * of the request. Triggers raise the generation whenever the chunks, postings, embeddings or titles
 * a retrieval reads change (migration 0011), and the generation comes with the caller's membership,
 * which every request reads anyway: a changed organization never gets an older answer, and checking
 * costs no statement. Results are computed after the generation was read, so they are never older
 * than their key.
 */
const createRetrievalCache = <V extends Array<{ text: string }>>() =>
  keptResults<V>({
    max: MAX_ENTRIES,
    maxSize: MAX_CHARACTERS,
    size: (results) => results.reduce((sum, result) => sum + result.text.length, 0) + 1,
  })

/** The search API's results (spec §3), by query, mode, size and documents. */
export function createSearchResultCache() {
  const cache = createRetrievalCache<SearchResultPayload[]>()
  return {
    get: (
      key: { organizationId: number; generation: number; model: string; input: SearchInput },
      compute: () => Promise<SearchResultPayload[]>,
    ) => {
      const { organizationId, generation, model, input } = key
      const documents = input.document_ids ? [...new Set(input.document_ids)].sort((a, b) => a - b) : null
      return cache.get([organizationId, generation, model, input.mode, input.top_k, documents, input.query], compute)
    },
  }
}

export type SearchResultCache = ReturnType<typeof createSearchResultCache>

declare module '../kernel/context' {
  interface Deps {
    searchResults: SearchResultCache
  }
}
