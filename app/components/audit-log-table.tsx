import type { AuditEventPayload as AuditEvent } from '#api/audit/contract'
import { AUDIT_ACTION_LABELS, isAuditAction } from '#shared/audit'
import { phaseName } from '#shared/templates'
import { useDates } from '~/components/use-dates'
import { roleLabel } from '~/utils/access'
import { plural } from '~/utils/format'

const FIELD_NAMES: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  website: 'Website',
  logo: 'Logo',
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const role = (value: unknown) => roleLabel(text(value))
const quoted = (value: unknown) => (text(value) ? `“${text(value)}”` : 'empty')

/** An organization edit's changed fields, one sentence each. */
function changeList(changes: unknown) {
  if (typeof changes !== 'object' || changes === null) return []
  return Object.entries(changes as Record<string, { from?: unknown; to?: unknown }>).map(
    ([field, change]) => `${FIELD_NAMES[field] ?? field}: from ${quoted(change?.from)} to ${quoted(change?.to)}`,
  )
}

/** A checklist item's changes, one sentence each (decision 040). */
function checklistChanges(changes: unknown) {
  if (typeof changes !== 'object' || changes === null) return []
  const { assignee, due_date, note, not_applicable, not_applicable_reason, confirmed_document } = changes as Record<
    string,
    { from?: unknown; to?: unknown } | undefined
  >
  const lines: string[] = []
  if (assignee) lines.push(text(assignee.to) ? `Assigned to ${text(assignee.to)}` : 'No longer assigned')
  if (due_date) lines.push(text(due_date.to) ? `Due ${text(due_date.to)}` : 'No due date')
  if (note) lines.push(`Note: ${quoted(note.to)}`)
  if (not_applicable) lines.push(not_applicable.to ? 'Marked not applicable' : 'Marked applicable again')
  if (not_applicable_reason && text(not_applicable_reason.to)) lines.push(`Reason: ${quoted(not_applicable_reason.to)}`)
  if (confirmed_document) {
    lines.push(
      text(confirmed_document.to) ? `Confirmed ${quoted(confirmed_document.to)} answers it` : 'Confirmation withdrawn',
    )
  }
  return lines
}

const VALUE_GAP_FIELDS: Record<string, string> = {
  goal_after_tax: 'Goal after tax',
  target_date: 'Target date',
  ebitda: 'Reported EBITDA',
  valuation_low: 'Valuation, low',
  valuation_high: 'Valuation, high',
  multiple_low: 'Multiple, low',
  multiple_mid: 'Multiple, mid',
  multiple_high: 'Multiple, high',
  transaction_cost_percent: 'Transaction costs (%)',
  tax_percent: 'Tax (%)',
}

/** The value gap's changed entries, one sentence each (decision 041); a cleared entry says so. */
function valueGapChanges(changes: unknown) {
  if (typeof changes !== 'object' || changes === null) return []
  return Object.entries(changes as Record<string, { from?: unknown; to?: unknown }>).map(([field, change]) => {
    const name = VALUE_GAP_FIELDS[field] ?? field
    return text(change?.to) ? `${name}: from ${quoted(change?.from)} to ${quoted(change?.to)}` : `${name}: cleared`
  })
}

/** What the event's details say, in words; the log keeps them as data. */
function describeDetails({ action, details }: AuditEvent, formatDateTime: (iso: string) => string): string[] {
  switch (action) {
    case 'member.invited':
    case 'invitation.resent':
      return [`As ${role(details.role)}`]
    case 'invitation.revoked':
      return [`Was invited as ${role(details.role)}`]
    case 'member.role_changed':
      return [`From ${role(details.from)} to ${role(details.to)}`]
    case 'member.removed':
      return [`${text(details.email)}, ${role(details.role)}`]
    case 'organization.updated':
      return changeList(details.changes)
    case 'organization.created':
      return [`At the address ${text(details.slug)}`]
    case 'organization.deleted':
      return [`Its address was ${text(details.slug)}`]
    case 'document.deleted':
      return [`File ${text(details.file_name)}`]
    case 'template.deleted':
      return [`${phaseName(text(details.phase))} phase`]
    case 'meeting.deleted':
      return [`Was scheduled for ${formatDateTime(text(details.scheduled_at))}`]
    case 'conversation.deleted':
      return [plural(Number(details.messages) || 0, 'message')]
    case 'user.email_changed':
      return [`From ${text(details.from)} to ${text(details.to)}`]
    case 'user.password_changed':
      return ['Every session was signed out']
    case 'checklist.item_added':
      return [`In the ${text(details.section)} section`]
    case 'checklist.item_removed':
      return [`Was in the ${text(details.section)} section`]
    case 'checklist.item_updated':
      return checklistChanges(details.changes)
    case 'value_gap.updated':
      return valueGapChanges(details.changes)
    default:
      return []
  }
}

/** A changed account's events name the actor as their target: the "Who" column already says it. */
const ownAccount = (action: string) => action.startsWith('user.')

/** The audit log's events, newest first: When / Who / Action / Details. */
export function AuditLogTable({ events }: { events: AuditEvent[] }) {
  const { formatDateTime } = useDates()
  return (
    <table className="table audit-table">
      <caption className="visually-hidden">Administrative actions, newest first</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">Action</th>
          <th scope="col">Details</th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => (
          <tr key={event.id}>
            <td>
              <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
            </td>
            <td>
              {event.actor.name}
              <span className="audit-secondary">{event.actor.email}</span>
            </td>
            <td>
              {isAuditAction(event.action) ? AUDIT_ACTION_LABELS[event.action] : event.action}
              {event.target && !ownAccount(event.action) ? (
                <span className="audit-secondary">{event.target}</span>
              ) : null}
            </td>
            <td>
              {describeDetails(event, formatDateTime).map((line) => (
                <span key={line} className="audit-detail">
                  {line}
                </span>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
