import { calendarDay } from '../../shared/calendar'
import { clock, ROLE_LABELS } from '../../shared/meetings'
import type { Block, Report } from '../exports/report'
import type { MeetingPayload, TranscriptPayload } from './contract'
import { summaryLines } from './summary-lines'

/**
 * A meeting as notes a client can be sent: the summary's points (each with the turn it comes from), what was decided (by whom, when),
 * the tasks with their owners and dates, and who took part. The transcript itself stays in the app.
 */
export function meetingReport(meeting: MeetingPayload, transcript: TranscriptPayload, organization: string): Report {
  const blocks: Block[] = []
  const list = (heading: string, items: string[], empty: string) => {
    blocks.push({ kind: 'heading', text: heading })
    blocks.push(
      items.length
        ? { kind: 'list', ordered: false, items: items.map((text) => [{ text }]) }
        : { kind: 'paragraph', runs: [{ text: empty }] },
    )
  }
  list('Summary', summaryLines(transcript), 'The transcript gave nothing to summarise.')
  list(
    'Decisions',
    transcript.decisions.map(
      (decision) =>
        `${decision.text} (${decision.speaker}${decision.time === null ? '' : `, at ${clock(decision.time)}`})`,
    ),
    'No decision was recorded.',
  )
  blocks.push({ kind: 'heading', text: 'Action items' })
  blocks.push(
    transcript.actionItems.length
      ? {
          kind: 'table',
          header: ['Task', 'Owner', 'Due'],
          rows: transcript.actionItems.map((item) => [
            item.text,
            item.assignee ?? 'Unassigned',
            item.dueDate ? calendarDay(item.dueDate) : '—',
          ]),
        }
      : { kind: 'paragraph', runs: [{ text: 'No action item was recorded.' }] },
  )
  blocks.push({ kind: 'heading', text: 'Participants' })
  blocks.push({
    kind: 'table',
    header: ['Name', 'Role', 'E-mail'],
    rows: meeting.participants.map((participant) => [
      participant.name,
      ROLE_LABELS[participant.role] ?? participant.role,
      participant.email || '—',
    ]),
  })
  return {
    kind: 'Meeting notes',
    title: meeting.title,
    organization,
    date: new Date(meeting.date),
    details: [
      `${meeting.duration} minutes (${meeting.durationSource === 'transcript' ? 'as recorded' : 'as scheduled'})`,
      `${meeting.participants.length} participants`,
      // Under the title, where a line of them never takes a last page of its own.
      ...(transcript.keywords.length ? [`Keywords: ${transcript.keywords.join(', ')}`] : []),
    ],
    blocks,
    references: [],
  }
}
