import type { documents, documentVersions } from '../db/schema'
import { type Person, person } from '../users/person'
import type { DocumentPayload, VersionPayload } from './contract'

type VersionRow = typeof documentVersions.$inferSelect

/** The columns of a document its payload shows: what a read for it selects (documents/service.ts). */
export const PAYLOAD_COLUMNS = [
  'id',
  'title',
  'description',
  'fileName',
  'fileType',
  'fileSize',
  'category',
  'tags',
  'processingStatus',
  'failureReason',
  'pageCount',
  'wordCount',
  'extractionNote',
  'ocrPagesDone',
  'ocrPagesTotal',
  'processedAt',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof typeof documents.$inferSelect)[]

export type DocumentPayloadRow = Pick<typeof documents.$inferSelect, (typeof PAYLOAD_COLUMNS)[number]>

/** Spec §3 "Document", plus what processing learned about it. */
export function documentPayload(
  row: DocumentPayloadRow,
  extra: { createdBy: Person; versionCount: number; currentVersion: number | null },
): DocumentPayload {
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

/** Spec §3 "Version". */
export function versionPayload(
  row: VersionRow,
  extra: { createdBy: Person; currentVersionId: number | null },
): VersionPayload {
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
