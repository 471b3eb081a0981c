import type { z } from 'zod'

import { refusedFilesSentence } from '../../shared/file-types'
import type { Deps, OrgCaller } from '../kernel/context'
import { badRequest, HttpError } from '../kernel/http-error'
import { requireDocument } from './access'
import type {
  BatchUploadPayload,
  DuplicateEntryPayload as DuplicateEntry,
  DuplicatesResolvedPayload,
  UploadPayload,
} from './contract'
import {
  type DuplicateMatch,
  duplicateOf,
  type FileRef,
  findDuplicate,
  type HeldFile,
  holdToken,
  outcomeMessage,
  readHoldToken,
  whereHeld,
} from './duplicates'
import { parseUpload, type RefusedFile } from './multipart'
import { type DuplicateChoice, type OnDuplicate, type ResolveDuplicatesSchema, UploadFieldsSchema } from './schema'
import { createDocument, describeDocument, discard, type DocumentRow, maxBytes, requireEditor } from './service'
import { addVersion } from './versions'

type Fields = { title?: string; description: string; category: string }

/** A body with its status: 201 when anything was stored, else 200. */
interface Answer<Body> {
  status: 201 | 200
  body: Body
}

interface Stored {
  /** The document created (no duplicate, or kept) or given a new version; null when nothing was stored. */
  document: DocumentRow | null
  created: boolean
  /** What became of the file, when the organization already held it. */
  entry: DuplicateEntry | null
}

const entry = (
  file: FileRef,
  match: DuplicateMatch | null,
  outcome: DuplicateEntry['outcome'],
  document: DuplicateEntry['document'],
): DuplicateEntry => ({
  file_name: file.fileName,
  duplicate_of: duplicateOf(match),
  outcome,
  document,
})

/**
 * Stores one accepted file as the caller chose for a duplicate: a document when the organization
 * does not hold the file yet or `keep`; nothing for `skip` and `ask` (which answers a token instead);
 * the next version of the matching document for `new_version`.
 */
async function store(
  deps: Deps,
  caller: OrgCaller,
  file: FileRef,
  fields: Fields,
  choice: OnDuplicate,
  match: DuplicateMatch | null,
): Promise<Stored> {
  if (!match || choice === 'keep') {
    const document = await createDocument(deps, caller, file, fields)
    return {
      document,
      created: true,
      entry: match && entry(file, match, 'kept', { id: document.id, title: document.title, current_version: 1 }),
    }
  }
  if (choice === 'skip') return { document: null, created: false, entry: entry(file, match, 'skipped', null) }
  if (choice === 'ask')
    return {
      document: null,
      created: false,
      entry: { ...entry(file, match, 'undecided', null), token: holdToken(deps, caller, file, match) },
    }
  const changes = `Uploaded ${file.fileName}: the same file as version ${match.versionNumber}`
  const { document, versionNumber } = await addVersion(deps, caller, match.id, file, changes)
  return {
    document,
    created: false,
    entry: entry(file, match, 'new_version', {
      id: document.id,
      title: document.title,
      current_version: versionNumber,
    }),
  }
}

const refusalErrors = (refused: RefusedFile[]) => refused.map((file) => file.reason)

/**
 * POST /documents/: the spec's single upload. A file the organization already holds is handled as
 * `on_duplicate` says (default keep); the answer is the document created or given the version (201),
 * or the existing one when skipped (200), with `duplicate` naming what the file copies.
 */
export async function uploadDocument(deps: Deps, caller: OrgCaller, request: Request): Promise<Answer<UploadPayload>> {
  requireEditor(caller)
  const upload = await parseUpload(request, deps.files, { maxBytes: maxBytes(deps), maxFiles: 1, fileField: 'file' })
  const fields = UploadFieldsSchema.safeParse(upload.fields)
  const file = upload.files[0]
  if (!fields.success || !file) {
    await discard(deps, upload.files)
    const errors: Record<string, string[]> = {}
    if (!fields.success)
      for (const issue of fields.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message)
    if (!file) {
      errors.file = upload.refused.length ? refusalErrors(upload.refused) : ['Please select a file to upload']
      if (!upload.refused.length && !upload.fields.title?.trim()) errors.title = ['Please enter a document title']
    }
    throw badRequest(errors)
  }
  const { on_duplicate: choice, ...documentFields } = fields.data
  const match = await findDuplicate(deps, caller.organizationId, file.key)
  const stored = await store(deps, caller, file, documentFields, choice, match)
  if (stored.entry?.outcome === 'undecided') {
    // DuplicatesHeldSchema in the contract; tests/api/duplicate-uploads.test.ts holds it to that.
    throw new HttpError(409, {
      detail: `"${file.fileName}" is already uploaded as ${whereHeld(stored.entry.duplicate_of!)}.`,
      duplicates: [stored.entry],
    })
  }
  deps.jobs.notify()
  const document = stored.document ?? (await requireDocument(deps, caller, match!.id))
  return {
    status: stored.document ? (201 as const) : (200 as const),
    body: { ...(await describeDocument(deps, document)), duplicate: stored.entry },
  }
}

/**
 * POST /documents/upload_batch/: stores the good files, names each refused one, and handles each
 * file the organization already holds (an earlier file of the same batch included) as `on_duplicate`
 * says. 201 when anything was stored; 200 when every file was skipped or held.
 */
export async function uploadBatch(
  deps: Deps,
  caller: OrgCaller,
  request: Request,
): Promise<Answer<BatchUploadPayload>> {
  requireEditor(caller)
  const upload = await parseUpload(request, deps.files, {
    maxBytes: maxBytes(deps),
    maxFiles: deps.config.MAX_BATCH_FILES,
    fileField: 'files',
  })
  const category = UploadFieldsSchema.shape.category.safeParse(upload.fields.category)
  const onDuplicate = UploadFieldsSchema.shape.on_duplicate.safeParse(upload.fields.on_duplicate)
  if (!onDuplicate.success) {
    await discard(deps, upload.files)
    throw badRequest({ on_duplicate: onDuplicate.error.issues.map((issue) => issue.message) })
  }
  if (upload.files.length === 0) {
    throw new HttpError(400, {
      files: upload.refused.length ? refusalErrors(upload.refused) : ['Please select at least one file to upload'],
      refused: upload.refused,
    })
  }
  const fields = { description: '', category: category.success ? category.data : '' }
  const results: Stored[] = []
  // One at a time, so a file that repeats an earlier one of the same batch is found as its duplicate.
  for (const file of upload.files) {
    results.push(
      await store(
        deps,
        caller,
        file,
        fields,
        onDuplicate.data,
        await findDuplicate(deps, caller.organizationId, file.key),
      ),
    )
  }
  deps.jobs.notify()
  const answer = batchAnswer(results, { whole: true })
  const refused = refusedFilesSentence(refusalErrors(upload.refused))
  return {
    status: results.some((result) => result.document) ? (201 as const) : (200 as const),
    body: { ...answer, message: refused ? `${answer.message} ${refused}` : answer.message, refused: upload.refused },
  }
}

function batchAnswer(results: Stored[], options: { whole: boolean }) {
  const ids = results.filter((result) => result.created).map((result) => result.document!.id)
  const duplicates = results.flatMap((result) => (result.entry ? [result.entry] : []))
  return { document_ids: ids, message: outcomeMessage(ids.length, duplicates, options), duplicates }
}

const NO_LONGER_HELD = (fileName: string) =>
  `"${fileName}" can no longer be added: the document that had the same file was deleted. Upload the file again.`

/**
 * POST /documents/resolve_duplicates/: settles files an upload held back with `ask`. Every token
 * must be the caller's own, and its file must still be held by the caller's organization: a storage
 * key is never taken from a client unless the organization already has a version with it. All are
 * checked before anything is stored, so a refusal stores nothing.
 */
export async function resolveDuplicates(
  deps: Deps,
  caller: OrgCaller,
  input: z.infer<typeof ResolveDuplicatesSchema>,
): Promise<Answer<DuplicatesResolvedPayload>> {
  requireEditor(caller)
  const checked: Array<{ held: HeldFile; choice: DuplicateChoice; fields: Fields; match: DuplicateMatch | null }> = []
  for (const { token, on_duplicate: choice, ...fields } of input.choices) {
    const held = readHoldToken(deps, caller, token)
    // A new version goes to the document the caller was shown, which must still hold the file.
    const match = await findDuplicate(
      deps,
      caller.organizationId,
      held.key,
      choice === 'new_version' ? { documentId: held.documentId } : undefined,
    )
    if (!match && choice !== 'skip') throw new HttpError(409, { detail: NO_LONGER_HELD(held.fileName) })
    checked.push({ held, choice, fields, match })
  }
  const results: Stored[] = []
  for (const { held, choice, fields, match } of checked) {
    results.push(
      match
        ? await store(deps, caller, held, fields, choice, match)
        : { document: null, created: false, entry: entry(held, null, 'skipped', null) },
    )
  }
  deps.jobs.notify()
  return {
    status: results.some((result) => result.document) ? (201 as const) : (200 as const),
    body: batchAnswer(results, { whole: false }),
  }
}
