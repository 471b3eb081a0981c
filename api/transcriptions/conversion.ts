import { eq } from 'drizzle-orm'

import { type ActionItem, clock, type Decision, type Participant, roleGroupOf } from '../../shared/meetings'
import { conversationPayload } from '../chat/payload'
import { conversations, type meetings, messages, type SPEAKER_ROLES, transcripts } from '../db/schema'
import type { Deps, OrgCaller } from '../kernel/context'
import { notFound } from '../kernel/http-error'
import { TRANSCRIPT_NOT_FOUND } from './service'
import { summaryLines } from './summary-lines'

type SpeakerRole = (typeof SPEAKER_ROLES)[number]

// Rows per INSERT: a long meeting has thousands of turns, and a statement takes at most 65,535 parameters.
const MESSAGES_PER_INSERT = 1000

/**
 * Spec §3: a turn's sender role is client or advisor by the speaker's role group, else participant.
 * Looked up in a map of the participants by name: a transcript may add hundreds of thousands, and a
 * search of the list for every turn was quadratic.
 */
function senderRoles(participants: Participant[]) {
  const roles = new Map<string, SpeakerRole>()
  for (const participant of participants) {
    if (roles.has(participant.name)) continue
    const group = roleGroupOf(participant.role)
    roles.set(participant.name, group === 'client' || group === 'advisor' ? group : 'participant')
  }
  return (speaker: string) => roles.get(speaker) ?? 'participant'
}

const formatDueDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  })

/**
 * The closing message: the meeting's summary (each point with the turn it comes from), its decisions
 * and its action items, in Markdown as answers are. The summary is a list, a point a line: its lines
 * joined would read as one paragraph.
 */
export function closingNotes({
  decisions,
  actionItems,
  ...summary
}: Parameters<typeof summaryLines>[0] & { decisions: Decision[]; actionItems: ActionItem[] }) {
  const points = summaryLines(summary)
  const parts = [
    `**Summary**\n\n${points.length ? points.map((point) => `- ${point}`).join('\n') : 'No summary was found in this transcript.'}`,
  ]
  if (decisions.length) {
    const made = decisions.map(
      (decision) =>
        `- ${decision.text} (${decision.speaker}${decision.time === null ? '' : `, at ${clock(decision.time)}`})`,
    )
    parts.push(`**Decisions**\n\n${made.join('\n')}`)
  }
  if (actionItems.length) {
    const items = actionItems.map(
      (item) =>
        `- ${item.text} (${item.assignee ?? 'Unassigned'}${item.dueDate ? `, due ${formatDueDate(item.dueDate)}` : ''})`,
    )
    parts.push(`**Action items**\n\n${items.join('\n')}`)
  }
  return parts.join('\n\n')
}

/**
 * Spec §4 "Convert to Conversation": a completed conversation of the caller's, one message per turn
 * of the transcript with its speaker, dated when it was said, then the summary and action items. Any
 * member may convert: the conversation is their own, as any chat is. Only a processed meeting has a
 * transcript to convert.
 */
export async function convertToConversation(deps: Deps, caller: OrgCaller, meeting: typeof meetings.$inferSelect) {
  const [transcript] = await deps.db.select().from(transcripts).where(eq(transcripts.meetingId, meeting.id))
  if (!transcript || meeting.status !== 'processed') throw notFound(TRANSCRIPT_NOT_FOUND)
  const start = meeting.scheduledAt.getTime()
  const roleOf = senderRoles(meeting.participants)
  const turns = transcript.segments.map((segment) => ({
    role: roleOf(segment.speaker),
    speaker: segment.speaker,
    content: segment.text,
    createdAt: new Date(start + Math.round(segment.startTime * 1000)),
  }))
  const closing = {
    role: 'assistant' as const,
    speaker: null,
    content: closingNotes(transcript),
    createdAt: new Date(start + Math.round((transcript.segments.at(-1)?.endTime ?? 0) * 1000)),
  }
  const rows = [...turns, closing]
  const created = await deps.db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({
        organizationId: caller.organizationId,
        userId: caller.userId,
        title: meeting.title,
        meetingId: meeting.id,
        status: 'completed',
        messageCount: rows.length,
      })
      .returning()
    for (let index = 0; index < rows.length; index += MESSAGES_PER_INSERT) {
      await tx
        .insert(messages)
        .values(
          rows.slice(index, index + MESSAGES_PER_INSERT).map((row) => ({ ...row, conversationId: conversation!.id })),
        )
    }
    return conversation!
  })
  return conversationPayload(created)
}
