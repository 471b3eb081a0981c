import type { documentVersions, documents, users } from '../db/schema'

type DocumentRow = typeof documents.$inferSelect
type VersionRow = typeof documentVersions.$inferSelect
type Person = Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName' | 'lastName'> | null

const person = (user: Person) =>
  user ? { id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName } : null

/** Spec §3 "Document", plus what processing learned about it. */
export function documentPayload(row: DocumentRow, extra: { createdBy: Person; versionCount: number; currentVersion: number | null }) {
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
    processed_at: row.processedAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
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
    created_at: row.createdAt,
    created_by: person(extra.createdBy),
    is_current: row.id === extra.currentVersionId,
  }
}
