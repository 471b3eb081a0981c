import { retrieve } from '../ai/retrieval/hybrid'
import type { Deps, OrgCaller } from '../context'
import type { SearchInput } from './schema'

/** Spec §3 "Search result", plus the chunk and, for workbooks, the sheet it comes from. */
export async function searchPassages(deps: Deps, caller: OrgCaller, input: SearchInput) {
  const passages = await retrieve(deps, {
    organizationId: caller.organizationId,
    query: input.query,
    topK: input.top_k,
    mode: input.mode,
    documentIds: input.document_ids,
  })
  return {
    results: passages.map((passage) => ({
      chunk_id: passage.chunkId,
      document_id: passage.documentId,
      document_title: passage.documentTitle,
      text: passage.text,
      score: Math.round(passage.score * 10_000) / 10_000,
      page_number: passage.pageNumber,
      sheet_name: passage.sheetName,
    })),
  }
}
