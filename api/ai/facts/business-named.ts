import type { Deps } from '../../context'
import type { FactLink } from '../../facts/fact-links'
import type { StoredFact } from '../../facts/organization-facts'
import { organizationTerms } from '../../facts/organization-terms'
import { normalizeLabel } from '../text/measures'
import type { FactQuestion } from './fact-question'

// A business's legal form, which a question naming it leaves out ("Harbor Valve" for "Harbor Valve Co., Inc.").
const FORM = /\b(?:inc|llc|ltd|co|corp|llp|company)\b/g
const wordsOf = (name: string) => normalizeLabel(name).replace(FORM, ' ').split(/\s+/).filter(Boolean)
/** Whether one name is the other, or its opening words: "Harbor Valve" names "Harbor Valve & Fitting". */
const sameBusiness = (asked: string[], named: string[]) =>
  asked.length > 0 &&
  named.length > 0 &&
  asked.slice(0, named.length).join(' ') === named.slice(0, asked.length).join(' ')

/**
 * Whether the facts read answer a question that names a business ("How much revenue did Greenway
 * Grounds bring in per month…"): a fact is that entity's, every fact's passage names it, or the
 * documents give it as the business's own name (a profile's "Greenway Grounds is a landscaping
 * company…": api/facts/business-terms.ts), for a sales export or a statement seldom names its
 * business. A customer or another company the question names is none of these.
 */
export async function namesTheBusiness(
  deps: Pick<Deps, 'db'>,
  scope: { organizationId: number; documentIds: number[] | null },
  question: FactQuestion,
  read: Array<{ fact: StoredFact; link: FactLink }>,
) {
  if (!question.subject) return true
  const subject = ` ${normalizeLabel(question.subject)} `
  if (read.some(({ fact }) => fact.entity && subject.includes(` ${normalizeLabel(fact.entity)} `))) return true
  if (read.every(({ link }) => ` ${normalizeLabel(link.passage)} `.includes(subject))) return true
  const asked = wordsOf(question.subject)
  return (await organizationTerms(deps, scope.organizationId, scope.documentIds)).some(
    (term) => term.entityKind === 'business' && term.termKey === 'name' && sameBusiness(asked, wordsOf(term.text)),
  )
}
