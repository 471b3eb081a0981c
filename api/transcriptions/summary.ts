import type { Segment, SummaryPoint } from '../../shared/meetings'
import { STOP_WORDS } from '../../shared/stop-words'
import { CURRENCY_SIGN } from '../ai/text/amounts'
import { MONTH, YEAR } from '../ai/text/calendar'
import { SCALE_WORD } from '../ai/text/scales'
import { proposalIn } from './agreement'
import { DECIDED, type FoundDecision } from './decisions'
import { reported } from './reported'
import { type Sentence, wordCount } from './sentences'

/** The facts a summary gives of what the meeting was about, and the outcomes it gives of what it settled. */
const FACTS = 4
const OUTCOMES = 5
// A fact of figures may be short ("My number was 16 million."); one of words needs more to say.
const MIN_WORDS = { figures: 4, words: 6 }
const MAX_WORDS = 45
// More characters than MAX_WORDS words of talk take: a sentence this long is no fact of a summary.
const MAX_CHARS = 400

// A figure: an amount, a share, a multiple, a date, a year or a count with its unit.
const FIGURE = new RegExp(
  String.raw`${CURRENCY_SIGN}\s?\d[\d,.]*(?:\s?(?:${SCALE_WORD}|m|mm|bn|k)\b)?|\d[\d,.]*\s?(?:%|percent|x\b|times\b|${SCALE_WORD}|m\b|mm\b|bn\b|k\b|years?|months?|weeks?|days?|employees|customers|units)|\b${MONTH}\.?\s+\d{1,2}\b|\b${YEAR}\b`,
  'gi',
)
// What a person needs or wants from the sale: the measure every other figure of the meeting is held to.
const GOAL = /\b(?:needs?|wants?|goal|hop(?:e|es|ing)|my number|target|retire)\b/i
// The measures a sale is talked of in: a figure of one of them is what the meeting is about.
const MEASURE =
  /\b(?:revenue|sales|ebitda|earnings|profit|margin|valuation|value|worth|price|multiple|offers?|cash|debt|tax)\b/i
// The first part of a meeting sets out what it is about: its figures there are its subject.
const OPENING_SHARE = 1 / 3
// A task said, not a fact: "I'll send…", "Can you pull…" (the action items hold them).
const TASK = /^(?:\W*\w+\W+){0,2}?(?:I'll|I will|I'm going to|let me|can you|could you|would you|will you|please)\b/i
// A sentence that leans on the one before: "They're 41 percent of revenue" is about what was just named.
const LEANING = /^(?:they|they're|it|it's|that|that's|this|these|those|he|she|which)\b/i
const MAX_CONTEXT_WORDS = 20

export interface SummaryContext {
  /** The meeting's subjects (keywords.ts): a fact about more of them says more of the meeting. */
  keywords: string[]
  /** Whom a sentence (by its index) speaks to, when known (addressees.ts). */
  addresseeOf: (index: number) => string | undefined
}

/**
 * Whether a sentence can state a fact of the meeting: not a question, not a task ("I'll send…"),
 * not something settled or put forward (an outcome, or nothing yet).
 */
function isFact(text: string) {
  if (text.length > MAX_CHARS || text.trimEnd().endsWith('?') || TASK.test(text)) return false
  return !DECIDED.test(text) && !proposalIn(text)
}

/** The figures a sentence states, as said, in its first 1,000 characters (FIGURE backtracks along digits). */
const figuresIn = (text: string) => [...text.slice(0, 1000).matchAll(FIGURE)].map((match) => match[0].toLowerCase())

/**
 * What the meeting was about and what it settled, a point a line, each with the turn it comes from:
 * the facts that carry its figures and subjects (the customer's share of revenue, when its contract
 * ends, what the owner needs), each on a subject or figure of its own and given as notes, not
 * quotes ("Gloria Reyes needs 12.5 million"); then what was agreed ("Agreed to ask Pacific…").
 */
export function summaryOf(
  segments: Segment[],
  sentences: Sentence[],
  decisions: FoundDecision[],
  { keywords, addresseeOf }: SummaryContext,
): SummaryPoint[] {
  const subjects = keywords.map((keyword) => keyword.toLowerCase())
  // A fact is said in a sentence, or two: "The problem is Pacific Grocers. They're 41 percent of revenue…".
  const candidates = sentences.flatMap((sentence, index) => {
    // The cheap looks first: a long meeting has hundreds of thousands of sentences.
    if (sentence.text.length > MAX_CHARS || sentence.text.trimEnd().endsWith('?')) return []
    const before = sentences[index - 1]
    const leans =
      LEANING.test(sentence.text.replace(/’/g, "'")) &&
      before?.segment === sentence.segment &&
      wordCount(before.text.slice(0, MAX_CHARS)) <= MAX_CONTEXT_WORDS &&
      isFact(before.text)
    const first = leans ? index - 1 : index
    const text = leans ? `${before.text} ${sentence.text}` : sentence.text
    const lower = text.toLowerCase()
    const figures = [...new Set(figuresIn(text))]
    const about = subjects.filter((subject) => lower.includes(subject))
    // Without a figure, a sentence is a fact of the meeting when it names two of its subjects.
    if (!figures.length && about.length < 2) return []
    const words = wordCount(text)
    if (words < MIN_WORDS[figures.length ? 'figures' : 'words'] || words > MAX_WORDS || !isFact(sentence.text))
      return []
    const score =
      2 * Math.min(figures.length, 2) +
      Math.min(about.length, 2) +
      (GOAL.test(text) ? 2 : 0) +
      (MEASURE.test(text) ? 1 : 0) +
      (index < sentences.length * OPENING_SHARE ? 1 : 0)
    return [{ first, last: index, figures, about, score }]
  })
  const facts: typeof candidates = []
  while (facts.length < FACTS) {
    let best: (typeof candidates)[number] | undefined
    let bestScore = -Infinity
    for (const candidate of candidates) {
      if (facts.some((fact) => candidate.first <= fact.last && fact.first <= candidate.last)) continue
      // A figure already given is a repeat (a recap's "14 to 17 million"); a subject already given counts less.
      if (candidate.figures.some((figure) => facts.some((fact) => fact.figures.includes(figure)))) continue
      const told = candidate.about.filter((subject) => facts.some((fact) => fact.about.includes(subject))).length
      const score = candidate.score - told
      if (score > bestScore) [best, bestScore] = [candidate, score]
    }
    if (!best || bestScore < 2) break
    facts.push(best)
  }
  const said = (at: number) =>
    reported(sentences[at]!.text, { speaker: sentences[at]!.speaker, addressee: addresseeOf(at) })
  const factPoints = facts
    .sort((a, b) => a.first - b.first)
    .map(({ first, last }) => ({
      text: `${first === last ? said(last) : `${said(first)}: ${lowerStart(said(last))}`}.`,
      turn: segments[sentences[last]!.segment]!.id,
    }))
  const outcomePoints = decisions.slice(0, OUTCOMES).map((decision) => ({
    text: `${reported(decision.outcome, { speaker: decision.speaker })}.`,
    turn: segments[decision.segment]!.id,
  }))
  return [...factPoints, ...outcomePoints]
}

// "They're…" after a colon, not a name or "I": "Pacific Grocers is the problem: they're 41 percent…".
const lowerStart = (text: string) =>
  /^[A-Z][a-z']/.test(text) && LEANING.test(text) ? `${text[0]!.toLowerCase()}${text.slice(1)}` : text

/** The words a line and a turn are matched on: no stop words, no one-letter words. */
const termsOf = (text: string) =>
  new Set(
    (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}.,'’-]*/gu) ?? [])
      .map((term) => term.replace(/[.,]+$/, '').replace(/['’]s$/, ''))
      .filter((term) => term.length > 1 && !STOP_WORDS.has(term)),
  )
// The least a line must share with a turn to be said to come from it.
const MIN_SHARED = 2

/**
 * Each line of a summary someone else wrote (a model) with the turn it comes from: the turn that
 * shares the most of its words and its speaker's name, rare words counting more, or none when no
 * turn shares two.
 */
export function sourcedPoints(lines: string[], segments: Segment[]): SummaryPoint[] {
  const postings = new Map<string, number[]>()
  segments.forEach((segment, index) => {
    // Who spoke is part of what a line says of a turn: "Helen expected more" is Helen's "I expected more".
    for (const term of termsOf(`${segment.speaker} ${segment.text.slice(0, 5000)}`)) {
      const turns = postings.get(term) ?? []
      if (!turns.length) postings.set(term, turns)
      turns.push(index)
    }
  })
  return lines.map((text) => {
    const scores = new Map<number, { weight: number; shared: number }>()
    for (const term of termsOf(text)) {
      const turns = postings.get(term)
      if (!turns) continue
      const weight = Math.log(1 + segments.length / turns.length)
      for (const turn of turns) {
        const score = scores.get(turn) ?? { weight: 0, shared: 0 }
        scores.set(turn, { weight: score.weight + weight, shared: score.shared + 1 })
      }
    }
    let best: number | null = null
    let bestWeight = 0
    for (const [turn, score] of scores)
      if (score.shared >= MIN_SHARED && score.weight > bestWeight) [best, bestWeight] = [turn, score.weight]
    return { text, turn: best === null ? null : segments[best]!.id }
  })
}
