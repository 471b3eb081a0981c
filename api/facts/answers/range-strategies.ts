import Decimal from 'decimal.js'

import { analyze } from '../../ai/retrieval/analyzer'
import { describe, writeParts } from '../../ai/tables/compute'
import type { StoredFact } from '../organization-facts'
import { explained } from './figures'
import type { FactStrategy } from './strategy'

/*
 * A range a document states in a sentence ("an enterprise value between $4.5 million and $5.8
 * million"): its two ends, as the sentence gives them. One document's range: two documents stating
 * different ranges leave the question to the passages, which quote them.
 */

// Words that ask for a range's ends, which name nothing else.
const RANGE_WORDS = new Set(analyze('range ranges low high lower higher end ends value values give gave given put'))
// "What range…", "the low and high ends", "between what values".
const ASKS_RANGE = /\brange\b|\blow(?:er)? and (?:the )?high(?:er)? ends?\b|\bfrom what to what\b/

/** The low and high ends of each range stated of a measure, by the sentence that states both. */
export function rangesOf(facts: StoredFact[], measureKey: string) {
  const ends = facts.filter((fact) => fact.kind === 'prose' && fact.measureKey === measureKey && fact.bound)
  return ends.flatMap((low) => {
    if (low.bound !== 'low') return []
    const high = ends.find(
      (fact) => fact.bound === 'high' && fact.documentId === low.documentId && fact.source.quote === low.source.quote,
    )
    return high && new Decimal(low.value).lte(high.value) ? [[low, high] as const] : []
  })
}

/** "What range did Brookline Business Appraisers put on the business?": the stated range's two ends. */
const statedRange: FactStrategy = {
  name: 'stated-range',
  answer(question, facts) {
    if (!question.measureKey || !ASKS_RANGE.test(question.words) || question.statesFigure) return null
    const otherTerms = question.otherTerms.filter((term) => !RANGE_WORDS.has(term))
    if (!explained({ ...question, otherTerms }, [])) return null
    const ranges = rangesOf(facts, question.measureKey)
    const distinct = new Set(ranges.map(([low, high]) => `${low.value}-${high.value}`))
    if (distinct.size !== 1) return null
    const [low, high] = ranges[0]!
    return {
      facts: [low, high],
      compute: ([from, to], { scale, unit }) => {
        const display = `${describe(from!.value, scale, unit)} to ${describe(to!.value, scale, unit)}`
        const parts = [{ operand: from!, text: from!.cell.text }, ' to ', { operand: to!, text: to!.cell.text }]
        return { value: from!.value, display, scale, unit, derivation: writeParts(parts), parts }
      },
    }
  },
}

export const RANGE_STRATEGIES: readonly FactStrategy[] = [statedRange]
