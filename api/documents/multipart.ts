import { Readable } from 'node:stream'
import busboy from 'busboy'
import type { FileType } from '../db/schema'
import { HttpError } from '../http-error'
import { contentMismatch, extensionOf, isAcceptedType } from '../ingest/file-types'
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

export const ACCEPTED_TYPES_TEXT = 'PDF, DOC, DOCX, TXT, CSV, XLS or XLSX'

/**
 * Reads a multipart upload, streaming each file to storage under the size limit (never buffering a
 * whole file) and checking that its content agrees with its extension. Refused files are named with
 * a reason; nothing of them is kept.
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
  const refused: RefusedFile[] = []
  const pending: Promise<void>[] = []
  const limitMb = Math.round(maxBytes / 1024 / 1024)

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
      fields[name] = value
    })
    parser.on('file', (name, stream, info) => {
      const fileName = cleanFileName(info.filename)
      if (name !== fileField || !fileName) {
        stream.resume()
        return
      }
      const extension = extensionOf(fileName)
      if (!isAcceptedType(extension)) {
        stream.resume()
        refused.push({ file_name: fileName, reason: `"${fileName}" is not a supported file type. Upload ${ACCEPTED_TYPES_TEXT} files.` })
        return
      }
      pending.push(
        store.put(stream, maxBytes).then(
          async (stored) => {
            const mismatch = stream.truncated
              ? `"${fileName}" is larger than the ${limitMb} MB upload limit.`
              : contentMismatch(fileName, extension, stored.head)
            if (!mismatch) {
              files.push({ ...stored, fileName, type: extension })
              return
            }
            refused.push({ file_name: fileName, reason: mismatch })
            if (stored.created) await removeUnlessUsed(store, stored.key, files)
          },
          (error: unknown) => {
            stream.resume()
            throw error
          },
        ),
      )
    })
    parser.on('filesLimit', () => {
      reject(new HttpError(400, { detail: `Upload at most ${maxFiles} files at a time.` }))
    })
    parser.on('error', () => reject(new HttpError(400, { detail: 'The upload is not valid multipart/form-data.' })))
    parser.on('close', resolve)
  })

  const body = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream)
  body.on('error', (error) => parser.destroy(error))
  body.pipe(parser)
  try {
    await done
    await Promise.all(pending)
  } catch (error) {
    body.unpipe(parser)
    body.resume()
    await Promise.allSettled(pending)
    for (const file of files) if (file.created) await store.remove(file.key)
    throw error
  }
  return { fields, files, refused }
}

/** The file name without any path a browser may send, and without control characters. */
function cleanFileName(name: string | undefined) {
  return (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255)
}

/** Stored files are shared by content, so a refused copy is removed only if no accepted file has it. */
async function removeUnlessUsed(store: FileStore, key: string, accepted: UploadedFile[]) {
  if (!accepted.some((file) => file.key === key)) await store.remove(key)
}
