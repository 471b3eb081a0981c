import { diffLines } from 'diff'
import { and, desc, eq, max } from 'drizzle-orm'

import type { Database } from '../db/database'
import { documentPages, documents, documentVersions, users } from '../db/schema'
import { PROCESS_DOCUMENT } from '../ingest/process-document'
import type { Deps, OrgCaller } from '../kernel/context'
import { badRequest, HttpError, notFound } from '../kernel/http-error'
import { requireDocument } from './access'
import type { VersionComparisonPayload, VersionPayload } from './contract'
import type { FileRef } from './duplicates'
import { parseUpload } from './multipart'
import { versionPayload } from './payload'
import { describeDocument, discard, insertVersion, requireEditor } from './service'

export async function listVersions(deps: Deps, caller: OrgCaller, id: number): Promise<VersionPayload[]> {
  const document = await requireDocument(deps, caller, id)
  const rows = await deps.db
    .select({
      version: documentVersions,
      creator: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
    })
    .from(documentVersions)
    .leftJoin(users, eq(users.id, documentVersions.createdById))
    .where(eq(documentVersions.documentId, document.id))
    .orderBy(desc(documentVersions.versionNumber))
  return rows.map((row) =>
    versionPayload(row.version, { createdBy: row.creator, currentVersionId: document.currentVersionId }),
  )
}

async function requireVersion(deps: Deps, documentId: number, versionId: number) {
  const [version] = await deps.db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.id, versionId), eq(documentVersions.documentId, documentId)))
  if (!version) throw notFound('Version not found.')
  return version
}

/** Makes `versionId` the document's current version and queues it for processing. */
async function makeCurrent(
  deps: Deps,
  db: Database,
  documentId: number,
  version: typeof documentVersions.$inferSelect,
) {
  const [row] = await db
    .update(documents)
    .set({
      currentVersionId: version.id,
      fileName: version.fileName,
      fileType: version.fileType,
      fileSize: version.fileSize,
      processingStatus: 'pending',
      failureReason: null,
      updatedAt: new Date(),
    })
    .where(eq(documents.id, documentId))
    .returning()
  await deps.jobs.enqueue(
    PROCESS_DOCUMENT,
    { documentId, versionId: version.id },
    { db, organizationId: row!.organizationId },
  )
  return row!
}

/** A new file for an existing document: kept as the next version, which becomes current. */
export async function uploadVersion(deps: Deps, caller: OrgCaller, id: number, request: Request) {
  requireEditor(caller)
  const document = await requireDocument(deps, caller, id)
  const upload = await parseUpload(request, deps.files, {
    maxBytes: deps.config.MAX_UPLOAD_MB * 1024 * 1024,
    maxFiles: 1,
    fileField: 'file',
  })
  const file = upload.files[0]
  if (!file)
    throw badRequest({
      file: upload.refused.length
        ? upload.refused.map((refusal) => refusal.reason)
        : ['Please select a file to upload'],
    })
  const changes = (upload.fields.changes ?? '').trim().slice(0, 500) || `Uploaded ${file.fileName}`
  try {
    const added = await addVersion(deps, caller, document.id, file, changes)
    deps.jobs.notify()
    return describeDocument(deps, added.document)
  } catch (error) {
    await discard(deps, [file])
    throw error
  }
}

/** Adds `file` as the document's next version and makes it current; the caller notifies the worker. */
export async function addVersion(deps: Deps, caller: OrgCaller, documentId: number, file: FileRef, changes: string) {
  return deps.db.transaction(async (tx) => {
    // Lock the document so two uploads cannot take the same version number.
    await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, documentId)).for('update')
    const [latest] = await tx
      .select({ number: max(documentVersions.versionNumber) })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, documentId))
    const version = await insertVersion(tx, documentId, (latest?.number ?? 0) + 1, file, caller.userId, changes)
    return {
      document: await makeCurrent(deps, tx, documentId, version),
      versionNumber: version.versionNumber,
    }
  })
}

export async function restoreVersion(deps: Deps, caller: OrgCaller, id: number, versionId: number) {
  requireEditor(caller)
  const document = await requireDocument(deps, caller, id)
  const version = await requireVersion(deps, document.id, versionId)
  if (version.id === document.currentVersionId)
    throw new HttpError(400, { detail: `Version ${version.versionNumber} is already the current version.` })
  const row = await deps.db.transaction((tx) => makeCurrent(deps, tx, document.id, version))
  deps.jobs.notify()
  return describeDocument(deps, row)
}

async function versionText(deps: Deps, versionId: number) {
  const pages = await deps.db
    .select()
    .from(documentPages)
    .where(eq(documentPages.versionId, versionId))
    .orderBy(documentPages.pageNumber)
  // Every line ends with a newline, so the last line of one version compares equal to the same line
  // in the middle of another.
  return pages.map((page) => `${page.text}\n`).join('\n')
}

/** A line diff of the extracted text of two versions of one document. */
export async function compareVersions(
  deps: Deps,
  caller: OrgCaller,
  id: number,
  fromId: number,
  toId: number,
): Promise<VersionComparisonPayload> {
  const document = await requireDocument(deps, caller, id)
  const [from, to] = await Promise.all([
    requireVersion(deps, document.id, fromId),
    requireVersion(deps, document.id, toId),
  ])
  const [fromText, toText] = await Promise.all([versionText(deps, from.id), versionText(deps, to.id)])
  for (const [version, text] of [
    [from, fromText],
    [to, toText],
  ] as const) {
    if (!text)
      throw new HttpError(400, { detail: `Version ${version.versionNumber} has no extracted text to compare yet.` })
  }
  const parts = diffLines(fromText, toText)
  return {
    from: from.versionNumber,
    to: to.versionNumber,
    added_lines: parts.filter((part) => part.added).reduce((sum, part) => sum + (part.count ?? 0), 0),
    removed_lines: parts.filter((part) => part.removed).reduce((sum, part) => sum + (part.count ?? 0), 0),
    changes: parts.map((part) => ({
      type: part.added ? 'added' : part.removed ? 'removed' : 'same',
      text: part.value,
    })),
  }
}
