import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'

import busboy from 'busboy'

import { tooLargeRefusal, unsupportedTypeRefusal } from '../../shared/file-types'
import type { FileType } from '../db/schema'
import { contentMismatch, extensionOf, isAcceptedType } from '../ingest/file-types'
import { HttpError } from '../kernel/http-error'
import type { FileStore, StoredFile } from '../storage/file-store'

export interface UploadedFile extends StoredFile {
  fileName: string
  type: FileType
}

export interface RefusedFile {
  file_name: string
  reason: string
}

export interface ParsedUpload {
  fields: Record<string, string>
  files: UploadedFile[]
  refused: RefusedFile[]
}

const MAX_NAME_LENGTH = 255
const cutOff = () => new HttpError(400, { detail: 'The upload was cut off or is not valid multipart/form-data.' })

/**
 * Reads a multipart upload, streaming each file to storage under the size limit (never buffering a
 * whole file) and checking that its content agrees with its extension. Refused files are named with
 * a reason; nothing of them is kept. A body that breaks off or is malformed answers 400 and leaves no
 * file behind: every stream here has its errors handled, since an unhandled one ends the process.
 */
export async function parseUpload(
  request: Request,
  store: FileStore,
  { maxBytes, maxFiles, fileField }: { maxBytes: number; maxFiles: number; fileField: string },
): Promise<ParsedUpload> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body) {
    throw new HttpError(415, { detail: 'Send the upload as multipart/form-data.' })
  }
  const fields: Record<string, string> = {}
  const files: UploadedFile[] = []
  // Each with its place in the body: files are judged as they finish storing, and named in the order sent.
  const refused: Array<RefusedFile & { position: number }> = []
  let position = 0
  const pending: Promise<void>[] = []
  const limitMb = Math.round(maxBytes / 1024 / 1024)
  // Keyed by names the client chose: a Map, so a field called __proto__ is just a name.
  const nulFields = new Map<string, string[]>()
  // The first failure while storing a file, and whether a file stream broke (the body was cut off).
  let storeFailure: unknown
  let fileStreamBroke = false

  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // busboy stops passing bytes on at the size limit and marks the stream truncated; the rest
      // of that file is read and dropped, so the answer can still be sent.
      limits: { files: maxFiles, fileSize: maxBytes, fields: 20, fieldSize: 64 * 1024, parts: maxFiles + 20 },
      defParamCharset: 'utf8',
    })
  } catch {
    throw new HttpError(400, { detail: 'The upload is not valid multipart/form-data.' })
  }

  const done = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => {
      // PostgreSQL cannot store NUL in text; refused here as a field error, not a database error.
      if (value.includes('\u0000')) nulFields.set(name, ['Null characters are not allowed.'])
      fields[name] = value
    })
    parser.on('file', (name, stream, info) => {
      // busboy destroys a file stream with an error when the body ends inside it, possibly before
      // storage has attached to it: without this listener that error would crash the process.
      stream.on('error', () => {
        fileStreamBroke = true
      })
      const original = baseName(info.filename)
      if (name !== fileField || !original) {
        stream.resume()
        return
      }
      const place = position++
      // The type is judged by the name as sent; only then is a long name shortened to be kept.
      const extension = extensionOf(original)
      const fileName = fitName(original)
      if (!isAcceptedType(extension)) {
        stream.resume()
        refused.push({ file_name: fileName, reason: unsupportedTypeRefusal(fileName), position: place })
        return
      }
      const stored = store.put(stream, maxBytes).then(async (file) => {
        const mismatch = stream.truncated
          ? tooLargeRefusal(fileName, limitMb)
          : contentMismatch(fileName, extension, file.head)
        if (!mismatch) {
          files.push({ ...file, fileName, type: extension })
          return
        }
        refused.push({ file_name: fileName, reason: mismatch, position: place })
        if (file.created) await removeUnlessUsed(store, file.key, files)
      })
      // Settles either way, so no rejection is left unhandled while the parser is still running.
      pending.push(
        stored.catch((error: unknown) => {
          stream.resume()
          storeFailure ??= error
        }),
      )
    })
    parser.on('filesLimit', () => {
      reject(new HttpError(400, { detail: `Upload at most ${maxFiles} files at a time.` }))
    })
    parser.on('error', () => reject(cutOff()))
    parser.on('close', resolve)
  })

  const body = Readable.fromWeb(request.body as WebReadableStream)
  body.on('error', (error) => parser.destroy(error))
  body.pipe(parser)
  try {
    await done
    await Promise.all(pending)
    if (storeFailure) throw fileStreamBroke ? cutOff() : storeFailure
    if (nulFields.size) throw new HttpError(400, Object.fromEntries(nulFields))
  } catch (error) {
    body.unpipe(parser)
    // Ends any file still being read, so its storage gives up and removes the partial file.
    parser.destroy()
    body.resume()
    await Promise.all(pending)
    for (const file of files) if (file.created) await store.remove(file.key)
    throw error
  }
  const inOrder = refused.sort((a, b) => a.position - b.position)
  return { fields, files, refused: inOrder.map(({ file_name, reason }) => ({ file_name, reason })) }
}

/** The file name without any path a browser may send, and without control characters. */
function baseName(name: string | undefined) {
  return (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .trim()
}

/** A name of at most 255 characters: a longer one loses the end of its stem, not its extension. */
function fitName(name: string) {
  const characters = Array.from(name)
  if (characters.length <= MAX_NAME_LENGTH) return name
  const dot = name.lastIndexOf('.')
  const suffix = dot > 0 ? Array.from(name.slice(dot)) : []
  // An extension too long to keep names no accepted type; the name is then simply cut.
  if (suffix.length === 0 || suffix.length >= MAX_NAME_LENGTH) return characters.slice(0, MAX_NAME_LENGTH).join('')
  const stem = Array.from(name.slice(0, dot))
  return [...stem.slice(0, MAX_NAME_LENGTH - suffix.length), ...suffix].join('')
}

/** Stored files are shared by content, so a refused copy is removed only if no accepted file has it. */
async function removeUnlessUsed(store: FileStore, key: string, accepted: UploadedFile[]) {
  if (!accepted.some((file) => file.key === key)) await store.remove(key)
}
