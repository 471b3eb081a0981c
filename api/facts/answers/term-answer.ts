import type { Deps } from '../../kernel/context'
import { organizationTerms, type StoredTerm } from '../organization-terms'
import { asksOfBusiness, readBusinessTerm } from './business-term-answer'
import type { FactAnswer, Ranked } from './fact-answer'
import { asksLeaseTerm, readLeaseTerm } from './lease-term-answer'
import { preparedAsked, readPreparedBy } from './prepared-by-answer'
import { asksRole, readRole } from './role-answer'
import { type Stated, statedAnswer } from './stated-answer'

/*
 * Answers from the terms read at ingestion that are no figure (api/facts/*-terms.ts): a lease's
 * landlord and end, who signed a letter off, what a profile says of the business and who holds
 * which role in it. Each reader says
 * whether it is asked; the organization's terms are read once for those that are, in this order.
 */

const READERS: Array<{
  asks: (question: string) => boolean
  read: (question: string, terms: StoredTerm[]) => Stated<StoredTerm> | null
}> = [
  { asks: asksLeaseTerm, read: readLeaseTerm },
  { asks: (question) => preparedAsked(question) !== null, read: readPreparedBy },
  { asks: asksOfBusiness, read: readBusinessTerm },
  { asks: asksRole, read: readRole },
]

/** The answer from the first reader asked that the terms answer, cited by its passage; null when none does. */
export async function answerFromTerms<P extends Ranked>(
  deps: Deps,
  scope: { organizationId: number; documentIds: number[] | null },
  question: string,
  passages: P[],
): Promise<FactAnswer<P> | null> {
  const asked = READERS.filter((reader) => reader.asks(question))
  if (asked.length === 0) return null
  const terms = await organizationTerms(deps, scope.organizationId, scope.documentIds)
  for (const reader of asked) {
    const read = reader.read(question, terms)
    const answer = read && (await statedAnswer(deps, scope.organizationId, passages, read))
    if (answer) return answer
  }
  return null
}
