import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm'
import type { z } from 'zod'

import { recordEvent } from '../audit/service'
import { requireRole } from '../auth/access'
import type { Database } from '../db/database'
import { preparedStatement } from '../db/prepared'
import { documentOcrPages, documentPages, documents, documentVersions, type FileType, users } from '../db/schema'
import { guessCategory } from '../ingest/categories'
import { PROCESS_DOCUMENT } from '../ingest/process-document'
import type { Deps, OrgCaller } from '../kernel/context'
import { notFound } from '../kernel/http-error'
import { requireDocument } from './access'
import type { DocumentListPayload, DocumentPayload, DocumentStatusPayload } from './contract'
import type { FileRef } from './duplicates'
import { documentPayload, PAYLOAD_COLUMNS } from './payload'
import type { ListDocumentsSchema, UpdateDocumentSchema } from './schema'

export type DocumentRow = typeof documents.$inferSelect

/** Upload, delete, reprocess and edits: admin and analyst (DESIGN §4). */
export const requireEditor = (caller: OrgCaller) => requireRole(caller, ['analyst'])

const documentColumns = getTableColumns(documents)
const payloadColumns = Object.fromEntries(PAYLOAD_COLUMNS.map((name) => [name, documentColumns[name]])) as {
  [Name in (typeof PAYLOAD_COLUMNS)[number]]: (typeof documentColumns)[Name]
}

/*
 * A document as its payload shows it, with who created it and its versions, in one statement.
 * Selected flat, and only what the payload shows: drizzle maps a table selected whole beside a join
 * column by column, testing each for the join's nulls (3.8% of a web process's CPU under a load of
 * /documents, 2.8-3.4% so; issue 49), and the rest of the row, what its tables hold as JSON, was
 * parsed for nothing.
 */
const withDetails = (db: Database) =>
  db
    .select({
      ...payloadColumns,
      creatorId: users.id,
      creatorEmail: users.email,
      creatorFirstName: users.firstName,
      creatorLastName: users.lastName,
      versionCount: sql<number>`(select count(*) from ${documentVersions}
        where ${documentVersions.documentId} = ${documents.id})`.mapWith(Number),
      currentVersion: sql<number | null>`(select ${documentVersions.versionNumber} from ${documentVersions}
        where ${documentVersions.id} = ${documents.currentVersionId})`,
    })
    .from(documents)
    .leftJoin(users, eq(users.id, documents.createdById))

type Detailed = Awaited<ReturnType<ReturnType<typeof withDetails>['execute']>>[number]

const describe = (row: Detailed) =>
  documentPayload(row, {
    createdBy:
      row.creatorId === null
        ? null
        : {
            id: row.creatorId,
            email: row.creatorEmail!,
            firstName: row.creatorFirstName!,
            lastName: row.creatorLastName!,
          },
    versionCount: row.versionCount,
    currentVersion: row.currentVersion,
  })

const documentById = preparedStatement((db) =>
  withDetails(db)
    .where(eq(documents.id, sql.placeholder('id')))
    .prepare('document_by_id'),
)

export async function describeDocument({ db }: Deps, row: DocumentRow): Promise<DocumentPayload> {
  const [detailed] = await documentById(db).execute({ id: row.id })
  if (!detailed) throw notFound('Document not found.')
  return describe(detailed)
}

// The list's filters, each off when its value is null: one prepared statement serves every combination.
const placeholder = sql.placeholder
const listFilter = sql`(${placeholder('statuses')}::text[] is null
    or ${documents.processingStatus} = any(${placeholder('statuses')}::text[]))
  and (${placeholder('category')}::text is null or ${documents.category} = ${placeholder('category')})
  and (${placeholder('pattern')}::text is null or ${documents.title} ilike ${placeholder('pattern')}
    or ${documents.description} ilike ${placeholder('pattern')} or ${documents.fileName} ilike ${placeholder('pattern')})`

const documentsPage = preparedStatement((db) =>
  withDetails(db)
    .where(and(eq(documents.organizationId, placeholder('organizationId')), listFilter))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(placeholder('limit'))
    .offset(placeholder('offset'))
    .prepare('documents_page'),
)

// The filtered count and the organization's categories (for the filter) in one pass over its documents.
const documentsSummary = preparedStatement((db) =>
  db
    .select({
      count: sql<number>`count(*) filter (where ${listFilter})`.mapWith(Number),
      categories: sql<string[]>`coalesce(array_agg(distinct ${documents.category} order by ${documents.category})
        filter (where ${documents.category} <> ''), '{}')`,
    })
    .from(documents)
    .where(eq(documents.organizationId, placeholder('organizationId')))
    .prepare('documents_summary'),
)

export async function listDocuments(
  { db }: Deps,
  caller: OrgCaller,
  query: z.infer<typeof ListDocumentsSchema>,
): Promise<DocumentListPayload> {
  const filters = {
    organizationId: caller.organizationId,
    statuses: query.status.length ? `{${query.status.join(',')}}` : null,
    category: query.category || null,
    pattern: query.search ? `%${query.search.replace(/[\\%_]/g, (match) => `\\${match}`)}%` : null,
  }
  const [rows, [summary]] = await Promise.all([
    documentsPage(db).execute({ ...filters, limit: query.page_size, offset: (query.page - 1) * query.page_size }),
    documentsSummary(db).execute(filters),
  ])
  return {
    count: summary?.count ?? 0,
    page: query.page,
    page_size: query.page_size,
    results: rows.map(describe),
    categories: summary?.categories ?? [],
  }
}

const withoutExtension = (fileName: string) => fileName.replace(/\.[^.]+$/, '')

/** Inserts a document with its first version and its processing job, all or nothing; the caller notifies the worker. */
export async function createDocument(
  deps: Deps,
  caller: OrgCaller,
  file: FileRef,
  fields: { title?: string; description: string; category: string },
) {
  const title = fields.title || withoutExtension(file.fileName)
  return deps.db.transaction(async (tx) => {
    const [document] = await tx
      .insert(documents)
      .values({
        organizationId: caller.organizationId,
        title,
        description: fields.description,
        fileName: file.fileName,
        fileType: file.type,
        fileSize: file.size,
        // Left to the app, it is guessed from the title now and from the content once it is read.
        category: fields.category || guessCategory({ title, type: file.type }),
        categoryGuessed: !fields.category,
        createdById: caller.userId,
      })
      .returning()
    const version = await insertVersion(tx, document!.id, 1, file, caller.userId, 'Original upload')
    const [current] = await tx
      .update(documents)
      .set({ currentVersionId: version.id })
      .where(eq(documents.id, document!.id))
      .returning()
    await deps.jobs.enqueue(
      PROCESS_DOCUMENT,
      { documentId: document!.id, versionId: version.id },
      { db: tx, organizationId: document!.organizationId },
    )
    return current!
  })
}

export async function insertVersion(
  db: Database,
  documentId: number,
  versionNumber: number,
  file: FileRef,
  userId: number,
  changes: string,
) {
  const [version] = await db
    .insert(documentVersions)
    .values({
      documentId,
      versionNumber,
      fileName: file.fileName,
      fileType: file.type,
      fileSize: file.size,
      storageKey: file.key,
      changes,
      createdById: userId,
    })
    .returning()
  return version!
}

export const maxBytes = (deps: Deps) => deps.config.MAX_UPLOAD_MB * 1024 * 1024

/** Removes stored files that no version refers to (files are shared by content). */
export async function discard(deps: Deps, files: Array<{ key: string }>) {
  for (const { key } of files) {
    const [used] = await deps.db
      .select({ count: count() })
      .from(documentVersions)
      .where(eq(documentVersions.storageKey, key))
    if ((used?.count ?? 0) === 0) await deps.files.remove(key)
  }
}

export async function updateDocument(
  deps: Deps,
  caller: OrgCaller,
  id: number,
  input: z.infer<typeof UpdateDocumentSchema>,
) {
  requireEditor(caller)
  const current = await requireDocument(deps, caller, id)
  // A category a person sets is theirs: ingestion no longer revises it. The metadata form sends the
  // category with every save, so only a changed one counts as chosen.
  const chosen = input.category !== undefined && input.category !== current.category
  const [row] = await deps.db
    .update(documents)
    .set({ ...input, ...(chosen ? { categoryGuessed: false } : {}), updatedAt: new Date() })
    .where(and(eq(documents.id, id), eq(documents.organizationId, caller.organizationId)))
    .returning()
  return describeDocument(deps, row!)
}

/** Deletes the document with its versions, logged with its title in the same transaction; then its files. */
export async function deleteDocument(deps: Deps, caller: OrgCaller, id: number) {
  requireEditor(caller)
  await requireDocument(deps, caller, id)
  const versions = await deps.db
    .select({ key: documentVersions.storageKey })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, id))
  await deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(documents)
      .where(and(eq(documents.id, id), eq(documents.organizationId, caller.organizationId)))
      .returning()
    // Deleted meanwhile by someone else, whose deletion is the one logged.
    if (!deleted) throw notFound('Document not found.')
    await recordEvent(tx, deps.clock, caller, caller.organizationId, {
      action: 'document.deleted',
      target: deleted.title,
      details: { document_id: deleted.id, file_name: deleted.fileName, versions: versions.length },
    })
  })
  await discard(deps, versions)
}

/** Runs processing again from the file: the version's stored text is dropped and re-extracted. */
export async function reprocessDocument(deps: Deps, caller: OrgCaller, id: number) {
  requireEditor(caller)
  const document = await requireDocument(deps, caller, id)
  const versionId = document.currentVersionId!
  const row = await deps.db.transaction(async (tx) => {
    await tx.delete(documentPages).where(eq(documentPages.versionId, versionId))
    // Scanned pages are read by OCR again too, not taken from a run that was cut off.
    await tx.delete(documentOcrPages).where(eq(documentOcrPages.versionId, versionId))
    const [updated] = await tx
      .update(documents)
      .set({
        processingStatus: 'pending',
        failureReason: null,
        ocrPagesDone: null,
        ocrPagesTotal: null,
        updatedAt: new Date(),
      })
      .where(eq(documents.id, id))
      .returning()
    await deps.jobs.enqueue(
      PROCESS_DOCUMENT,
      { documentId: id, versionId },
      { db: tx, organizationId: document.organizationId },
    )
    return updated!
  })
  deps.jobs.notify()
  return describeDocument(deps, row)
}

export function statusPayload(row: DocumentRow): DocumentStatusPayload {
  return {
    id: row.id,
    processing_status: row.processingStatus,
    failure_reason: row.failureReason,
    updated_at: row.updatedAt.toISOString(),
  }
}

export type { FileType }
