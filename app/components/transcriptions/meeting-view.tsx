import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

import type { MeetingPayload as Meeting, TranscriptPayload as Transcript } from '#api/transcriptions/contract'
import { clock, ROLE_LABELS } from '#shared/meetings'
import { ExportLinks } from '~/components/export-links'
import { useDates } from '~/components/use-dates'
import { initialOf } from '~/utils/format'

import { ConvertForm } from './convert-form'
import { STATUS_LABELS } from './labels'
import { MeetingNotes } from './meeting-notes'
import { MeetingSummary, turnAnchor } from './meeting-summary'
import { RecordingFact, RecordingStatus } from './recording-status'

/**
 * A meeting's detail (spec §2): who took part, what it said and what was agreed, and on its
 * transcript page the whole transcript with speakers and times.
 */
export function MeetingView({
  meeting,
  transcript,
  fullTranscript,
  children,
}: {
  meeting: Meeting
  transcript: Transcript | null
  fullTranscript: boolean
  /** What the page adds below the meeting (the transcript upload, for those who may). */
  children?: ReactNode
}) {
  const { formatDateTime } = useDates()
  return (
    <div className="page meeting-view">
      <p>
        <Link to="/transcriptions">← Recorded Meetings</Link>
      </p>
      <h1>{meeting.title}</h1>
      <dl className="facts">
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`status status-meeting-${meeting.status}`}>{STATUS_LABELS[meeting.status]}</span>
          </dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>
            <time dateTime={meeting.date}>{formatDateTime(meeting.date)}</time>
          </dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>
            {meeting.duration} minutes{' '}
            <span className="fact-note">
              {meeting.durationSource === 'transcript' ? '(from the transcript)' : '(scheduled)'}
            </span>
          </dd>
        </div>
        <RecordingFact meeting={meeting} />
      </dl>

      <section aria-labelledby="participants-title">
        <h2 id="participants-title">Participants</h2>
        <ul className="participants">
          {meeting.participants.map((participant) => (
            <li key={participant.id} className={`participant role-${participant.roleGroup}`}>
              <span className="avatar" aria-hidden="true">
                {participant.name
                  .split(/\s+/)
                  .slice(0, 2)
                  .map((part) => initialOf(part))
                  .join('')}
              </span>
              <span>
                {participant.name}
                <span className="participant-role">{ROLE_LABELS[participant.role] ?? participant.role}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      {transcript ? (
        <>
          <ExportLinks
            label="Download the meeting notes"
            href={(format) => `/resources/transcriptions/${encodeURIComponent(meeting.id)}/export?format=${format}`}
            formats={['pdf', 'docx']}
          />
          <MeetingSummary meetingId={meeting.id} transcript={transcript} />
          <section aria-labelledby="keywords-title">
            <h2 id="keywords-title">Keywords</h2>
            <ul className="term-list">
              {transcript.keywords.map((keyword) => (
                <li key={keyword}>{keyword}</li>
              ))}
            </ul>
          </section>
          <MeetingNotes decisions={transcript.decisions} actionItems={transcript.actionItems} />
          <div className="card-actions meeting-actions">
            {fullTranscript ? null : (
              <Link to={`/transcriptions/${meeting.id}/transcript`} className="button">
                View Transcript
              </Link>
            )}
            <ConvertForm
              small={false}
              meetingId={meeting.id}
              title={meeting.title}
              returnTo={`/transcriptions/${meeting.id}${fullTranscript ? '/transcript' : ''}`}
            />
          </div>
          {fullTranscript ? (
            <section aria-labelledby="transcript-title">
              <h2 id="transcript-title">Transcript</h2>
              <ol className="transcript">
                {transcript.segments.map((segment) => (
                  <li key={segment.id} id={turnAnchor(segment.id)}>
                    <p className="transcript-speaker">
                      <span>{segment.speaker}</span> <time>{clock(segment.startTime)}</time>
                    </p>
                    <p>{segment.text}</p>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
        </>
      ) : (
        <>
          <p className="alert alert-info" role="status">
            This meeting has not been fully processed yet. Current status: {meeting.status}
          </p>
          <RecordingStatus meeting={meeting} />
        </>
      )}
      {children}
    </div>
  )
}
