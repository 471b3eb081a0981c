// The bodies of the search API, for its service, its cache and the web tier's client (`import type` only).

/** Spec §3 "Search result", plus the chunk and, for workbooks, the sheet it comes from. */
export interface SearchResultPayload {
  chunk_id: number
  document_id: number
  document_title: string
  text: string
  /** 0..1, to four decimals. */
  score: number
  page_number: number | null
  sheet_name: string | null
  /**
   * True when the passage is below the relevance floor (api/search/relevance-floor.ts): it holds
   * fewer than half of the query's content terms, or only one of several. Such a result is not a
   * match but the closest the documents come; results keep their order and number, so a client
   * that ignores this field sees what it always did. Added for issue 33.
   */
  weak: boolean
}

/** The body of POST /api/search/. */
export interface SearchResponsePayload {
  results: SearchResultPayload[]
}
