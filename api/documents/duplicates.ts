import { createHmac, timingSafeEqual } from 'node:crypto'

import { and, desc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'

import { documents, documentVersions, FILE_TYPES, type FileType } from '../db/schema'
import type { Deps, OrgCaller } from '../kernel/context'
import { HttpError } from '../kernel/http-error'
import type { DuplicateEntryPayload as DuplicateEntry, DuplicateOutcome as Outcome } from './contract'

/** The file of an upload as far as a document needs it: where its bytes are and what they are. */
export interface FileRef {
  key: string
  size: number
  fileName: string
  type: FileType
}

export interface DuplicateMatch {
  id: number
  title: string
  versionNumber: number
  isCurrent: boolean
}

/**
 * The organization's document that already holds a file with this content, or null. Any version
 * counts, not only current ones: the organization has the bytes either way, and re-uploading an
 * older file is most often meant to bring it back, which "add as a new version" then does. A
 * document whose current version matches is named first, then the newest one. Deleted documents are
 * deleted with their versions, so they never match; another organization's never does.
 */
export async function findDuplicate(
  { db }: Deps,
  organizationId: number,
  key: string,
  only?: { documentId: number },
): Promise<DuplicateMatch | null> {
  const isCurrent = sql<boolean>`${documents.currentVersionId} = ${documentVersions.id}`
  const filters = [eq(documentVersions.storageKey, key), eq(documents.organizationId, organizationId)]
  if (only) filters.push(eq(documents.id, only.documentId))
  const [match] = await db
    .select({ id: documents.id, title: documents.title, versionNumber: documentVersions.versionNumber, isCurrent })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.documentId))
    .where(and(...filters))
    .orderBy(desc(isCurrent), desc(documents.createdAt), desc(documents.id), desc(documentVersions.versionNumber))
    .limit(1)
  return match ? { ...match, isCurrent: Boolean(match.isCurrent) } : null
}

/** How a message names the document that holds a file: `"Title"`, or `version 2 of "Title"` for an older version. */
export const whereHeld = (held: { title: string; version_number: number; is_current: boolean }) =>
  held.is_current ? `"${held.title}"` : `version ${held.version_number} of "${held.title}"`

const alreadyUploaded = (entry: DuplicateEntry) =>
  `"${entry.file_name}" is already uploaded as ${whereHeld(entry.duplicate_of!)}.`

// A choice page can sit open for a while on a slow connection; a day is plenty, and a token only
// ever attaches a file its organization still holds (checked again when it is used).
const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000

const HeldSchema = z.object({
  o: z.number().int(),
  u: z.number().int(),
  k: z.string().regex(/^[a-f0-9]{64}$/),
  n: z.string().min(1).max(255),
  t: z.enum(FILE_TYPES),
  s: z.number().int().nonnegative(),
  d: z.number().int(),
  e: z.number(),
})

/** A duplicate held back by `ask`: the file, and the document the caller was shown. */
export interface HeldFile extends FileRef {
  documentId: number
}

const signingKey = (secret: string) => createHmac('sha256', secret).update('duplicate-upload-token').digest()
const sign = (secret: string, payload: string) => createHmac('sha256', signingKey(secret)).update(payload).digest()

/**
 * An opaque token for a held duplicate, signed and bound to the caller's organization and user, so
 * the choice can be made in a later request without sending the file again. The storage key inside
 * is only ever honoured for the organization that uploaded it.
 */
export function holdToken({ config }: Deps, caller: OrgCaller, file: FileRef, match: DuplicateMatch, now = Date.now()) {
  const payload = Buffer.from(
    JSON.stringify({
      o: caller.organizationId,
      u: caller.userId,
      k: file.key,
      n: file.fileName,
      t: file.type,
      s: file.size,
      d: match.id,
      e: now + TOKEN_LIFETIME_MS,
    }),
  ).toString('base64url')
  return `${payload}.${sign(config.JWT_SECRET, payload).toString('base64url')}`
}

const EXPIRED = 'This upload is no longer waiting for a choice. Upload the file again.'

/** The held file of a token made for this caller; anything else (forged, expired, another's) answers 400. */
export function readHoldToken({ config }: Deps, caller: OrgCaller, token: string, now = Date.now()): HeldFile {
  const [payload = '', signature = ''] = token.split('.')
  const expected = sign(config.JWT_SECRET, payload)
  const given = Buffer.from(signature, 'base64url')
  if (!payload || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new HttpError(400, { detail: EXPIRED })
  let held: z.infer<typeof HeldSchema>
  try {
    held = HeldSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')))
  } catch {
    throw new HttpError(400, { detail: EXPIRED })
  }
  if (held.o !== caller.organizationId || held.u !== caller.userId || held.e < now)
    throw new HttpError(400, { detail: EXPIRED })
  return { key: held.k, fileName: held.n, type: held.t, size: held.s, documentId: held.d }
}

export const duplicateOf = (match: DuplicateMatch | null): DuplicateEntry['duplicate_of'] =>
  match && { id: match.id, title: match.title, version_number: match.versionNumber, is_current: match.isCurrent }

/**
 * The message of a batch (or of settling held files): the spec's "N documents uploaded and queued
 * for processing." first, then what became of the duplicates, each named when it is the only one.
 * `whole` is false when settling held files: their upload may have stored others, so "Nothing
 * uploaded" would be wrong there.
 */
export function outcomeMessage(created: number, entries: DuplicateEntry[], { whole }: { whole: boolean }) {
  const of = (outcome: Outcome) => entries.filter((entry) => entry.outcome === outcome)
  const [kept, versions, skipped, undecided] = [of('kept'), of('new_version'), of('skipped'), of('undecided')]
  const parts: string[] = []
  if (created > 0 || entries.length === 0)
    parts.push(`${created} document${created === 1 ? '' : 's'} uploaded and queued for processing.`)
  if (kept.length === 1) parts.push(`"${kept[0]!.file_name}" is a copy of ${whereHeld(kept[0]!.duplicate_of!)}.`)
  else if (kept.length > 1) parts.push(`${kept.length} of them are copies of documents already uploaded.`)
  if (versions.length === 1) {
    const { file_name, document } = versions[0]!
    parts.push(`"${file_name}" added as version ${document!.current_version} of "${document!.title}".`)
  } else if (versions.length > 1)
    parts.push(`${versions.length} files added as new versions of the documents they match.`)
  if (skipped.length) {
    const lead = whole && parts.length === 0 ? 'Nothing uploaded: ' : 'Skipped: '
    const [only] = skipped
    if (skipped.length === 1)
      parts.push(only!.duplicate_of ? `${lead}${alreadyUploaded(only!)}` : `"${only!.file_name}" skipped.`)
    else parts.push(`${lead}${skipped.length} files are already uploaded.`)
  }
  if (undecided.length === 1) parts.push(alreadyUploaded(undecided[0]!))
  else if (undecided.length > 1) parts.push(`${undecided.length} files are already uploaded.`)
  return parts.join(' ')
}
