import { and, eq } from 'drizzle-orm'

import { log } from '../../runtime/log'
import type { Deps } from '../context'
import { documentOcrPages, documents } from '../db/schema'
import type { OcrProgress } from './extraction-types'

/**
 * Keeps each page OCR reads, and the count, as it is read: the document's progress shows it, and
 * a restart takes the pages read so far instead of reading them again. Writes run one at a time in
 * the order they came; one that fails loses only that much of the progress.
 */
export function ocrProgressWriter({ db }: Deps, documentId: number, versionId: number) {
  let writes = Promise.resolve()
  let pagesKept = 0
  const save = async ({ done, total, page }: OcrProgress) => {
    await db.transaction(async (tx) => {
      if (page)
        await tx
          .insert(documentOcrPages)
          .values({ versionId, ...page })
          .onConflictDoUpdate({
            target: [documentOcrPages.versionId, documentOcrPages.pageNumber],
            set: { text: page.text, confidence: page.confidence },
          })
      await tx
        .update(documents)
        .set({ ocrPagesDone: done, ocrPagesTotal: total })
        .where(and(eq(documents.id, documentId), eq(documents.currentVersionId, versionId)))
    })
    if (page) pagesKept++
  }
  return {
    write(progress: OcrProgress) {
      writes = writes.then(() =>
        save(progress).catch((error: unknown) => log.warn({ err: error, documentId }, 'could not record OCR progress')),
      )
    },
    settled: () => writes,
    /** Pages this run read and kept, which a following run need not read again. */
    get pagesKept() {
      return pagesKept
    },
  }
}
