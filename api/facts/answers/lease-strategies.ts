import Decimal from 'decimal.js'

import { analyze } from '../../ai/retrieval/analyzer'
import { type Computation, describe, describeCell, total, writeParts } from '../../ai/tables/compute'
import { normalizeLabel } from '../../ai/text/measures'
import type { StoredFact } from '../organization-facts'
import { BUSINESS_NOUNS } from './fact-question'
import { entitiesNamed, explained, statedOnce } from './figures'
import type { FactStrategy } from './strategy'

/*
 * The rent of a premises the business leases (issue 45, item 3): "How much rent does the shop pay
 * each month for the warehouse?", "What is the annual rent for the yard and garage?". A lease
 * schedule states the monthly rent of each premises; a year's rent is twelve months of it.
 */

// Words that say how rent is asked for, and the nouns a question calls the business by.
const RENT_WORDS = new Set(
  analyze(`rent rents monthly month each per a year annual annually yearly pay pays paid ${BUSINESS_NOUNS}`),
)
const ANNUAL = /\b(?:annual|annually|yearly|over a year|a year|per year|each year)\b/
const MONTHS_IN_YEAR = 12

/** The monthly rents the documents state of their premises, in a schedule or a sentence. */
const rentsOf = (facts: StoredFact[]) =>
  facts.filter((fact) => fact.measureKey === 'monthly_rent' && fact.entityKind === 'premises')

/** The monthly rent of the one premises the question names, or of the only one the documents list. */
const premisesRent: FactStrategy = {
  name: 'premises-rent',
  answer(question, facts) {
    if (question.measureKey !== 'monthly_rent' || question.operation !== 'lookup' || question.statesFigure) return null
    const rents = rentsOf(facts)
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

// "the total monthly rent of all leases", "pay per month across its leases": every premises' rent together.
const ALL_LEASES =
  /\b(?:all|across|total|combined|together|altogether)\b.*\b(?:leases|premises|locations|properties|sites)\b|\b(?:leases|premises|locations|properties|sites)\b.*\b(?:combined|together|in total|altogether)\b/
const TOTAL_WORDS = new Set(analyze('total all across combined together altogether leases lease premises its their'))

/** The monthly rent of every premises the documents list, added up (twelve months of it for a year). */
const premisesRentTotal: FactStrategy = {
  name: 'premises-rent-total',
  answer(question, facts) {
    if (question.measureKey !== 'monthly_rent' || question.statesFigure || !ALL_LEASES.test(question.words)) return null
    const rents = rentsOf(facts)
    if (entitiesNamed(question, rents).length > 0) return null
    const otherTerms = question.otherTerms.filter((term) => !RENT_WORDS.has(term) && !TOTAL_WORDS.has(term))
    if (!explained({ ...question, otherTerms }, [])) return null
    const premises = [...new Set(rents.map((fact) => normalizeLabel(fact.entity!)))]
    const each = premises.map((name) => statedOnce(rents.filter((fact) => normalizeLabel(fact.entity!) === name)))
    if (premises.length === 0 || each.some((rent) => !rent)) return null
    const read = each as StoredFact[]
    const annual = ANNUAL.test(question.words)
    return {
      facts: read,
      compute: (operands, { scale, unit }): Computation => {
        const monthly = total(operands)
        const value = annual ? monthly.times(MONTHS_IN_YEAR) : monthly
        const display = describe(value, scale, unit)
        const parts = [
          ...(annual ? ['('] : []),
          ...operands.flatMap((operand, index) => [
            `${index === 0 ? '' : ' + '}${read[index]!.entity}: `,
            { operand, text: operand.cell.text },
          ]),
          annual ? `) × ${MONTHS_IN_YEAR} months = ${display}` : ` = ${display}`,
        ]
        return { value, display, scale, unit, derivation: writeParts(parts), parts }
      },
    }
  },
}

export const LEASE_STRATEGIES: readonly FactStrategy[] = [premisesRentTotal, premisesRent]
