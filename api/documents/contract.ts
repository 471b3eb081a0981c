import { z } from 'zod'

import type { documentInsights, documentText } from './content'
import type { documentPayload, versionPayload } from './payload'
import type { relatedDocuments } from './related'
import type { listDocuments } from './service'
import type { resolveDuplicates, uploadBatch, uploadDocument } from './uploads'
import type { compareVersions } from './versions'

// The response bodies of the documents API, as the web tier's client reads them (`import type`, so no
// backend code reaches it). Dates are ISO strings already, so these are the JSON as sent. Read off
// the functions that write them, so no module of the backend imports this one.
export type DocumentPayload = ReturnType<typeof documentPayload>
export type VersionPayload = ReturnType<typeof versionPayload>
export type DocumentListPayload = Awaited<ReturnType<typeof listDocuments>>
export type DocumentTextPayload = Awaited<ReturnType<typeof documentText>>
export type DocumentInsightsPayload = Awaited<ReturnType<typeof documentInsights>>
export type RelatedDocumentPayload = Awaited<ReturnType<typeof relatedDocuments>>[number]
export type VersionComparisonPayload = Awaited<ReturnType<typeof compareVersions>>
export type BatchUploadPayload = Awaited<ReturnType<typeof uploadBatch>>['body']
/** A single upload's document, with `duplicate` saying what became of a file the organization already held. */
export type UploadPayload = Awaited<ReturnType<typeof uploadDocument>>['body']
export type ResolveDuplicatesPayload = Awaited<ReturnType<typeof resolveDuplicates>>['body']
export type { DuplicateEntry as DuplicateEntryPayload } from './duplicates'

/** Spec §3 "Document statistics", plus processing and per-file-type counts. Declared once, as the rest will be. */
export const DocumentStatisticsSchema = z.object({
  total_documents: z.number(),
  processed_documents: z.number(),
  processing_documents: z.number(),
  pending_documents: z.number(),
  failed_documents: z.number(),
  by_file_type: z.record(z.number()),
})
export type DocumentStatisticsPayload = z.infer<typeof DocumentStatisticsSchema>
