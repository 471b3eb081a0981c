import { normalizeLabel } from '../../ai/text/measures'
import type { StoredTerm } from '../organization-terms'
import { businessNames, isBusinessName } from './business-named'
import { type Stated, theOneNamed } from './stated-answer'

/*
 * "Who is the office manager?", "Who is Summit Prosthetics Lab's controller?" (issue 46: who asks
 * for a person's name): the person a profile lists in that role (api/facts/business-terms.ts),
 * cited by the line. A role that two people hold, or none, is left to the passages, and so is a
 * role of someone else's ("Ridgeline Builders' controller").
 */

// "Who is the office manager?", "Who is the company's CFO?", "Who is Bright Arch Dental Studio's office manager?"
const ROLE_ASKED =
  /^who\s+(?:is|was)\s+(?:the\s+|(?:the\s+)?([\p{L}&.'’ -]+?)['’]s?\s+)?(?:current\s+)?([\p{L} &/-]{2,50}?)\s*\??$/iu
const THE_BUSINESS = /^(?:company|business|firm)$/
// A role's words, as asked and as listed: "owner and president" holds "president".
const wordsOf = (text: string) => normalizeLabel(text).split(' ').filter(Boolean)

function roleAsked(question: string) {
  const match = ROLE_ASKED.exec(question.trim())
  return match ? { of: match[1] ?? null, role: match[2]! } : null
}

/** Whether a possessive names the business: "the company", or its name as a profile gives it. */
const ofTheBusiness = (of: string | null, terms: StoredTerm[]) =>
  !of || THE_BUSINESS.test(normalizeLabel(of)) || isBusinessName(of, businessNames(terms))

/** The person in the role a question asks of; null when none is listed in it, or several are. */
export function readRole(question: string, terms: StoredTerm[]): Stated<StoredTerm> | null {
  const asked = roleAsked(question)
  if (!asked || !ofTheBusiness(asked.of, terms)) return null
  const role = wordsOf(asked.role)
  const holding = terms.filter((term) => {
    if (term.termKey !== 'role' || !term.entity) return false
    const held = new Set(wordsOf(term.entity))
    return role.every((word) => held.has(word))
  })
  return theOneNamed(
    holding,
    (term) => normalizeLabel(term.text),
    'business-role',
    (term) => `${term.entity}: `,
  )
}

/** Whether the question asks who holds a role. */
export const asksRole = (question: string) => roleAsked(question) !== null
