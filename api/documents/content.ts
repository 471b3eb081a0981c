import { Readable } from 'node:stream'

import { and, eq } from 'drizzle-orm'

import type { CellPosition, RowPosition } from '../../shared/cells'
import { documentChunks, documentPages, documentVersions, type FileType } from '../db/schema'
import type { Deps, OrgCaller } from '../kernel/context'
import { notFound } from '../kernel/http-error'
import { requireDocument } from './access'
import type { DocumentInsightsPayload, DocumentTextPayload } from './contract'
import { keyFacts } from './insights'
import { citedTable, locatePassage, locateRows } from './passage'

// On degraded scans every page under 70 lost a quarter or more of its words, every page at 79 or
// more kept 84% or more (docs/decisions/023): such pages stay searchable, and are flagged.
const LOW_OCR_CONFIDENCE = 70

/** Set when a page is a scan read by OCR; `low` when its text likely holds errors. */
const ocrReading = (confidence: number | null) =>
  confidence === null ? null : { confidence, low: confidence < LOW_OCR_CONFIDENCE }

const MEDIA_TYPES: Record<FileType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
}

/**
 * The extracted text of the current version, one page (or sheet, or section) at a time; with a
 * chunk, the page it lies on and its place there, with the rows of its tables an answer took from it
 * (decision 061), and with a cell of it too, the chunk's table that holds the cell (a computed
 * answer's operand, decision 015) and the cell's row among those rows.
 */
export async function documentText(
  deps: Deps,
  caller: OrgCaller,
  id: number,
  requestedPage: number,
  { chunkId, cell, rows = [] }: { chunkId?: number; cell?: CellPosition; rows?: RowPosition[] } = {},
): Promise<DocumentTextPayload> {
  const document = await requireDocument(deps, caller, id)
  const pages = await deps.db
    .select({
      number: documentPages.pageNumber,
      kind: documentPages.kind,
      label: documentPages.label,
      ocrConfidence: documentPages.ocrConfidence,
    })
    .from(documentPages)
    .where(eq(documentPages.versionId, document.currentVersionId!))
    .orderBy(documentPages.pageNumber)
  // A cited passage opens its own page; a chunk of an older version (or another document) is ignored.
  const [chunk] = chunkId
    ? await deps.db
        .select({ id: documentChunks.id, text: documentChunks.text, pageNumber: documentChunks.pageNumber })
        .from(documentChunks)
        .where(
          and(
            eq(documentChunks.id, chunkId),
            eq(documentChunks.documentId, document.id),
            eq(documentChunks.organizationId, caller.organizationId),
          ),
        )
    : []
  const pageNumber = chunk?.pageNumber ?? requestedPage
  const [page] = await deps.db
    .select()
    .from(documentPages)
    .where(and(eq(documentPages.versionId, document.currentVersionId!), eq(documentPages.pageNumber, pageNumber)))
  const located = page && chunk ? locatePassage(page.text, chunk.text) : null
  // A cited cell's row is what the page marks of its passage, as a citation's rows are.
  const marked = cell ? [...rows, { table: cell.table, row: cell.row }] : rows
  const passage =
    located && page && chunk
      ? {
          chunk_id: chunk.id,
          ...located,
          rows: marked.length ? locateRows(page.text, chunk.text, marked, located) : [],
        }
      : null
  const table = chunk && cell ? citedTable(chunk.text, cell) : null
  return {
    page_count: pages.length,
    pages: pages.map(({ ocrConfidence, ...rest }) => ({ ...rest, ocr: ocrReading(ocrConfidence) })),
    page: page
      ? {
          number: page.pageNumber,
          kind: page.kind,
          label: page.label,
          text: page.text,
          ocr: ocrReading(page.ocrConfidence),
        }
      : null,
    /**
     * The cited passage's place in `page.text`, when a chunk was asked for and found there, and the
     * places of the rows asked for that were found in it (the view marks those alone).
     */
    passage,
    /** The cited cell's table as read from its chunk (rows of cells as written, header rows first), when one was asked for and found. */
    cell: table && chunk ? { chunk_id: chunk.id, ...table } : null,
  }
}

/** Facts read from the text itself: size, and the terms and figures it mentions most. */
export async function documentInsights(deps: Deps, caller: OrgCaller, id: number): Promise<DocumentInsightsPayload> {
  const document = await requireDocument(deps, caller, id)
  const pages = await deps.db
    .select({ text: documentPages.text })
    .from(documentPages)
    .where(eq(documentPages.versionId, document.currentVersionId!))
  return {
    page_count: document.pageCount,
    section_count: pages.length,
    word_count: document.wordCount ?? 0,
    ...keyFacts(pages.map((page) => page.text).join('\n')),
  }
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function attachment(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/** The original bytes of the current version, or of the version asked for. */
export async function download(deps: Deps, caller: OrgCaller, id: number, versionId?: number) {
  const document = await requireDocument(deps, caller, id)
  const [version] = await deps.db
    .select()
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.documentId, document.id),
        eq(documentVersions.id, versionId ?? document.currentVersionId!),
      ),
    )
  if (!version) throw notFound('Version not found.')
  const stream = Readable.toWeb(deps.files.read(version.storageKey)) as unknown as ReadableStream
  return new Response(stream, {
    headers: {
      'Content-Type': MEDIA_TYPES[version.fileType],
      'Content-Length': String(version.fileSize),
      'Content-Disposition': attachment(version.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  })
}
