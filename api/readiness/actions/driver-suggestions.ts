import type { StoredAnswer } from '../../../shared/readiness'
import { QUESTIONS } from '../assessment/drivers'
import { type LargestCustomer, shareWritten } from '../assessment/proposals/customers'
import { scoreAssessment } from '../assessment/scoring'
import { placeOf } from '../value-gap/fact-sources'
import { type Suggestion, titled } from './suggestions'

/** A driver scoring below this (a mean under 3 of 5) is offered as a task. */
const WEAK_DRIVER = 3

export interface WeakDriver {
  key: string
  name: string
  /** Its score as the assessment shows it ("1.5"). */
  display: string
  /** Its lowest answer, which the task acts on. */
  weakest: StoredAnswer
}

/** What the documents state that a weak driver's task names, read only when that driver is weak. */
export interface DriverFacts {
  largestCustomer: LargestCustomer | null
}

/** The drivers scoring below 3 on the latest assessment, weakest first, each with its lowest answer. */
export function weakDrivers(answers: StoredAnswer[] | null): WeakDriver[] {
  // A question dropped from a later version of the drivers no longer scores: it is left out, not refused.
  const known = (answers ?? []).filter((answer) => QUESTIONS.has(answer.key))
  if (!known.length) return []
  const scores = scoreAssessment(known.map(({ key, score }) => ({ key, score })))
  return scores.drivers.flatMap((driver) => {
    if (!driver.score || driver.score.numerator >= WEAK_DRIVER * driver.score.denominator) return []
    const weakest = known
      .filter((answer) => QUESTIONS.get(answer.key)!.driver.key === driver.key)
      .sort((a, b) => a.score - b.score)[0]!
    return [{ key: driver.key, name: driver.name, display: driver.display!, weakest }]
  })
}

/**
 * What to do, in the title, and the fact behind it when the documents state it: the largest
 * customer is named with its share of revenue, never guessed. Otherwise the weakest question's action.
 */
function actionOf(driver: WeakDriver, facts: DriverFacts) {
  const customer = driver.key === 'customers' ? facts.largestCustomer : null
  if (!customer) return { action: QUESTIONS.get(driver.weakest.key)!.action, basis: '' }
  const share = shareWritten(customer)
  const from = [`“${customer.figure.title}”`, placeOf(customer.figure)].filter(Boolean).join(', ')
  return {
    action: `Sign a multi-year contract with ${customer.name} (${share} of revenue)`,
    basis: `${customer.name} brings ${share} of revenue (from ${from}).`,
  }
}

export function driverSuggestions(weak: WeakDriver[], facts: DriverFacts): Suggestion[] {
  return weak.map((driver) => {
    const question = QUESTIONS.get(driver.weakest.key)!
    const { action, basis } = actionOf(driver, facts)
    const scored =
      `Scored ${driver.display} of 5 on the latest readiness assessment. Weakest answer: “${question.text}” ` +
      `(${driver.weakest.score} of 5). A 5 would be: ${question.high}`
    return {
      ref: `driver:${driver.key}`,
      origin: 'driver' as const,
      ...titled(action, [basis, scored].filter(Boolean).join(' ')),
      ownerId: null,
      dueDate: null,
      label: `Readiness driver: ${driver.name}`,
      documentId: null,
    }
  })
}
