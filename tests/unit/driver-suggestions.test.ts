import { describe, expect, it } from 'vitest'

import { driverSuggestions, weakDrivers } from '../../api/readiness/actions/driver-suggestions'
import { chooseLargestCustomer } from '../../api/readiness/assessment/proposals/customers'
import type { StoredAnswer } from '../../shared/readiness'
import { documentFacts } from '../support/stored-facts'

const answer = (key: string, score: number): StoredAnswer => ({
  key,
  score,
  note: '',
  origin: { kind: 'entered' },
  by: 'Olivia',
  at: '2026-11-20T10:00:00.000Z',
})

/** An assessment weak on customers (2.0) and the owner (1.5), fair on the financial statements. */
const ANSWERS = [
  answer('customers.largest-share', 1),
  answer('customers.contracts', 3),
  answer('owner.relationships', 1),
  answer('owner.operations', 2),
  answer('financial.assurance', 4),
]

const CUSTOMERS = [
  'Customer | FY2026 revenue | Share of revenue',
  'Cascade Water Utilities | 6,840,000 | 38%',
  'Pine Ridge County | 1,980,000 | 11%',
  'All other customers | 9,180,000 | 51%',
].join('\n')
const largestIn = (text: string) => chooseLargestCustomer(documentFacts(7, 'Customer list', text)).value

// Issue 47 item 9: a weak driver's task says what to do, naming what the documents state.
describe("a weak driver's suggested task", () => {
  it('lists the weak drivers weakest first, each with its lowest answer', () => {
    expect(weakDrivers(ANSWERS).map(({ key, display, weakest }) => [key, display, weakest.key])).toEqual([
      ['owner', '1.5', 'owner.relationships'],
      ['customers', '2.0', 'customers.largest-share'],
    ])
    expect(weakDrivers(null)).toEqual([])
  })

  it('names the largest customer and its share of revenue as the documents state them, and where', () => {
    const largestCustomer = largestIn(CUSTOMERS)
    expect(largestCustomer).not.toBeNull()
    const [owner, customers] = driverSuggestions(weakDrivers(ANSWERS), { largestCustomer })
    expect(customers).toMatchObject({
      ref: 'driver:customers',
      title: 'Sign a multi-year contract with Cascade Water Utilities (38% of revenue)',
      label: 'Readiness driver: Customer concentration',
    })
    expect(customers!.note).toBe(
      'Cascade Water Utilities brings 38% of revenue (from “Customer list”). ' +
        "Scored 2.0 of 5 on the latest readiness assessment. Weakest answer: “How large is the largest customer's share of revenue?” (1 of 5). " +
        'A 5 would be: No customer brings more than 5% of revenue.',
    )
    // The fact is the customers driver's: the owner's task is its weakest question's action.
    expect(owner!.title).toBe('Hand the key customer and supplier relationships to the team')
  })

  it('writes a share computed from revenue over the total as "about" when it is not a round figure', () => {
    const largestCustomer = largestIn(
      ['Customer | FY2026 revenue', 'Cascade Water Utilities | 1,000', 'All others | 2,000', 'Total | 3,000'].join(
        '\n',
      ),
    )
    const [, customers] = driverSuggestions(weakDrivers(ANSWERS), { largestCustomer })
    expect(customers!.title).toBe('Sign a multi-year contract with Cascade Water Utilities (about 33.3% of revenue)')
  })

  it('says the action without a name or figure when the documents hold no customer table', () => {
    const [owner, customers] = driverSuggestions(weakDrivers(ANSWERS), { largestCustomer: null })
    expect(customers!.title).toBe('Sign multi-year contracts with your largest customers')
    expect(customers!.note).toMatch(/^Scored 2\.0 of 5 on the latest readiness assessment\./)
    expect(owner!.note).toMatch(/^Scored 1\.5 of 5/)
    for (const suggestion of [owner!, customers!]) expect(suggestion.title).not.toMatch(/^Strengthen\b/)
  })
})
