import { analyze } from '../../ai/retrieval/analyzer'
import { lookup } from '../../ai/tables/compute'
import { explained, statedOnce } from './figures'
import type { FactStrategy } from './strategy'

/*
 * What the owner wants from the sale (issue 45, item 3): "How much does the owner need after tax
 * from the sale?", "What after-tax amount does Daniel Bennett want from selling the business?". A
 * memo or a letter states it in a sentence; two documents stating different amounts leave the
 * question to the passages, which quote both.
 */

// Words that ask for the owner's need, which name nothing else.
const NEED_WORDS = new Set(
  analyze('owner owners need needs want wants amount sale sell selling sold business company from walk away take home'),
)

/** The after-tax amount the documents say the owner needs, stated once. */
const afterTaxNeed: FactStrategy = {
  name: 'after-tax-need',
  answer(question, facts) {
    if (question.measureKey !== 'after_tax_need' || question.operation !== 'lookup' || question.statesFigure)
      return null
    const otherTerms = question.otherTerms.filter((term) => !NEED_WORDS.has(term))
    if (!explained({ ...question, otherTerms }, [])) return null
    const need = statedOnce(facts.filter((fact) => fact.measureKey === 'after_tax_need' && !fact.bound))
    return need && { facts: [need], compute: ([operand], { scale, unit }) => lookup(operand!, scale, unit) }
  },
}

export const OWNER_GOAL_STRATEGIES: readonly FactStrategy[] = [afterTaxNeed]
