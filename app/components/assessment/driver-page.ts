import type { AssessmentPayload as Assessment } from '#api/readiness/assessment/contract'
import { driverPagePath } from '#shared/readiness'

type AssessmentSection = Assessment['sections'][number]

/** A driver's page at its heading, so Tab starts at its first question without JavaScript too. */
export const driverHeadingPath = (driverKey: string) => `${driverPagePath(driverKey)}#driver-${driverKey}`

/** The assessment as one driver's page shows it: the scores of all, the questions of one (decision 084). */
export type DriverPage = Omit<Assessment, 'sections'> & {
  section: AssessmentSection
  /** The driver after it in the assessment's order, to go on answering; none after the last. */
  next: { key: string; name: string } | null
}

/**
 * The driver asked for; without one (or with one the assessment does not have), the first driver
 * with a question still unanswered, so an advisor who comes back goes on where they stopped.
 */
export function driverPage({ sections, ...assessment }: Assessment, asked: string | null): DriverPage | null {
  const askedIndex = sections.findIndex((section) => section.key === asked)
  const unfinished = new Set(assessment.drivers.filter((d) => d.answered < d.questions).map((d) => d.key))
  const index =
    askedIndex >= 0
      ? askedIndex
      : Math.max(
          0,
          sections.findIndex((s) => unfinished.has(s.key)),
        )
  const section = sections[index]
  if (!section) return null
  const next = sections[index + 1]
  return { ...assessment, section, next: next ? { key: next.key, name: next.name } : null }
}
