import type { Decision, Segment } from '../../shared/meetings'
import { cleanSentence, type Sentence, wordCount } from './sentences'

const DECISIONS = 20

// How a meeting says it settled something.
export const DECIDED = new RegExp(
  [
    String.raw`\bwe(?:'ve| have|'re| are)? (?:all |both )?(?:agreed|decided|settled)\b`,
    String.raw`\b(?:agreed|decided) (?:to|that|on)\b`,
    String.raw`\b(?:let's|let us|we'll|we will|we're going to|we are going to) (?:go ahead with|go with|stick with|proceed with|move forward with)\b`,
    String.raw`\bwe(?:'re| are) going with\b`,
    String.raw`\b(?:the |our )?decision is\b`,
    String.raw`\b(?:that's|that is|it's|it is) (?:decided|agreed|settled)\b`,
    String.raw`\bsettled on\b`,
    String.raw`^(?:agreed|deal)[.!]*$`,
  ].join('|'),
  'i',
)
// Said before the decision, these make it one not (yet) made: "we haven't decided", "if we agree".
const UNSETTLED = /(?:\b(?:not|never|yet|if|whether|once|unless|until|before|when)\b|n't)\W*(?:\w+\W+){0,2}$/i
// A decision this short points back to what it settles ("Let's go with that."): the sentence before says what.
const POINTING = /\b(?:that|this|it|those|these|them|one)\b[.!]*$/i
const SHORT = 6
// The words before a decision that UNSETTLED reads: a bounded look, however long the sentence.
const LOOK_BACK = 80

/**
 * What the meeting settled: sentences that say something was agreed or decided, not questions
 * about it or ones that say it is still open, each with its speaker and, when the file gave times,
 * when it was said.
 */
export function decisionsOf(segments: Segment[], sentences: Sentence[], { timed }: { timed: boolean }): Decision[] {
  const decisions: Decision[] = []
  const seen = new Set<string>()
  // The sentences taken as decisions: an "Agreed." after one of them confirms it, and is not another.
  const taken = new Set<number>()
  sentences.forEach((sentence, index) => {
    if (decisions.length === DECISIONS) return
    const said = sentence.text.replace(/’/g, "'")
    const match = DECIDED.exec(said)
    if (
      !match ||
      said.trimEnd().endsWith('?') ||
      UNSETTLED.test(said.slice(Math.max(0, match.index - LOOK_BACK), match.index))
    )
      return
    const before = sentences[index - 1]
    const pointing = wordCount(said) <= SHORT && (POINTING.test(said) || match[0].length === said.trim().length)
    if (pointing && taken.has(index - 1)) return
    const text =
      pointing && before
        ? `${cleanSentence(before.text)}: ${cleanSentence(sentence.text)}`
        : cleanSentence(sentence.text)
    const key = text.toLowerCase()
    if (seen.has(key)) return
    seen.add(key)
    taken.add(index)
    const time = timed ? segments[sentence.segment]!.startTime : null
    decisions.push({ text, speaker: sentence.speaker, time })
  })
  return decisions
}
