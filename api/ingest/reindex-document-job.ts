import { and, asc, eq, inArray, sql } from 'drizzle-orm'

import { log } from '../../runtime/log'
import { isZero } from '../ai/embeddings/vector-math'
import { joinTerms } from '../ai/retrieval/analyzer'
import type { Database } from '../db/database'
import { chunkTerms, documentChunks, documents, organizations as organizationsTable } from '../db/schema'
import { intArray, rowsOf, textArray, vectorLiteral } from '../db/sql-values'
import type { Job } from '../jobs/queue'
import type { Deps } from '../kernel/context'
import { prepareChunkIndex, writeChunkIndex } from './index-chunks'

export const INDEX_DOCUMENT = 'index-document'

export interface IndexDocumentPayload {
  documentId: number
  /** Re-embed even chunks whose vectors come from the current model. */
  force?: boolean
}

/**
 * Rebuilds a processed document's search index from its stored chunks: BM25 postings always, vectors
 * when they come from another model (after a provider change) or when forced. No text is read
 * again. `npm run reindex` and the upgrade that introduced search enqueue this job.
 */
export function indexDocumentJob(deps: Deps) {
  const { db, embeddings } = deps
  return async (job: Job, signal?: AbortSignal) => {
    const { documentId, force = false } = job.payload as unknown as IndexDocumentPayload
    const [document] = await db
      .select({ id: documents.id, organizationId: documents.organizationId })
      .from(documents)
      .where(eq(documents.id, documentId))
    const chunks = await db
      .select({ id: documentChunks.id, text: documentChunks.text, model: documentChunks.embeddingModel })
      .from(documentChunks)
      .where(eq(documentChunks.documentId, documentId))
      .orderBy(asc(documentChunks.chunkIndex))
    if (!document || chunks.length === 0) return
    const reembed = force || chunks.some((chunk) => chunk.model !== embeddings.model)
    const index = await prepareChunkIndex(
      deps,
      chunks.map((chunk) => chunk.text),
      { embed: reembed, required: job.attempts < job.maxAttempts },
    )
    const ids = chunks.map((chunk) => chunk.id)
    signal?.throwIfAborted() // a shutdown: the job resumes on the next start
    await db.transaction(async (tx) => {
      await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, documentId)).for('update')
      // Processing may have replaced the chunks meanwhile, and indexed the new ones itself.
      const current = await tx
        .select({ id: documentChunks.id })
        .from(documentChunks)
        .where(eq(documentChunks.documentId, documentId))
      if (current.length !== ids.length || current.some((row) => !ids.includes(row.id))) return
      await tx.execute(sql`delete from ${chunkTerms} where chunk_id = any(${intArray(ids)})`)
      const vectors = index.vectors?.map((vector) => (isZero(vector) ? null : vectorLiteral(vector)))
      await tx.execute(sql`
        update document_chunks c set term_count = v.term_count, terms = v.terms
        ${vectors ? sql`, embedding = v.embedding::vector, embedding_model = case when v.embedding is null then null else ${embeddings.model} end` : sql``}
        from unnest(${intArray(ids)}, ${intArray(index.terms.map((terms) => terms.length))},
            ${textArray(index.terms.map(joinTerms))}, ${textArray(vectors ?? ids.map(() => null))})
          as v(id, term_count, terms, embedding)
        where c.id = v.id`)
      await writeChunkIndex(tx, document, ids, index)
    })
  }
}

/**
 * Queues an index job for every processed document of the named organizations (all when none is
 * named). Returns how many were queued; unknown slugs are an error, so a typo re-indexes nothing.
 */
export async function enqueueReindex(
  deps: Deps,
  { organizations: slugs = [], force = false }: { organizations?: string[]; force?: boolean },
) {
  const { db, jobs } = deps
  const found = slugs.length
    ? await db
        .select({ id: organizationsTable.id, slug: organizationsTable.slug })
        .from(organizationsTable)
        .where(inArray(organizationsTable.slug, slugs))
    : []
  const unknown = slugs.filter((slug) => !found.some((organization) => organization.slug === slug))
  if (unknown.length) throw new Error(`No organization with the slug ${unknown.map((slug) => `"${slug}"`).join(', ')}.`)
  const filters = [eq(documents.processingStatus, 'processed')]
  if (found.length)
    filters.push(
      inArray(
        documents.organizationId,
        found.map((organization) => organization.id),
      ),
    )
  const targets = await db
    .select({ id: documents.id, organizationId: documents.organizationId })
    .from(documents)
    .where(and(...filters))
    .orderBy(asc(documents.id))
  await db.transaction(async (tx) => {
    for (const target of targets) {
      await jobs.enqueue(INDEX_DOCUMENT, { documentId: target.id, force } satisfies IndexDocumentPayload, {
        db: tx,
        organizationId: target.organizationId,
      })
    }
  })
  jobs.notify()
  return targets.length
}

/** Says at start when chunks carry vectors of another model than the configured one (a provider change). */
export async function reportStaleVectors(db: Database, model: string) {
  const [row] = rowsOf(
    await db.execute(sql`select count(*)::int as stale from document_chunks where embedding_model <> ${model}`),
  )
  const stale = Number(row?.stale ?? 0)
  if (stale > 0) {
    log.warn(
      `${stale} document chunks have vectors of another embedding model than ${model}; semantic search skips them until \`npm run reindex\` re-embeds them.`,
    )
  }
}
