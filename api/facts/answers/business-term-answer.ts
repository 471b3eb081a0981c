import { normalizeLabel } from '../../ai/text/measures'
import type { StoredTerm } from '../organization-terms'
import type { Stated } from './stated-answer'

/*
 * Questions on the business itself (issue 45): who founded it and when, who owns it, how many people
 * it employs, where it is based. Answered from what its profile says, read at ingestion
 * (api/facts/business-terms.ts), cited by the sentence; documents that say two different things
 * leave the question to the passages.
 */

type Key = 'founded' | 'founder' | 'owner' | 'headcount' | 'location'

const FOUNDING = String.raw`(?:found|founded|start|started|establish|established|set up|form|formed|create|created)`
const ASKED: Array<{ key: Key; pattern: RegExp }> = [
  {
    key: 'founded',
    pattern: new RegExp(
      String.raw`^(?:when|(?:in\s+)?(?:what|which)\s+year)\b.*\b${FOUNDING}\b|\bfounding (?:year|date)\b`,
      'i',
    ),
  },
  { key: 'founder', pattern: new RegExp(String.raw`^who\b.*\b${FOUNDING}\b|^who (?:is|was) the founder\b`, 'i') },
  { key: 'owner', pattern: /^who\b.*\b(?:owns|owned|owner|owners)\b/i },
  {
    key: 'headcount',
    pattern:
      /\bhow many\b.*\b(?:people|employees|staff|workers)\b.*\b(?:employ|employs|have|has|work|working)\b|\bhow many\b.*\bemploys?\b|\bheadcount\b/i,
  },
  { key: 'location', pattern: /^where\b.*\b(?:located|based|headquartered)\b|^where is\b.*\b(?:business|company)\b/i },
]

const WHAT: Record<Key, string> = {
  founded: 'Founded',
  founder: 'Founded by',
  owner: 'Owned by',
  headcount: 'People employed',
  location: 'Based in',
}

// Questions that ask the same of something else: "When does the lease start?", "Who owns the building?".
const OF_SOMETHING_ELSE =
  /\b(?:lease|leases|landlord|building|property|premises|land|lot|real estate|contract|agreement|loan|project|sale|process|plan|valuation|letter|report)\b/i

function askedOf(question: string) {
  const key = ASKED.find(({ pattern }) => pattern.test(question.trim()))?.key ?? null
  return key && key !== 'headcount' && OF_SOMETHING_ELSE.test(question) ? null : key
}

/** What a question on the business reads among the terms; null when it asks none, or the documents differ. */
export function readBusinessTerm(question: string, terms: StoredTerm[]): Stated<StoredTerm> | null {
  const key = askedOf(question)
  if (!key) return null
  const said = terms.filter((term) => term.entityKind === 'business' && term.termKey === key)
  const values = new Set(said.map((term) => normalizeLabel(term.text)))
  if (values.size !== 1) return null
  const term = said[0]!
  return {
    strategy: `business-${key}`,
    cited: [term],
    figure: term.text,
    working: [`${WHAT[key]}: `, { item: term, text: term.text, row: '' }],
  }
}

/** Whether the question asks what the documents say of the business itself. */
export const asksOfBusiness = (question: string) => askedOf(question) !== null
