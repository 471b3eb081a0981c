import { Link } from '@remix-run/react'

import type { TranscriptPayload as Transcript } from '#api/transcriptions/contract'
import { clock } from '#shared/meetings'

/** The id of a turn on the transcript page, which a summary point links to. */
export const turnAnchor = (segmentId: number) => `turn-${segmentId}`

/**
 * What the meeting was about and what it settled, each point with the turn it comes from: its
 * speaker and time, a link to that turn in the transcript.
 */
export function MeetingSummary({ meetingId, transcript }: { meetingId: string; transcript: Transcript }) {
  const turns = new Map(transcript.segments.map((segment) => [segment.id, segment]))
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title">Summary</h2>
      <ul className="summary-points">
        {transcript.summaryPoints.map((point, index) => {
          const turn = point.turn === null ? undefined : turns.get(point.turn)
          return (
            <li key={index}>
              {point.text}
              {turn ? (
                <>
                  {' '}
                  <span className="summary-source">
                    {/* A document load, as without JavaScript: the browser scrolls to the turn and starts focus there. */}
                    From{' '}
                    <Link
                      reloadDocument
                      to={`/transcriptions/${encodeURIComponent(meetingId)}/transcript#${turnAnchor(turn.id)}`}
                    >
                      {turn.speaker} at {clock(turn.startTime)}
                    </Link>
                  </span>
                </>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
