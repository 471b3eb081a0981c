import { Link } from '@remix-run/react'

import type { MeetingPayload as Meeting } from '#api/transcriptions/contract'
import { useDates } from '~/components/use-dates'
import { plural } from '~/utils/format'

import { ConvertForm } from './convert-form'
import { STATUS_LABELS } from './labels'

/** A meeting in the list (spec §2): status, when, how long, who, and what can be opened. */
export function MeetingCard({ meeting, returnTo }: { meeting: Meeting; returnTo: string }) {
  const { formatDateTime } = useDates()
  const titleId = `${meeting.id}-title`
  const shown = meeting.participants.slice(0, 2)
  const more = meeting.participants.length - shown.length
  return (
    <article className="card card-list-item" aria-labelledby={titleId}>
      <p>
        <span className={`status status-meeting-${meeting.status}`}>{STATUS_LABELS[meeting.status]}</span>
      </p>
      <h2 id={titleId}>{meeting.title}</h2>
      <p className="meeting-card-meta">
        <time dateTime={meeting.date}>{formatDateTime(meeting.date)}</time>
        <span>{meeting.duration} minutes</span>
        <span>{plural(meeting.participants.length, 'participant')}</span>
      </p>
      {meeting.participants.length ? (
        <ul className="participant-chips" aria-label="Participants">
          {shown.map((participant) => (
            <li key={participant.id} className={`chip role-${participant.roleGroup}`}>
              {participant.name}
            </li>
          ))}
          {more > 0 ? (
            <li className="chip" aria-label={`and ${more} more`}>
              +{more}
            </li>
          ) : null}
        </ul>
      ) : null}
      <div className="card-actions">
        <Link to={`/transcriptions/${meeting.id}`} className="button button-small">
          View Details<span className="visually-hidden"> of {meeting.title}</span>
        </Link>
        {meeting.status === 'processed' ? (
          <>
            <Link to={`/transcriptions/${meeting.id}/transcript`} className="button button-small">
              View Transcript<span className="visually-hidden"> of {meeting.title}</span>
            </Link>
            <ConvertForm meetingId={meeting.id} title={meeting.title} returnTo={returnTo} />
          </>
        ) : null}
      </div>
    </article>
  )
}
