import { retrieve } from '../ai/retrieval/hybrid'
import type { Deps, OrgCaller } from '../kernel/context'
import type { SearchResponsePayload, SearchResultPayload } from './contract'
import { relevanceFloor } from './relevance-floor'
import type { SearchInput } from './schema'

/** Spec §3 search; `generation` is the organization's search generation as the caller's membership read it. */
export async function searchPassages(
  deps: Deps,
  caller: OrgCaller,
  generation: number,
  input: SearchInput,
): Promise<SearchResponsePayload> {
  const key = { organizationId: caller.organizationId, generation, model: deps.embeddings.model, input }
  return { results: await deps.searchResults.get(key, () => rankedResults(deps, caller, input)) }
}

async function rankedResults(deps: Deps, caller: OrgCaller, input: SearchInput): Promise<SearchResultPayload[]> {
  const passages = await retrieve(deps, {
    organizationId: caller.organizationId,
    query: input.query,
    topK: input.top_k,
    mode: input.mode,
    documentIds: input.document_ids,
  })
  const clears = relevanceFloor(input.query)
  return passages.map((passage) => ({
    chunk_id: passage.chunkId,
    document_id: passage.documentId,
    document_title: passage.documentTitle,
    text: passage.text,
    score: Math.round(passage.score * 10_000) / 10_000,
    page_number: passage.pageNumber,
    sheet_name: passage.sheetName,
    weak: !clears(passage.text),
  }))
}
