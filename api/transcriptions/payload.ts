import { meetingKey, roleGroupOf, summaryPoints } from '../../shared/meetings'
import type { meetings, transcripts } from '../db/schema'
import type { MeetingPayload, TranscriptPayload } from './contract'

/** Spec §3 "Meeting", each participant with the group their role is shown in. */
export const meetingPayload = (row: typeof meetings.$inferSelect): MeetingPayload => ({
  id: meetingKey(row.id),
  title: row.title,
  date: row.scheduledAt.toISOString(),
  /** Minutes: how long the meeting ran by its transcript's times, else how long it was scheduled for. */
  duration: row.recordedSeconds === null ? row.durationMinutes : Math.max(1, Math.round(row.recordedSeconds / 60)),
  durationSource: row.recordedSeconds === null ? ('scheduled' as const) : ('transcript' as const),
  participants: row.participants.map((participant) => ({ ...participant, roleGroup: roleGroupOf(participant.role) })),
  status: row.status,
  recordingUrl: row.recordingKey ? `/api/meetings/${meetingKey(row.id)}/recording/` : null,
  /** The uploaded recording (its storage key stays inside), and why it was not transcribed, if so. */
  recording: row.recordingKey
    ? {
        fileName: row.recordingFileName ?? '',
        size: row.recordingSize ?? 0,
        contentType: row.recordingContentType ?? '',
      }
    : null,
  transcriptionError: row.transcriptionError,
  transcriptUrl: row.status === 'processed' ? `/api/meetings/${meetingKey(row.id)}/transcript/` : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

/** Spec §3 "Transcript", with the file it was read from. */
export const transcriptPayload = (row: typeof transcripts.$inferSelect): TranscriptPayload => ({
  id: row.id,
  meetingId: meetingKey(row.meetingId),
  createdAt: row.createdAt.toISOString(),
  format: row.format,
  fileName: row.fileName,
  timesEstimated: row.timesEstimated,
  segments: row.segments,
  summary: row.summary,
  /** The summary's points, each with the turn (a segment's `id`) it is drawn from, when known. */
  summaryPoints: row.summaryPoints.length
    ? row.summaryPoints
    : summaryPoints(row.summary).map((text) => ({ text, turn: null })),
  keywords: row.keywords,
  actionItems: row.actionItems,
  decisions: row.decisions,
})
