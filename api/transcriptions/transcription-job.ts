import { openAsBlob } from 'node:fs'

import { and, eq } from 'drizzle-orm'
import { Agent, fetch, FormData, type Response } from 'undici'

import { log } from '../../runtime/log'
import { type Segment, UNKNOWN_SPEAKER } from '../../shared/meetings'
import { sentencesOf } from '../ai/text/sentences'
import { meetings } from '../db/schema'
import type { Job } from '../jobs/queue'
import type { ApiConfig } from '../kernel/config'
import type { Deps } from '../kernel/context'
import { StoredFileMissingError } from '../storage/file-store'
import { type TranscribeRecordingPayload, TRANSCRIPTION_NOT_CONFIGURED } from './recordings'
import { storeTranscript } from './service'
import type { ParsedTranscript } from './transcript-format'

/** A transcription that did not work, with the reason in words for the meeting page. */
export class TranscriptionError extends Error {
  name = 'TranscriptionError'
  /** Trying again cannot help (the server refused the request, or heard nothing): no retry. */
  readonly permanent: boolean

  constructor(message: string, { permanent = false } = {}) {
    super(message)
    this.permanent = permanent
  }
}

const UNEXPECTED = 'Automatic transcription failed unexpectedly.'

const unreadableRecording = () =>
  new TranscriptionError('the stored recording could not be read; upload it again.', { permanent: true })

/** What the meeting says when transcription gave up: the page adds that a transcript file will do. */
const failed = (error: unknown) =>
  error instanceof TranscriptionError ? `Automatic transcription failed: ${error.message}` : UNEXPECTED

// Speech runs at about 150 words a minute (as in transcript-format): the length of a sentence when
// the server gives the text alone.
const SECONDS_PER_WORD = 0.4

/** `{base}/v1/audio/transcriptions`, whether the base was given with its /v1 or without. */
export function transcriptionEndpoint(baseUrl: string) {
  const base = baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '')
  return `${base}/v1/audio/transcriptions`
}

const seconds = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null)
const rounded = (value: number) => Math.round(value * 1000) / 1000

/**
 * An OpenAI `verbose_json` answer (`{ text, segments: [{ start, end, text }] }`) as the transcript a
 * file would give: a segment per timed piece, said by the unknown speaker (a recording names no one);
 * with the text alone, a segment per sentence, its times estimated from its words.
 */
export function transcriptOfResponse(body: unknown): ParsedTranscript {
  const answer = (typeof body === 'string' ? { text: body } : (body ?? {})) as { text?: unknown; segments?: unknown }
  const pieces = Array.isArray(answer.segments) ? (answer.segments as Array<Record<string, unknown>>) : []
  const timed: Segment[] = []
  for (const piece of pieces) {
    const text = typeof piece?.text === 'string' ? piece.text.replace(/\s+/g, ' ').trim() : ''
    const start = seconds(piece?.start)
    if (!text || start === null) continue
    const end = Math.max(start, seconds(piece.end) ?? start)
    timed.push({
      id: timed.length + 1,
      startTime: rounded(start),
      endTime: rounded(end),
      speaker: UNKNOWN_SPEAKER,
      text,
    })
  }
  if (timed.length) return { format: 'recording', segments: timed, timesEstimated: false }
  const text = typeof answer.text === 'string' ? answer.text.replace(/\s+/g, ' ').trim() : ''
  if (!text) throw new TranscriptionError('no speech was found in the recording.', { permanent: true })
  let clock = 0
  const segments = sentencesOf(text).map((sentence, index) => {
    const startTime = clock
    clock = rounded(clock + Math.max(1, sentence.split(' ').length) * SECONDS_PER_WORD)
    return { id: index + 1, startTime, endTime: clock, speaker: UNKNOWN_SPEAKER, text: sentence }
  })
  return { format: 'recording', segments, timesEstimated: true }
}

/** The server's own words for a refusal, when it gave some (OpenAI's `{ error: { message } }`). */
function refusalDetail(text: string) {
  let message: unknown = text
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; detail?: unknown }
    message = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.detail)
  } catch {
    // Not JSON: the text itself.
  }
  const words =
    typeof message === 'string'
      ? message
          .replace(/\s+/g, ' ')
          .slice(0, 200)
          .replace(/[\s.]+$/, '')
          .trim()
      : ''
  return words ? `: ${words}` : ''
}

/**
 * Sends a stored recording to the transcription server (multipart `file`, `model`,
 * `response_format=verbose_json`) and reads its answer. `signal` ends the request at once.
 */
export async function transcribeRecording(
  config: ApiConfig,
  recording: { path: string; fileName: string; contentType: string },
  signal: AbortSignal,
): Promise<ParsedTranscript> {
  let file: Blob
  try {
    file = await openAsBlob(recording.path, { type: recording.contentType })
  } catch {
    throw unreadableRecording()
  }
  const form = new FormData()
  form.append('file', file, recording.fileName)
  form.append('model', config.TRANSCRIBE_MODEL)
  form.append('response_format', 'verbose_json')
  // A transcription server says nothing until it has worked through the whole recording, which
  // takes longer than the 5 minutes Node's fetch waits for an answer to begin: the wait is ours.
  const timeoutMs = config.TRANSCRIBE_TIMEOUT_SECONDS * 1000
  const patient = new Agent({ headersTimeout: timeoutMs, bodyTimeout: timeoutMs })
  let response: Response
  let text: string
  try {
    response = await fetch(transcriptionEndpoint(config.TRANSCRIBE_BASE_URL!), {
      method: 'POST',
      body: form,
      headers: config.TRANSCRIBE_API_KEY ? { Authorization: `Bearer ${config.TRANSCRIBE_API_KEY}` } : {},
      signal,
      dispatcher: patient,
    })
    text = await response.text()
  } catch (error) {
    if (signal.aborted) throw error
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    if (cause?.code === 'UND_ERR_HEADERS_TIMEOUT' || cause?.code === 'UND_ERR_BODY_TIMEOUT') {
      const limit = config.TRANSCRIBE_TIMEOUT_SECONDS
      throw new TranscriptionError(
        `the transcription server gave no answer within ${limit} second${limit === 1 ? '' : 's'}.`,
      )
    }
    throw new TranscriptionError(
      `the transcription server could not be reached (${cause?.code ?? cause?.message ?? (error as Error).message}).`,
    )
  } finally {
    void patient.close().catch(() => {})
  }
  if (!response.ok) {
    // A refusal of the request itself (a bad key, a file it cannot read) stays a refusal; a server
    // in trouble, or one asking to wait, may answer next time.
    const permanent = response.status >= 400 && response.status < 500 && ![408, 409, 429].includes(response.status)
    throw new TranscriptionError(`the transcription server answered ${response.status}${refusalDetail(text)}.`, {
      permanent,
    })
  }
  let body: unknown = text
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      body = JSON.parse(text)
    } catch {
      throw new TranscriptionError('the transcription server’s answer could not be read.')
    }
  }
  return transcriptOfResponse(body)
}

/** Sets why a recording was not transcribed, unless the meeting moved on (processed, or another recording). */
async function markUntranscribed(deps: Deps, meetingId: number, recordingKey: string, message: string) {
  await deps.db
    .update(meetings)
    .set({ transcriptionError: message, updatedAt: deps.clock.now() })
    .where(and(eq(meetings.id, meetingId), eq(meetings.recordingKey, recordingKey), eq(meetings.status, 'processing')))
}

/**
 * The `transcribe-recording` job: the meeting's recording to the transcription server, and what it
 * heard stored as a transcript file's would be; the meeting is then processed. A failure is tried
 * again by the queue; after the last attempt (or at once when trying again cannot help) the meeting
 * keeps its status and says why, so a transcript file can be uploaded instead.
 */
export function transcribeRecordingJob(deps: Deps) {
  return async (job: Job, signal: AbortSignal) => {
    const { meetingId, recordingKey } = job.payload as unknown as TranscribeRecordingPayload
    const [meeting] = await deps.db.select().from(meetings).where(eq(meetings.id, meetingId))
    // Deleted, processed from a transcript file meanwhile, or given another recording: nothing to do.
    if (!meeting || meeting.status !== 'processing' || meeting.recordingKey !== recordingKey) return
    if (!deps.config.TRANSCRIBE_BASE_URL) {
      await markUntranscribed(deps, meetingId, recordingKey, TRANSCRIPTION_NOT_CONFIGURED)
      return
    }
    const fileName = meeting.recordingFileName ?? 'recording'
    try {
      const transcript = await deps.files
        .withLocalFile(
          recordingKey,
          (path) =>
            transcribeRecording(
              deps.config,
              { path, fileName, contentType: meeting.recordingContentType ?? 'application/octet-stream' },
              signal,
            ),
          { signal },
        )
        .catch((error: unknown) => {
          if (error instanceof StoredFileMissingError) throw unreadableRecording()
          throw error
        })
      signal.throwIfAborted()
      await storeTranscript(deps, meeting, { ...transcript, fileName }, { recordingKey })
    } catch (error) {
      // Stopped by a shutdown: the job goes back to the queue as it is.
      if (signal.aborted) throw error
      const permanent = error instanceof TranscriptionError && error.permanent
      if (permanent || job.attempts >= job.maxAttempts) {
        await markUntranscribed(deps, meetingId, recordingKey, failed(error))
      }
      if (!permanent) throw error
      log.warn({ err: error, kind: job.kind }, 'transcription gave up')
    }
  }
}
