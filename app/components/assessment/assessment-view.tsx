import { Form } from '@remix-run/react'

import { AppLink } from '~/components/app-link'
import { ErrorList } from '~/components/forms'
import { useDates } from '~/components/use-dates'

import { AssessmentSummary } from './assessment-summary'
import { driverHeadingPath, type DriverPage } from './driver-page'
import { QuestionCard } from './question-card'
import type { LastSubmission } from './schemas'

/** The readiness assessment: the scores, one driver's questions, completing, and the history. */
export function AssessmentView({ assessment, last }: { assessment: DriverPage; last: LastSubmission | undefined }) {
  const { section, next } = assessment
  const { formatDate } = useDates()
  const canEdit = assessment.can_edit
  const completeErrors = last?.intent === 'complete' ? last.result.error?.[''] : undefined
  return (
    <section aria-labelledby="assessment-heading" className="assessment">
      <h2 id="assessment-heading">Readiness assessment</h2>
      <AssessmentSummary assessment={assessment} />
      {assessment.starting_point ? (
        <p className="assessment-note">
          No assessment is open: these are the answers of the one completed on{' '}
          {formatDate(assessment.starting_point.completed_at)}.
          {canEdit ? ' Saving an answer opens a new assessment that starts from them.' : ''}
        </p>
      ) : null}
      <section aria-labelledby={`driver-${section.key}`} className="assessment-driver">
        <h3 id={`driver-${section.key}`}>
          {section.name}
          <span className="assessment-driver-score">
            {section.display ? ` ${section.display} of 5` : ' (not answered)'}
          </span>
        </h3>
        <ul className="assessment-questions">
          {section.questions.map((question) => (
            <QuestionCard key={question.key} question={question} canEdit={canEdit} last={last} />
          ))}
        </ul>
        {next ? (
          <p className="assessment-next">
            <AppLink to={driverHeadingPath(next.key)}>Next driver: {next.name}</AppLink>
          </p>
        ) : null}
      </section>
      {canEdit ? (
        <Form method="post" className="assessment-complete card">
          <input type="hidden" name="intent" value="complete" />
          <p className="field-help" id="complete-help">
            Completing dates and signs this assessment and keeps it in the history; the next answer opens a new one, and
            the page then shows each driver&rsquo;s change since this one.
          </p>
          <ErrorList id="complete-error" errors={completeErrors} />
          <button
            type="submit"
            className="button-primary"
            aria-describedby={completeErrors?.length ? 'complete-error complete-help' : 'complete-help'}
          >
            Complete assessment
          </button>
        </Form>
      ) : null}
      <section aria-labelledby="assessment-history" className="assessment-history">
        <h3 id="assessment-history">Completed assessments</h3>
        {assessment.history.length ? (
          <ol>
            {assessment.history.map((past) => (
              <li key={past.id}>
                {formatDate(past.completed_at)}, by {past.completed_by}:{' '}
                {past.overall ? `${past.overall} of 5` : 'not scored'}
              </li>
            ))}
          </ol>
        ) : (
          <p>None completed yet.</p>
        )}
      </section>
    </section>
  )
}
