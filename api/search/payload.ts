import type { searchPassages } from './service'

/** The body of POST /api/search/, for the web tier's client (`import type` only). */
export type SearchResponsePayload = Awaited<ReturnType<typeof searchPassages>>
export type SearchResultPayload = SearchResponsePayload['results'][number]
