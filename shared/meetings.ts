/** Meetings (spec §3): the shapes and names that the backend and the pages share. */

export const MEETING_STATUSES = ['scheduled', 'processing', 'processed'] as const
export type MeetingStatus = (typeof MEETING_STATUSES)[number]

/** Spec §3 "Participant" roles, and the group each is coloured by (spec §2 "Meetings"). */
export const PARTICIPANT_ROLES = {
  client: 'client',
  'client-cfo': 'client',
  'client-family': 'client',
  advisor: 'advisor',
  valuator: 'expert',
  'tax-advisor': 'expert',
  'legal-advisor': 'expert',
  participant: 'other',
} as const
export type ParticipantRole = keyof typeof PARTICIPANT_ROLES
export type RoleGroup = (typeof PARTICIPANT_ROLES)[ParticipantRole]
export const ROLE_NAMES = Object.keys(PARTICIPANT_ROLES) as [ParticipantRole, ...ParticipantRole[]]

export interface Participant {
  id: number
  name: string
  email: string
  role: ParticipantRole
}

export const roleGroupOf = (role: string): RoleGroup =>
  (PARTICIPANT_ROLES as Record<string, RoleGroup>)[role] ?? 'other'

/** Spec §3 "Segment": one speaker's turn, its times in seconds from the start of the meeting. */
export interface Segment {
  id: number
  startTime: number
  endTime: number
  speaker: string
  text: string
}

/** Spec §3 "Action item": who will do what, by when (an ISO date, or null when none was said). */
export interface ActionItem {
  text: string
  assignee: string
  dueDate: string | null
}

/** The most participants a meeting is scheduled with. */
export const MAX_PARTICIPANTS = 50

export const MAX_TRANSCRIPT_MB = 5
/**
 * The most speakers and turns (a speaker's words until another speaks) one transcript may hold:
 * far past any real meeting, whose three hours hold a few thousand turns and a dozen speakers, and
 * few enough that its segments and participants stay quick to store and send. A 5 MB file of short
 * turns was 655,000 segments, 56 MB of JSON, and could add as many participants (issue 30). Each
 * speaker no participant matches becomes one, so they are as many as a meeting's participants.
 */
export const MAX_TRANSCRIPT_SPEAKERS = MAX_PARTICIPANTS
export const MAX_TRANSCRIPT_TURNS = 20_000

/** Who spoke a segment whose file names no one. */
export const UNKNOWN_SPEAKER = 'Unknown speaker'
