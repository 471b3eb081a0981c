import type { MessageDerivation } from '../../shared/cells'

/** What is known of a passage an answer cites when the answer is saved. */
export interface CitedSource {
  /**
   * Its retrieval score less the best score of the other passages the answer was given: how far it
   * stands ahead of them, or behind the one that was ahead of it (negative).
   */
  margin: number
  /** It is the answer's first citation, `[1]`: what the answer's leading line was drawn from. */
  lead: boolean
  /** A computed answer's operands were read from its cells. */
  cells: boolean
}

// A logistic regression of whether a cited passage is one judged relevant to the question, fitted on
// the retrieval dev set's judgments of the passages chat answers cited, over the whole corpus and
// within each question's report (decision 061, `npm run eval:relevance`).
const INTERCEPT = -0.3
const PER_MARGIN = 7.3
const LEAD = 0.6
const CELLS = 1.4

/**
 * How likely a cited passage holds what was asked, 0..1: what a source's "(Relevance: N%)" shows.
 * Calibrated, so that of the sources shown at 80% about four in five are the passage that answers.
 * A retrieval score alone is not that: it says how much of the question's wording a passage holds,
 * and the passage an answer is drawn from read 21% when the question was worded otherwise, as much
 * as a passage beside it that did not answer.
 */
export function sourceRelevance({ margin, lead, cells }: CitedSource): number {
  const odds = INTERCEPT + PER_MARGIN * margin + (lead ? LEAD : 0) + (cells ? CELLS : 0)
  return 1 / (1 + Math.exp(-odds))
}

/**
 * The relevance of each passage an answer cites, in the order of its markers: `scores` are the
 * retrieval scores of every passage the answer was given, `used[n - 1]` the one `[n]` cites.
 */
export function citedRelevance(scores: number[], used: number[], derivation: MessageDerivation | null): number[] {
  return used.map((index, position) => {
    const others = scores.filter((_, other) => other !== index)
    return sourceRelevance({
      margin: scores[index]! - (others.length ? Math.max(...others) : 0),
      lead: position === 0,
      cells: (derivation?.operands ?? []).some((operand) => operand.reference === position + 1),
    })
  })
}
