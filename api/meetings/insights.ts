import type { ActionItem, Decision, Segment } from '../../shared/meetings'
import { CURRENCY_SIGN } from '../ai/text/amounts'
import { YEAR } from '../ai/text/calendar'
import { SCALE_WORD } from '../ai/text/scales'
import { actionItemsOf } from './action-items'
import { DECIDED, decisionsOf } from './decisions'
import { keywordsOf } from './keywords'
import { type Sentence, sentencesOf, wordCount } from './sentences'

export interface TranscriptInsights {
  /** One point a line (`summaryPoints` in shared/meetings.ts). */
  summary: string
  keywords: string[]
  actionItems: ActionItem[]
  decisions: Decision[]
}

const SUMMARY_SENTENCES = 6

// A figure: an amount, a share, a multiple, a year or a count with its unit.
const FIGURE = new RegExp(
  String.raw`${CURRENCY_SIGN}\s?\d|\d[\d,.]*\s?(?:%|percent|x\b|times\b|${SCALE_WORD}|m\b|mm\b|bn\b|k\b|years?|months?|weeks?|days?|employees|customers|units)|\b${YEAR}\b`,
  'i',
)
// Not "will": said of anything ("a buyer will want to see it"), it chose small talk over decisions.
const DECISION =
  /\b(?:agree[ds]?|decided?|decision|go(?:ing)? with|plan(?:s|ned)?|propose[ds]?|target|goal|deadline|need to|must|next steps?|commit(?:ted)?|recommend(?:ed)?)\b/i

/**
 * The turns that carry the meeting: sentences with figures and decisions, the most telling first
 * chosen, then given in the order they were said, each with its speaker, one a line.
 */
function summaryOf(sentences: Sentence[]) {
  const scored = sentences
    .map((sentence, index) => {
      const length = wordCount(sentence.text)
      // Read within a sentence's first 1,000 characters: FIGURE backtracks along a run of digits, so a
      // line of a million digits would take its square.
      const figure = FIGURE.test(sentence.text.slice(0, 1000))
      const question = sentence.text.endsWith('?')
      // What was settled outranks what was only talked of: the summary keeps the meeting's outcome.
      const decided = DECIDED.test(sentence.text) ? 3 : DECISION.test(sentence.text) ? 2 : 0
      const score = (figure ? 2 : 0) + decided + (length >= 8 && length <= 45 ? 1 : 0) - (question && !figure ? 2 : 0)
      return { sentence, index, score, length }
    })
    .filter((entry) => entry.length >= 5 && entry.score >= 2)
  const chosen = scored
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, SUMMARY_SENTENCES)
    .sort((a, b) => a.index - b.index)
  return chosen.map(({ sentence }) => `${sentence.speaker}: ${sentence.text}`).join('\n')
}

export interface InsightsContext {
  meetingDate: Date
  /** The meeting's participants by name: a task may be asked of one who does not speak. */
  people?: string[]
  /** False when the file gave no times and they were estimated: a decision then has no time. */
  timed?: boolean
}

/** What a meeting said, worked out from its transcript offline and always the same way. */
export async function transcriptInsights(
  segments: Segment[],
  { meetingDate, people = [], timed = true }: InsightsContext,
): Promise<TranscriptInsights> {
  // chrono-node is loaded with the first transcript: ~10 MB that most processes of a server never need.
  const { parse: parseDates } = await import('chrono-node')
  const sentences = sentencesOf(segments)
  return {
    summary: summaryOf(sentences),
    keywords: keywordsOf(segments, people),
    actionItems: actionItemsOf(parseDates, segments, sentences, { meetingDate, people }),
    decisions: decisionsOf(segments, sentences, { timed }),
  }
}
