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
}

/** The body of POST /api/search/. */
export interface SearchResponsePayload {
  results: SearchResultPayload[]
}
