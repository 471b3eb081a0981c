import type { Computation, Operand } from '../../ai/tables/compute'
import { type Scale } from '../../ai/text/scales'
import type { StoredFact } from '../organization-facts'
import type { FactQuestion } from './fact-question'

/** The facts an answer reads, and how it computes from them once each is an operand cited by its cell. */
export interface FactReading {
  facts: StoredFact[]
  compute(operands: Operand[], style: Style): Computation | null
}

/** The scale and currency amounts are stated in: the operands' own, when they share one. */
export interface Style {
  scale: Scale | null
  unit: string | null
}

export interface FactStrategy {
  name: string
  /** What the answer reads, in the order its working writes it; null when this way does not answer. */
  answer(question: FactQuestion, facts: StoredFact[]): FactReading | null
}
