import type * as Chrono from 'chrono-node'
import { stemmer } from 'stemmer'

import type { ActionItem, Segment } from '../../shared/meetings'
import { STOP_WORDS } from '../../shared/stop-words'

type DateParser = (typeof Chrono)['parse']

export interface TranscriptInsights {
  summary: string
  keywords: string[]
  actionItems: ActionItem[]
}

interface Sentence {
  speaker: string
  text: string
  segment: number
}

const SUMMARY_SENTENCES = 6
const KEYWORDS = 8
/** As many action items as the model is asked for (llm-insights.ts), the first said. */
export const ACTION_ITEMS = 30
/** A due date is read in a task's first words: chrono-node takes milliseconds a kilobyte. */
const DUE_DATE_WINDOW = 500

function sentencesOf(segments: Segment[]): Sentence[] {
  return segments.flatMap((segment, index) =>
    segment.text
      .split(/(?<=[.!?])\s+(?=["'(]?[A-Z0-9$€£])/)
      .map((text) => text.trim())
      .filter(Boolean)
      .map((text) => ({ speaker: segment.speaker, text, segment: index })),
  )
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length

// A figure: an amount, a share, a multiple, a year or a count with its unit.
const FIGURE =
  /[$€£]\s?\d|\d[\d,.]*\s?(?:%|percent|x\b|times\b|million|m\b|mm\b|billion|bn\b|k\b|thousand|years?|months?|weeks?|days?|employees|customers|units)|\b(?:19|20)\d{2}\b/i
const DECISION =
  /\b(?:agree[ds]?|decided?|decision|will|plan(?:s|ned)?|propose[ds]?|target|goal|deadline|need to|must|next steps?|commit(?:ted)?|recommend(?:ed)?)\b/i

/**
 * The turns that carry the meeting: sentences with figures and decisions, the most telling first
 * chosen, then given in the order they were said, each with its speaker.
 */
function summaryOf(sentences: Sentence[]) {
  const scored = sentences
    .map((sentence, index) => {
      const length = words(sentence.text)
      // Read within a sentence's first 1,000 characters: FIGURE backtracks along a run of digits, so a
      // line of a million digits would take its square.
      const figure = FIGURE.test(sentence.text.slice(0, 1000))
      const question = sentence.text.endsWith('?')
      const score =
        (figure ? 2 : 0) +
        (DECISION.test(sentence.text) ? 2 : 0) +
        (length >= 8 && length <= 45 ? 1 : 0) -
        (question && !figure ? 2 : 0)
      return { sentence, index, score, length }
    })
    .filter((entry) => entry.length >= 5 && entry.score >= 2)
  const chosen = scored
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, SUMMARY_SENTENCES)
    .sort((a, b) => a.index - b.index)
  return chosen.map(({ sentence }) => `${sentence.speaker}: ${sentence.text}`).join('\n')
}

const tokensOf = (text: string) =>
  (text.toLowerCase().match(/[\p{L}][\p{L}\p{N}'’-]*/gu) ?? []).map((token) => token.replace(/['’]s$/, ''))

// Words of talk rather than of subject: frequent in any meeting, telling of none.
const FILLER = new Set(
  `yes yeah okay good great fine thanks thank think like know really well going sounds sound get got also right sure
  let would could want today lot much many thing things way see say said mean maybe look looking come coming forward
  hope hoped works one two three four five six seven eight nine ten first next last time start everyone day days week
  weeks month months year years need needs end still yet`.split(/\s+/),
)

/**
 * The subjects said most often, as words and two-word phrases; forms of one word count together
 * ("agree", "agreed") and show as the form said most. Stop words, talk and the speakers' names are left out.
 */
function keywordsOf(segments: Segment[]) {
  const names = new Set(segments.flatMap((segment) => tokensOf(segment.speaker)))
  const keep = (token: string) =>
    token.length >= 3 && !STOP_WORDS.has(token) && !FILLER.has(token) && !names.has(token) && !/['’]/.test(token)
  const terms = new Map<string, { count: number; forms: Map<string, number> }>()
  const count = (key: string, form: string) => {
    const term = terms.get(key) ?? { count: 0, forms: new Map<string, number>() }
    term.count++
    term.forms.set(form, (term.forms.get(form) ?? 0) + 1)
    terms.set(key, term)
  }
  for (const segment of segments) {
    for (const phrase of segment.text.split(/[.!?;:,]+/)) {
      const tokens = tokensOf(phrase)
      tokens.forEach((token, index) => {
        if (!keep(token)) return
        count(stemmer(token), token)
        const next = tokens[index + 1]
        if (next && keep(next)) count(`${stemmer(token)} ${stemmer(next)}`, `${token} ${next}`)
      })
    }
  }
  const ranked = [...terms]
    .filter(([key, term]) => term.count >= 2 || !key.includes(' '))
    .map(([key, term]) => ({
      key,
      form: [...term.forms].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0],
      score: term.count * (key.includes(' ') ? 2.5 : 1),
    }))
    .sort((a, b) => b.score - a.score || a.form.localeCompare(b.form))
  const chosen: typeof ranked = []
  for (const entry of ranked) {
    if (chosen.length === KEYWORDS) break
    // A phrase already kept covers its words, and a word kept first is not repeated inside a phrase.
    const parts = entry.key.split(' ')
    if (chosen.some((kept) => kept.key.split(' ').some((part) => parts.includes(part)))) continue
    chosen.push(entry)
  }
  return chosen.map((entry) => entry.form)
}

// What someone commits to: a verb of work after the commitment.
const WORK = String.raw`(?:send|share|prepare|draft|review|call|schedule|set up|introduce|update|get|provide|check|confirm|follow up|book|write|look into|put together|gather|run|ask|talk to|meet|finali[sz]e|sign|file|contact|email|e-mail|deliver|circulate|arrange|collect|compile|organi[sz]e|reach out|find|estimate|model|calculate|build|bring|pull|dig|speak|line up|start|finish|complete|reconcile|clean up|hire|engage|request|introduce)\b`
const SELF = new RegExp(
  String.raw`\b(?:I'll|I will|I'm going to|I am going to|I can|I'd|I need to|I'll go ahead and|let me)\s+(?:also\s+|then\s+|just\s+)?(${WORK}.*)`,
  'i',
)
const TEAM = new RegExp(
  String.raw`\b(?:we'll|we will|we're going to|we are going to|we need to|let's|let us)\s+(?:also\s+|then\s+)?(${WORK}.*)`,
  'i',
)
const ASKED = new RegExp(
  String.raw`\b(?:can you|could you|would you|will you|please)\s+(?:also\s+|please\s+)?(${WORK}.*)`,
  'i',
)
// A name starts where no letter, apostrophe or hyphen is before it: with `\b` alone, each capital of
// "A-A-A-…" started a name running to the end of the run, quadratic in its length.
const NAMED = new RegExp(
  String.raw`(?<![\p{L}\p{N}_'-])([A-Z][\p{L}'-]+)\s+(?:will|is going to|needs to|should|to)\s+(${WORK}.*)`,
  'u',
)

const ENDING = /[?.!\s]/

/** The task without its closing punctuation, capitalised. */
function clean(task: string) {
  // Trimmed a character at a time: `/[?.!\s]+$/` tries every start in a run of them, quadratic in a
  // long run of dots or spaces that something follows.
  let end = task.length
  while (end > 0 && ENDING.test(task[end - 1]!)) end--
  const text = task.slice(0, end).trim()
  return `${text[0]!.toUpperCase()}${text.slice(1)}`
}

/**
 * Who is addressed by a request in each segment: whoever speaks next, else the speaker before.
 * Found in one pass each way: searching from every request was quadratic.
 */
function addressees(segments: Segment[]) {
  // A neighbour of the same speaker passes on what it found: someone else, who is then the same.
  const next: Array<string | undefined> = []
  for (let index = segments.length - 1; index >= 0; index--) {
    const later = segments[index + 1]
    next[index] = later && later.speaker !== segments[index]!.speaker ? later.speaker : next[index + 1]
  }
  const before: Array<string | undefined> = []
  segments.forEach((segment, index) => {
    const earlier = segments[index - 1]
    before[index] = earlier && earlier.speaker !== segment.speaker ? earlier.speaker : before[index - 1]
  })
  return segments.map((segment, index) => next[index] ?? before[index] ?? segment.speaker)
}

/** The first date said that is not before the meeting ("the last three years" is not a due date). */
function dueDateOf(parseDates: DateParser, text: string, meetingDate: Date) {
  const day = new Date(meetingDate.getFullYear(), meetingDate.getMonth(), meetingDate.getDate())
  const date = parseDates(text, meetingDate, { forwardDate: true })
    .map((found) => found.start.date())
    .find((found) => found >= day)
  if (!date) return null
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
}

/**
 * Commitments made in the meeting: "I'll send the valuation by Friday" is the speaker's, "Can you
 * share the leases?" is the next speaker's, "Tom will draft the letter" is Tom's (when Tom took part),
 * "Let's schedule a call" is everyone's. The due date is read against the meeting's date.
 */
function actionItemsOf(
  parseDates: DateParser,
  segments: Segment[],
  sentences: Sentence[],
  meetingDate: Date,
): ActionItem[] {
  const firstNames = new Map(
    segments.map((segment) => [segment.speaker.split(/\s+/)[0]!.toLowerCase(), segment.speaker] as const),
  )
  const addressed = addressees(segments)
  const items: ActionItem[] = []
  const seen = new Set<string>()
  for (const sentence of sentences) {
    if (items.length === ACTION_ITEMS) break
    let match
    let assignee: string | undefined
    let task: string | undefined
    if ((match = SELF.exec(sentence.text))) [assignee, task] = [sentence.speaker, match[1]]
    else if ((match = ASKED.exec(sentence.text))) [assignee, task] = [addressed[sentence.segment], match[1]]
    else if ((match = NAMED.exec(sentence.text)) && firstNames.has(match[1]!.toLowerCase()))
      [assignee, task] = [firstNames.get(match[1]!.toLowerCase()), match[2]]
    else if ((match = TEAM.exec(sentence.text))) [assignee, task] = ['Everyone', match[1]]
    if (!assignee || !task) continue
    const text = clean(task)
    const key = JSON.stringify([text, assignee])
    if (seen.has(key)) continue
    seen.add(key)
    items.push({ text, assignee, dueDate: dueDateOf(parseDates, task.slice(0, DUE_DATE_WINDOW), meetingDate) })
  }
  return items
}

/** What a meeting said, worked out from its transcript offline and always the same way. */
export async function transcriptInsights(segments: Segment[], meetingDate: Date): Promise<TranscriptInsights> {
  // chrono-node is loaded with the first transcript: ~10 MB that most processes of a server never need.
  const { parse: parseDates } = await import('chrono-node')
  const sentences = sentencesOf(segments)
  return {
    summary: summaryOf(sentences),
    keywords: keywordsOf(segments),
    actionItems: actionItemsOf(parseDates, segments, sentences, meetingDate),
  }
}
