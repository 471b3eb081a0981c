import type * as Chrono from 'chrono-node'

import type { ActionItem, Segment } from '../../shared/meetings'
import { STOP_WORDS } from '../../shared/stop-words'
import { peopleByName, sentenceAddressees } from './addressees'
import { cleanSentence, type Sentence } from './sentences'

export type DateParser = (typeof Chrono)['parse']

/** As many action items as the model is asked for (llm-insights.ts), the first said. */
export const ACTION_ITEMS = 30
/** A due date is read in a task's first words: chrono-node takes milliseconds a kilobyte. */
const DUE_DATE_WINDOW = 500
const EVERYONE = 'Everyone'

// What someone commits to: a verb of work after the commitment.
const WORK = String.raw`(?:send|share|prepare|draft|review|call|schedule|set up|introduce|update|get|provide|check|confirm|follow up|book|write|look into|put together|gather|run|ask|talk to|finali[sz]e|sign|file|contact|email|e-mail|deliver|circulate|arrange|collect|compile|organi[sz]e|reach out|find|estimate|model|calculate|build|bring|pull|line up|finish|complete|reconcile|clean up|hire|engage|request|forward|submit|order|pay|close|negotiate|propose|invite|notify|loop in|dig out|raise)\b`
const SELF = new RegExp(
  String.raw`\b(?:I'll|I will|I'm going to|I am going to|I can|I need to|I'll go ahead and|let me)\s+(?:also\s+|then\s+|just\s+|go ahead and\s+)?(${WORK}.*)`,
  'i',
)
const TEAM = new RegExp(
  String.raw`\b(we'll|we will|we're going to|we are going to|we need to|let's|let us)\s+(?:also\s+|then\s+)?(${WORK}.*)`,
  'i',
)
const ASKED = new RegExp(
  String.raw`\b(?:can you|could you|would you|will you|why don't you|please)\s+(?:also\s+|please\s+|just\s+)?(${WORK}.*)`,
  'i',
)
// A task given rather than asked for: "Mark, you'll need to sign the letter".
const TOLD = new RegExp(
  String.raw`\b(?:you'll|you will|you need to|you have to|you're going to|you are going to)\s+(?:also\s+|need to\s+|have to\s+)?(${WORK}.*)`,
  'i',
)
// What "you'll" says of these is a forecast, not a task: "you'll get a lower multiple", "you'll pay less tax".
const FORECAST = /^(?:get|find|run|bring|pull|close|pay|build|complete|finish)\b/i
// A name starts where no letter, apostrophe or hyphen is before it: with `\b` alone, each capital of
// "A-A-A-…" started a name running to the end of the run, quadratic in its length.
const NAMED = new RegExp(
  String.raw`(?<![\p{L}\p{N}_'-])([A-Z][\p{L}'-]+)\s+(?:will|is going to|needs to|should|to)\s+(${WORK}.*)`,
  'u',
)
const VERB_FIRST = new RegExp(String.raw`^${WORK}\s*`, 'i')

// Words a task needs something besides: "get into it", "check that", "get started", "send them tomorrow".
const EMPTY = new Set(
  `it this that them these those one ones thing things stuff something anything everything there here started going
  done back ahead moving rolling ball touch sure okay right away now later today soon real quick quickly over together
  bit little more both all next week weeks month months day days tomorrow tonight morning afternoon evening
  monday tuesday wednesday thursday friday saturday sunday end asap first last time`.split(/\s+/),
)
/**
 * A task is a verb and what it is done to: chit-chat ("let's get into it", "I can check") has no
 * object once the verb, stop words and words of talk are taken away.
 */
function hasObject(task: string) {
  const rest = task.replace(VERB_FIRST, '').toLowerCase()
  const words = rest.match(/[\p{L}\p{N}$€£][\p{L}\p{N}'’-]*/gu) ?? []
  return words.some((word) => !STOP_WORDS.has(word) && !EMPTY.has(word))
}

/** A task asked of, or given to, whoever the sentence speaks to. */
function askedOf(said: string) {
  const asked = ASKED.exec(said)
  if (asked) return asked
  const told = TOLD.exec(said)
  return told && !FORECAST.test(told[1]!) ? told : null
}

// A group's "let's" before these is talk about the meeting itself: "let's look at", "let's go through".
const DISCUSSION = /^(?:talk|get|run|look|find|bring|pull|check)\b/i
// Where a second clause starts, the task has ended: "…the returns, and then we can talk".
const NEXT_CLAUSE =
  /,?\s+(?:and|but|so|because|then|since|which)\s+(?:then\s+)?(?:I|we|he|she|they|that|it|this)(?:['’]\w+)?\s/i

// chrono-node reads "the week" of "the week of December 7" as a week from now.
const BARE_SPAN = /^(?:the|a)\s+(?:day|week|month|year)$/i
const WEEK = /^(?:this|next)\s+week$/i
const FRIDAY = 5

// Words that make the date after them a deadline: "report back by December 15".
const DEADLINE =
  /\b(?:by|before|until|till|no later than|due(?:\s+(?:on|by))?|deadline(?:\s+(?:of|is))?)\s+(?:the\s+)?$/i

/**
 * The date a task is due: a deadline said ("by December 15") over any other date of the task ("call
 * them next week and report back by December 15"), else the first date said; never one before the
 * meeting ("the last three years" is not a due date). "This week" and "next week" are due at the
 * week's end, the Friday.
 */
function dueDateOf(parseDates: DateParser, text: string, meetingDate: Date) {
  const day = new Date(meetingDate.getFullYear(), meetingDate.getMonth(), meetingDate.getDate())
  const dates = parseDates(text, meetingDate, { forwardDate: true })
    .filter((found) => !BARE_SPAN.test(found.text))
    .map((found) => {
      const date = found.start.date()
      if (WEEK.test(found.text)) date.setDate(date.getDate() + ((FRIDAY - date.getDay() + 7) % 7))
      return { date, deadline: DEADLINE.test(text.slice(Math.max(0, found.index - 24), found.index)) }
    })
    .filter((found) => found.date >= day)
  const date = (dates.find((found) => found.deadline) ?? dates[0])?.date
  if (!date) return null
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
}

/** The task with "you" and "me" named, so it reads the same away from the meeting. */
function named(task: string, { you, me }: { you?: string; me?: string }) {
  let text = task
  if (you) text = text.replace(/\byou\b/g, you).replace(/\byour\b/g, `${you}'s`)
  if (me) text = text.replace(/\bme\b/g, me).replace(/\bmy\b/g, `${me}'s`)
  return text
}

/**
 * Commitments made in the meeting: "I'll send the valuation by Friday" is the speaker's; "Can you
 * share the leases?" and "you'll need to sign" are whoever the turn speaks to (by name, or the
 * other side of a two-person exchange; else no one); "Tom will draft the letter" is Tom's; "Let's
 * schedule a call" everyone's.
 * The due date is read against the meeting's date.
 */
export function actionItemsOf(
  parseDates: DateParser,
  segments: Segment[],
  sentences: Sentence[],
  { meetingDate, people }: { meetingDate: Date; people: string[] },
): ActionItem[] {
  const personNamed = peopleByName(segments, people)
  const addresseeOf = sentenceAddressees(segments, sentences, personNamed)
  const items: ActionItem[] = []
  const seen = new Set<string>()
  for (const [index, sentence] of sentences.entries()) {
    if (items.length === ACTION_ITEMS) break
    const you = addresseeOf(index)
    // Curly apostrophes as typed ones: the patterns spell "I'll" one way.
    const said = sentence.text.replace(/’/g, "'")
    let match
    let item: { assignee: string | null; task: string; names: { you?: string; me?: string } } | undefined
    if ((match = SELF.exec(said))) item = { assignee: sentence.speaker, task: match[1]!, names: { you } }
    else if ((match = askedOf(said))) item = { assignee: you ?? null, task: match[1]!, names: { me: sentence.speaker } }
    else if ((match = NAMED.exec(said)) && personNamed(match[1]!))
      item = { assignee: personNamed(match[1]!)!, task: match[2]!, names: { you, me: sentence.speaker } }
    else if ((match = TEAM.exec(said)) && !(/^let/i.test(match[1]!) && DISCUSSION.test(match[2]!)))
      item = { assignee: EVERYONE, task: match[2]!, names: { you } }
    if (!item) continue
    // The task as it was written (every pattern's task runs to the sentence's end), apostrophes and all.
    const task = named(sentence.text.slice(said.length - item.task.length), item.names)
    const end = NEXT_CLAUSE.exec(task)?.index ?? task.length
    const text = cleanSentence(task.slice(0, end))
    if (!hasObject(text)) continue
    const key = JSON.stringify([text.toLowerCase(), item.assignee])
    if (seen.has(key)) continue
    seen.add(key)
    const dueDate = dueDateOf(parseDates, item.task.slice(0, DUE_DATE_WINDOW), meetingDate)
    items.push({ text, assignee: item.assignee, dueDate })
  }
  return items
}
