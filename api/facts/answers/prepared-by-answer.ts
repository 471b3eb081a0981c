import { analyze } from '../../ai/retrieval/analyzer'
import type { StoredTerm } from '../organization-terms'
import { type Stated, theOneNamed } from './stated-answer'

/*
 * Who prepared a letter or report (issue 45): "Which firm prepared the valuation?", "Who wrote the
 * appraisal?". Answered from the sign-offs read at ingestion (api/facts/signatory-terms.ts): the
 * documents whose subject or title shares a word with what the question names, and only when they
 * name one signatory.
 */

// "Who" or "which firm", then the verb of making a document: not "did", which asks what someone did.
const PREPARED_BY =
  /^(?:who|(?:which|what)\s+(?:firm|company|advis[eo]rs?|appraisers?|valuers?|accountants?|business))\s+(?:was\s+|were\s+|has\s+|had\s+|did\s+)?(?:prepared|prepare|wrote|write|written|issued|issue|authored|signed|sign|performed|perform|produced|produce|conducted|conduct|sent|send)\s+(?:the\s+|this\s+|that\s+|our\s+|their\s+|its\s+)?([^?]{3,80}?)(?:\s+(?:for|of|on)\s+[^?]*)?\??$/i

/** What the question asks who prepared ("the valuation"), as terms; null when it asks no such thing. */
export function preparedAsked(question: string): string[] | null {
  const match = PREPARED_BY.exec(question.trim())
  if (!match) return null
  const terms = analyze(match[1]!)
  return terms.length ? terms : null
}

// "valuation" and "value" stem apart ("valuat", "valu"): a stem of four letters or more that starts
// the other matches it.
const MIN_STEM = 4
const sameStem = (a: string, b: string) => {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  return short.length >= MIN_STEM && long.startsWith(short)
}

/** The one signatory of the documents the question names; null when none or two differ. */
export function readPreparedBy(question: string, terms: StoredTerm[]): Stated<StoredTerm> | null {
  const asked = preparedAsked(question)
  if (!asked) return null
  const named = terms.filter((term) => {
    if (term.termKey !== 'prepared_by') return false
    const about = analyze(`${term.title} ${term.entity ?? ''}`)
    return asked.some((word) => about.some((other) => sameStem(word, other)))
  })
  return theOneNamed(
    named,
    (term) => term.text.toLowerCase(),
    'prepared-by',
    (term) => `${term.title}, signed off by `,
  )
}
