import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import type { z } from 'zod'

import type { Deps, OrgCaller } from '../context'
import type { Database } from '../db/client'
import { documentPages, documents, documentVersions, type FileType, users } from '../db/schema'
import { suggestCategory } from '../ingest/categories'
import { PROCESS_DOCUMENT } from '../ingest/process-document'
import { requireRole } from '../organizations/access'
import { requireDocument } from './access'
import type { FileRef } from './duplicates'
import { documentPayload } from './payload'
import type { ListDocumentsSchema, UpdateDocumentSchema } from './schema'

export type DocumentRow = typeof documents.$inferSelect

/** Upload, delete, reprocess and edits: admin and analyst (DESIGN §4). */
export const requireEditor = (caller: OrgCaller) => requireRole(caller, ['analyst'])

export async function describeDocuments({ db }: Deps, rows: DocumentRow[]) {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const creatorIds = [...new Set(rows.map((row) => row.createdById).filter((id): id is number => id !== null))]
  const [creators, versions] = await Promise.all([
    creatorIds.length
      ? db
          .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, creatorIds))
      : [],
    db
      .select({
        documentId: documentVersions.documentId,
        id: documentVersions.id,
        versionNumber: documentVersions.versionNumber,
      })
      .from(documentVersions)
      .where(inArray(documentVersions.documentId, ids)),
  ])
  return rows.map((row) => {
    const own = versions.filter((version) => version.documentId === row.id)
    return documentPayload(row, {
      createdBy: creators.find((creator) => creator.id === row.createdById) ?? null,
      versionCount: own.length,
      currentVersion: own.find((version) => version.id === row.currentVersionId)?.versionNumber ?? null,
    })
  })
}

export async function describeDocument(deps: Deps, row: DocumentRow) {
  return (await describeDocuments(deps, [row]))[0]!
}

export async function listDocuments(deps: Deps, caller: OrgCaller, query: z.infer<typeof ListDocumentsSchema>) {
  const { db } = deps
  const filters = [eq(documents.organizationId, caller.organizationId)]
  if (query.status.length) filters.push(inArray(documents.processingStatus, query.status))
  if (query.category) filters.push(eq(documents.category, query.category))
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`
    filters.push(
      or(ilike(documents.title, pattern), ilike(documents.description, pattern), ilike(documents.fileName, pattern))!,
    )
  }
  const where = and(...filters)
  const [rows, [total], categories] = await Promise.all([
    db
      .select()
      .from(documents)
      .where(where)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ count: count() }).from(documents).where(where),
    db
      .selectDistinct({ category: documents.category })
      .from(documents)
      .where(and(eq(documents.organizationId, caller.organizationId), sql`${documents.category} <> ''`))
      .orderBy(documents.category),
  ])
  return {
    count: total?.count ?? 0,
    page: query.page,
    page_size: query.page_size,
    results: await describeDocuments(deps, rows),
    categories: categories.map((row) => row.category),
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
        category: fields.category || suggestCategory(title, file.type),
        createdById: caller.userId,
      })
      .returning()
    const version = await insertVersion(
      tx as unknown as Database,
      document!.id,
      1,
      file,
      caller.userId,
      'Original upload',
    )
    const [current] = await tx
      .update(documents)
      .set({ currentVersionId: version.id })
      .where(eq(documents.id, document!.id))
      .returning()
    await deps.jobs.enqueue(
      PROCESS_DOCUMENT,
      { documentId: document!.id, versionId: version.id },
      { db: tx as unknown as Database, organizationId: document!.organizationId },
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
  await requireDocument(deps, caller, id)
  const [row] = await deps.db
    .update(documents)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(documents.id, id), eq(documents.organizationId, caller.organizationId)))
    .returning()
  return describeDocument(deps, row!)
}

export async function deleteDocument(deps: Deps, caller: OrgCaller, id: number) {
  requireEditor(caller)
  await requireDocument(deps, caller, id)
  const versions = await deps.db
    .select({ key: documentVersions.storageKey })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, id))
  await deps.db.delete(documents).where(and(eq(documents.id, id), eq(documents.organizationId, caller.organizationId)))
  await discard(deps, versions)
}

/** Runs processing again from the file: the version's stored text is dropped and re-extracted. */
export async function reprocessDocument(deps: Deps, caller: OrgCaller, id: number) {
  requireEditor(caller)
  const document = await requireDocument(deps, caller, id)
  const versionId = document.currentVersionId!
  const row = await deps.db.transaction(async (tx) => {
    await tx.delete(documentPages).where(eq(documentPages.versionId, versionId))
    const [updated] = await tx
      .update(documents)
      .set({ processingStatus: 'pending', failureReason: null, updatedAt: new Date() })
      .where(eq(documents.id, id))
      .returning()
    await deps.jobs.enqueue(
      PROCESS_DOCUMENT,
      { documentId: id, versionId },
      { db: tx as unknown as Database, organizationId: document.organizationId },
    )
    return updated!
  })
  deps.jobs.notify()
  return describeDocument(deps, row)
}

export function statusPayload(row: DocumentRow) {
  return {
    id: row.id,
    processing_status: row.processingStatus,
    failure_reason: row.failureReason,
    updated_at: row.updatedAt,
  }
}

export type { FileType }
