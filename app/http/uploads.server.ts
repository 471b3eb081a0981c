import { randomUUID } from 'node:crypto'
import { createWriteStream, openAsBlob } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import {
  MaxPartSizeExceededError,
  NodeOnDiskFile,
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type UploadHandlerPart,
} from '@remix-run/node'

import { tooLargeRefusal } from '#shared/file-types'

import { keepSwept } from '../../runtime/staging-sweeps'
import { webEnv } from './env.server'
import { uploadStaging, uploadStagingAreas } from './upload-staging.server'

const UPLOAD_CUT_OFF = 'The upload was cut off or is not a valid form submission. Please try again.'
// The upload forms send a handful of fields beside their files (intent, title, category, a choice).
const MAX_FORM_FIELDS = 50

/** A body with more fields than an upload form sends: not a form of ours, so "cut off" (malformed). */
class TooManyParts extends Error {}

/** A file over MAX_UPLOAD_MB, or one file too many: the refusal names the file and its form field. */
class RefusedFile extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message)
  }
}

export type StagedUpload =
  | { formData: FormData; files: NodeOnDiskFile[]; cleanup: () => Promise<void> }
  // `field` is the file input's name, so the form can show the refusal on it.
  | { tooLarge: string; field: string }
  | { malformed: string }

/**
 * Reads an upload form, writing its files to a temporary folder as they arrive (never holding a
 * whole file in memory) and refusing any file over MAX_UPLOAD_MB. Call `cleanup` once the files
 * have been passed on to the backend. A body that breaks off or is not valid multipart answers
 * `malformed`, never an error, and leaves nothing in the temporary folder.
 *
 * Each upload gets a folder of its own from mkdtemp: mode 0700 under a name no one can guess, so
 * another user of the machine can neither read a staged file nor put one in its place, as they could
 * in one shared folder of a fixed name (which they could even have made themselves beforehand). It
 * lies in this process's staging folder (upload-staging.server.ts), so what a process killed
 * mid-upload staged is swept once the process has gone (decision 048).
 */
export async function stageUpload(request: Request): Promise<StagedUpload> {
  const { MAX_UPLOAD_MB: maxMb, MAX_BATCH_FILES: maxFiles } = webEnv()
  const maxBytes = maxMb * 1024 * 1024
  const files: NodeOnDiskFile[] = []
  // A disk that fails is the server's problem (500); any other failure is the body's (400).
  let diskFailure: unknown
  // Counted as they arrive, so a body of ten thousand files or fields is refused before it fills the
  // disk or the memory, not after (the backend refuses a batch past MAX_BATCH_FILES anyway).
  let fields = 0
  sweepWhileServing()
  const directory = await mkdtemp(path.join(await uploadStaging().folder(), 'upload-'))
  const fileHandler = async (part: UploadHandlerPart) => {
    if (!part.filename) {
      if (++fields > MAX_FORM_FIELDS) throw new TooManyParts(UPLOAD_CUT_OFF)
      return undefined
    }
    if (files.length >= maxFiles) throw new RefusedFile(`Upload at most ${maxFiles} files at a time.`, part.name)
    const file = path.join(directory, randomUUID())
    // The pipeline hands a failed body's error to the file too; only a system error is the disk's own.
    const output = createWriteStream(file, { flags: 'wx', mode: 0o600 }).on('error', (error: NodeJS.ErrnoException) => {
      if (error.syscall) diskFailure ??= error
    })
    await pipeline(Readable.from(part.data), sizeLimit(part.name, maxBytes), output).catch((error: unknown) => {
      throw error instanceof MaxPartSizeExceededError
        ? new RefusedFile(tooLargeRefusal(part.filename!, maxMb), part.name)
        : error
    })
    const staged = new NodeOnDiskFile(file, part.contentType)
    // On disk under a random name; the user's file name is what the backend must see.
    staged.name = part.filename
    files.push(staged)
    // Remix's own handler makes the same cast: NodeOnDiskFile lacks File's newest members in TS's DOM types.
    return staged as unknown as File
  }
  const handler = composeUploadHandlers(fileHandler, createMemoryUploadHandler({ maxPartSize: 64 * 1024 }))
  // The folder goes with its files, a half-written one included.
  const cleanup = () => rm(directory, { recursive: true, force: true, maxRetries: 2 })
  try {
    return { formData: await parseMultipartFormData(request, handler), files, cleanup }
  } catch (error) {
    await cleanup()
    if (error instanceof RefusedFile) return { tooLarge: error.message, field: error.field }
    if (diskFailure) throw diskFailure
    // Cut off, malformed, or the client went away: nothing the server did wrong.
    return { malformed: UPLOAD_CUT_OFF }
  }
}

const swept = new Set<string>()

/**
 * From its first upload on, a web process sweeps where the pages stage (its primary and the backend
 * do from their start, server/bootstrap.ts): with API_URL there is no other sweeper.
 */
function sweepWhileServing() {
  for (const area of uploadStagingAreas()) {
    if (swept.has(area.id)) continue
    swept.add(area.id)
    keepSwept(area)
  }
}

/** Passes bytes on until a part passes `maxBytes`, then fails the write with Remix's own error. */
function sizeLimit(field: string, maxBytes: number) {
  let size = 0
  return new Transform({
    transform(chunk: Uint8Array, _encoding, done) {
      size += chunk.byteLength
      if (size > maxBytes) return done(new MaxPartSizeExceededError(field, maxBytes))
      done(null, chunk)
    },
  })
}

/** A file the upload form wrote to a temporary folder (Remix's file upload handler). */
export interface StagedFile {
  name: string
  getFilePath(): string
}

/** Re-sends staged files as a streamed multipart body: openAsBlob reads from disk as it is sent. */
export async function multipart(files: Record<string, StagedFile[]>, fields: Record<string, string | undefined> = {}) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, value)
  for (const [name, staged] of Object.entries(files)) {
    for (const file of staged) body.append(name, await openAsBlob(file.getFilePath()), file.name)
  }
  return body
}
