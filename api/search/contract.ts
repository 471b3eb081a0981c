import { z } from 'zod'

// The bodies of the search API, declared once: its service and its cache hold them, the web tier's
// client checks what it is sent against them. Only zod, so the web tier may load it.

/** Spec §3 "Search result", plus the chunk and, for workbooks, the sheet it comes from. */
export const SearchResultSchema = z.object({
  chunk_id: z.number(),
  document_id: z.number(),
  document_title: z.string(),
  text: z.string(),
  /** 0..1, to four decimals. */
  score: z.number().min(0).max(1),
  page_number: z.number().nullable(),
  sheet_name: z.string().nullable(),
  /**
   * True when the passage is below the relevance floor (api/search/relevance-floor.ts): it holds
   * fewer than half of the query's content terms, or only one of several. Such a result is not a
   * match but the closest the documents come; results keep their order and number, so a client
   * that ignores this field sees what it always did. Added for issue 33.
   */
  weak: z.boolean(),
})

/** The body of POST /api/search/. */
export const SearchResponseSchema = z.object({ results: z.array(SearchResultSchema) })

export type SearchResultPayload = z.infer<typeof SearchResultSchema>
export type SearchResponsePayload = z.infer<typeof SearchResponseSchema>
