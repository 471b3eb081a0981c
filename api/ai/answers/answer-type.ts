import { CURRENCY_SIGN } from '../text/amounts'
import { ANY_YEAR, MONTH, YEAR } from '../text/calendar'
import { numberWordsBetween } from '../text/number-words'
import { SCALE_WORD } from '../text/scales'
/**
 * What kind of phrase a question asks for (issue 46, item 2): a figure for "how much", a count
 * for "how many", a year for "which year", a month for "which month", a date for "when", a name
 * for "who is the owner" or "who does the business lease from". An answer whose leading phrase is
 * of another kind (a place for a "who", a heading for a "how much") is not an answer: it is said
 * that the documents do not give one, and the closest passages follow as evidence. Null for a
 * question any words may answer: "what does the company do", "why did margins fall".
 */
export type AnswerType = 'figure' | 'count' | 'year' | 'month' | 'date' | 'name'

// A question of reasons or descriptions asks for words, whatever else it names: its noun says so
// ("the rationale for", "the key focus of") or its closing relation does ("driven by?", "based on?").
const WORDS_ASKED =
  /^(?:.*\bwhy\b|how (?:is|are|was|were|does|do|did)\b|what (?:does|do|did) (?:the )?\w+(?: \w+)? (?:do|make|sell|offer)\b)|\b(?:reasons?|causes?|drivers?|due to|consists?|include|describe|explain|rationale|focus|purpose|objectives?|strategy|policy|approach|method|basis|nature|treatment|classification|definition|meaning|assumptions?|projection|outlook|implications?)\b|\b(?:(?:relate[sd]?|attributable|attributed) to|driven by|(?:recogni[sz]ed|classified|defined|treated) as|based on)\s*\??$/i
const COUNT_ASKED = /\bhow many\b/i
const COUNT_OPENS = /^(?:(?:in|for|at|as of|during) [^,?]*, )?how many\b/i
const YEAR_ASKED = /\b(?:which|what) (?:fiscal |calendar )?year\b/i
const MONTH_ASKED = /\b(?:which|what) month\b/i
const DATE_ASKED = /^(?:when\b|by when\b|until when\b|what (?:is|was|are|were) the (?:\w+ )?(?:date|deadline)\b)/i
// "Who is the owner?", "Who does the business lease from?", "Who might buy the company?"; not
// "Who is Maria Okafor?", which asks what she is.
const NAME_ASKED = /^who\b(?! (?:is|are|was|were) (?!(?:the|a|an|our|its|their)\b)[A-Z])/i
// "What was EBITDA in 2025?", "What is the annual rent…?", "What share…?", "What is total dividend…?";
// not "What is aggregate intrinsic value?", which asks what it is.
const FIGURE_ASKED = new RegExp(
  String.raw`\bhow much\b|\bworth\b|\bas a percentage of\b|^what (?:is|was|were|are) (?:total|sum|amount|number|balance)\b|^what did [^?]*\b(?:report|spend|earn|make|bring in|buy|pay|generate)\b|^(?:in |for |at |as of )?[^?]*?\bwhat (?:share|percentage|percent|proportion|portion|fraction|multiple|ratio|margin)\b|^what (?:is|was|were|are) the (?:[\w'’-]+ ){0,3}(?:amount|value|number|total|sum|average|balance|share|percentage|ratio|rate|margin|multiple|rent|price|cost|increase|decrease|change)s?\b|^what (?:is|was|were|are) [^?]*\b(?:in|for|at|as of|during|on) (?:the )?(?:(?:fiscal|calendar) (?:year )?|year |fy\s?'?|(?:year|quarter|month) ended \w+ \d{1,2}, |${MONTH}\.? (?:\d{1,2},? )?|\d{1,2} ${MONTH}\.? )?(?:${YEAR}|\d\d)\b|^(?:in|for|at|as of|during) [^,?]*\b${YEAR}, what (?:is|was|were|are)\b`,
  'i',
)

export function answerType(question: string): AnswerType | null {
  const asked = question.trim()
  // "How many drivers…?" counts them, whatever noun is counted.
  if (COUNT_OPENS.test(asked)) return 'count'
  if (WORDS_ASKED.test(asked)) return null
  if (COUNT_ASKED.test(asked)) return 'count'
  if (YEAR_ASKED.test(asked)) return 'year'
  if (MONTH_ASKED.test(asked)) return 'month'
  if (DATE_ASKED.test(asked)) return 'date'
  if (NAME_ASKED.test(asked)) return 'name'
  if (FIGURE_ASKED.test(asked)) return 'figure'
  return null
}

const A_MONTH = new RegExp(String.raw`\b${MONTH}\b`, 'i')
const A_YEAR = new RegExp(String.raw`\b${ANY_YEAR}\b`, 'i')
const NUMBER_WORD = new RegExp(String.raw`\b(?:no|none|dozen|hundred|thousand|${numberWordsBetween(0, 12)})\b`, 'i')
// A figure is a digit that is not only a year or a date: "$4.2 million", "18%", "4.5x", "52".
const DATES_AND_YEARS = new RegExp(
  String.raw`\b${MONTH}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+${YEAR}\b|\b(?:fy\s?'?|fiscal\s+)?${YEAR}\b`,
  'gi',
)
const NONE = /\b(?:no|none|nil)\b/i
const DATED = /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/
const CONDITION =
  /^(?:when|if|where|once|upon|after|before|until|unless|only|whenever|annually|quarterly|monthly|weekly|daily|each|every|at|within|during|on|in)\b/i
// An amount, a percentage, a multiple: "$23,750", "4.2 million", "18%", "4.5x", "1,287"; not the
// "2" of "2 lines", the "30" of "June 30" or the "'000" of a scale.
const FIGURE = new RegExp(
  String.raw`${CURRENCY_SIGN}\s?\d|\d\s?(?:%|x\b|percent\b|(?:${SCALE_WORD}|k|m|bn)\b)|\b[1-9]\d{0,2},\d{3}\b|\b[1-9]\d{2,}\b|\b\d+\.\d+\b`,
  'i',
)
// Two capitalised words in a row ("Crossroads Realty", "Dr. Maria Okafor", "Smith & Sons"): a
// person's or an organisation's name; one word alone ("Pennsylvania") is more often a place.
// Or a body named by its office: "the audit committee", "the board".
const BODY = /^(?:the|its|our|their)\s+\p{L}+(?:\s+\p{L}+){0,4}$/iu
const NAME = /\b\p{Lu}[\p{L}'’.-]*(?:\s+(?:&|and|of)\s+|\s+)\p{Lu}[\p{L}'’.-]*/u
// "Enterprise Way", "Mill Road": a street is where someone is, not who.
const STREET =
  /\b(?:street|st|road|rd|avenue|ave|way|drive|dr|parkway|pkwy|lane|ln|boulevard|blvd|court|ct|place|pl|highway|hwy|circle|terrace|trail)\.?$/i
// The phrase is the name, not a description that ends in a place: "a company based in South Carolina".
const NAMED = new RegExp(`^(?:(?:Dr|Mr|Mrs|Ms)\\.\\s+)?${NAME.source}`, 'u')

/**
 * Whether a phrase is of the kind asked: it holds a figure for a figure, a name for a name… Only a
 * figure may be quoted in a sentence for the reader to see: a year, a month, a count, a date or a
 * name is answered by the phrase itself or not at all (`answersQuoted`).
 */
export function isOfType(type: AnswerType, phrase: string) {
  switch (type) {
    case 'figure':
      // "We had no investing activities in 2019": none is a figure too.
      return FIGURE.test(phrase.replace(DATES_AND_YEARS, ' ')) || NONE.test(phrase)
    case 'count':
      return /\d/.test(phrase.replace(DATES_AND_YEARS, ' ')) || NUMBER_WORD.test(phrase)
    case 'year':
      return A_YEAR.test(phrase)
    case 'month':
      return A_MONTH.test(phrase)
    case 'date':
      // "When is goodwill tested?" → "annually, or more frequently…"; "when revenue is recognized…".
      return A_MONTH.test(phrase) || A_YEAR.test(phrase) || DATED.test(phrase) || CONDITION.test(phrase)
    case 'name':
      return (NAMED.test(phrase.trim()) || BODY.test(phrase.trim())) && !STREET.test(phrase.trim())
  }
}

const byPhraseOnly = (type: AnswerType) => type !== 'figure'

// A "sentence" whose words are mostly figures is a table read as text (a statement laid out by
// spaces): quoted whole it answers nothing, and its figures cannot be told apart by the words beside
// them. A long sentence of prose holds many figures too, among many more words.
const TABLE_SHARE = 0.3
const MIN_TABLE_FIGURES = 6

/** Whether a "sentence" is a table's rows run together, whose figures no reader can tell apart. */
export function isTableText(sentence: string) {
  const words = sentence.split(/\s+/).filter(Boolean).length
  const figures = (sentence.match(/(?:^|\s)[-−($€£]*\d[\d,.]*%?\)?(?=\s|$)/g) ?? []).length
  return figures > MIN_TABLE_FIGURES && figures >= words * TABLE_SHARE
}

/** Whether a sentence may stand as the answer to a question of this kind, quoted whole. */
export const answersQuoted = (type: AnswerType, sentence: string) =>
  !byPhraseOnly(type) && isOfType(type, sentence) && !isTableText(sentence)

const KIND_WORDS: Record<AnswerType, string> = {
  figure: 'a figure',
  count: 'a number',
  year: 'a year',
  month: 'a month',
  date: 'a date',
  name: 'a name',
}

/** The answer's first line when the closest passages hold no phrase of the kind asked. */
export const noneOfType = (type: AnswerType) =>
  `I could not find ${KIND_WORDS[type]} that answers this in your documents. These passages come closest:`
