import { and, eq, sql } from 'drizzle-orm'

import { log } from '../../runtime/log'
import { documentOcrPages, documents, jobs } from '../db/schema'
import type { Deps } from '../kernel/context'
import type { OcrProgress, ScannedPage } from './extraction-types'

/** The document was deleted, or another version became its current one, while OCR read it. */
export class DocumentGone extends Error {
  name = 'DocumentGone'
  constructor() {
    super('The document was deleted or replaced while its scans were read; OCR stopped.')
  }
}

/**
 * Keeps each page OCR reads, and the count, as it is read: the document's progress shows it, and
 * a restart takes the pages read so far instead of reading them again. Each page read is counted on
 * the job's row, for the organization's daily allowance (ocr-allowance.ts). Writes run one at a
 * time in the order they came; one that fails loses only that much of the progress.
 *
 * The write that finds the document gone (deleted, or no longer at this version) aborts `stopped`:
 * the run reading it ends at the next page, in whichever process the deletion was made, as it is
 * the database that says so.
 */
export function ocrProgressWriter(
  { db }: Deps,
  { jobId, documentId, versionId }: { jobId: number; documentId: number; versionId: number },
) {
  let writes = Promise.resolve()
  let pagesKept = 0
  let reading = false
  let scans: ScannedPage[] | undefined
  const stop = new AbortController()
  const save = async ({ done, total, page }: OcrProgress) => {
    if (stop.signal.aborted) return
    const current = await db.transaction(async (tx) => {
      // The page was read, whatever became of its document: it counts.
      if (page)
        await tx
          .update(jobs)
          .set({ ocrPages: sql`${jobs.ocrPages} + 1` })
          .where(eq(jobs.id, jobId))
      // Before the page is kept, so the document's row is locked: a deletion waits, and takes the page with it.
      const [still] = await tx
        .update(documents)
        .set({ ocrPagesDone: done, ocrPagesTotal: total })
        .where(and(eq(documents.id, documentId), eq(documents.currentVersionId, versionId)))
        .returning({ id: documents.id })
      if (!still) return false
      if (page)
        await tx
          .insert(documentOcrPages)
          .values({ versionId, ...page })
          .onConflictDoUpdate({
            target: [documentOcrPages.versionId, documentOcrPages.pageNumber],
            set: { text: page.text, confidence: page.confidence },
          })
      return true
    })
    if (!current) {
      stop.abort(new DocumentGone())
      return
    }
    if (page) pagesKept++
  }
  return {
    write(progress: OcrProgress) {
      reading = true
      scans = progress.scans ?? scans
      writes = writes.then(() =>
        save(progress).catch((error: unknown) => log.warn({ err: error, documentId }, 'could not record OCR progress')),
      )
    },
    settled: () => writes,
    /** Pages this run read and kept, which a following run need not read again. */
    get pagesKept() {
      return pagesKept
    },
    /** The scans the run found (or was given), once it has looked: a further run need not look again. */
    get scans() {
      return scans
    },
    /** Whether OCR has begun on the document's scans: from then on what the run does is kept as it goes. */
    get reading() {
      return reading
    },
    /** Aborted once the document is found gone: its reading should stop. */
    stopped: stop.signal,
  }
}
