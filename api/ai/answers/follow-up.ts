import { analyze } from '../retrieval/analyzer'
import type { ChatTurn } from './provider'

// Openings that continue the previous question rather than ask a new one.
const CONTINUES = /^\s*(and|but|also|or|then|so|what about|how about|same for|what of)\b/i
const REFERS_BACK = /\b(it|its|that|this|those|these|they|them|their|there|he|she|his|her)\b/i

/**
 * What to search for: the question itself, or, when it reads as a follow-up ("and in 2024?", "why
 * did it fall?"), the previous question followed by this one, so the search finds what it refers
 * to. A follow-up is short or opens like a continuation; a pronoun counts only in a short question,
 * since long questions name their subject even when they say "this business".
 */
export function searchQueryFor(question: string, history: ChatTurn[]): string {
  const previous = history.findLast((turn) => turn.role === 'user')
  if (!previous) return question
  const terms = analyze(question).length
  const followUp = terms <= 2 || CONTINUES.test(question) || (terms <= 5 && REFERS_BACK.test(question))
  return followUp ? `${previous.content} ${question}` : question
}
