import { analyze } from '../../ai/retrieval/analyzer'
import { normalizeLabel } from '../../ai/text/measures'
import type { Deps } from '../../kernel/context'
import type { FactLink } from '../fact-links'
import type { StoredFact } from '../organization-facts'
import { organizationTerms, type StoredTerm } from '../organization-terms'
import type { FactQuestion } from './fact-question'

// A business's legal form, which a question naming it leaves out ("Harbor Valve" for "Harbor Valve Co., Inc.").
const FORM = /\b(?:inc|llc|ltd|co|corp|llp|company)\b/g
const wordsOf = (name: string) => normalizeLabel(name).replace(FORM, ' ').split(/\s+/).filter(Boolean)
const opens = (asked: string[], named: string[]) =>
  asked.length > 0 && named.length >= asked.length && asked.every((word, index) => named[index] === word)

/** The business's names as its profiles give them, each as its words without its legal form. */
export const businessNames = (terms: StoredTerm[]) =>
  terms.flatMap((term) => (term.entityKind === 'business' && term.termKey === 'name' ? [wordsOf(term.text)] : []))

/** Whether a name a question gives is the business's, or its opening words: "Harbor Valve" of "Harbor Valve & Fitting". */
export const isBusinessName = (asked: string, names: string[][]) => names.some((name) => opens(wordsOf(asked), name))

/**
 * The question as read with the business's own name taken out: the documents give the name a
 * profile opens with ("Greenway Grounds is a landscaping company…", api/facts/business-terms.ts),
 * and "How much revenue did Greenway Grounds bring in…" or "What did Pinecrest HOA buy from
 * Redline HVAC Services…" then ask of the business, as "the company" would. A name the documents
 * give no business (a customer, another company) stays in the question, for its strategies to read.
 */
export async function withoutTheBusiness(
  deps: Pick<Deps, 'db'>,
  scope: { organizationId: number; documentIds: number[] | null },
  question: FactQuestion,
): Promise<FactQuestion> {
  if (question.names.length === 0 && !question.subject) return question
  const names = businessNames(await organizationTerms(deps, scope.organizationId, scope.documentIds))
  const subject = question.subject ? wordsOf(question.subject) : []
  const named = names.filter(
    (name) => name.length > 0 && (question.words.includes(` ${name.join(' ')} `) || opens(subject, name)),
  )
  if (named.length === 0) return question
  const words = new Set(named.flat())
  const terms = new Set(named.flatMap((name) => analyze(name.join(' '))))
  const isTheBusiness = (text: string) =>
    normalizeLabel(text)
      .split(' ')
      .every((word) => words.has(word))
  return {
    ...question,
    subject: question.subject && isTheBusiness(question.subject) ? null : question.subject,
    names: question.names.filter((name) => !isTheBusiness(name)),
    otherTerms: question.otherTerms.filter((term) => !terms.has(term)),
  }
}

/**
 * Whether the facts read answer a question that names a business other than by its own name: a
 * fact is that entity's, or every fact's passage names it. A customer or another company the
 * question names is neither.
 */
export function namesTheBusiness(question: FactQuestion, read: Array<{ fact: StoredFact; link: FactLink }>) {
  if (!question.subject) return true
  const subject = ` ${normalizeLabel(question.subject)} `
  if (read.some(({ fact }) => fact.entity && subject.includes(` ${normalizeLabel(fact.entity)} `))) return true
  return read.every(({ link }) => ` ${normalizeLabel(link.passage)} `.includes(subject))
}
