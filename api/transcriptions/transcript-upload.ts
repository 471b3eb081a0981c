import {
  emptyTranscriptRefusal,
  MAX_TRANSCRIPT_MB,
  TRANSCRIPT_TYPES,
  transcriptTooLargeRefusal,
  transcriptTypeRefusal,
} from '../../shared/meetings'
import { decodeText, looksLikeText } from '../ingest/decode-text'
import { extensionOf } from '../ingest/file-types'
import { HttpError } from '../kernel/http-error'
import type { TranscriptError } from './transcript-error'

export const TRANSCRIPT_EXTENSIONS: readonly string[] = TRANSCRIPT_TYPES

const refuse = (message: string) => new HttpError(400, { file: [message] })

/**
 * The transcript file of a multipart upload (field `file`), checked like a document upload: its
 * name's extension, its size, and its content (text, not a renamed binary), and its text.
 */
export async function readTranscriptUpload(request: Request) {
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    throw new HttpError(415, { detail: 'Send the upload as multipart/form-data.' })
  }
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    throw new HttpError(400, { detail: 'The upload was cut off or is not valid multipart/form-data.' })
  }
  const file = form.get('file')
  if (!(file instanceof File)) throw refuse('Choose a transcript file to upload.')
  const extension = extensionOf(file.name)
  if (!TRANSCRIPT_EXTENSIONS.includes(extension)) {
    throw refuse(transcriptTypeRefusal(file.name))
  }
  if (file.size === 0) throw refuse(emptyTranscriptRefusal(file.name))
  if (file.size > MAX_TRANSCRIPT_MB * 1024 * 1024) {
    throw refuse(transcriptTooLargeRefusal(file.name))
  }
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (!looksLikeText(bytes.subarray(0, 4096))) {
    throw refuse(`${file.name}: the content is not text, so it cannot be a .${extension} transcript.`)
  }
  const { text } = decodeText(bytes)
  // A NUL anywhere is binary content (the check above reads only the head); PostgreSQL cannot store it.
  if (text.includes('\u0000')) {
    throw refuse(`${file.name}: the content is not text, so it cannot be a .${extension} transcript.`)
  }
  // Parsed with the rest of its processing, in a worker thread (processing.ts).
  return { fileName: file.name, text }
}

/** The refusal of an uploaded file the parser could not read, naming the file. */
export const unreadableTranscript = (fileName: string, error: TranscriptError) =>
  refuse(`${fileName}: ${error.message}`)
