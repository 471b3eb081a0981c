import { Readable } from 'node:stream'

import { and, count, eq } from 'drizzle-orm'

import { documentVersions, meetings } from '../db/schema'
import { attachment } from '../documents/content'
import type { Deps, OrgCaller } from '../kernel/context'
import { notFound } from '../kernel/http-error'
import { MEETING_NOT_FOUND, requireMeeting, requireMeetingEditor } from './access'
import { meetingPayload } from './payload'
import type { RecordingUpload } from './recording-upload'

export const TRANSCRIBE_RECORDING = 'transcribe-recording'

export interface TranscribeRecordingPayload {
  meetingId: number
  /** The recording the job was made for: a newer one, or a transcript file, makes it moot. */
  recordingKey: string
}

/** Why a stored recording waits for a transcript file when no transcription server is set. */
export const TRANSCRIPTION_NOT_CONFIGURED = 'Automatic transcription is not configured.'

/**
 * A meeting's recording, stored: the meeting is processing, and with TRANSCRIBE_BASE_URL set a job
 * (queued in the same transaction) transcribes it; without, it waits for a transcript file. A new
 * recording replaces the one before.
 */
export async function saveRecording(
  deps: Deps,
  caller: OrgCaller,
  meeting: typeof meetings.$inferSelect,
  recording: RecordingUpload,
) {
  requireMeetingEditor(caller)
  const transcribing = Boolean(deps.config.TRANSCRIBE_BASE_URL)
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(meetings)
      .set({
        recordingKey: recording.key,
        recordingFileName: recording.fileName,
        recordingSize: recording.size,
        recordingContentType: recording.contentType,
        transcriptionError: transcribing ? null : TRANSCRIPTION_NOT_CONFIGURED,
        status: 'processing',
        updatedAt: deps.clock.now(),
      })
      .where(and(eq(meetings.id, meeting.id), eq(meetings.organizationId, caller.organizationId)))
      .returning()
    if (!row) throw notFound(MEETING_NOT_FOUND)
    if (transcribing) {
      const payload: TranscribeRecordingPayload = { meetingId: row.id, recordingKey: recording.key }
      await deps.jobs.enqueue(
        TRANSCRIBE_RECORDING,
        { ...payload },
        {
          db: tx,
          organizationId: caller.organizationId,
        },
      )
    }
    return row
  })
  if (transcribing) deps.jobs.notify()
  if (meeting.recordingKey && meeting.recordingKey !== recording.key) {
    await removeUnusedRecording(deps, meeting.recordingKey)
  }
  return meetingPayload(updated)
}

/**
 * Removes a stored recording no meeting (and no document version) refers to any more: files are
 * stored by content, so the same bytes may be another meeting's recording too.
 */
export async function removeUnusedRecording({ db, files }: Pick<Deps, 'db' | 'files'>, key: string) {
  const [byMeetings] = await db.select({ n: count() }).from(meetings).where(eq(meetings.recordingKey, key))
  const [byDocuments] = await db
    .select({ n: count() })
    .from(documentVersions)
    .where(eq(documentVersions.storageKey, key))
  if ((byMeetings?.n ?? 0) === 0 && (byDocuments?.n ?? 0) === 0) await files.remove(key)
}

/** The recording's bytes, as uploaded; 404 for a meeting without one. */
export async function downloadRecording(deps: Deps, caller: OrgCaller, id: number) {
  const meeting = await requireMeeting(deps, caller, id)
  if (!meeting.recordingKey) throw notFound('This meeting has no recording.')
  const stream = Readable.toWeb(deps.files.read(meeting.recordingKey)) as unknown as ReadableStream
  return new Response(stream, {
    headers: {
      'Content-Type': meeting.recordingContentType ?? 'application/octet-stream',
      'Content-Length': String(meeting.recordingSize ?? 0),
      'Content-Disposition': attachment(meeting.recordingFileName ?? 'recording'),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  })
}
