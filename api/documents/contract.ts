import { z } from 'zod'

import { PAGE_KINDS, PROCESSING_STATUSES } from '../../shared/documents'
import { FILE_TYPES } from '../../shared/file-types'
import { PersonSchema } from '../auth/contract'

// The response bodies of the documents API, declared once: the functions that write them are
// annotated with their types, the web tier's client checks what it is sent against them. Only zod,
// shared/ and other such contracts, so the web tier may load it.

/** Spec §3 "Document", plus what processing learned about it. */
export const DocumentSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  file_name: z.string(),
  file_type: z.enum(FILE_TYPES),
  file_size: z.number(),
  category: z.string(),
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  processing_status: z.enum(PROCESSING_STATUSES),
  failure_reason: z.string().nullable(),
  page_count: z.number().nullable(),
  word_count: z.number().nullable(),
  extraction_note: z.string().nullable(),
  /** Scanned pages read by OCR so far of those to read, while the document is being processed. */
  ocr_progress: z.object({ pages_done: z.number(), pages_total: z.number() }).nullable(),
  processed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: PersonSchema,
  current_version: z.number().nullable(),
  version_count: z.number(),
})

/** One page of the organization's documents, the newest first, with the categories to filter by. */
export const DocumentListSchema = z.object({
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  results: z.array(DocumentSchema),
  categories: z.array(z.string()),
})

/** Where processing has got to, for a page that waits on it. */
export const DocumentStatusSchema = z.object({
  id: z.number(),
  processing_status: z.enum(PROCESSING_STATUSES),
  failure_reason: z.string().nullable(),
  updated_at: z.string(),
})

/** Spec §3 "Version". */
export const VersionSchema = z.object({
  id: z.number(),
  version_number: z.number(),
  file_name: z.string(),
  file_type: z.enum(FILE_TYPES),
  size: z.number(),
  changes: z.string(),
  created_at: z.string(),
  created_by: PersonSchema,
  is_current: z.boolean(),
})

/** A line diff of the extracted text of two versions, by their numbers. */
export const VersionComparisonSchema = z.object({
  from: z.number(),
  to: z.number(),
  added_lines: z.number(),
  removed_lines: z.number(),
  changes: z.array(z.object({ type: z.enum(['added', 'removed', 'same']), text: z.string() })),
})

/** Set when a page is a scan read by OCR; `low` when its text likely holds errors. */
const OcrReadingSchema = z.object({ confidence: z.number(), low: z.boolean() }).nullable()
/** [start, end) offsets in a page's text. */
const SpanSchema = z.object({ start: z.number(), end: z.number() })

/**
 * One page (or sheet, or section) of the current version's text; with a chunk, its place there and
 * the rows of it an answer took (decision 061), and with a cell, the table that holds it (decision 015).
 */
export const DocumentTextSchema = z.object({
  page_count: z.number(),
  pages: z.array(
    z.object({ number: z.number(), kind: z.enum(PAGE_KINDS), label: z.string().nullable(), ocr: OcrReadingSchema }),
  ),
  page: z
    .object({
      number: z.number(),
      kind: z.enum(PAGE_KINDS),
      label: z.string().nullable(),
      text: z.string(),
      ocr: OcrReadingSchema,
    })
    .nullable(),
  /**
   * The cited passage's place in `page.text`, when a chunk was asked for and found there, and the
   * places of the rows asked for that were found in it (the view marks those alone).
   */
  passage: SpanSchema.extend({ chunk_id: z.number(), rows: z.array(SpanSchema) }).nullable(),
  /** The cited cell's table as read from its chunk (rows of cells as written, header rows first), when one was asked for and found. */
  cell: z
    .object({
      chunk_id: z.number(),
      table: z.number(),
      row: z.number(),
      column: z.number(),
      caption: z.string(),
      header_rows: z.number(),
      rows: z.array(z.array(z.string())),
    })
    .nullable(),
})

/** Facts read from the text itself: size, and the terms and figures it mentions most (`sampled`: of a sample of a long text). */
export const DocumentInsightsSchema = z.object({
  page_count: z.number().nullable(),
  section_count: z.number(),
  word_count: z.number(),
  key_terms: z.array(z.object({ term: z.string(), count: z.number() })),
  figures: z.array(z.string()),
  sampled: z.boolean(),
})

/** One of the organization's documents closest in meaning to another, `score` 0..1. */
export const RelatedDocumentSchema = z.object({
  document_id: z.number(),
  document_title: z.string(),
  file_type: z.enum(FILE_TYPES),
  score: z.number(),
})

export const DUPLICATE_OUTCOMES = ['kept', 'skipped', 'new_version', 'undecided'] as const

/** The organization's document that already holds an uploaded file. */
const DuplicateOfSchema = z.object({
  id: z.number(),
  title: z.string(),
  version_number: z.number(),
  is_current: z.boolean(),
})

/** What became of one duplicate file. */
export const DuplicateEntrySchema = z.object({
  file_name: z.string(),
  /**
   * The organization's document that holds the same file. Null only for a held file skipped after
   * that document was deleted: skipping needs nothing of it.
   */
  duplicate_of: DuplicateOfSchema.nullable(),
  outcome: z.enum(DUPLICATE_OUTCOMES),
  /** The document created (kept) or given a new version; null when skipped or undecided. */
  document: z.object({ id: z.number(), title: z.string(), current_version: z.number().nullable() }).nullable(),
  /** For `undecided` only: settles the file with POST /documents/resolve_duplicates/. */
  token: z.string().optional(),
})

/** A file an upload held back (`on_duplicate: ask`), with the token that settles it. */
export const HeldDuplicateSchema = DuplicateEntrySchema.extend({
  duplicate_of: DuplicateOfSchema,
  outcome: z.literal('undecided'),
  document: z.null(),
  token: z.string(),
})

/** A single upload's 409 with `on_duplicate: ask`: the file the organization already holds, held. */
export const DuplicatesHeldSchema = z.object({ detail: z.string(), duplicates: z.array(HeldDuplicateSchema) })

/** A single upload's document, with `duplicate` saying what became of a file the organization already held. */
export const UploadSchema = DocumentSchema.extend({ duplicate: DuplicateEntrySchema.nullable() })

/** What settling held files stored: the documents created, the spec's message, and each duplicate's outcome. */
export const DuplicatesResolvedSchema = z.object({
  document_ids: z.array(z.number()),
  message: z.string(),
  duplicates: z.array(DuplicateEntrySchema),
})

/** A batch upload's answer: as settling held files, and each file refused with its reason. */
export const BatchUploadSchema = DuplicatesResolvedSchema.extend({
  refused: z.array(z.object({ file_name: z.string(), reason: z.string() })),
})

/** Spec §3 "Document statistics", plus processing and per-file-type counts. */
export const DocumentStatisticsSchema = z.object({
  total_documents: z.number(),
  processed_documents: z.number(),
  processing_documents: z.number(),
  pending_documents: z.number(),
  failed_documents: z.number(),
  by_file_type: z.record(z.number()),
})

export type DocumentPayload = z.infer<typeof DocumentSchema>
export type DocumentListPayload = z.infer<typeof DocumentListSchema>
export type DocumentStatusPayload = z.infer<typeof DocumentStatusSchema>
export type VersionPayload = z.infer<typeof VersionSchema>
export type VersionComparisonPayload = z.infer<typeof VersionComparisonSchema>
export type DocumentTextPayload = z.infer<typeof DocumentTextSchema>
export type DocumentInsightsPayload = z.infer<typeof DocumentInsightsSchema>
export type RelatedDocumentPayload = z.infer<typeof RelatedDocumentSchema>
export type DuplicateOutcome = (typeof DUPLICATE_OUTCOMES)[number]
export type DuplicateEntryPayload = z.infer<typeof DuplicateEntrySchema>
export type HeldDuplicatePayload = z.infer<typeof HeldDuplicateSchema>
export type DuplicatesHeldPayload = z.infer<typeof DuplicatesHeldSchema>
export type UploadPayload = z.infer<typeof UploadSchema>
export type DuplicatesResolvedPayload = z.infer<typeof DuplicatesResolvedSchema>
export type BatchUploadPayload = z.infer<typeof BatchUploadSchema>
export type DocumentStatisticsPayload = z.infer<typeof DocumentStatisticsSchema>
