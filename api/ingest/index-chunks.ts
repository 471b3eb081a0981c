import { eq } from 'drizzle-orm'

import { log } from '../../runtime/log'
import { embedAll } from '../ai/embeddings/provider'
import { isZero, meanVector } from '../ai/embeddings/vector-math'
import { analyze, joinTerms } from '../ai/retrieval/analyzer'
import { writePostings } from '../ai/retrieval/postings'
import type { Database } from '../db/database'
import { documentEmbeddings } from '../db/schema'
import type { Deps } from '../kernel/context'

/** What search needs of a chunk besides its text: analysed terms and, when the provider answered, a vector. */
export interface ChunkIndex {
  terms: string[][]
  vectors: Float32Array[] | null
  model: string
}

/**
 * Analyses and embeds chunk texts, outside any transaction (a remote provider may be slow). When the
 * provider fails and `required` is false, chunks are indexed without vectors: lexical search still
 * finds them, and `npm run reindex` (or the next index job) adds the vectors later.
 */
export async function prepareChunkIndex(
  { embeddings, config }: Deps,
  texts: string[],
  { required, embed = true }: { required: boolean; embed?: boolean },
): Promise<ChunkIndex> {
  const terms = texts.map(analyze)
  if (!embed) return { terms, vectors: null, model: embeddings.model }
  try {
    const vectors = await embedAll(embeddings, texts, 'passage', config.EMBEDDING_BATCH_SIZE)
    return { terms, vectors, model: embeddings.model }
  } catch (error) {
    if (required) throw error
    log.warn({ err: error, model: embeddings.model }, `[search] chunks indexed without vectors (${embeddings.model})`)
    return { terms, vectors: null, model: embeddings.model }
  }
}

/** Chunk columns for an insert: analysed terms, BM25 length and the vector, if any. */
export function chunkIndexColumns(index: ChunkIndex, position: number) {
  const vector = index.vectors?.[position]
  const usable = vector && !isZero(vector)
  return {
    terms: joinTerms(index.terms[position]!),
    termCount: index.terms[position]!.length,
    embedding: usable ? Array.from(vector) : null,
    embeddingModel: usable ? index.model : null,
  }
}

/**
 * Postings for the chunks just written and, when there are vectors, the document's mean vector,
 * inside the caller's transaction. Without vectors the document keeps its previous one.
 */
export async function writeChunkIndex(
  tx: Database,
  document: { id: number; organizationId: number },
  chunkIds: number[],
  index: ChunkIndex,
) {
  await writePostings(
    tx,
    document.organizationId,
    chunkIds.map((id, position) => ({ id, terms: index.terms[position]! })),
  )
  if (!index.vectors) return
  await tx.delete(documentEmbeddings).where(eq(documentEmbeddings.documentId, document.id))
  const mean = meanVector(index.vectors.filter((vector) => !isZero(vector)))
  if (mean) {
    await tx.insert(documentEmbeddings).values({
      documentId: document.id,
      organizationId: document.organizationId,
      embeddingModel: index.model,
      embedding: Array.from(mean),
    })
  }
}
