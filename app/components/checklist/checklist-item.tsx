import { calendarDay } from '#shared/calendar'
import { CHECKLIST_STATUS_LABELS } from '#shared/checklist'
import type { Checklist, ChecklistItem } from '~/services/checklist.server'

import { ItemForms } from './item-forms'
import type { LastSubmission } from './schemas'

/** One request of the list: its status in words, the documents that answer it and how, who has it. */
export function ChecklistItemCard({
  item,
  members,
  canEdit,
  last,
}: {
  item: ChecklistItem
  members: Checklist['members']
  canEdit: boolean
  last: LastSubmission | undefined
}) {
  const status = item.not_applicable ? 'not_applicable' : item.status
  const headingId = `item-${item.key}-title`
  return (
    <li id={`item-${item.key}`} className="checklist-item card">
      <div className="checklist-item-head">
        <h4 id={headingId}>{item.title}</h4>
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
      {canEdit ? <ItemForms item={item} members={members} last={last?.key === item.key ? last : undefined} /> : null}
    </li>
  )
}
