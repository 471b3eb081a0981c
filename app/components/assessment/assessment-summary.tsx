import type { AssessmentPayload as Assessment } from '#api/readiness/assessment/contract'
import { changeWords } from '#shared/readiness'
import { useDates } from '~/components/use-dates'

/** The overall score, and the drivers weakest first with their change since the last completed assessment. */
export function AssessmentSummary({ assessment }: { assessment: Assessment }) {
  const { formatDate } = useDates()
  const { overall } = assessment
  const since = assessment.change_since ? ` since ${formatDate(assessment.change_since)}` : ''
  return (
    <div className="assessment-summary card">
      <p className="assessment-figure" id="assessment-overall">
        {overall.display ? (
          <>
            <strong>{overall.display} of 5</strong> overall
            {overall.change ? `, ${changeWords(overall.change)}${since}` : ''}
          </>
        ) : (
          <strong>Not scored yet</strong>
        )}
      </p>
      <p className="field-help">
        {overall.drivers_answered} of {overall.drivers} drivers answered ({overall.questions_answered} of{' '}
        {overall.questions} questions). A driver&rsquo;s score is the mean of its answered questions; overall is the
        mean of the answered drivers, each weighing the same. An unanswered driver is not counted.
      </p>
      <h3 id="assessment-drivers">Drivers, weakest first</h3>
      <ol className="assessment-drivers" aria-labelledby="assessment-drivers">
        {assessment.drivers.map((driver) => (
          <li key={driver.key}>
            <a href={`#driver-${driver.key}`}>{driver.name}</a>:{' '}
            {driver.display ? <strong>{driver.display}</strong> : 'not answered'}
            {driver.change ? (
              <span className="assessment-change">
                {' '}
                ({changeWords(driver.change)}
                {since})
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  )
}
