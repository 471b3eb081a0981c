import { Form } from '@remix-run/react'

import type { PlanPayload as Plan, SuggestionPayload as Suggestion } from '#api/readiness/actions/contract'
import { calendarDay } from '#shared/calendar'
import { plural } from '~/utils/format'

function SuggestionItem({ suggestion, next, canEdit }: { suggestion: Suggestion; next: string; canEdit: boolean }) {
  return (
    <li id={`suggestion-${suggestion.ref}`} className="suggestion">
      <p className="suggestion-title">
        <strong>{suggestion.title}</strong>
      </p>
      <p className="task-facts">
        {'From '}
        {suggestion.source.link ? (
          <a href={suggestion.source.link}>{suggestion.source.label}</a>
        ) : (
          suggestion.source.label
        )}
        {suggestion.owner ? ` · Owner: ${suggestion.owner.name}` : ''}
        {suggestion.due_date ? ` · Due ${calendarDay(suggestion.due_date)}` : ''}
      </p>
      {suggestion.note ? <p className="task-note">{suggestion.note}</p> : null}
      {canEdit ? (
        <Form method="post">
          <input type="hidden" name="intent" value="add-suggestion" />
          <input type="hidden" name="ref" value={suggestion.ref} />
          {/* Where the page comes back to once this one is in the plan: the suggestion after it. */}
          <input type="hidden" name="next" value={next} />
          <button type="submit" className="button button-small">
            Add<span className="visually-hidden"> “{suggestion.title}”</span> to plan
          </button>
        </Form>
      ) : null}
    </li>
  )
}

/**
 * What the organization's assessment, meetings, analyses and checklist call for that the plan does
 * not hold yet, under a heading per source in the order the API gives: each can be added on its
 * own, or all at once.
 */
export function Suggestions({ plan }: { plan: Plan }) {
  const groups = plan.suggestion_groups
  // After adding one, the page returns to the one after it, which may open the next group.
  const refs = groups.flatMap((group) => group.suggestions.map((suggestion) => suggestion.ref))
  const nextAfter = (ref: string) => refs[refs.indexOf(ref) + 1] ?? ''
  return (
    <section id="suggestions" aria-labelledby="suggestions-heading" className="actions-suggestions card">
      <h2 id="suggestions-heading">Suggested tasks</h2>
      {refs.length ? (
        <>
          <p>
            {plural(refs.length, 'task')} from the readiness assessment, meetings, analyses and the due-diligence
            checklist, not yet in the plan.
          </p>
          {plan.can_edit ? (
            <Form method="post">
              <input type="hidden" name="intent" value="gather" />
              <button type="submit" className="button-primary">
                Add all {refs.length} to the plan
              </button>
            </Form>
          ) : null}
          {groups.map((group) => (
            <section key={group.origin} aria-labelledby={`suggestions-${group.origin}`} className="suggestion-group">
              <h3 id={`suggestions-${group.origin}`}>{group.heading}</h3>
              {group.more ? (
                <p className="field-help">
                  The first {group.suggestions.length}; {plural(group.more, 'more follows', 'more follow')} as these are
                  added.
                </p>
              ) : null}
              <ul className="suggestion-list">
                {group.suggestions.map((suggestion) => (
                  <SuggestionItem
                    key={suggestion.ref}
                    suggestion={suggestion}
                    next={nextAfter(suggestion.ref)}
                    canEdit={plan.can_edit}
                  />
                ))}
              </ul>
            </section>
          ))}
        </>
      ) : (
        <p>
          Nothing to suggest: every meeting action item, recommendation, checklist gap and weak driver is in the plan.
        </p>
      )}
    </section>
  )
}
