import { SearchResponseSchema, type SearchResultPayload as SearchResult } from '#api/search/contract'

import { ApiError, apiJson, ApiUnavailableError } from './api-fetch.server'
import { apiPath } from './api-path.server'
import { expectShape } from './api-shape.server'

export type { SearchResult }

/** Spec §9: five passages per search. */
export const SEARCH_TOP_K = 5
export const SEARCH_FAILED = 'Failed to perform search. Please try again.'

/**
 * A search that did not give results: `fieldErrors.query` when the backend refused the query itself
 * (the message is for the query field), otherwise a failure to show as the spec's banner.
 */
export class SearchFailure extends Error {
  constructor(readonly fieldErrors: { query?: string[] } = {}) {
    super(fieldErrors.query?.[0] ?? SEARCH_FAILED)
  }
}

function queryErrorsOf(error: ApiError): string[] | undefined {
  const messages = error.body.query
  return error.status === 400 && Array.isArray(messages) && messages.every((message) => typeof message === 'string')
    ? messages
    : undefined
}

/** The search API, bound to the signed-in request (organization from the session). */
export function searchApi(request: Request) {
  return {
    /** The passages of the current organization that best answer `query`, best first. Throws SearchFailure. */
    async search({ query, topK = SEARCH_TOP_K }: { query: string; topK?: number }): Promise<SearchResult[]> {
      try {
        const body = await apiJson(request, apiPath('/search/'), {
          method: 'POST',
          json: { query, top_k: topK },
          reads: true,
        })
        // A body that is not the contract's is an ApiError too (502), shown as the spec's banner.
        return expectShape(SearchResponseSchema, body, 'search').results
      } catch (error) {
        if (error instanceof ApiError) throw new SearchFailure({ query: queryErrorsOf(error) })
        if (error instanceof ApiUnavailableError) throw new SearchFailure()
        throw error
      }
    },
  }
}
