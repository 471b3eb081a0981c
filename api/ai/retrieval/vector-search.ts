import { type SQL, sql } from 'drizzle-orm'

import type { Database } from '../../db/database'
import { intArray, rowsOf, vectorLiteral } from '../../db/sql-values'

/**
 * Below this many chunks an organization's vectors are scanned exactly; from it on the HNSW index is
 * used, when the organization is enough of the index (`usesIndex`). Measured with `npm run bench`
 * (docs/benchmarks.md): an exact scan grows with the organization (24 ms at 10,000 chunks, 147 ms at
 * 100,000) while the index answers in under 20 ms, finding 97% of the exact top 10 at 100,000 chunks
 * with the search breadth below.
 */
export const HNSW_MIN_CHUNKS = 10_000
// hnsw.ef_search: at 100,000 chunks 100 found 88% of the exact top 10 in 3.4 ms, 200 94% in 4.4 ms,
// 400 97% in 6.3 ms.
const SEARCH_BREADTH = 400

/**
 * Whether the HNSW index finds the organization's nearest `limit` chunks faster than scanning them.
 * The index holds every organization's vectors and the organization is a filter on its results: to
 * return `limit` of its chunks the scan visits about `limit / share` entries, past its breadth when
 * the organization is a small share (docs/decisions/073: 10,000 chunks among 130,000 took 75 ms
 * through the index for 100 candidates, about 10 ms scanned). An exact scan costs in proportion to
 * the organization's chunks and the index to the entries it visits, so the organization must be
 * larger by as much as the visits exceed the breadth.
 */
export function usesIndex({ chunkCount, allChunks, limit }: { chunkCount: number; allChunks?: number; limit: number }) {
  const share = allChunks ? Math.min(1, chunkCount / allChunks) : 1
  const visits = share > 0 ? limit / share : Infinity
  return chunkCount >= HNSW_MIN_CHUNKS * Math.max(1, visits / SEARCH_BREADTH)
}
const DIMENSIONS_WITH_INDEX = new Set([100])

export interface VectorHit {
  id: number
  similarity: number
}

export interface NearestOptions {
  organizationId: number
  model: string
  vector: Float32Array
  limit: number
  chunkCount: number
  /** Chunks of every organization (the index's size); the organization's own when left out. */
  allChunks?: number
  documentIds?: number[]
}

/**
 * The organization's chunks nearest to `vector` by cosine, among those embedded by `model`. Small
 * organizations (and searches within given documents) are scanned exactly; large ones go through
 * the HNSW index with pgvector's iterative scan, so the organization filter cannot starve the result.
 */
export async function vectorCandidates(db: Database, options: NearestOptions): Promise<VectorHit[]> {
  const rows = await readingNearest(db, options, (nearest) => nearest)
  return rows
    .map((row) => ({ id: Number(row.id), similarity: Number(row.similarity) }))
    .sort((a, b) => b.similarity - a.similarity || a.id - b.id)
}

/**
 * Runs the statement `read` makes of the nearest chunks' query (`id`, `similarity`): alone, or in a
 * statement that reads more of them, so a search asks for its candidates in one round trip.
 */
export async function readingNearest(
  db: Database,
  options: NearestOptions,
  read: (nearest: SQL) => SQL,
): Promise<Array<Record<string, unknown>>> {
  const { organizationId, model, vector, limit, chunkCount, allChunks, documentIds } = options
  const literal = vectorLiteral(vector)
  const dimensions = vector.length
  const useIndex = !documentIds && DIMENSIONS_WITH_INDEX.has(dimensions) && usesIndex({ chunkCount, allChunks, limit })
  if (!useIndex) {
    return rowsOf(
      await db.execute(
        read(sql`
      select id, 1 - (embedding <=> ${literal}::vector) as similarity
      from document_chunks
      where organization_id = ${organizationId} and embedding_model = ${model}
        ${documentIds ? sql`and document_id = any(${intArray(documentIds)})` : sql``}
      order by embedding <=> ${literal}::vector, id
      limit ${limit}`),
      ),
    )
  }
  // The cast and the dimension test must read exactly as in the partial index for the planner to use it.
  const typed = sql.raw(`vector(${dimensions})`)
  return db.transaction(async (tx) => {
    // One statement for the three settings: each is a round trip to the database's thread.
    // Statistics can lag behind a fast-growing organization; only the index gives this order unsorted.
    await tx.execute(sql`select set_config('hnsw.ef_search', ${String(Math.max(SEARCH_BREADTH, limit))}, true),
      set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('enable_sort', 'off', true)`)
    return rowsOf(
      await tx.execute(
        read(sql`
      select id, 1 - (embedding::${typed} <=> ${literal}::${typed}) as similarity
      from document_chunks
      where vector_dims(embedding) = ${sql.raw(String(dimensions))} and organization_id = ${organizationId} and embedding_model = ${model}
      order by embedding::${typed} <=> ${literal}::${typed}
      limit ${limit}`),
      ),
    )
  })
}
