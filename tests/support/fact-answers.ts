import Decimal from 'decimal.js'

import { readFactQuestion } from '../../api/facts/answers/fact-question'
import { answerWithFacts } from '../../api/facts/answers/strategies'
import type { StoredFact } from '../../api/facts/organization-facts'

/** The strategy that answers and the figure it computes ("two-measures: 18.38%"), each fact an operand as written; null when none answers. */
export function computedFrom(facts: StoredFact[], question: string) {
  const found = answerWithFacts(readFactQuestion(question), facts)
  if (!found) return null
  const operands = found.facts.map((fact) => ({
    value: new Decimal(fact.value),
    cell: { row: 0, column: 0, rowLabel: fact.measure, columnLabel: fact.period?.label ?? '', text: fact.value },
  }))
  return `${found.strategy}: ${found.compute(operands, { scale: null, unit: '$' })?.display}`
}
