import type { TranscriptPayload as Transcript } from '#api/transcriptions/contract'
import { calendarDay } from '#shared/calendar'
import { clock } from '#shared/meetings'

/** What a meeting settled and who will do what: the two lists people come back to a meeting for. */
export function MeetingNotes({
  decisions,
  actionItems,
}: {
  decisions: Transcript['decisions']
  actionItems: Transcript['actionItems']
}) {
  return (
    <>
      <section aria-labelledby="decisions-title">
        <h2 id="decisions-title">Decisions</h2>
        {decisions.length === 0 ? <p>No decisions were said.</p> : null}
        <ul className="notes-list">
          {decisions.map((decision, index) => (
            <li key={index}>
              <p>{decision.text}</p>
              <p className="notes-meta">
                <span>Said by: {decision.speaker}</span>
                {decision.time === null ? null : (
                  <span>
                    At: <time>{clock(decision.time)}</time>
                  </span>
                )}
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="actions-title">
        <h2 id="actions-title">Action items</h2>
        {actionItems.length === 0 ? <p>No action items were said.</p> : null}
        <ul className="notes-list">
          {actionItems.map((item, index) => (
            <li key={index}>
              <p>{item.text}</p>
              <p className="notes-meta">
                <span>Assignee: {item.assignee ?? 'Unassigned'}</span>
                <span>Due: {item.dueDate ? calendarDay(item.dueDate) : 'Not set'}</span>
              </p>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
