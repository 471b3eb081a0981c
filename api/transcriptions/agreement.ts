import { STOP_WORDS } from '../../shared/stop-words'
import { CURRENCY_SIGN } from '../ai/text/amounts'
import { NUMBER_WORDS } from '../ai/text/number-words'
import { cleanSentence } from './sentences'

/*
 * How a meeting proposes a course and agrees to it: "I'd suggest we ask Pacific for a renewal." –
 * "That works." Most of what a meeting settles is said so, without "we agreed" or "decision".
 */

// The words of a sentence that a proposal or an agreement is read in: both are said at its start,
// and a sentence may be millions of characters long.
const LOOK = 400

// What a sentence starts with before it says anything: "Okay, so, …", "Honestly, …", "In that case, …".
const LEAD = String.raw`(?:(?:ok(?:ay)?|so|well|right|alright|then|and|now|honestly|frankly|look|in that case|if so|given that|with that in mind)[,.!]?\s+)*`
// Who a course is proposed for, after a suggestion: "I'd suggest we…", "my advice is that you…".
const FOR_WHOM = String.raw`(?:\s+that)?(?:\s+(?:we|you))?(?:\s+(?:all|both))?`

/**
 * Ways of putting a course forward, each leaving the course itself after it: "I'd suggest we | ask
 * Pacific…", "my recommendation is to | approach…", "what if we | cap…", "let's | tell…".
 */
const PROPOSAL = new RegExp(
  String.raw`^${LEAD}(?:` +
    [
      String.raw`I(?:'d| would)?\s+(?:(?:strongly|really|just)\s+)?(?:suggest|recommend|propose|advise)${FOR_WHOM}`,
      String.raw`(?:my|our)\s+(?:suggestion|recommendation|proposal|advice|plan)\s+(?:is|would be)${FOR_WHOM}(?:\s+to)?`,
      String.raw`here(?:'s| is)\s+what\s+I(?:'d| would)?\s+(?:suggest|recommend|propose|do)\s*:?${FOR_WHOM}`,
      String.raw`(?:the|our)\s+(?:plan|proposal|idea|timeline|approach)\s+(?:is|would be)${FOR_WHOM}(?:\s+to)?`,
      String.raw`(?:I\s+think\s+)?(?:we|you)\s+(?:should|ought to|could|need to)(?:\s+(?:probably|just|also|really))?`,
      String.raw`(?:what if|how about|why don't)\s+(?:we|you)`,
      String.raw`how about`,
      String.raw`(?:shall|should|can|could)\s+we`,
      String.raw`let's|let us`,
      // "I'd lead with outside buyers": the verb stays, the course is the advisor's own way.
      String.raw`I(?:'d| would)(?=\s+(?:go with|lead with|start with|open with|aim for|push for|hold off|wait|sell|keep|go to market)\b)`,
    ].join('|') +
    String.raw`)[\s:,]+`,
  'i',
)

// What is said of the meeting itself, not of the business: "let's get into it", "we should talk about…".
const MEETING_TALK =
  /^(?:get (?:into|started|going|back)|start|begin|kick off|move on|turn to|talk|discuss|look|see|go (?:through|over)|recap|sum up|wrap up|take a (?:break|minute|moment|look|step back)|dive|jump|come back|circle back|pick (?:this|it|that) up|park|hear|think|focus|continue|keep going|agree|know|understand|cover|review the agenda|remember|leave it there|stop)\b/i
// Arranging to meet is a task, not something the meeting settled: "let's grab a coffee", "shall we meet Tuesday?".
const MEETING_UP =
  /\b(?:coffee|lunch|dinner|breakfast|drinks?|beer)\b|^(?:meet|reconvene|regroup|talk again|speak again|catch up|get together)\b|^(?:schedule|book|set up|arrange|plan|organi[sz]e|find a time for|pencil in|put in|do|have|hold|grab|get)\b[^.;]{0,60}?\b(?:call|meeting|session|chat|check-?in|catch-?up|visit)\b/i
// Words of time and talk: a course of nothing but these ("Tuesday at ten?", "do that") settles nothing.
const EMPTY_WORDS = new Set(
  `do it that this them those one so then now later soon today tomorrow tonight week weeks month months morning
  afternoon evening monday tuesday wednesday thursday friday saturday sunday next day days time same again
  okay ok yes sure fine go ahead with there here way just also first`.split(/\s+/),
)

// A course that starts with a name (a capital), a figure or an article is a thing agreed on, not something to do.
const NOT_A_VERB = new RegExp(
  String.raw`^(?:[A-Z\d]|${CURRENCY_SIGN}|(?:the|a|an|our|your|their|any|each|every|no|all|some|${Object.keys(NUMBER_WORDS).join('|')})\b)`,
)

export interface Proposal {
  /** The course, as a sentence of its own: "Approach the two strategic buyers first". */
  course: string
  /** Whether the course is something to do ("approach…"), not a thing ("April 2027 for the launch"). */
  verb: boolean
  /** Put as a question ("Shall we…?", "What if we…?"), it asks for a yes. */
  asking: boolean
}

/** A course put forward by a sentence, the proposing words taken off, or null when it puts none forward. */
export function proposalIn(text: string): Proposal | null {
  const said = text.slice(0, LOOK).replace(/’/g, "'")
  const match = PROPOSAL.exec(said)
  if (!match) return null
  const rest = text.slice(match[0].length)
  const course = cleanSentence(rest)
  if (!course || /^(?:not|never|n't)\b/i.test(course)) return null
  return { course, verb: !NOT_A_VERB.test(rest.trimStart()), asking: text.trimEnd().endsWith('?') }
}

/** A course worth recording when agreed: not the meeting's own talk, not a time to meet, not nothing. */
export function isSettled(course: string) {
  const start = course.slice(0, LOOK)
  if (MEETING_TALK.test(start) || MEETING_UP.test(start)) return false
  const words = start.toLowerCase().match(/[\p{L}][\p{L}'-]*/gu) ?? []
  return words.some((word) => !STOP_WORDS.has(word) && !EMPTY_WORDS.has(word))
}

// A proposer asking for the yes after putting a course: "…, with the buyout as fallback. Does that work?"
const CHECK =
  /^(?:does (?:that|this) (?:work|sound (?:good|right|okay))(?: for (?:you|everyone|both of you|you both))?|(?:are (?:you|we|both of you) )?(?:okay|ok|happy|comfortable|good|fine) with (?:that|this)|agreed|deal|sound good|sounds good|can (?:you|we) live with (?:that|this)|are we agreed|(?:is )?everyone (?:okay|happy|fine) with (?:that|this)|yes|okay|ok|right)\W*$/i

/** A sentence that asks whether the course just put is agreed. */
export const asksForAgreement = (text: string) =>
  text.trimEnd().endsWith('?') && CHECK.test(cleanSentence(text.slice(0, LOOK)))

// A turn that agrees to what was put to it, said first: "That works.", "Agreed.", "Fine by me.", "Yes, let's do that."
const AGREES = new RegExp(
  String.raw`^(?:(?:yes|yeah|yep|okay|ok|sure|right|great|good|perfect|absolutely|definitely|fine|alright|all right)[,.!]?\s+)*(?:` +
    [
      String.raw`(?:that|this)\s+works(?:\s+for\s+(?:me|us|everyone))?`,
      String.raw`works\s+for\s+(?:me|us)`,
      String.raw`(?:I|we)\s+(?:completely\s+|fully\s+|totally\s+)?agree(?:\s+with\s+(?:that|this|you))?`,
      String.raw`agreed`,
      String.raw`deal`,
      String.raw`(?:that's\s+|that is\s+)?fine\s+(?:by|with)\s+(?:me|us)`,
      String.raw`sounds?\s+(?:good|great|right|like a plan|fine)(?:\s+to\s+(?:me|us))?`,
      String.raw`(?:that's|that is|it's|it is)\s+a\s+plan`,
      String.raw`(?:I'm|I am|we're|we are)\s+(?:(?:happy|comfortable|fine|okay)\s+with\s+(?:that|this)|on board|in(?=\W*$))`,
      String.raw`happy\s+with\s+(?:that|this)`,
      String.raw`(?:I|we)\s+can\s+live\s+with\s+(?:that|this)`,
      String.raw`let's\s+do\s+(?:that|it|this)`,
      String.raw`let's\s+go\s+with\s+(?:that|it|this)`,
      String.raw`go\s+ahead`,
      String.raw`(?:good|great)\s+(?:idea|plan)`,
      String.raw`I\s+like\s+(?:that|it|this)`,
    ].join('|') +
    String.raw`)(?![\w'])`,
  'i',
)
// "Yes, let's lead with outside buyers": the agreement says the course itself.
const AGREES_WITH_COURSE =
  /^(?:(?:yes|yeah|yep|okay|ok|sure|right|absolutely|definitely|agreed|good|great)[,.!]?\s+)+(?:let's|let us|we'll|we will)\s+/i
// A bare yes, an agreement only to a course put as a question: "Shall we…?" – "Yes."
const YES = /^(?:yes|yeah|yep|sure|absolutely|definitely|of course|I think so|please do)\b(?!,?\s+but\b)/i
// What takes an agreement back in the same breath: "That works in theory, but…".
const QUALIFIED = /\b(?:but|except|however|unless|although|though|not sure|in theory)\b/i
// The words a yes agrees to a course by, which are not themselves the course.
const POINTING_COURSE = /^(?:do|go with|try|go for)\s+(?:that|it|this|so)\W*$/i

export type Agreement = { kind: 'agrees' } | { kind: 'agrees with course'; course: string } | { kind: 'yes' }

/** How a turn's first sentence agrees, or null when it does not; a qualified agreement is none. */
export function agreementIn(text: string): Agreement | null {
  const whole = text.trim()
  if (whole.endsWith('?')) return null
  const said = whole.slice(0, LOOK).replace(/’/g, "'")
  const withCourse = AGREES_WITH_COURSE.exec(said)
  if (withCourse) {
    const course = cleanSentence(whole.slice(withCourse[0].length))
    if (!POINTING_COURSE.test(course) && !QUALIFIED.test(course)) return { kind: 'agrees with course', course }
  }
  const agrees = AGREES.exec(said)
  if (agrees) return QUALIFIED.test(said.slice(agrees[0].length)) ? null : { kind: 'agrees' }
  return YES.test(said) ? { kind: 'yes' } : null
}
