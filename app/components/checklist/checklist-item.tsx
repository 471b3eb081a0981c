import type { ReactNode } from 'react'

import type { ChecklistItemPayload as ChecklistItem } from '#api/readiness/checklist/contract'
import { calendarDay } from '#shared/calendar'
import { CHECKLIST_STATUS_LABELS } from '#shared/checklist'
import { AppLink } from '~/components/app-link'

/**
 * What the list shows of an item, and of each document matched to it: the list's loader sends the
 * browser this much (listedChecklist), not the item's whole state, which its own page reads.
 */
export interface ListedItem extends Pick<
  ChecklistItem,
  'key' | 'section' | 'title' | 'status' | 'reason' | 'due_date' | 'note' | 'not_applicable' | 'not_applicable_reason'
> {
  matches: Array<Pick<ChecklistItem['matches'][number], 'document_id' | 'title' | 'how' | 'date' | 'date_text'>>
  assignee: { name: string } | null
}

/** The item as the list shows it. */
export const listedItem = (item: ChecklistItem): ListedItem => ({
  key: item.key,
  section: item.section,
  title: item.title,
  status: item.status,
  reason: item.reason,
  matches: item.matches.map(({ document_id, title, how, date, date_text }) => ({
    document_id,
    title,
    how,
    date,
    date_text,
  })),
  assignee: item.assignee && { name: item.assignee.name },
  due_date: item.due_date,
  note: item.note,
  not_applicable: item.not_applicable,
  not_applicable_reason: item.not_applicable_reason,
})

/** Where an item's forms are: a page of its own, so the list of forty-four stays a list to read. */
export const itemPagePath = (key: string) => `/readiness/checklist/${encodeURIComponent(key)}`

/** An item's state under its heading: its status in words, the documents that answer it and how, who has it. */
export function ItemDetails({ item, heading }: { item: ListedItem; heading: ReactNode }) {
  const status = item.not_applicable ? 'not_applicable' : item.status
  return (
    <>
      <div className="checklist-item-head">
        {heading}
        <span className={`status checklist-status-${status}`}>{CHECKLIST_STATUS_LABELS[status]}</span>
      </div>
      {item.not_applicable ? (
        <p className="checklist-reason">Not applicable: {item.not_applicable_reason}</p>
      ) : (
        <p className="checklist-reason">{item.reason}</p>
      )}
      {item.matches.length ? (
        <ul className="checklist-matches" aria-label={`Documents matched to ${item.title}`}>
          {item.matches.map((match) => (
            <li key={match.document_id}>
              <a href={`/documents/${match.document_id}`}>{match.title}</a>
              <span className="checklist-how">
                {' '}
                — {match.how.join('; ')}.{' '}
                {match.date
                  ? `Dated ${calendarDay(match.date)} (“${match.date_text}”).`
                  : 'States no date of its own (its upload time is not used).'}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {item.assignee || item.due_date || item.note ? (
        <p className="checklist-assignment">
          {item.assignee ? `Assigned to ${item.assignee.name}` : 'Not assigned'}
          {item.due_date ? `, due ${calendarDay(item.due_date)}` : ''}.{item.note ? ` Note: ${item.note}` : ''}
        </p>
      ) : null}
    </>
  )
}

/** One request of the list, and for an editor the way to its forms. */
export function ChecklistItemCard({ item, canEdit }: { item: ListedItem; canEdit: boolean }) {
  return (
    <li id={`item-${item.key}`} className="checklist-item card">
      <ItemDetails item={item} heading={<h4>{item.title}</h4>} />
      {canEdit ? (
        <p className="checklist-manage">
          <AppLink to={itemPagePath(item.key)}>
            Manage<span className="visually-hidden"> {item.title}</span>
          </AppLink>
        </p>
      ) : null}
    </li>
  )
}
