import { changeWords } from '#shared/readiness'
import { AppLink } from '~/components/app-link'
import { useDates } from '~/components/use-dates'

import { driverHeadingPath, type DriverPage } from './driver-page'

/**
 * The overall score, and the drivers weakest first with their change since the last completed
 * assessment; each links to its page, the one shown marked as the current.
 */
export function AssessmentSummary({ assessment }: { assessment: DriverPage }) {
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
            <AppLink
              to={driverHeadingPath(driver.key)}
              aria-current={driver.key === assessment.section.key ? 'page' : undefined}
            >
              {driver.name}
            </AppLink>
            : {driver.display ? <strong>{driver.display}</strong> : 'not answered'}
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
