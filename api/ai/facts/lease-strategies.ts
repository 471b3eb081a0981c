import Decimal from 'decimal.js'

import { normalizeLabel } from '../../facts/measures'
import { analyze } from '../retrieval/analyzer'
import { type Computation, describe, describeCell, writeParts } from '../tables/compute'
import { entitiesNamed, explained, statedOnce } from './figures'
import type { FactStrategy } from './strategy'

/*
 * The rent of a premises the business leases (issue 45, item 3): "How much rent does the shop pay
 * each month for the warehouse?", "What is the annual rent for the yard and garage?". A lease
 * schedule states the monthly rent of each premises; a year's rent is twelve months of it.
 */

// Words that say how rent is asked for, and the nouns a question calls the business by.
const RENT_WORDS = new Set(
  analyze(
    'rent rents monthly month each per a year annual annually yearly pay pays paid business company shop bakery ' +
      'lab firm practice',
  ),
)
const ANNUAL = /\b(?:annual|annually|yearly|over a year|a year|per year|each year)\b/
const MONTHS_IN_YEAR = 12

/** The monthly rent of the one premises the question names, or of the only one the documents list. */
const premisesRent: FactStrategy = {
  name: 'premises-rent',
  answer(question, facts) {
    if (question.measureKey !== 'monthly_rent' || question.operation !== 'lookup' || question.statesFigure) return null
    const rents = facts.filter(
      (fact) => fact.kind === 'cell' && fact.measureKey === 'monthly_rent' && fact.entityKind === 'premises',
    )
    const named = entitiesNamed(question, rents)
    const premises = [...new Set(rents.map((fact) => normalizeLabel(fact.entity!)))]
    const asked =
      named.length === 1 ? normalizeLabel(named[0]!) : named.length === 0 && premises.length === 1 ? premises[0] : null
    if (!asked) return null
    const otherTerms = question.otherTerms.filter((term) => !RENT_WORDS.has(term))
    if (!explained({ ...question, otherTerms }, named)) return null
    const rent = statedOnce(rents.filter((fact) => normalizeLabel(fact.entity!) === asked))
    if (!rent) return null
    const annual = ANNUAL.test(question.words)
    return {
      facts: [rent],
      compute: ([operand], { scale, unit }): Computation => {
        const monthly = { operand: operand!, text: operand!.cell.text }
        if (!annual) {
          const parts = [monthly]
          return {
            value: operand!.value,
            display: describeCell(operand!, scale, unit),
            scale,
            unit,
            derivation: writeParts(parts),
            parts,
          }
        }
        const value = operand!.value.times(new Decimal(MONTHS_IN_YEAR))
        const display = describe(value, scale, unit)
        const parts = [monthly, ` × ${MONTHS_IN_YEAR} months = ${display}`]
        return { value, display, scale, unit, derivation: writeParts(parts), parts }
      },
    }
  },
}

export const LEASE_STRATEGIES: readonly FactStrategy[] = [premisesRent]
