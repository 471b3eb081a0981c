import { z } from 'zod'

import type { SearchResultPayload } from '#api/search/contract'

import { log } from '../../runtime/log'
import { ApiError, apiJson, ApiUnavailableError } from './api-fetch.server'

/** Spec §9: five passages per search. */
export const SEARCH_TOP_K = 5
export const SEARCH_FAILED = 'Failed to perform search. Please try again.'

const SearchResultSchema = z.object({
  chunk_id: z.number(),
  document_id: z.number(),
  document_title: z.string(),
  text: z.string(),
  score: z.number().min(0).max(1),
  page_number: z.number().nullable(),
  sheet_name: z.string().nullable(),
  weak: z.boolean(),
}) satisfies z.ZodType<SearchResultPayload>

const SearchResponseSchema = z.object({ results: z.array(SearchResultSchema) })

// The backend's type; the schema above must produce it (`satisfies`), so the two cannot drift apart.
export type SearchResult = SearchResultPayload

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
      let body: unknown
      try {
        body = await apiJson<unknown>(request, '/search/', { method: 'POST', json: { query, top_k: topK } })
      } catch (error) {
        if (error instanceof ApiError) throw new SearchFailure({ query: queryErrorsOf(error) })
        if (error instanceof ApiUnavailableError) throw new SearchFailure()
        throw error
      }
      const parsed = SearchResponseSchema.safeParse(body)
      if (!parsed.success) {
        log.error({ issues: parsed.error.issues.slice(0, 5) }, 'unexpected search response')
        throw new SearchFailure()
      }
      return parsed.data.results
    },
  }
}
