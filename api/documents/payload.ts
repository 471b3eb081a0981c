import type { documents, documentVersions } from '../db/schema'
import { type Person, person } from '../users/person'
import type { documentInsights, documentText } from './content'
import type { relatedDocuments } from './related'
import type { listDocuments } from './service'
import type { documentStatistics } from './statistics'
import type { resolveDuplicates, uploadBatch, uploadDocument } from './uploads'
import type { compareVersions } from './versions'

type DocumentRow = typeof documents.$inferSelect
type VersionRow = typeof documentVersions.$inferSelect
/** Spec §3 "Document", plus what processing learned about it. */
export function documentPayload(
  row: DocumentRow,
  extra: { createdBy: Person; versionCount: number; currentVersion: number | null },
) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    file_name: row.fileName,
    file_type: row.fileType,
    file_size: row.fileSize,
    category: row.category,
    categories: row.category ? [row.category] : [],
    tags: row.tags,
    processing_status: row.processingStatus,
    failure_reason: row.failureReason,
    page_count: row.pageCount,
    word_count: row.wordCount,
    extraction_note: row.extractionNote,
    /** Scanned pages read by OCR so far of those to read, while the document is being processed. */
    ocr_progress:
      row.processingStatus === 'processing' && row.ocrPagesTotal
        ? { pages_done: row.ocrPagesDone ?? 0, pages_total: row.ocrPagesTotal }
        : null,
    processed_at: row.processedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by: person(extra.createdBy),
    current_version: extra.currentVersion,
    version_count: extra.versionCount,
  }
}

/** Spec §3 "Version", for real. */
export function versionPayload(row: VersionRow, extra: { createdBy: Person; currentVersionId: number | null }) {
  return {
    id: row.id,
    version_number: row.versionNumber,
    file_name: row.fileName,
    file_type: row.fileType,
    size: row.fileSize,
    changes: row.changes,
    created_at: row.createdAt.toISOString(),
    created_by: person(extra.createdBy),
    is_current: row.id === extra.currentVersionId,
  }
}

// The response bodies of the documents API, as the web tier's client reads them (`import type`, so no
// backend code reaches it). Dates are ISO strings already, so these are the JSON as sent.
export type DocumentPayload = ReturnType<typeof documentPayload>
export type VersionPayload = ReturnType<typeof versionPayload>
export type DocumentListPayload = Awaited<ReturnType<typeof listDocuments>>
export type DocumentStatisticsPayload = Awaited<ReturnType<typeof documentStatistics>>
export type DocumentTextPayload = Awaited<ReturnType<typeof documentText>>
export type DocumentInsightsPayload = Awaited<ReturnType<typeof documentInsights>>
export type RelatedDocumentPayload = Awaited<ReturnType<typeof relatedDocuments>>[number]
export type VersionComparisonPayload = Awaited<ReturnType<typeof compareVersions>>
export type BatchUploadPayload = Awaited<ReturnType<typeof uploadBatch>>['body']
/** A single upload's document, with `duplicate` saying what became of a file the organization already held. */
export type UploadPayload = Awaited<ReturnType<typeof uploadDocument>>['body']
export type ResolveDuplicatesPayload = Awaited<ReturnType<typeof resolveDuplicates>>['body']
export type { DuplicateEntry as DuplicateEntryPayload } from './duplicates'
