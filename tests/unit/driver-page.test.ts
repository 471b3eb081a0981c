import { describe, expect, it } from 'vitest'

import type { AssessmentPayload } from '../../api/readiness/assessment/contract'
import { driverPage } from '../../app/components/assessment/driver-page'
import { driverOfQuestion, driverPagePath } from '../../shared/readiness'

/** An assessment of three drivers, `answered` of two questions each answered per driver. */
function assessment(answered: Record<string, number>): AssessmentPayload {
  const keys = ['financial', 'growth', 'customers']
  return {
    can_edit: true,
    open: null,
    starting_point: null,
    overall: { display: null, drivers_answered: 0, drivers: 3, questions_answered: 0, questions: 6, change: null },
    change_since: null,
    drivers: keys.map((key) => ({
      key,
      name: key.toUpperCase(),
      display: null,
      answered: answered[key] ?? 0,
      questions: 2,
      change: null,
    })),
    sections: keys.map((key) => ({ key, name: key.toUpperCase(), display: null, questions: [] })),
    history: [],
  }
}

describe('one driver a page (decision 084)', () => {
  it('shows the driver asked for, with the next one after it', () => {
    const page = driverPage(assessment({}), 'growth')!
    expect(page.section.key).toBe('growth')
    expect(page.next).toEqual({ key: 'customers', name: 'CUSTOMERS' })
    expect('sections' in page).toBe(false)
    expect(driverPage(assessment({}), 'customers')!.next).toBeNull()
  })

  it('without a driver, or with one it does not have, shows the first with a question unanswered', () => {
    const partly = assessment({ financial: 2, growth: 1 })
    expect(driverPage(partly, null)!.section.key).toBe('growth')
    expect(driverPage(partly, 'nonsense')!.section.key).toBe('growth')
    expect(driverPage(assessment({ financial: 2, growth: 2, customers: 2 }), null)!.section.key).toBe('financial')
  })

  it('has no page for an assessment without drivers', () => {
    expect(driverPage({ ...assessment({}), sections: [], drivers: [] }, null)).toBeNull()
  })

  it('names a question’s driver and its page', () => {
    expect(driverOfQuestion('customers.largest-share')).toBe('customers')
    expect(driverPagePath('legal')).toBe('/readiness?driver=legal')
    expect(driverPagePath('a&b')).toBe('/readiness?driver=a%26b')
  })
})
