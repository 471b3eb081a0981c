import { sql } from 'drizzle-orm'

import type { Database } from '../../db/database'
import { intArray, rowsOf, vectorLiteral } from '../../db/sql-values'

/**
 * Below this many chunks an organization's vectors are scanned exactly; from it on the HNSW index is
 * used. Measured with `npm run bench` (docs/benchmarks.md): an exact scan grows with the
 * organization (24 ms at 10,000 chunks, 147 ms at 100,000) while the index answers in under 20 ms,
 * finding 97% of the exact top 10 at 100,000 chunks with the search breadth below.
 */
export const HNSW_MIN_CHUNKS = 10_000
// hnsw.ef_search: at 100,000 chunks 100 found 88% of the exact top 10 in 3.4 ms, 200 94% in 4.4 ms,
// 400 97% in 6.3 ms.
const SEARCH_BREADTH = 400
const DIMENSIONS_WITH_INDEX = new Set([100])

export interface VectorHit {
  id: number
  similarity: number
}

/**
 * The organization's chunks nearest to `vector` by cosine, among those embedded by `model`. Small
 * organizations (and searches within given documents) are scanned exactly; large ones go through
 * the HNSW index with pgvector's iterative scan, so the organization filter cannot starve the result.
 */
export async function vectorCandidates(
  db: Database,
  options: {
    organizationId: number
    model: string
    vector: Float32Array
    limit: number
    chunkCount: number
    documentIds?: number[]
  },
): Promise<VectorHit[]> {
  const { organizationId, model, vector, limit, chunkCount, documentIds } = options
  const literal = vectorLiteral(vector)
  const dimensions = vector.length
  const useIndex = !documentIds && chunkCount >= HNSW_MIN_CHUNKS && DIMENSIONS_WITH_INDEX.has(dimensions)
  if (!useIndex) {
    const result = await db.execute(sql`
      select id, 1 - (embedding <=> ${literal}::vector) as similarity
      from document_chunks
      where organization_id = ${organizationId} and embedding_model = ${model}
        ${documentIds ? sql`and document_id = any(${intArray(documentIds)})` : sql``}
      order by embedding <=> ${literal}::vector, id
      limit ${limit}`)
    return hits(result)
  }
  // The cast and the dimension test must read exactly as in the partial index for the planner to use it.
  const typed = sql.raw(`vector(${dimensions})`)
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local hnsw.ef_search = ${sql.raw(String(Math.max(SEARCH_BREADTH, limit)))}`)
    await tx.execute(sql`set local hnsw.iterative_scan = relaxed_order`)
    // Statistics can lag behind a fast-growing organization; only the index gives this order unsorted.
    await tx.execute(sql`set local enable_sort = off`)
    const result = await tx.execute(sql`
      select id, 1 - (embedding::${typed} <=> ${literal}::${typed}) as similarity
      from document_chunks
      where vector_dims(embedding) = ${sql.raw(String(dimensions))} and organization_id = ${organizationId} and embedding_model = ${model}
      order by embedding::${typed} <=> ${literal}::${typed}
      limit ${limit}`)
    return hits(result).sort((a, b) => b.similarity - a.similarity || a.id - b.id)
  })
}

const hits = (result: unknown) =>
  rowsOf(result).map((row) => ({ id: Number(row.id), similarity: Number(row.similarity) }))
