import { randomUUID } from 'node:crypto'
import { createWriteStream, openAsBlob } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import {
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

/**
 * A file the web server did not stage: over MAX_UPLOAD_MB (`too-large`, naming the file), or past
 * MAX_BATCH_FILES (`too-many`, said once). `field` is its file input's name, for the form to show it on.
 */
export interface RefusedPart {
  kind: 'too-large' | 'too-many'
  field: string
  reason: string
}

/** An upload form read: its fields, the files staged, and those refused. */
export interface StagedForm {
  formData: FormData
  files: NodeOnDiskFile[]
  refused: RefusedPart[]
  cleanup: () => Promise<void>
}

export type StagedUpload = StagedForm | { malformed: string }

/**
 * Reads an upload form, writing its files to a temporary folder as they arrive (never holding a
 * whole file in memory). A file over MAX_UPLOAD_MB, or one past MAX_BATCH_FILES, is refused and the
 * rest of it read and dropped, so that every other file and every field of the form is still read:
 * the answer can then name each file's problem at once and give back what was typed (issue 47). Call
 * `cleanup` once the files have been passed on to the backend. A body that breaks off or is not
 * valid multipart answers `malformed`, never an error, and leaves nothing in the temporary folder.
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
  const refused: RefusedPart[] = []
  let fileParts = 0
  // A disk that fails is the server's problem (500); any other failure is the body's (400).
  let diskFailure: unknown
  // Counted as they arrive: a file past MAX_BATCH_FILES is read and dropped, never written (the backend
  // refuses such a batch anyway), and a body of ten thousand fields is refused before it fills the memory.
  let fields = 0
  sweepWhileServing()
  const directory = await mkdtemp(path.join(await uploadStaging().folder(), 'upload-'))
  const fileHandler = async (part: UploadHandlerPart) => {
    if (!part.filename) {
      if (++fields > MAX_FORM_FIELDS) throw new TooManyParts(UPLOAD_CUT_OFF)
      return undefined
    }
    if (++fileParts > maxFiles) {
      if (fileParts === maxFiles + 1)
        refused.push({ kind: 'too-many', field: part.name, reason: `Upload at most ${maxFiles} files at a time.` })
      await drain(part.data)
      return undefined
    }
    const file = path.join(directory, randomUUID())
    // The pipeline hands a failed body's error to the file too; only a system error is the disk's own.
    const output = createWriteStream(file, { flags: 'wx', mode: 0o600 }).on('error', (error: NodeJS.ErrnoException) => {
      if (error.syscall) diskFailure ??= error
    })
    const limit = sizeLimit(maxBytes)
    await pipeline(Readable.from(part.data), limit.stream, output)
    if (limit.exceeded()) {
      await rm(file, { force: true })
      refused.push({ kind: 'too-large', field: part.name, reason: tooLargeRefusal(part.filename, maxMb) })
      // In the form by its name alone, so that its checks see a file was chosen (and ask for no title).
      return new File([], part.filename)
    }
    const staged = new NodeOnDiskFile(file, part.contentType)
    // On disk under a random name; the user's file name is what the backend must see.
    staged.name = part.filename
    files.push(staged)
    // Remix's own handler makes the same cast: NodeOnDiskFile lacks File's newest members in TS's DOM types.
    return staged as unknown as File
  }
  // Fields, and the empty part of a file input left empty; every chosen file is the file handler's.
  const fieldHandler = createMemoryUploadHandler({ maxPartSize: 64 * 1024, filter: ({ filename }) => !filename })
  const handler = composeUploadHandlers(fileHandler, fieldHandler)
  // The folder goes with its files, a half-written one included.
  const cleanup = () => rm(directory, { recursive: true, force: true, maxRetries: 2 })
  try {
    return { formData: await parseMultipartFormData(request, handler), files, refused, cleanup }
  } catch {
    await cleanup()
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

/**
 * Passes a part's bytes on up to `maxBytes`; past them it drops the rest, still reading it to its end
 * so that the parts after it are read, and `exceeded` then says so.
 */
function sizeLimit(maxBytes: number) {
  let size = 0
  const stream = new Transform({
    transform(chunk: Uint8Array, _encoding, done) {
      size += chunk.byteLength
      done(null, size > maxBytes ? undefined : chunk)
    },
  })
  return { stream, exceeded: () => size > maxBytes }
}

/** Reads a part to its end, keeping nothing of it. */
async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const chunk of data) void chunk
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
