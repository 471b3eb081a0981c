import { MAX_TASK_NOTE, MAX_TASK_TITLE } from '../../../shared/actions'
import { isCalendarDay } from '../../../shared/calendar'
import type { TaskOrigin } from '../../../shared/readiness'
import type { ChecklistPayload } from '../checklist/contract'
import type { DocumentRecommendations, MeetingItems } from './sources'

/** A task the plan offers from one of its sources, in the server's words. */
export interface Suggestion {
  ref: string
  origin: Exclude<TaskOrigin, 'manual'>
  title: string
  note: string
  ownerId: number | null
  dueDate: string | null
  /** Where it came from, in words. */
  label: string
  /** For an analysis recommendation: the document whose analysis it is. */
  documentId: number | null
}

export interface Member {
  id: number
  name: string
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim()

/** A title within the limit, cut at a word with an ellipsis; the whole text then opens the note. */
export function titled(text: string, note: string) {
  const whole = squash(text)
  if (whole.length <= MAX_TASK_TITLE) return { title: whole, note: note.slice(0, MAX_TASK_NOTE) }
  const cut = whole.slice(0, MAX_TASK_TITLE - 1)
  const title = `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`
  return { title, note: [whole, note].filter(Boolean).join('\n\n').slice(0, MAX_TASK_NOTE) }
}

/** The member a transcript's name is, only when exactly one member's name is written so (case aside). */
function memberNamed(members: Member[], name: string | null) {
  if (!name) return null
  const wanted = squash(name).toLowerCase()
  const found = members.filter((member) => squash(member.name).toLowerCase() === wanted)
  return found.length === 1 ? found[0]! : null
}

export function meetingSuggestions(rows: MeetingItems[], members: Member[]): Suggestion[] {
  return rows.flatMap((meeting) =>
    meeting.actionItems.flatMap((item, index) => {
      if (!item?.text?.trim()) return []
      const owner = memberNamed(members, item.assignee)
      // "Let's …" is the meeting's own task (action-items.ts names it Everyone): no one person's.
      const team = item.assignee?.toLowerCase() === 'everyone'
      const asked = team
        ? 'Agreed by everyone in the meeting.'
        : item.assignee && !owner
          ? `Asked of ${squash(item.assignee)} in the meeting.`
          : ''
      return [
        {
          ref: `meeting:${meeting.id}:${index}`,
          origin: 'meeting' as const,
          ...titled(item.text, asked),
          ownerId: owner?.id ?? null,
          dueDate: isCalendarDay(item.dueDate) ? item.dueDate : null,
          label: `Meeting: ${meeting.title}`,
          documentId: null,
        },
      ]
    }),
  )
}

export function analysisSuggestions(rows: DocumentRecommendations[]): Suggestion[] {
  return rows.flatMap((row) =>
    (Array.isArray(row.recommendations) ? row.recommendations : []).flatMap((recommendation, index) => {
      if (!recommendation?.text?.trim()) return []
      const addresses = recommendation.addresses?.length ? `Addresses: ${recommendation.addresses.join(', ')}.` : ''
      const quote = recommendation.source?.quote ? `From the document: “${squash(recommendation.source.quote)}”` : ''
      return [
        {
          ref: `analysis:${row.resultId}:${index}`,
          origin: 'analysis' as const,
          ...titled(recommendation.text, [addresses, quote].filter(Boolean).join(' ')),
          ownerId: null,
          dueDate: null,
          label: `Analysis of “${row.documentTitle}”`,
          documentId: row.documentId,
        },
      ]
    }),
  )
}

/** Missing and stale requests of the buyer's list, as the checklist shows them; set-aside ones are not offered. */
export function checklistSuggestions(checklist: ChecklistPayload): Suggestion[] {
  return checklist.items.flatMap((item) => {
    if (item.not_applicable || (item.status !== 'missing' && item.status !== 'stale')) return []
    const verb = item.status === 'missing' ? 'Provide' : 'Bring up to date'
    return [
      {
        ref: `checklist:${item.key}`,
        origin: 'checklist' as const,
        ...titled(`${verb}: ${item.title}`, [item.reason, item.note].filter(Boolean).join(' ')),
        ownerId: item.assignee?.id ?? null,
        dueDate: item.due_date,
        label: `Due-diligence checklist: ${item.section}`,
        documentId: null,
      },
    ]
  })
}
