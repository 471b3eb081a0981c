import { and, desc, eq, sql } from 'drizzle-orm'

import { meetingKey, type Participant } from '../../shared/meetings'
import { recordEvent } from '../audit/service'
import { meetings, transcripts } from '../db/schema'
import type { Deps, OrgCaller } from '../kernel/context'
import { notFound } from '../kernel/http-error'
import { MEETING_NOT_FOUND, requireMeeting, requireMeetingEditor } from './access'
import type { MeetingListPayload, SavedTranscriptPayload } from './contract'
import { meetingPayload, transcriptPayload } from './payload'
import { processTranscript } from './processing'
import { removeUnusedRecording } from './recordings'
import type { ListMeetingsQuery, MeetingInput, MeetingPatch } from './schema'
import { TranscriptError } from './transcript-error'
import type { TranscriptSource } from './transcript-reading'
import { unreadableTranscript } from './transcript-upload'

/** Spec §7 "Simulated services": what a transcript that is not there yet answers. */
export const TRANSCRIPT_NOT_FOUND = 'Transcript not found or still processing'

const numbered = (participants: MeetingInput['participants']): Participant[] =>
  participants.map((participant, index) => ({ id: index + 1, ...participant }))

/** One page of the organization's meetings, the latest first, with the total, in one statement. */
export async function listMeetings(
  { db }: Deps,
  caller: OrgCaller,
  query: ListMeetingsQuery,
): Promise<MeetingListPayload> {
  const where = and(
    eq(meetings.organizationId, caller.organizationId),
    query.status ? eq(meetings.status, query.status) : undefined,
  )
  const rows = await db
    .select({ meeting: meetings, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(meetings)
    .where(where)
    .orderBy(desc(meetings.scheduledAt), desc(meetings.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
  const count =
    rows[0]?.total ??
    (query.page > 1
      ? ((
          await db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(meetings)
            .where(where)
        )[0]?.n ?? 0)
      : 0)
  return {
    count,
    page: query.page,
    page_size: query.page_size,
    results: rows.map((row) => meetingPayload(row.meeting)),
  }
}

export async function getMeeting(deps: Deps, caller: OrgCaller, id: number) {
  return meetingPayload(await requireMeeting(deps, caller, id))
}

export async function scheduleMeeting(deps: Deps, caller: OrgCaller, input: MeetingInput) {
  requireMeetingEditor(caller)
  const [row] = await deps.db
    .insert(meetings)
    .values({
      organizationId: caller.organizationId,
      title: input.title,
      scheduledAt: new Date(input.date),
      durationMinutes: input.duration,
      participants: numbered(input.participants),
      createdBy: caller.userId,
    })
    .returning()
  return meetingPayload(row!)
}

const ownMeeting = (caller: OrgCaller, id: number) =>
  and(eq(meetings.id, id), eq(meetings.organizationId, caller.organizationId))

export async function updateMeeting(deps: Deps, caller: OrgCaller, id: number, changes: MeetingPatch) {
  requireMeetingEditor(caller)
  const [row] = await deps.db
    .update(meetings)
    .set({
      title: changes.title,
      scheduledAt: changes.date === undefined ? undefined : new Date(changes.date),
      durationMinutes: changes.duration,
      participants: changes.participants && numbered(changes.participants),
      updatedAt: deps.clock.now(),
    })
    .where(ownMeeting(caller, id))
    .returning()
  if (!row) throw notFound(MEETING_NOT_FOUND)
  return meetingPayload(row)
}

/** Deletes the meeting, logged with its title in the same transaction; then its recording if no other meeting has it. */
export async function deleteMeeting(deps: Deps, caller: OrgCaller, id: number) {
  requireMeetingEditor(caller)
  const deleted = await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(meetings).where(ownMeeting(caller, id)).returning({
      id: meetings.id,
      title: meetings.title,
      scheduledAt: meetings.scheduledAt,
      recordingKey: meetings.recordingKey,
    })
    if (!row) throw notFound(MEETING_NOT_FOUND)
    await recordEvent(tx, deps.clock, caller, caller.organizationId, {
      action: 'meeting.deleted',
      target: row.title,
      details: { meeting_id: meetingKey(row.id), scheduled_at: row.scheduledAt.toISOString() },
    })
    return row
  })
  if (deleted.recordingKey) await removeUnusedRecording(deps, deleted.recordingKey)
}

export async function getTranscript(deps: Deps, caller: OrgCaller, id: number) {
  return transcriptOf(deps, await requireMeeting(deps, caller, id))
}

/** A meeting with its transcript, for its notes: the meeting is looked up once. */
export async function getMeetingNotes(deps: Deps, caller: OrgCaller, id: number) {
  const meeting = await requireMeeting(deps, caller, id)
  return { meeting: meetingPayload(meeting), transcript: await transcriptOf(deps, meeting) }
}

async function transcriptOf({ db }: Deps, meeting: Awaited<ReturnType<typeof requireMeeting>>) {
  const [row] = await db.select().from(transcripts).where(eq(transcripts.meetingId, meeting.id))
  if (!row || meeting.status !== 'processed') throw notFound(TRANSCRIPT_NOT_FOUND)
  return transcriptPayload(row)
}

/**
 * A transcript file for a meeting: speakers matched to its participants (the others added), the
 * summary, keywords and action items worked out, all saved at once; the meeting is then processed.
 * A new file replaces the transcript before it; a file the parser cannot read is refused, naming it.
 */
export async function saveTranscript(
  deps: Deps,
  caller: OrgCaller,
  meeting: typeof meetings.$inferSelect,
  upload: TranscriptSource & { fileName: string },
): Promise<SavedTranscriptPayload> {
  requireMeetingEditor(caller)
  const saved = await storeTranscript(deps, { ...meeting, organizationId: caller.organizationId }, upload).catch(
    (error: unknown) => {
      throw error instanceof TranscriptError ? unreadableTranscript(upload.fileName, error) : error
    },
  )
  if (!saved) throw notFound(MEETING_NOT_FOUND)
  return { meeting: meetingPayload(saved.meeting), transcript: transcriptPayload(saved.transcript) }
}

/**
 * Stores a transcript as `saveTranscript` describes, for whoever read it: an upload, or the
 * transcription of the meeting's recording, which passes `recordingKey` so that nothing is stored
 * once the meeting was processed from a file or given another recording meanwhile. Answers null
 * when the meeting is gone (or moved on), having stored nothing.
 */
export async function storeTranscript(
  deps: Deps,
  meeting: typeof meetings.$inferSelect,
  upload: TranscriptSource & { fileName: string },
  { recordingKey }: { recordingKey?: string } = {},
) {
  const { participants, recordedSeconds, transcript } = await processTranscript(meeting, upload, {
    config: deps.config,
  })
  const values = { ...transcript, createdAt: deps.clock.now() }
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(meetings)
      .set({
        participants,
        recordedSeconds,
        status: 'processed',
        transcriptionError: null,
        updatedAt: deps.clock.now(),
      })
      .where(
        and(
          eq(meetings.id, meeting.id),
          eq(meetings.organizationId, meeting.organizationId),
          recordingKey === undefined
            ? undefined
            : and(eq(meetings.recordingKey, recordingKey), eq(meetings.status, 'processing')),
        ),
      )
      .returning()
    if (!updated) return null
    const [saved] = await tx
      .insert(transcripts)
      .values({ meetingId: meeting.id, ...values })
      .onConflictDoUpdate({ target: transcripts.meetingId, set: values })
      .returning()
    return { transcript: saved!, meeting: updated }
  })
}
