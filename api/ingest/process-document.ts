import { and, eq, sql } from 'drizzle-orm'

import { log } from '../../runtime/log'
import type { ExtractedPage } from '../ai/text/pages'
import type { Database } from '../db/database'
import {
  documentChunks,
  documentEmbeddings,
  documentOcrPages,
  documentPages,
  documents,
  documentVersions,
} from '../db/schema'
import { FACTS_READER, readFactsOrNone } from '../facts/read-facts'
import { replaceFacts } from '../facts/store'
import { tablesHold } from '../facts/tables-hold'
import type { Job } from '../jobs/queue'
import { watchRunTurn } from '../jobs/run-turns'
import type { Deps } from '../kernel/context'
import { guessCategory } from './categories'
import { chunkPages, countTokens } from './chunker'
import { extractInWorker } from './extraction-pool'
import { ExtractionError, ExtractionTimeout, type ScannedPage } from './extraction-types'
import { chunkIndexColumns, prepareChunkIndex, writeChunkIndex } from './index-chunks'
import { ocrAllowance } from './ocr-allowance'
import { ocrProgressWriter } from './ocr-progress'

export const PROCESS_DOCUMENT = 'process-document'

export interface ProcessDocumentPayload {
  documentId: number
  versionId: number
  /** A PDF's scans, found by the run this one goes on from. */
  scans?: ScannedPage[]
}

const INSERT_BATCH = 500
// How often a run reading a PDF asks who else wants its slot: one small query a second per run,
// for a wait of about a second more than the claim's own.
const TURN_CHECK_MS = 1000

export const UNEXPECTED_FAILURE = 'Processing failed unexpectedly. Try Reprocess; if it fails again, contact support.'

/**
 * Turns a stored version into text pages and retrieval chunks: pending → processing → processed,
 * or failed with a reason. A document whose current version changed meanwhile is left alone.
 */
export function processDocumentJob(deps: Deps) {
  const { db, config, files } = deps
  return async (job: Job, signal?: AbortSignal) => {
    const { documentId, versionId, scans } = job.payload as unknown as ProcessDocumentPayload
    const [document] = await db.select().from(documents).where(eq(documents.id, documentId))
    if (!document || document.currentVersionId !== versionId) return
    const [version] = await db.select().from(documentVersions).where(eq(documentVersions.id, versionId))
    if (!version) return
    await db
      .update(documents)
      .set({
        processingStatus: 'processing',
        failureReason: null,
        ocrPagesDone: null,
        ocrPagesTotal: null,
        updatedAt: new Date(),
      })
      .where(eq(documents.id, documentId))

    let pages: Array<ExtractedPage & { pageNumber: number }>
    let notes: string[] = []
    const progress = ocrProgressWriter(deps, { jobId: job.id, documentId, versionId })
    let turn: ReturnType<typeof watchRunTurn> | undefined
    try {
      pages = await storedPages(deps, versionId)
      if (pages.length === 0) {
        const done = await db
          .select({
            pageNumber: documentOcrPages.pageNumber,
            text: documentOcrPages.text,
            confidence: documentOcrPages.confidence,
          })
          .from(documentOcrPages)
          .where(eq(documentOcrPages.versionId, versionId))
        const ocr = config.OCR
          ? {
              maxPages: config.OCR_MAX_PAGES,
              done,
              scans,
              // Only a PDF has scans to read: other files need not count the organization's pages.
              allowance: version.fileType === 'pdf' ? await ocrAllowance(deps, job.organizationId) : undefined,
            }
          : undefined
        // A PDF's scans are kept page by page as they are read, so its run can end early and a
        // further run go on: its turn over, or at once for an organization that worked less. Its
        // text is not kept as it is read: until OCR begins the run is left to finish.
        turn =
          ocr && version.fileType === 'pdf'
            ? watchRunTurn(deps.jobs, job, {
                turnMs: config.OCR_RUN_SECONDS * 1000,
                // Half a turn ahead, not just ahead: two organizations taking turns on one slot then
                // run about a turn each rather than a page each (decision 047).
                marginMs: (config.OCR_RUN_SECONDS * 1000) / 2,
                everyMs: TURN_CHECK_MS,
                keeping: () => progress.reading,
              })
            : undefined
        // A shutdown stops the reader, and so do the document's deletion (the progress writer sees
        // it) and an organization that worked less waiting for the slot.
        const stop = AbortSignal.any([signal, progress.stopped, turn?.gaveWay].filter((one) => one !== undefined))
        let extraction
        try {
          extraction = await files.withLocalFile(
            version.storageKey,
            (file) =>
              extractInWorker(
                version.fileType,
                file,
                {
                  timeoutMs: config.EXTRACTION_TIMEOUT_SECONDS * 1000,
                  memoryMb: config.EXTRACTION_MEMORY_MB,
                  maxChars: config.MAX_EXTRACTED_CHARS,
                  ocr,
                },
                stop,
                { onProgress: progress.write, windDown: turn?.turnOver },
              ),
            { signal: stop },
          )
        } finally {
          turn?.stop()
        }
        await progress.settled()
        if (progress.stopped.aborted) return await forgetRun(deps, job, versionId)
        if (extraction.ocrUnfinished) {
          await continueLater(deps, job, progress.scans)
          return
        }
        pages = extraction.pages.map((page, index) => ({ ...page, pageNumber: index + 1 }))
        notes = extraction.notes
      }
    } catch (error) {
      await progress.settled()
      // Stopped by a shutdown: the document stays as it is and the job resumes on the next start.
      if (signal?.aborted) throw error
      // Deleted or replaced while read: nothing is left to do for it, and nothing failed.
      if (progress.stopped.aborted) return await forgetRun(deps, job, versionId)
      // Stopped for another organization's job: a further run goes on from the pages kept.
      if (turn?.gaveWay.aborted) {
        await continueLater(deps, job, progress.scans)
        return
      }
      // Stopped in the middle of a page after reading others, or after finding the scans it was not
      // given: the next run goes on from there.
      if (error instanceof ExtractionTimeout && (progress.pagesKept > 0 || (progress.scans && !scans))) {
        await continueLater(deps, job, progress.scans)
        return
      }
      if (!(error instanceof ExtractionError)) {
        if (job.attempts >= job.maxAttempts) await markFailed(deps, documentId, versionId, UNEXPECTED_FAILURE)
        throw error
      }
      await markFailed(deps, documentId, versionId, error.message)
      return
    }

    const chunks = chunkPages(pages)
    const reading = readFactsOrNone(pages, documentId)
    // A provider outage retries the job; on its last attempt the document is still made searchable by words.
    const index = await prepareChunkIndex(
      deps,
      chunks.map((chunk) => chunk.text),
      { required: job.attempts < job.maxAttempts },
    )
    const category = guessCategory({
      title: document.title,
      type: version.fileType,
      terms: index.terms.flat(),
      holds: tablesHold(reading?.facts ?? []).map((found) => found.kind),
    })
    // Last point to stop at for a shutdown; the transaction, once begun, is left to commit.
    signal?.throwIfAborted()
    await db.transaction(async (tx) => {
      if (!(await lockIfCurrent(tx, documentId, versionId))) return
      const existing = await tx
        .select({ id: documentPages.id })
        .from(documentPages)
        .where(eq(documentPages.versionId, versionId))
        .limit(1)
      if (existing.length === 0) {
        for (let start = 0; start < pages.length; start += INSERT_BATCH) {
          await tx.insert(documentPages).values(
            pages.slice(start, start + INSERT_BATCH).map((page) => ({
              versionId,
              pageNumber: page.pageNumber,
              kind: page.kind,
              label: page.label,
              header: page.header ?? null,
              text: page.text,
              ocrConfidence: page.ocrConfidence ?? null,
            })),
          )
        }
      }
      await tx.delete(documentOcrPages).where(eq(documentOcrPages.versionId, versionId))
      await tx.delete(documentChunks).where(eq(documentChunks.documentId, documentId))
      const chunkIds: number[] = []
      for (let start = 0; start < chunks.length; start += INSERT_BATCH) {
        const inserted = await tx
          .insert(documentChunks)
          .values(
            chunks.slice(start, start + INSERT_BATCH).map((chunk, offset) => {
              const page = pages[chunk.pageIndex - 1]!
              return {
                organizationId: document.organizationId,
                documentId,
                versionId,
                chunkIndex: chunk.index,
                pageNumber: page.kind === 'page' ? page.pageNumber : null,
                sheetName: page.kind === 'sheet' ? page.label : null,
                text: chunk.text,
                tokenCount: chunk.tokenCount,
                ...chunkIndexColumns(index, start + offset),
              }
            }),
          )
          .returning({ id: documentChunks.id })
        chunkIds.push(...inserted.map((row) => row.id))
      }
      await writeChunkIndex(tx, document, chunkIds, index)
      await replaceFacts(tx, document, versionId, reading ?? { facts: [], terms: [] })
      await tx
        .update(documents)
        .set({
          processingStatus: 'processed',
          failureReason: null,
          pageCount: pages.filter((page) => page.kind !== 'section').length || null,
          wordCount: pages.reduce((sum, page) => sum + countTokens(page.text), 0),
          extractionNote: notes.length ? notes.join(' ') : null,
          factsReader: reading ? FACTS_READER : null,
          // The guess made from the title at upload gives way to the content's, unless a person chose one meanwhile.
          category: sql`case when ${documents.categoryGuessed} then ${category} else ${documents.category} end`,
          processedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(documents.id, documentId))
    })
  }
}

/** Pages already extracted for this version (a restored version needs no second extraction). */
export async function storedPages({ db }: Pick<Deps, 'db'>, versionId: number) {
  const rows = await db
    .select()
    .from(documentPages)
    .where(eq(documentPages.versionId, versionId))
    .orderBy(documentPages.pageNumber)
  return rows.map((row) => ({
    kind: row.kind,
    label: row.label,
    text: row.text,
    header: row.header ?? undefined,
    ocrConfidence: row.ocrConfidence ?? undefined,
    pageNumber: row.pageNumber,
  }))
}

/** Locks the document for the transaction; false when it is gone or its current version is no longer this one. */
async function lockIfCurrent(tx: Database, documentId: number, versionId: number) {
  const [still] = await tx
    .select({ currentVersionId: documents.currentVersionId })
    .from(documents)
    .where(eq(documents.id, documentId))
    .for('update')
  return still?.currentVersionId === versionId
}

/**
 * OCR ran out of this run's time with pages still to read: the same version is queued again, to go
 * on from the pages read so far, so each run stays within the extraction's time limit and other
 * documents get their turn in between. It is given the scans this run found (if it looked), so it
 * need not look for them again.
 */
async function continueLater({ db, jobs }: Deps, job: Job, scans: ScannedPage[] | undefined) {
  const { documentId, versionId } = job.payload as unknown as ProcessDocumentPayload
  await db.transaction(async (tx) => {
    if (!(await lockIfCurrent(tx, documentId, versionId))) return
    await jobs.enqueue(
      PROCESS_DOCUMENT,
      { documentId, versionId, scans },
      {
        db: tx,
        organizationId: job.organizationId,
      },
    )
  })
  jobs.notify()
}

/**
 * The document went away while its scans were read (the progress writer saw it): the pages this run
 * kept go too. A deleted version took them with it already; a replaced one keeps none.
 */
async function forgetRun({ db }: Deps, job: Job, versionId: number) {
  await db.delete(documentOcrPages).where(eq(documentOcrPages.versionId, versionId))
  log.info({ jobId: job.id, versionId }, 'the document was deleted or replaced: its OCR run stopped')
}

async function markFailed({ db }: Deps, documentId: number, versionId: number, reason: string) {
  await db.transaction(async (tx) => {
    await tx.delete(documentChunks).where(and(eq(documentChunks.documentId, documentId)))
    await tx.delete(documentEmbeddings).where(eq(documentEmbeddings.documentId, documentId))
    await tx.delete(documentOcrPages).where(eq(documentOcrPages.versionId, versionId))
    await tx
      .update(documents)
      .set({
        processingStatus: 'failed',
        failureReason: reason,
        pageCount: null,
        wordCount: null,
        updatedAt: new Date(),
      })
      .where(and(eq(documents.id, documentId), eq(documents.currentVersionId, versionId)))
  })
}
