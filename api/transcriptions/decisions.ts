import type { Decision, Segment } from '../../shared/meetings'
import { type Agreement, agreementIn, asksForAgreement, isSettled, type Proposal, proposalIn } from './agreement'
import { cleanSentence, type Sentence, wordCount } from './sentences'

const DECISIONS = 20

// How a meeting says it settled something.
export const DECIDED = new RegExp(
  [
    String.raw`\bwe(?:'ve| have)? (?:all |both )?(?:agreed|decided|settled)\b`,
    String.raw`\bwe(?:'re| are) (?:all |both )?agreed\b`,
    String.raw`\bwe(?:'ve| have)? (?:rejected|ruled out|turned down)\b`,
    String.raw`\b(?:agreed|decided) (?:to|that|on)\b`,
    String.raw`\b(?:let's|let us|we'll|we will|we're going to|we are going to) (?:go ahead with|go with|stick with|proceed with|move forward with)\b`,
    String.raw`\bwe(?:'re| are) going with\b`,
    String.raw`\b(?:the |our )?(?:(?:first|second|third|next|last|final|other|one|big|main) )?decision(?: (?:is|was)\b|\s*:)`,
    String.raw`\b(?:that's|that is|it's|it is) (?:decided|agreed|settled)\b`,
    String.raw`\bsettled on\b`,
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
// How many turns back an agreement may answer: a question and its answer may come between.
const TURNS_BACK = 3
// Where a sentence says it settled something: near its start, however long it runs.
const LOOK = 400

/** A decision as found: with the turn (its index) it was said in and what it settled, said as an outcome. */
export interface FoundDecision extends Decision {
  segment: number
  /** The decision as a line of the summary: "Agreed to approach the two strategic buyers first". */
  outcome: string
}

// A decision said with what it settles after a colon: "that's our first decision: we try to…", "we're agreed: we counter…".
const SETTLES = /^(?:[^:]{0,80}\b(?:decision|decided|agreed|settled)\s*):\s*(.+)$/i
// A decision said in the first person plural, read as an outcome: "We decided to keep…" is "Decided to keep…".
const WE_SETTLED = /^(?:we|I)(?:'ve| have| had)?\s+(?:all\s+|both\s+|already\s+)?(agreed|decided|settled)\b\s*(.*)$/i
const WE_GO_WITH =
  /^(?:let's|let us|we'll|we will|we're going to|we are going to|we're|we are)\s+((?:go ahead|go|going|stick|proceed|move forward) with\b.*)$/i
// A sentence of nothing but a word of talk: "Good.", "Okay.", "Right, right." (read only when short).
const INTERJECTION =
  /^(?:(?:ok(?:ay)?|so|well|right|alright|great|good|yes|yeah|yep|fine|perfect|um|uh|hmm|sure|absolutely|definitely|of course|thanks|thank you)\W*)+$/i
const isInterjection = (text: string) => text.length < 60 && INTERJECTION.test(text)
// A turn that opens "Yes." answers the question just asked.
const BARE_YES = /^(?:yes|yeah|yep|sure|absolutely|definitely|of course)\W*$/i
// Where a decision's second clause starts something else: "…a three-year renewal and I'll raise it…".
const NEXT_CLAUSE =
  /,?\s+(?:and|but|so|because|since|which|while)\s+(?:then\s+)?(?:I|we|he|she|they|you|that|it|this)(?:['’]\w+)?\s/i

const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? `${text[0]!.toLowerCase()}${text.slice(1)}` : text)
// The words a sentence may start with that are no name: "Agreed: we try…", not "Agreed: We try…".
const lowerWord = (text: string) => (/^(?:We|Our|The|A|An|It|They|This|That)\b/.test(text) ? lowerFirst(text) : text)
const firstClause = (text: string) => text.slice(0, NEXT_CLAUSE.exec(text.slice(0, 1000))?.index ?? text.length)

/** An agreed course as an outcome: "Agreed to cap any earn-out…", or "Agreed: April 2027…" when it is no verb. */
function agreedOutcome(course: string, verb = true) {
  const clause = firstClause(course)
  return verb ? `Agreed to ${lowerFirst(clause)}` : `Agreed: ${lowerWord(clause)}`
}

/** A decision said as a decision, as an outcome: its "we decided" turned into "Decided to…". */
function statedOutcome(text: string) {
  const settled = WE_SETTLED.exec(text)
  if (settled && settled[2]) return firstClause(`${settled[1]![0]!.toUpperCase()}${settled[1]!.slice(1)} ${settled[2]}`)
  const going = WE_GO_WITH.exec(text)
  if (going) return agreedOutcome(going[1]!.replace(/^going with/i, 'go with'))
  return firstClause(text)
}

/**
 * What the meeting settled: sentences that say something was agreed or decided, not questions
 * about it or ones that say it is still open; and courses one speaker put forward that another
 * agreed to ("I'd suggest we…" – "That works."), said as the course. Each with its speaker and,
 * when the file gave times, when it was said.
 */
export function decisionsOf(segments: Segment[], sentences: Sentence[], { timed }: { timed: boolean }) {
  const decisions: FoundDecision[] = []
  const seen = new Set<string>()
  // The sentences taken as decisions: an "Agreed." after one of them confirms it, and is not another.
  const taken = new Set<number>()
  // Each turn's sentences, by index into `sentences`, and the first that says something (not "Good.").
  const turns = new Map<number, number[]>()
  const openings = new Map<number, number>()
  // The turns that start "Yes." before saying anything else.
  const sayYes = new Set<number>()
  sentences.forEach((sentence, index) => {
    const turn = turns.get(sentence.segment) ?? []
    if (!turn.length) {
      turns.set(sentence.segment, turn)
      if (BARE_YES.test(sentence.text)) sayYes.add(sentence.segment)
    }
    turn.push(index)
    if (!openings.has(sentence.segment) && !isInterjection(sentence.text)) openings.set(sentence.segment, index)
  })
  for (const [segment, turn] of turns) if (!openings.has(segment)) openings.set(segment, turn[0]!)

  const add = (index: number, text: string, outcome: string, speaker = sentences[index]!.speaker) => {
    const key = text.toLowerCase()
    taken.add(index)
    if (seen.has(key) || decisions.length === DECISIONS) return
    seen.add(key)
    const segment = sentences[index]!.segment
    decisions.push({ text, speaker, time: timed ? segments[segment]!.startTime : null, segment, outcome })
  }

  /**
   * The course an agreement in turn `segment` answers: the latest proposal or decision of another
   * speaker up to TURNS_BACK turns back. Another agreement, or a proposal of the one agreeing, in
   * between means the talk moved on.
   */
  const answered = (
    segment: number,
    speaker: string,
  ): { index: number; proposal?: Proposal; asking?: boolean; last?: boolean } | null => {
    for (let turn = segment - 1; turn >= Math.max(0, segment - TURNS_BACK); turn--) {
      const said = turns.get(turn) ?? []
      const own = segments[turn]!.speaker === speaker
      const opening = openings.get(turn)
      for (const index of [...said].reverse()) {
        // A turn that agreed to something else in between: the talk has moved on.
        if (index === opening && turn !== segment - 1 && agreementIn(sentences[index]!.text)?.kind === 'agrees')
          return null
        if (taken.has(index) || DECIDED.test(sentences[index]!.text.slice(0, LOOK))) return own ? null : { index }
        const proposal = proposalIn(sentences[index]!.text)
        if (!proposal) continue
        if (own) return null
        const checked = said.some((later) => later > index && asksForAgreement(sentences[later]!.text))
        // Whether the turn just before ends with it, or with asking for it to be agreed.
        const last =
          turn === segment - 1 &&
          (index === said.at(-1) || (checked && asksForAgreement(sentences[said.at(-1)!]!.text)))
        return { index, proposal, asking: proposal.asking || checked, last }
      }
    }
    return null
  }

  /** Whether the sentence at `index` agrees to a course (then taken as the decision) or confirms a decision. */
  const agreed = (index: number) => {
    const sentence = sentences[index]!
    const agreement: Agreement | null =
      agreementIn(sentence.text) ?? (sayYes.has(sentence.segment) ? { kind: 'yes' } : null)
    if (!agreement) return false
    // A turn that goes on to say the decision ("Yes. We agreed to use the share sale.") says it best.
    const turn = turns.get(sentence.segment)!
    if (turn.some((other) => other >= index && DECIDED.test(sentences[other]!.text.slice(0, LOOK)))) return false
    if (agreement.kind === 'agrees with course') {
      taken.add(index)
      if (isSettled(agreement.course)) add(index, agreement.course, agreedOutcome(agreement.course))
      return true
    }
    const course = answered(sentence.segment, sentence.speaker)
    // A "yes" answers the question just asked: a course put as one, or asked to be agreed.
    if (!course || (agreement.kind === 'yes' && !(course.asking && course.last))) return false
    taken.add(index)
    const { proposal } = course
    if (proposal && isSettled(proposal.course))
      add(
        course.index,
        proposal.course,
        agreedOutcome(proposal.course, proposal.verb),
        sentences[course.index]!.speaker,
      )
    return true
  }

  sentences.forEach((sentence, index) => {
    if (decisions.length === DECISIONS) return
    // An agreement is what a turn says first, after any "Good." or "Okay.".
    if (openings.get(sentence.segment) === index && agreed(index)) return
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
    const settles = SETTLES.exec(said.slice(0, 1000))
    const text = settles
      ? cleanSentence(sentence.text.slice(settles.index + settles[0].length - settles[1]!.length))
      : pointing && before
        ? `${cleanSentence(before.text)}: ${cleanSentence(sentence.text)}`
        : cleanSentence(sentence.text)
    add(index, text, settles || pointing ? `Agreed: ${lowerWord(firstClause(text))}` : statedOutcome(text))
  })
  return decisions
}

/** The decisions as stored: what was settled, by whom, when. */
export const storedDecisions = (found: FoundDecision[]): Decision[] =>
  found.map(({ text, speaker, time }) => ({ text, speaker, time }))
