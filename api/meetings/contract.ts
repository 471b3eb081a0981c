import type { meetingPayload, transcriptPayload } from './payload'

// The response bodies of the meetings API, for the web tier's client (`import type` only).
export type MeetingPayload = ReturnType<typeof meetingPayload>
export type TranscriptPayload = ReturnType<typeof transcriptPayload>
