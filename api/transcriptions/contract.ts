import { z } from 'zod'

import { MEETING_STATUSES, ROLE_NAMES } from '../../shared/meetings'

// The response bodies of the meetings API, declared once: the payload functions write them, the
// web tier's client checks what it is sent against them. Only zod and shared/, so the web tier may
// load it. Converting a transcript answers with a conversation (chat/contract.ts).

/** Spec §3 "Meeting", each participant with the group their role is shown in. */
export const MeetingSchema = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  /** Minutes: how long the meeting ran by its transcript's times, else how long it was scheduled for. */
  duration: z.number(),
  durationSource: z.enum(['scheduled', 'transcript']),
  participants: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      email: z.string(),
      role: z.enum(ROLE_NAMES),
      roleGroup: z.enum(['client', 'advisor', 'expert', 'other']),
    }),
  ),
  status: z.enum(MEETING_STATUSES),
  recordingUrl: z.string().nullable(),
  /** The uploaded recording (its storage key stays inside), and why it was not transcribed, if so. */
  recording: z.object({ fileName: z.string(), size: z.number(), contentType: z.string() }).nullable(),
  transcriptionError: z.string().nullable(),
  transcriptUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

/** One page of the organization's meetings, the latest first, with the total. */
export const MeetingListSchema = z.object({
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  results: z.array(MeetingSchema),
})

/** Spec §3 "Transcript", with the file it was read from. */
export const TranscriptSchema = z.object({
  id: z.number(),
  meetingId: z.string(),
  createdAt: z.string(),
  format: z.string(),
  fileName: z.string(),
  timesEstimated: z.boolean(),
  segments: z.array(
    z.object({ id: z.number(), startTime: z.number(), endTime: z.number(), speaker: z.string(), text: z.string() }),
  ),
  summary: z.string(),
  /** The summary's points, each with the turn (a segment's `id`) it is drawn from, when known. */
  summaryPoints: z.array(z.object({ text: z.string(), turn: z.number().nullable() })),
  keywords: z.array(z.string()),
  actionItems: z.array(z.object({ text: z.string(), assignee: z.string().nullable(), dueDate: z.string().nullable() })),
  decisions: z.array(z.object({ text: z.string(), speaker: z.string(), time: z.number().nullable() })),
})

/** POST /meetings/{id}/transcript/: the meeting as processed, and its transcript. */
export const SavedTranscriptSchema = z.object({ meeting: MeetingSchema, transcript: TranscriptSchema })

export type MeetingPayload = z.infer<typeof MeetingSchema>
export type MeetingListPayload = z.infer<typeof MeetingListSchema>
export type TranscriptPayload = z.infer<typeof TranscriptSchema>
export type SavedTranscriptPayload = z.infer<typeof SavedTranscriptSchema>
