import { Readable, Transform } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'

import busboy from 'busboy'

import { tooLargeRefusal } from '../../shared/file-types'
import { RECORDING_TYPES, RECORDING_TYPES_TEXT, type RecordingType, recordingTypeOf } from '../../shared/recordings'
import { looksLikeText } from '../ingest/decode-text'
import { HttpError } from '../kernel/http-error'
import type { FileStore, StoredFile } from '../storage/file-store'

export interface RecordingUpload extends StoredFile {
  fileName: string
  type: RecordingType
  /** The media type its extension stands for (the content was checked against it), not the client's word. */
  contentType: string
}

const MAX_NAME_LENGTH = 255

const refuse = (message: string) => new HttpError(400, { file: [message] })
const cutOff = () => new HttpError(400, { detail: 'The upload was cut off or is not valid multipart/form-data.' })
export const recordingTooLarge = (maxMb: number, fileName?: string) =>
  new HttpError(413, {
    file: [fileName ? tooLargeRefusal(fileName, maxMb) : `The file is larger than ${maxMb} MB.`],
  })

const startsWith = (head: Uint8Array, magic: number[], offset = 0) =>
  magic.every((byte, index) => head[offset + index] === byte)
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0))

/** The container the first bytes belong to, or null for none of the recording formats. */
function containerOf(head: Uint8Array): 'mp3' | 'wav' | 'webm' | 'ogg' | 'iso' | null {
  if (startsWith(head, ascii('ID3'))) return 'mp3'
  // An MPEG audio frame header: 11 sync bits, then a version and a layer that are not "reserved"
  // (layer 00 is AAC's ADTS, which is not MP3).
  if (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && ((head[1]! >> 3) & 3) !== 1 && ((head[1]! >> 1) & 3) !== 0) {
    return 'mp3'
  }
  if (['RIFF', 'RF64', 'BW64'].some((id) => startsWith(head, ascii(id))) && startsWith(head, ascii('WAVE'), 8)) {
    return 'wav'
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm'
  if (startsWith(head, ascii('OggS'))) return 'ogg'
  // ISO base media (MP4, M4A) starts with an ftyp box; older QuickTime files with a movie or data atom.
  if (['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot'].some((atom) => startsWith(head, ascii(atom), 4))) {
    return 'iso'
  }
  return null
}

const CONTAINER_OF: Record<RecordingType, ReturnType<typeof containerOf>> = {
  mp3: 'mp3',
  m4a: 'iso',
  wav: 'wav',
  webm: 'webm',
  ogg: 'ogg',
  mp4: 'iso',
  mov: 'iso',
}

const NAMES: Record<RecordingType, string> = {
  mp3: 'an MP3 recording',
  m4a: 'an M4A recording',
  wav: 'a WAV recording',
  webm: 'a WebM recording',
  ogg: 'an OGG recording',
  mp4: 'an MP4 video',
  mov: 'a QuickTime (MOV) video',
}

const CONTAINER_NAMES = {
  mp3: 'MP3 audio',
  wav: 'WAV audio',
  webm: 'a WebM recording',
  ogg: 'an OGG recording',
  iso: 'an MP4 or QuickTime recording',
}

/** What the first bytes say the file is, in words for a refusal message. */
function describeContent(head: Uint8Array) {
  const container = containerOf(head)
  if (container) return CONTAINER_NAMES[container]
  if (Buffer.from(head.subarray(0, 1024)).toString('latin1').includes('%PDF-')) return 'a PDF'
  if (startsWith(head, [0x50, 0x4b])) return 'a ZIP archive'
  if (looksLikeText(head)) return 'text'
  return 'binary data'
}

/**
 * Whether the first bytes of a file agree with its extension, as document uploads check theirs:
 * a refusal message naming the file, or null when they agree.
 */
export function recordingMismatch(fileName: string, type: RecordingType, head: Uint8Array): string | null {
  if (head.length === 0) return `"${fileName}" is empty.`
  if (containerOf(head) === CONTAINER_OF[type]) return null
  return `"${fileName}" is not ${NAMES[type]}: its content is ${describeContent(head)}. Check the file and its extension.`
}

/** The file name without any path a browser may send, without control characters, at most 255 characters. */
function cleanName(name: string | undefined) {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\p{Cc}/gu, '')
    .trim()
  const characters = Array.from(base)
  if (characters.length <= MAX_NAME_LENGTH) return base
  // A recording's extension is short: the stem loses its end, the extension stays.
  const dot = base.lastIndexOf('.')
  const suffix = dot > 0 ? Array.from(base.slice(dot)) : []
  if (suffix.length === 0 || suffix.length > 8) return characters.slice(0, MAX_NAME_LENGTH).join('')
  return [...Array.from(base.slice(0, dot)).slice(0, MAX_NAME_LENGTH - suffix.length), ...suffix].join('')
}

/**
 * The recording of a multipart upload (field `file`), streamed to storage under the size limit
 * (never held in memory whole) and checked by its content against its extension. The whole body is
 * held to `maxBodyBytes` as it streams: 413. Nothing of a refused file is kept. A body that breaks
 * off answers 400; every stream has its errors handled, since an unhandled one ends the process.
 */
export async function readRecordingUpload(
  request: Request,
  store: FileStore,
  { maxBytes, maxBodyBytes }: { maxBytes: number; maxBodyBytes: number },
): Promise<RecordingUpload> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body) {
    throw new HttpError(415, { detail: 'Send the upload as multipart/form-data.' })
  }
  const maxMb = Math.round(maxBytes / 1024 / 1024)
  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // At the size limit busboy stops passing bytes on and marks the stream truncated; the rest of
      // the file is read and dropped, so the answer can still be sent.
      limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: 64 * 1024, parts: 21 },
      defParamCharset: 'utf8',
    })
  } catch {
    throw new HttpError(400, { detail: 'The upload is not valid multipart/form-data.' })
  }

  let stored: { file: StoredFile; fileName: string; type: RecordingType; truncated: boolean } | undefined
  let refusal: HttpError | undefined
  let storing: Promise<void> | undefined
  let storeFailure: unknown
  let fileStreamBroke = false
  let bodyTooLarge = false

  const done = new Promise<void>((resolve, reject) => {
    parser.on('file', (name, stream, info) => {
      // busboy destroys a file stream with an error when the body ends inside it, possibly before
      // storage has attached to it: without this listener that error would crash the process.
      stream.on('error', () => {
        fileStreamBroke = true
      })
      const fileName = cleanName(info.filename)
      if (name !== 'file' || !fileName || storing || refusal) {
        stream.resume()
        return
      }
      const type = recordingTypeOf(fileName)
      if (!type) {
        stream.resume()
        refusal = refuse(`"${fileName}" is not a supported recording type. Upload an ${RECORDING_TYPES_TEXT} file.`)
        return
      }
      storing = store.put(stream, maxBytes).then(
        (file) => {
          stored = { file, fileName, type, truncated: stream.truncated === true }
        },
        // Settles either way, so no rejection is left unhandled while the parser is still running.
        (error: unknown) => {
          stream.resume()
          storeFailure ??= error
        },
      )
    })
    parser.on('error', () => reject(cutOff()))
    parser.on('close', resolve)
  })

  let received = 0
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      received += chunk.length
      if (received > maxBodyBytes) {
        bodyTooLarge = true
        return next(new Error('The body is over its limit'))
      }
      next(null, chunk)
    },
  })
  const body = Readable.fromWeb(request.body as WebReadableStream)
  body.on('error', (error) => meter.destroy(error))
  meter.on('error', (error) => parser.destroy(error))
  body.pipe(meter).pipe(parser)
  const discard = async () => {
    if (stored?.file.created) await store.remove(stored.file.key)
  }
  try {
    await done
    await storing
    if (storeFailure) throw fileStreamBroke ? cutOff() : storeFailure
  } catch (error) {
    body.unpipe(meter)
    meter.unpipe(parser)
    // Ends a file still being read, so its storage gives up and removes the partial file.
    parser.destroy()
    body.resume()
    await storing
    await discard()
    if (bodyTooLarge) throw recordingTooLarge(maxMb)
    throw error
  }
  if (!stored) throw refusal ?? refuse('Choose a recording to upload.')
  const { file, fileName, type, truncated } = stored
  const problem = truncated ? recordingTooLarge(maxMb, fileName) : recordingMismatch(fileName, type, file.head)
  if (problem) {
    await discard()
    throw typeof problem === 'string' ? refuse(problem) : problem
  }
  return { ...file, fileName, type, contentType: RECORDING_TYPES[type] }
}
