/** Meetings (spec §3): the shapes and names that the backend and the pages share. */

/** Spec §9: meeting ids look like meet-001. */
export const meetingKey = (id: number) => `meet-${String(id).padStart(3, '0')}`

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

/** Spec §3 "Participant" roles as people read them. */
export const ROLE_LABELS: Record<ParticipantRole, string> = {
  client: 'Client',
  'client-cfo': 'Client CFO',
  'client-family': 'Client family',
  advisor: 'Advisor',
  valuator: 'Valuator',
  'tax-advisor': 'Tax advisor',
  'legal-advisor': 'Legal advisor',
  participant: 'Participant',
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

/**
 * Spec §3 "Action item": who will do what, by when (an ISO date, or null when none was said). The
 * assignee is null when the transcript does not make clear who was asked: a guess would send the
 * work to the wrong person.
 */
export interface ActionItem {
  text: string
  assignee: string | null
  dueDate: string | null
}

/** What the meeting settled, as said, by whom and when (seconds from its start; null when the file gave no times). */
export interface Decision {
  text: string
  speaker: string
  time: number | null
}

/**
 * A point of a meeting's summary (a fact of what it was about, or an outcome) and the turn it is
 * drawn from: the `id` of its segment, or null when no turn is known (a summary stored before
 * points had sources).
 */
export interface SummaryPoint {
  text: string
  turn: number | null
}

/** mm:ss, or h:mm:ss past the hour (spec §2: the transcript's timestamps), on the page and in a conversation. */
export function clock(seconds: number) {
  const whole = Math.floor(seconds)
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60]
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`
  return h ? `${h}:${mmss}` : mmss
}

/**
 * A summary's points: it is stored one point a line, so that the page can list them and a
 * conversation show them as a Markdown list rather than one run-on paragraph.
 */
export const summaryPoints = (summary: string) =>
  summary
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

/** The most participants a meeting is scheduled with. */
export const MAX_PARTICIPANTS = 50

export const MAX_TRANSCRIPT_MB = 5

/** The extensions a transcript file may have: WebVTT, SRT, or text with one turn per line. */
export const TRANSCRIPT_TYPES = ['vtt', 'srt', 'txt'] as const

// The refusals of a transcript file, said by the backend and, before sending, by the browser.

export const transcriptTypeRefusal = (fileName: string) =>
  `${fileName}: upload a transcript as a WebVTT (.vtt), SRT (.srt) or text (.txt) file.`

export const transcriptTooLargeRefusal = (fileName: string) =>
  `${fileName}: the file is larger than ${MAX_TRANSCRIPT_MB} MB.`

export const emptyTranscriptRefusal = (fileName: string) => `${fileName}: the file is empty.`
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
