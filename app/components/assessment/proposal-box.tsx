import { Form } from '@remix-run/react'

import type { AssessmentQuestionPayload as AssessmentQuestion } from '#api/readiness/assessment/contract'
import { ErrorList } from '~/components/forms'

import type { LastSubmission } from './schemas'

/** What the documents propose for a question, with its source, and (for an editor) the button to accept it. */
export function ProposalBox({
  question,
  canEdit,
  last,
}: {
  question: AssessmentQuestion
  canEdit: boolean
  last: LastSubmission | undefined
}) {
  const proposal = question.proposal
  if (!proposal) return null
  const errorId = `accept-${question.key}-error`
  const errors = last?.intent === 'accept' && last.key === question.key ? last.result.error?.[''] : undefined
  return (
    <aside className="assessment-proposal" aria-label={`Proposed answer: ${question.text}`}>
      <p>
        <strong>Proposed from the documents: {proposal.score}</strong> &mdash; {proposal.evidence}
      </p>
      <ul className="assessment-sources">
        {proposal.sources.map((source) => (
          <li key={`${source.document_id} ${source.location} ${source.quote}`}>
            <a href={`/documents/${source.document_id}`}>{source.title}</a>
            {source.location ? `, ${source.location}` : ''}: <q>{source.quote}</q>
          </li>
        ))}
      </ul>
      {canEdit && proposal.differs ? (
        <Form method="post" className="assessment-accept">
          <input type="hidden" name="intent" value="accept" />
          <input type="hidden" name="key" value={question.key} />
          <ErrorList id={errorId} errors={errors} />
          <button type="submit" className="button" aria-describedby={errors?.length ? errorId : undefined}>
            Accept proposed answer<span className="visually-hidden">: {question.text}</span>
          </button>
        </Form>
      ) : null}
    </aside>
  )
}
