import { eq, sql } from 'drizzle-orm'

import { documents, jobs } from '../db/schema'
import { rowsOf } from '../db/sql-values'
import { FACTS_READER, readFactsOrNone } from '../facts/read-facts'
import { replaceFacts } from '../facts/store'
import type { Job } from '../jobs/queue'
import type { Deps } from '../kernel/context'
import { storedPages } from './process-document'

export const READ_FACTS = 'read-facts'

export interface ReadFactsPayload {
  documentId: number
}

/**
 * Reads a processed document's facts again from its stored pages (the file is not read again),
 * when they were read by an older fact reader or before there was one. Processing reads the facts
 * of every new version itself.
 */
export function readFactsJob({ db }: Deps) {
  return async (job: Job, signal?: AbortSignal) => {
    const { documentId } = job.payload as unknown as ReadFactsPayload
    const [document] = await db
      .select({
        id: documents.id,
        organizationId: documents.organizationId,
        versionId: documents.currentVersionId,
        status: documents.processingStatus,
        reader: documents.factsReader,
      })
      .from(documents)
      .where(eq(documents.id, documentId))
    if (!document?.versionId || document.status !== 'processed' || document.reader === FACTS_READER) return
    const reading = readFactsOrNone(await storedPages({ db }, document.versionId), documentId)
    if (!reading) return
    signal?.throwIfAborted()
    await db.transaction(async (tx) => {
      // Processing of a newer version may have begun meanwhile: it reads that version's facts itself.
      const [still] = await tx
        .select({ versionId: documents.currentVersionId, status: documents.processingStatus })
        .from(documents)
        .where(eq(documents.id, documentId))
        .for('update')
      if (still?.versionId !== document.versionId || still.status !== 'processed') return
      await replaceFacts(tx, document, document.versionId!, reading)
      await tx.update(documents).set({ factsReader: FACTS_READER }).where(eq(documents.id, documentId))
    })
  }
}

/**
 * Queues a read of every processed document whose facts an older reader read (or none), once: a
 * document with such a job already queued or running is left out. Run as a worker starts, so an
 * upgrade that changes the readers brings every organization's facts up to date in the background.
 */
export async function queueStaleFacts({ db, jobs: queue }: Deps) {
  const queued = rowsOf(
    await db.execute(sql`
      insert into ${jobs} (kind, organization_id, payload)
      select ${READ_FACTS}, d.organization_id, jsonb_build_object('documentId', d.id)
      from ${documents} d
      where d.processing_status = 'processed'
        and d.facts_reader is distinct from ${FACTS_READER}
        and not exists (
          select 1 from ${jobs} j
          where j.kind = ${READ_FACTS} and j.status in ('queued', 'running') and (j.payload ->> 'documentId')::int = d.id
        )
      returning id`),
  ).length
  if (queued) queue.notify()
  return queued
}
