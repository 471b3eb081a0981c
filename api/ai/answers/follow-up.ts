import { analyze } from '../retrieval/analyzer'
import { ANY_YEAR } from '../text/calendar'
import type { ChatTurn } from './provider'
import { asksWhatTableShows } from './short-answer'

// Openings that continue the previous question rather than ask a new one.
const CONTINUES = /^\s*(and|but|also|or|then|so|what about|how about|same for|what of)\b/i
const REFERS_BACK = /\b(it|its|that|this|those|these|they|them|their|there|he|she|his|her)\b/i
// A year as questions write it: 2024, FY2024, FY 24, FY'24.
const YEARS = new RegExp(String.raw`\b${ANY_YEAR}\b`, 'gi')
const ONLY_NUMBERS = /^[\d.,]+$|^fy\d+$/

/** A question whose only words are periods or figures ("and in 2024?") says nothing of its own. */
const onlyPeriods = (question: string) => analyze(question).every((term) => ONLY_NUMBERS.test(term))

/**
 * Whether a question continues the previous one: it opens like a continuation ("And…", "What
 * about…"), names nothing but a period, or is short and refers back with a pronoun. A short
 * question with words of its own ("Who are the potential buyers?") is a new question.
 */
export function continues(question: string) {
  const terms = analyze(question).length
  return CONTINUES.test(question) || onlyPeriods(question) || (terms <= 5 && REFERS_BACK.test(question))
}

export const previousQuestion = (history: ChatTurn[]) => history.findLast((turn) => turn.role === 'user')?.content

/**
 * What to search for: the question itself, or, when it reads as a follow-up ("and in 2024?", "why
 * did it fall?"), the previous question followed by this one, so the search finds what it refers to.
 */
export function searchQueryFor(question: string, history: ChatTurn[]): string {
  // "What does the table show?" names nothing but the table: the sentence that says is found by the
  // words that introduce one ("The carrying value of goodwill was as follows:"), not by the question's.
  if (asksWhatTableShows(question)) return `${question} ${TABLE_INTRODUCTION}`
  const previous = previousQuestion(history)
  return previous && continues(question) ? `${previous} ${question}` : question
}
const TABLE_INTRODUCTION = 'the following table as follows shown below'

// "What was revenue in FY2025?": how it asks ("What was"), then its measure, then its period.
const ASKING = /\b(?:what|how much|how many)\s+(?:(?:is|was|were|are|did|does|do)\s+)?(?:the\s+)?/i
const PREPOSITION = /\s(?:in|for|at|as of|during|over|from|on)\s/gi

/** The previous question in three pieces, or null when it does not ask for a measure in a period. */
function shapeOf(previous: string): { asking: string; period: string } | null {
  const asking = ASKING.exec(previous)
  if (!asking) return null
  const body = previous.slice(asking.index + asking[0].length).replace(/\?+\s*$/, '')
  const year = body.search(YEARS)
  if (year < 0) return null
  const before = [...body.slice(0, year).matchAll(PREPOSITION)].at(-1)
  if (!before) return null
  return { asking: previous.slice(0, asking.index + asking[0].length), period: body.slice(before.index) }
}
const OPENER = /^\s*(?:and|but|also|or|then|so|what about|how about|same for|what of)\b[\s,]*(?:(?:in|for|at|the)\s+)?/i

/**
 * The question a follow-up asks, written out whole, for the answerers that read one question: "And
 * in FY2024?" after "What was revenue in FY2025?" is "What was revenue in FY2024?"; "What about
 * EBITDA?" is "What was EBITDA in FY2025?". A question that stands alone, or a follow-up that does
 * not fit the previous question's shape, is returned as asked.
 */
export function standaloneQuestion(question: string, history: ChatTurn[]): string {
  const previous = previousQuestion(history)
  if (!previous || !continues(question) || (!CONTINUES.test(question) && !onlyPeriods(question))) return question
  const rest = question
    .replace(OPENER, '')
    .replace(/\?+\s*$/, '')
    .trim()
  if (!rest) return question
  const years = rest.match(YEARS)
  if (onlyPeriods(rest) && years) {
    const before = previous.match(YEARS)
    if (!before) return `${previous.replace(/\?+\s*$/, '')} in ${years.join(' and ')}?`
    // The years asked before give way to the new ones: one for one when they are as many ("from
    // FY2021 to FY2022" after "from FY2023 to FY2025"), else the first takes them all.
    let at = 0
    const pairwise = before.length === years.length
    return previous
      .replace(YEARS, () => (pairwise ? years[at++]! : at++ === 0 ? years.join(' and ') : ''))
      .replace(/(?<!\s)\s+(?:and|to|through|-|–)\s*(?=\?|$)/, '')
  }
  const entity = years ? null : withEntity(previous.trim(), rest)
  if (entity) return entity
  const shape = shapeOf(previous.trim())
  if (!shape || years) return question
  // A new measure or entity in the previous one's place, its period kept.
  return `${shape.asking}${rest}${shape.period}?`
}

// A name as people write one, in title case ("Bayline", "Elm Street"), with its article and a
// noun after it ("the Elm Street yard"); not an acronym ("EBITDA") or a period ("FY2025").
const TITLE_WORD = String.raw`\p{Lu}\p{Ll}[\p{L}'’&-]*`
const ENTITY = new RegExp(String.raw`^(the\s+)?${TITLE_WORD}(?:\s+${TITLE_WORD})*(\s+\p{Ll}+)?$`, 'u')

/**
 * The previous question asked of another named thing: "And the Elm Street yard?" after "When does
 * the lease on the Riverside depot end?" asks "When does the lease on the Elm Street yard end?";
 * "And for Bayline?" after "What was revenue from Cascade in 2025?" asks it of Bayline. Null when
 * the follow-up names no such thing, or the previous question none to put it in place of.
 */
function withEntity(previous: string, rest: string): string | null {
  const asked = ENTITY.exec(rest)
  if (!asked) return null
  const [, article, head] = asked
  const named = new RegExp(
    String.raw`(?<=\s)${article ? String.raw`(?:the\s+)?` : ''}${TITLE_WORD}(?:\s+${TITLE_WORD})*${head ? String.raw`\s+\p{Ll}+` : ''}`,
    'gu',
  )
  const last = [...previous.matchAll(named)].at(-1)
  if (!last) return null
  return `${previous.slice(0, last.index)}${rest}${previous.slice(last.index + last[0].length)}`
}
