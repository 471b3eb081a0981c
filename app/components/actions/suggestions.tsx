import { Form } from '@remix-run/react'

import { calendarDay } from '#shared/calendar'
import { TASK_ORIGIN_NAMES } from '#shared/readiness'
import type { Plan } from '~/services/actions.server'
import { plural } from '~/utils/format'

/**
 * What the organization's meetings, analyses, checklist and assessment call for that the plan does
 * not hold yet: each can be added on its own, or all at once.
 */
export function Suggestions({ plan }: { plan: Plan }) {
  const { suggestions } = plan
  return (
    <section id="suggestions" aria-labelledby="suggestions-heading" className="actions-suggestions card">
      <h2 id="suggestions-heading">Suggested tasks</h2>
      {suggestions.length ? (
        <>
          <p>
            {plural(suggestions.length, 'task')} from meetings, analyses, the due-diligence checklist and the readiness
            assessment, not yet in the plan.
            {plan.more_suggestions
              ? ` ${plural(plan.more_suggestions, 'more follows', 'more follow')} as these are added.`
              : ''}
          </p>
          {plan.can_edit ? (
            <Form method="post">
              <input type="hidden" name="intent" value="gather" />
              <button type="submit" className="button-primary">
                Add all {suggestions.length} to the plan
              </button>
            </Form>
          ) : null}
          <ul className="suggestion-list">
            {suggestions.map((suggestion, index) => (
              <li key={suggestion.ref} id={`suggestion-${suggestion.ref}`} className="suggestion">
                <p className="suggestion-title">
                  <strong>{suggestion.title}</strong>
                </p>
                <p className="task-facts">
                  {TASK_ORIGIN_NAMES[suggestion.origin]}
                  {' · From '}
                  {suggestion.source.link ? (
                    <a href={suggestion.source.link}>{suggestion.source.label}</a>
                  ) : (
                    suggestion.source.label
                  )}
                  {suggestion.owner ? ` · Owner: ${suggestion.owner.name}` : ''}
                  {suggestion.due_date ? ` · Due ${calendarDay(suggestion.due_date)}` : ''}
                </p>
                {suggestion.note ? <p className="task-note">{suggestion.note}</p> : null}
                {plan.can_edit ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="add-suggestion" />
                    <input type="hidden" name="ref" value={suggestion.ref} />
                    {/* Where the page comes back to once this one is in the plan: the suggestion after it. */}
                    <input type="hidden" name="next" value={suggestions[index + 1]?.ref ?? ''} />
                    <button type="submit" className="button button-small">
                      Add<span className="visually-hidden"> “{suggestion.title}”</span> to plan
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          Nothing to suggest: every meeting action item, recommendation, checklist gap and weak driver is in the plan.
        </p>
      )}
    </section>
  )
}
