import { groupedAmount } from '../../../shared/figures'
import { analyze } from '../retrieval/analyzer'
import { CURRENCY, CURRENCY_SIGN } from '../text/amounts'
import { FULL_MONTH, isYear, YEAR } from '../text/calendar'
import { numberWordsBetween } from '../text/number-words'
import { SCALE_WORD } from '../text/scales'
import { answerType, isOfType, isTableText } from './answer-type'
import { nameReader } from './name-answer'
import { quotedAfter, withoutEcho } from './question-echo'

/**
 * The shortest phrase of a quoted sentence that answers the question, for the answer's first line
 * (the sentence itself follows, cited): the figure a "how much" question asks for, the date of a
 * "when", the cause after "due to" for a "why", what follows "consists of" for "what does X consist
 * of", what follows "X is" for "what is X". Null when the sentence has no such phrase: then the
 * sentence alone answers, or for a question of a kind (./answer-type) nothing does. Deterministic
 * rules on the question's wording, no model. Without
 * `figures`, a figure is never picked (the table row quoted first holds the figures).
 */
export function shortAnswer(question: string, sentences: string[], { figures = true } = {}): string | null {
  const asked = question.trim()
  const type = answerType(asked)
  // A figure question is answered by its figure or not at all: no phrase of words stands in for it.
  if ((type === 'figure' || type === 'count') && !DESCRIPTIVE_QUESTION.test(asked) && !CAUSE_QUESTION.test(asked))
    return figures && !isTableText(sentences[0]!) ? figuresIn(asked, sentences[0]!) : null
  // The first reader that finds its phrase answers; the question's grammar decides which read at all.
  const readers: Array<(sentence: string) => string | null> = []
  // Read first and quoted as the sentence states them, the question's words included.
  const statements: Array<(sentence: string) => string | null> = []
  if (CAUSE_QUESTION.test(asked)) {
    // "What led to X?", "What was X due to?": the question holds the relation, the answer is what.
    const bare = CAUSE_AS_SUBJECT.test(asked)
    readers.push((sentence) => {
      const cause = causeIn(sentence)
      return cause && bare ? cause.replace(CAUSE_CONNECTOR, '').trim() : cause
    })
  }
  // "What is the symbol of its stock?": the name a sentence quotes right after the asked noun.
  if (/^(?:what|which)\b/i.test(asked)) readers.push((sentence) => quotedAfter(asked, sentence))
  // "How often…?", "Over what period…?": the frequency or the length of time a sentence states.
  const measured = FREQUENCY_QUESTION.test(asked) ? FREQUENCY : DURATION_QUESTION.test(asked) ? DURATION : null
  if (measured) readers.push((sentence) => measured.exec(sentence)?.[0] ?? null)
  const agent = WHO_QUESTION.exec(asked)
  if (agent) readers.push((sentence) => agentOf(sentence, agent[1]!, agent[2]!))
  // A name for "who is the controller?" before any phrase that describes the role.
  const name = type === 'name' ? nameReader(asked) : null
  if (name) readers.push(name)
  if (WHICH_YEAR.test(asked)) readers.push((sentence) => yearsIn(asked, sentence))
  // "When was it founded?", "What year was it established?": the year of a sentence that says so.
  const founding = FOUNDING.exec(asked)
  if (founding) {
    const said = new RegExp(`\\b(?:${inflections(founding[1]!).join('|')})\\b`, 'i')
    readers.push((sentence) => (said.test(sentence) ? (YEAR_OF_EVENT.exec(sentence)?.[1] ?? null) : null))
  } else if (WHEN_QUESTION.test(asked))
    readers.push((sentence) => {
      const clause = clauseAbout(asked, sentence)
      return DATE.exec(clause)?.[0] ?? YEAR_OF_EVENT.exec(clause)?.[1] ?? null
    })
  const verbal = VERB_QUESTION.exec(asked)
  if (verbal)
    for (const forms of verbs(verbal[2]!.replace(MOSTLY, '')))
      readers.push((sentence) => afterVerb(sentence, verbal[1]!, forms))
  const how = HOW_QUESTION.exec(asked)
  if (how) readers.push((sentence) => afterVerb(sentence, how[1]!, [how[2]!]))
  const where = WHERE_QUESTION.exec(asked)
  if (where) readers.push((sentence) => placeIn(asked, sentence, where[1]!, where[2]!))
  const entity = ENTITY_QUESTION.exec(asked)
  if (entity) readers.push((sentence) => appositiveOf(sentence, entity[1]!))
  // "Which product offerings were acquired with X?": the names set after "the product offerings acquired with X,".
  const kind = KIND_QUESTION.exec(asked)
  if (kind) readers.push((sentence) => appositiveOf(sentence, `${kind[1]} ${kind[2]}`))
  // "Which market is the stock traded on?": the name the sentence gives of that kind, "NASDAQ Global Select Market".
  const named = WHICH_KIND.exec(asked)
  if (named) readers.push((sentence) => nameOfKind(sentence, named[1]!))
  // "Which countries does the group operate indemnity plans in?": what follows "indemnity plans in".
  const closing = WHICH_PREPOSITION.exec(asked)
  if (closing) readers.push((sentence) => afterPhrase(sentence, closing[1]!, closing[2]!))
  const definition = DEFINITION_QUESTION.exec(asked)
  if (definition) {
    // Whole, its subject too: "Audit Fees consist of …" says what they are only with its verb.
    if (!type && !STATING_SUBJECT.test(definition[1]!))
      statements.push((sentence) => statementOf(sentence, definition[1]!))
    readers.push((sentence) => afterVerb(sentence, definition[1]!, COPULAS))
    readers.push((sentence) => namedAs(sentence, definition[1]!))
  }
  const action = ACTION_QUESTION.exec(asked)
  if (action) readers.push((sentence) => objectOf(sentence, action[1]!))
  // A phrase of another kind than the one asked (a place for "who") answers nothing; the question's
  // own words it repeats are not the answer.
  const typed = (phrase: string | null) => {
    const answer = phrase && withoutEcho(asked, phrase)
    return answer && (!type || isOfType(type, answer)) ? answer : null
  }
  for (const read of statements) {
    const found = firstOf(sentences, read)
    if (found) return found
  }
  for (const read of readers) {
    const found = firstOf(sentences, (sentence) => typed(read(sentence)))
    if (found) return found
  }
  // A question for a year, an entity or a computed figure is not answered by a phrase of words.
  if (/^(?:which|how (?:much|many))\b/i.test(asked) || ASKS_ARITHMETIC.test(asked)) return null
  const remainder = typed(remainderOf(asked, sentences[0]!))
  // "When does the expense reverse?": what happens whenever something else does is said by its condition.
  return remainder ?? (HABITUAL_WHEN.test(asked) ? conditionIn(sentences[0]!) : null)
}

const HABITUAL_WHEN = /^when (?:does|do|is|are|would|will|should|can|may)\b/i
// "If the required service period is not met, …", "… vest only upon the price closing above …".
const CONDITION_CLAUSE = /(?:^|[\s(])((?:only\s+)?(?:if|when|whenever|where|upon|once|unless)\s[^,;]*)/i

/** The condition a sentence states, from its "if", "when" or "upon" to the end of its clause. */
function conditionIn(sentence: string) {
  const clause = CONDITION_CLAUSE.exec(sentence)?.[1]?.replace(/\.$/, '').trim()
  return clause && analyze(clause).length >= 3 ? clause : null
}

const firstOf = (sentences: string[], read: (sentence: string) => string | null) => {
  for (const sentence of sentences) {
    const found = read(sentence)
    if (found) return found
  }
  return null
}

const CAUSE_QUESTION =
  /^(?:.*\bwhy\b|what (?:was|were|is|are) the (?:main |primary )?(?:reasons?|causes?|drivers?|rationale)\b|what (?:\w+ )?(?:caused|led to|lead to|drove|impacted|resulted in|contributed to)\b|what (?:was|were|is|are) .* (?:primarily |mainly )?(?:due to|driven by|caused by)\b)/i
// A cause as the reports write it, from its connector ("primarily due to", "driven by") to the end.
// "primarily", "mainly": how much of it, not what it is ("consist primarily of" is "consist of").
const ADVERB_OF_EXTENT = '(?:primarily|mainly|principally|largely|mostly|chiefly|partly|partially)'
// "from" alone is too common to mark a cause; "primarily from" does.
const CONNECTOR = `(?:${ADVERB_OF_EXTENT}\\s+)?(?:due (?:primarily |mainly |largely )?to|driven by|attributable to|as a result of|because of|resulting from|benefit+ing from|caused by|impacted (?:primarily )?by|reflecting)|${ADVERB_OF_EXTENT}\\s+from`
const CAUSE = new RegExp(`\\b(?:${CONNECTOR})\\b`, 'i')
const CAUSE_CONNECTOR = new RegExp(`^(?:${CONNECTOR})\\s*`, 'i')
// Questions whose own words hold the relation: "what led to / impacted / resulted in X", "X was due to
// (driven by) what".
const CAUSE_AS_SUBJECT =
  /^what (?:\w+ )?(?:led to|lead to|leads to|impacted|resulted in|contributed to)\b|\b(?:due to|driven by|caused by)\s*\??$/i

function causeIn(sentence: string) {
  const match = CAUSE.exec(sentence)
  if (!match) return null
  const cause = sentence.slice(match.index).trim()
  return cause.length > match[0].length + 3 ? cause : null
}

const WHICH_YEAR = /\b(?:which|what) (?:fiscal )?(?:year|period)s?\b|\bwhich year\(s\)/i
const HIGHER = /\b(?:higher|highest|larger|largest|greater|greatest|more|most|bigger|biggest)\b/i
const LOWER = /\b(?:lower|lowest|smaller|smallest|less|least|fewer)\b/i

/**
 * The years a sentence gives figures for ("$19.5 million in 2019 and $20.8 million in 2018"): the
 * one with the larger or smaller figure when the question compares, else every one, "; " between.
 */
function yearsIn(question: string, sentence: string) {
  const pairs = [
    ...sentence.matchAll(new RegExp(`(${FIGURE.source})\\s+(?:in|for|during)\\s+(?:fiscal\\s+)?(${YEAR})\\b`, 'gi')),
  ]
    .map((match) => ({ value: toNumber(match[1]!), year: match[match.length - 1]! }))
    .filter((pair) => pair.value !== null)
  if (new Set(pairs.map((pair) => pair.year)).size < 2) return null
  const higher = HIGHER.test(question)
  if (higher || LOWER.test(question)) {
    const sorted = [...pairs].sort((a, b) => a.value! - b.value!)
    return (higher ? sorted[sorted.length - 1]! : sorted[0]!).year
  }
  return [...new Set(pairs.map((pair) => pair.year))].join('; ')
}

/** A figure's size as written: "$20.8 million" → 20.8e6, "(1.5)" → −1.5. */
function toNumber(figure: string) {
  const digits = /\d(?:[\d,]*\d)?(?:\.\d+)?/.exec(figure)
  if (!digits) return null
  const scale = /billion|bn/i.test(figure)
    ? 1e9
    : /million|\dm\b/i.test(figure)
      ? 1e6
      : /thousand/i.test(figure)
        ? 1e3
        : 1
  return Number(digits[0].replace(/,/g, '')) * scale * (/^\(|^-/.test(figure.trim()) ? -1 : 1)
}

const DATE = new RegExp(
  `\\b${FULL_MONTH}\\s+\\d{1,2},\\s+${YEAR}\\b|\\b\\d{1,2}\\s+${FULL_MONTH}\\s+${YEAR}\\b|\\b${FULL_MONTH}\\s+${YEAR}\\b`,
  'i',
)
// "founded in 1998", "since 2009", "runs until 2031": the year something happens, when no day is given.
const YEAR_OF_EVENT = new RegExp(String.raw`\b(?:in|since|during|until|till|through|to|by)\s+(${YEAR})\b`, 'i')
const WHEN_QUESTION = /^(?:when\b|what (?:was|is|were|are) the (?:\w+ )?date\b)/i
// "When was the business founded?", "What year was it established?": a business's start.
const FOUNDING =
  /^(?:when|(?:in )?(?:what|which) year)\b.*\b(founded|established|started|created|formed|incorporated|launched)\s*\??$/i

// Where a sentence joins statements of two things: "The lease on the depot runs until March 31,
// 2030, and the lease on the yard ends on June 30, 2027."
const CLAUSE_BREAK = /,\s+(?:and|but|while|whereas)\s+|;\s+/i

/**
 * The clause of a sentence that names more of what is asked than any other, or the whole sentence
 * when none does: the yard's date answers "When does the lease on the yard end?", not the depot's.
 */
function clauseAbout(question: string, sentence: string) {
  const clauses = sentence.split(CLAUSE_BREAK)
  if (clauses.length < 2) return sentence
  const asked = new Set(analyze(question))
  const named = clauses.map((clause) => new Set(analyze(clause).filter((term) => asked.has(term))).size)
  const most = Math.max(...named)
  return named.filter((count) => count === most).length === 1 ? clauses[named.indexOf(most)]! : sentence
}

// "How much does X depend on…", "what was the increase due to": the question wants words, not a figure.
const DESCRIPTIVE_QUESTION =
  /\b(?:why|how (?:is|was|are|were|does|did|do)\b|due to|reason|consist|include|represent)\b/i
// A figure as the reports write one: "$2.5 million", "£3.5 million", "RMB77 million", "US$15.9 million", "$64,000", "3%",
// and a price in pence or cents ("445.0p", "3.45 cents"; not the "2 p" of "2 p.m.").
// At most 25 digits and commas, so no digit of a long run "1,1,1,…" scans the rest of it.
const FIGURE = new RegExp(
  String.raw`${CURRENCY}\s?\d(?:[\d,]{0,23}\d)?(?:\.\d+)?(?:\s?(?:${SCALE_WORD}|bn|m)\b)?|\b\d(?:[\d,]{0,23}\d)?(?:\.\d+)?(?:\s?(?:%|per cent\b|percent\b|pence\b|cents?\b|${SCALE_WORD}\b)|p\b(?![.\w]))`,
  'gi',
)
const YEARS = new RegExp(String.raw`\b${YEAR}\b`, 'g')
// A scale ("in $000s") or a year over a column of percentages ("2021 %") is no figure.
const NOT_A_FIGURE = new RegExp(String.raw`^${CURRENCY_SIGN}\s?0+$|^${YEAR}\s%$`)
const COUNT_QUESTION = /\bhow many\b|\bnumber of\b/i
const COUNT = /\b\d(?:[\d,]*\d)?\b/g
// "March 31, 2031", "31 March": the day of a date counts nothing.
const MONTH_BEFORE = new RegExp(`\\b${FULL_MONTH}\\.?\\s+$`, 'i')
const MONTH_AFTER = new RegExp(`^(?:st|nd|rd|th)?\\s+(?:of\\s+)?${FULL_MONTH}\\b`, 'i')
const partOfDate = (sentence: string, index: number, digits: string) =>
  MONTH_BEFORE.test(sentence.slice(Math.max(0, index - 12), index)) ||
  MONTH_AFTER.test(sentence.slice(index + digits.length, index + digits.length + 16))
const WINDOW_WORDS = 8
const AFTER_WORDS = 4
const CHANGE = /\b(?:change|increase|decrease|grow|growth|decline|rise|fall|reduction|difference)/i
const CHANGE_BEFORE = /\b(?:increased|decreased|rose|fell|grew|declined|up|down|by)\s*$/i
// "How much did X change?" does not say which way: the answer does ("decreased $352 million").
const CHANGE_EITHER_WAY = /\bhow much (?:did|has|have|had|does|do) .*\bchange(?:d)?\b/i
const DIRECTION_BEFORE = /\b(?:increased|decreased|rose|fell|grew|declined)(?:\s+by)?\s*$/i

// A year named with a figure outweighs the words around it: the measure is named once for both.
const YEAR_WEIGHT = 10
// "(2018: £12.4 million)", "(FY2017/18: £8.1m)": the year an aside's figure is of.
const YEAR_LABEL_BEFORE = new RegExp(String.raw`\(\s*(?:fy\s?|fiscal\s+)?(${YEAR})(?:\/\d\d)?\s*:\s*$`, 'i')
// "$148.6 million in 2018"; not "$2.4 million during fiscal 2019, 2018 and 2017", a list of years.
const YEAR_AFTER = new RegExp(
  String.raw`^\s+(?:in|for|during)\s+(?:(?:the\s+)?(?:fiscal\s+)?(?:year\s+)?|fy\s?)(${YEAR})\b(?!\s*,\s*${YEAR}|\s+(?:and|or)\s+${YEAR})`,
  'i',
)

/** The year a sentence gives one of its figures for, or null. */
function yearOf(sentence: string, index: number, length: number) {
  const label = YEAR_LABEL_BEFORE.exec(sentence.slice(Math.max(0, index - 24), index))
  return label?.[1] ?? YEAR_AFTER.exec(sentence.slice(index + length, index + length + 40))?.[1] ?? null
}

/**
 * The figures a question asks for in a sentence: with "respectively", the one listed in the place
 * of each year asked among the sentence's years; else the one the question's words sit closest to
 * (just before it, or right after it up to a comma, a colon or a parenthesis), an aside in parentheses and,
 * unless a change is asked, the size of a change ("increased $63 million to $987 million") weighing less.
 */
function figuresIn(question: string, sentence: string): string | null {
  let figures = [...sentence.matchAll(FIGURE)]
    .map((match) => ({ text: match[0].trim(), index: match.index }))
    .filter(({ text }) => !NOT_A_FIGURE.test(text))
  // "How many stores…", "the number of employees": a count is written bare ("grew to 230").
  if (figures.length === 0 && COUNT_QUESTION.test(question))
    figures = [...sentence.matchAll(COUNT)]
      .filter((match) => !isYear(match[0]) && !partOfDate(sentence, match.index, match[0]))
      .map((match) => ({ text: match[0], index: match.index }))
  if (figures.length === 0) return null
  const askedYears = [...new Set(question.match(YEARS) ?? [])]
  const terms = new Set(analyze(question.replace(YEARS, ' ')))
  if (/\brespectively\b/i.test(sentence)) {
    const listed = respectiveList(question, sentence, figures, askedYears, terms)
    if (listed) return listed
  }
  const hits = (text: string) => new Set(analyze(text).filter((term) => terms.has(term))).size
  const askedChange = CHANGE.test(question)
  let best: { text: string; score: number; index: number } | null = null
  for (const figure of figures) {
    const before = sentence.slice(0, figure.index).split(/\s+/).slice(-WINDOW_WORDS).join(' ')
    const after = sentence
      .slice(figure.index + figure.text.length)
      .split(/[(),;:]/)[0]!
      .split(/\s+/)
      .slice(0, AFTER_WORDS + 1)
      .join(' ')
    const aside = (before.match(/\(/g)?.length ?? 0) > (before.match(/\)/g)?.length ?? 0)
    const sizeOfChange = !askedChange && CHANGE_BEFORE.test(before)
    // "$299.3 million in 2019 compared to $148.6 million in 2018", "£13.0 million (2018: £12.4 million)":
    // a figure the sentence gives for a year answers a question of that year, not of another,
    // whatever words sit nearer the other; a change ("increased $5 million to $20 million in 2019")
    // is not of the year its new level is.
    const year = askedChange ? null : yearOf(sentence, figure.index, figure.text.length)
    const ofYear = askedYears.length && year ? (askedYears.includes(year) ? YEAR_WEIGHT : -YEAR_WEIGHT) : 0
    const score = hits(`${before} ${after}`) - (aside ? 0.5 : 0) - (sizeOfChange ? 1 : 0) + ofYear
    const direction = DIRECTION_BEFORE.exec(sentence.slice(0, figure.index))
    const text = direction && CHANGE_EITHER_WAY.test(question) ? `${direction[0].trim()} ${figure.text}` : figure.text
    if (!best || score > best.score) best = { text, score, index: figure.index }
  }
  // The answer's own line groups the figure's digits ("$21,800,000"); the sentence below quotes it exactly.
  const grouped = groupedAmount(best!.text.replace(/[.,;:]$/, ''))
  return COUNT_QUESTION.test(question) && /^\d[\d,]*$/.test(grouped)
    ? countWithNoun(sentence, best!.index, best!.text, terms, grouped)
    : grouped
}

const RESPECTIVELY = /\brespectively\b/gi
// "the federal, state and foreign tax credit carryforwards", "its pension and postretirement plans":
// the names a question lists, each asked for in turn.
const LISTED_NAMES = /\b(\w+(?:,\s*\w+)*,?\s+and\s+\w+)\b/i

/**
 * The figures a "respectively" list gives for what is asked, "; " between: a sentence may hold
 * several lists ("$12,548 and $12,643 for 2019 and 2018, respectively, of which $9,028 and $9,189,
 * respectively, related to software"), each ending at its "respectively" and named by its words and
 * the words after it up to the next figure; the one naming most of the question's words is read.
 * With the years asked, each year's figure in the order asked, when the list gives as many years as
 * figures; else, for a question asking "respectively" of as many names as the list has figures
 * ("the federal, state and foreign credits"), every figure. Null when no list answers so.
 */
function respectiveList(
  question: string,
  sentence: string,
  figures: Array<{ text: string; index: number }>,
  askedYears: string[],
  terms: Set<string>,
) {
  const ends = [...sentence.matchAll(RESPECTIVELY)].map((match) => match.index + match[0].length)
  const lists = ends.map((end, index) => {
    const start = index === 0 ? 0 : ends[index - 1]!
    const body = sentence.slice(start, end)
    const found = figures.filter((figure) => figure.index >= start && figure.index < end && !isYear(figure.text))
    // What the list is of: the words before its first figure back to a comma or semicolon, and those
    // after it up to the next figure or semicolon.
    const before = sentence
      .slice(start, found[0]?.index ?? start)
      .split(/[,;]/)
      .at(-1)!
    const after = sentence.slice(end).split(FIGURE)[0]!.split(';')[0]!
    const named = new Set(analyze(`${before} ${after}`.replace(YEARS, ' ')).filter((term) => terms.has(term))).size
    return { figures: found.map((figure) => figure.text), named, years: [...new Set(body.match(YEARS) ?? [])] }
  })
  const most = Math.max(...lists.map((list) => list.named))
  const best = lists.filter((list) => list.named === most)
  // Of several lists, one must name something asked.
  if ((lists.length > 1 && most === 0) || best.length !== 1 || best[0]!.figures.length < 2) return null
  const listed = best[0]!.figures
  // "…, of which $9,028 and $9,189, respectively, related to software": the list before gives the years.
  const at = lists.indexOf(best[0]!)
  const listYears = best[0]!.years.length || at === 0 ? best[0]!.years : lists[at - 1]!.years
  if (askedYears.length >= 1) {
    const picked = askedYears.map((year) => listed[listYears.indexOf(year)])
    return listYears.length === listed.length && picked.every(Boolean) ? picked.map(groupedAmount).join('; ') : null
  }
  const names = LISTED_NAMES.exec(question.replace(YEARS, ' '))?.[1]
  const count = names ? names.split(/,\s*(?:and\s+)?|\s+and\s+/).filter(Boolean).length : 0
  return /\brespectively\b/i.test(question) && count === listed.length && listYears.length <= 1
    ? listed.map(groupedAmount).join('; ')
    : null
}

// How a count is hedged: "over 50 countries" is not 50 countries.
const HEDGE_BEFORE =
  /\b(?:over|about|approximately|around|nearly|almost|roughly|more than|less than|fewer than|at least|up to)\s+$/i

/**
 * A count as the sentence gives it, with its hedge and the words after it that the question asks
 * about: "over 50 countries", "41 technicians", "251,379 primary service units".
 */
function countWithNoun(sentence: string, index: number, digits: string, asked: Set<string>, grouped: string) {
  const after = sentence.slice(index + digits.length, index + digits.length + 120)
  // Only words that follow the count at once, before any punctuation, are what it counts.
  const following = /^(?:\s+[\p{L}-]{1,40})+/u.exec(after)?.[0].trim().split(/\s+/) ?? []
  const noun: string[] = []
  for (const word of following.slice(0, 4)) {
    if (!analyze(word).some((term) => asked.has(term))) break
    noun.push(word)
  }
  const hedge = HEDGE_BEFORE.exec(sentence.slice(Math.max(0, index - 24), index))?.[0].trim()
  return [hedge, grouped, ...noun].filter(Boolean).join(' ')
}

const MOSTLY = new RegExp(String.raw`\s${ADVERB_OF_EXTENT}(?=\s)`, 'i')
const VERB_QUESTION = new RegExp(
  String.raw`^what (?:does|do|did|is|are|was|were) (.+?) (?:${ADVERB_OF_EXTENT} )?(represent|consists?(?: ${ADVERB_OF_EXTENT})? of|comprise(?: ${ADVERB_OF_EXTENT})? of|comprise|include|refer to|mean|indicate|result from|relate to|cover)\s*\??$`,
  'i',
)
// "How are deferred costs amortised?", "How is goodwill stated in the report?": what follows the participle.
const HOW_QUESTION =
  /^how (?:is|are|was|were) (.+?) ((?:accounted|paid|set|held|made|kept|built|shown|done|[a-z]+(?:ed|en))(?: for)?)(?:\s+(?:as|to|for|by|into|at|on))?(?:\s+in (?:the|its|our|their) (?:[a-z]+ ){0,3}(?:report|statements?|accounts|table))?\s*\??$/i
// "Where are the offices located?", "Where are personnel expenses included in the statement?".
const WHERE_QUESTION = /^where (?:is|are|was|were) (.+?) ([a-z]+(?:ed|en))\b(?:\s+(?:in|within|at|on)\b.*)?\s*\??$/i
// Where a place ends: a description of it ("in an owned facility of …") or a clause after a comma.
const PLACE_DESCRIBED = /\s+(?:in|at|on)\s+an?\s|,\s+(?=[a-z])|\s+\(/

/**
 * Where a sentence says the subject is, after the question's participle: "Our principal offices are
 * located in San Diego, California in an owned facility…" → "San Diego, California"; "… are
 * disclosed within note 35" → "within note 35". The place ends where the sentence goes on to
 * describe it or repeats the question ("… in the consolidated statement of profit or loss").
 */
function placeIn(question: string, sentence: string, subject: string, participle: string) {
  const rest = afterVerb(sentence, subject, [participle])
  if (!rest) return null
  const asked = new Set(analyze(question))
  let place = rest.replace(/^(?:in|at)\s+/i, '').replace(/\.$/, '')
  const described = PLACE_DESCRIBED.exec(place)
  if (described) place = place.slice(0, described.index)
  // "… in the consolidated statement of profit or loss" for "… included in the consolidated statement?".
  for (const at of place.matchAll(/\s+(?:in|at|on)\s+/g)) {
    const next = analyze(place.slice(at.index + at[0].length)).slice(0, 2)
    if (next.length === 2 && next.every((term) => asked.has(term))) {
      place = place.slice(0, at.index)
      break
    }
  }
  return analyze(place).length ? place.trim() : null
}

const FREQUENCY_QUESTION = /^how (?:often|frequently)\b|\bat what (?:frequency|intervals?)\b|^what is the frequency\b/i
const FREQUENCY =
  /\b(?:(?:semi-?)?annually|quarterly|monthly|weekly|daily|every (?:\w+ ){0,2}(?:years?|quarters?|months?|weeks?|days?)|(?:at least )?(?:once|twice|\w+ times) (?:a|per|each|every) (?:year|quarter|month|week|day)|on an? (?:annual|quarterly|monthly|weekly|daily|regular|periodic|ongoing) basis)\b/i
const DURATION_QUESTION =
  /^(?:how long\b|over (?:what|which) (?:\w+ )?(?:duration|period|term|time)\b|what (?:is|was|are|were) the (?:[\w-]+ ){0,4}(?:duration|term|useful li(?:fe|ves))\b)/i
const DURATION = new RegExp(
  String.raw`\b(?:\d+(?:\.\d+)?|${numberWordsBetween(1, 12)})(?:\s+to\s+(?:\d+(?:\.\d+)?|${numberWordsBetween(1, 12)}))?\s+(?:years?|months?|weeks?|days?)\b`,
  'i',
)
const DEFINITION_QUESTION = /^(?:what|who) (?:is|are|was|were) (.+?)\s*\??$/i
const COPULAS = ['is', 'are', 'was', 'were', 'represents', 'represent', 'refers to', 'refer to', 'means']

const MADE_OF = ['consists of', 'consisted of', 'consist of', 'comprised of', 'comprises', 'comprised', 'made up of']

/** The forms a report writes a verb of the question in, its own forms before its synonyms: "consist of" → "consisted of", "is comprised of"… */
function verbs(verb: string) {
  const stem = verb
    .toLowerCase()
    .replace(/s? of$| to$| from$/, '')
    .replace(/s$/, '')
  const particle = /\b(of|to|from)$/i.exec(verb)?.[1] ?? ''
  const base = stem.replace(/e$/, '')
  const forms = [`${stem}s`, stem, `${base}ed`, `${base}es`, `${base}ing`]
  const withParticle = forms.map((form) => `${form}${particle ? ` ${particle}` : ''}`)
  // "comprise" is written "is comprised of" as often as "comprises"; what X means or refers to, "X is".
  const defining = /^(?:represent|refer|mean)$/.test(stem) ? COPULAS : []
  // What something consists of is also written as what it comprises or is made up of.
  const parts = /^(?:consist|comprise|compris)$/.test(stem) ? MADE_OF : []
  // The question's own verb first; another way of saying it only where the sentence lacks it.
  return [
    [...withParticle, ...forms.map((form) => `${form} of`), ...forms],
    [...defining, ...parts],
  ]
}

/**
 * What a sentence says after the question's verb, when the words before it name the question's
 * subject: "Order intake represents commitments from customers…" answers "What does order intake
 * represent?" with "commitments from customers…". A phrasal verb's own particle ("consist of",
 * "defined as") is left out; a phrase that answers how or to what ("by comparison…") is kept.
 */
const POSSESSIVE = /['’]s?\s+\S/
const WE = /\b(?:we|our)\b/i
// A phrasal verb's particle after it, past an adverb: "consists (primarily) of", "defined as".
const PARTICLE_AFTER_VERB = new RegExp(String.raw`^\s*(?:${ADVERB_OF_EXTENT}\s+)?(?:as|of|into)\b`, 'i')

function afterVerb(sentence: string, subject: string, forms: string[]) {
  const verb = verbAfterSubject(sentence, subject, forms)
  if (!verb) return null
  const rest = sentence
    .slice(verb.index + verb[0].length)
    .replace(PARTICLE_AFTER_VERB, '')
    // A clause about another subject ends it; an aside closing the sentence ("(subject to two
    // renewals).") qualifies the answer, is not it.
    .split(/,\s*(?:while|whereas)\b|;/)[0]!
    .replace(/\s*\([^()]*\)\.?$/, '')
    .trim()
  return analyze(rest).length >= 2 ? rest : null
}

// What a report writes of a term it does not define but lists or points at: "Audit Fees consist of
// fees billed for…", "Distribution customers refers to the distributors…", "Earnings per share
// presents…". The verb is part of what is said: the statement answers "What is X?" whole.
const STATING = [
  'refers? to',
  `consist(?:s|ed)?(?:\\s+${ADVERB_OF_EXTENT})? of`,
  `(?:is |are )?comprised(?:\\s+${ADVERB_OF_EXTENT})? of`,
  'comprises?',
  'includes?',
  'presents',
]
const ENUMERATOR = /^\(?(?:\d{1,2}|[a-z]|[ivx]{1,4})\)\s+/i
// "What is the definition of the term X?" asks what X is.
const TERM_ASKED = /^(?:the )?(?:definition|meaning) of (?:the )?(?:term )?/i
// "What is included in X?" asks for what follows the verb; "What is X?" for the statement.
const STATING_SUBJECT = /\b(?:includ|compris|consist|refer|present)\w*/i

/** The clause of a sentence that states the subject and what it consists of or refers to. */
function statementOf(sentence: string, subject: string) {
  const verb = verbAfterSubject(sentence, subject, STATING)
  if (!verb) return null
  // From the clause's start (after "…, while" or "; ") to the end of the clause the verb is in.
  const opening = sentence.slice(0, verb.index)
  const starts = [...opening.matchAll(/,\s*(?:while|whereas)\s+|;\s*/gi)].at(-1)
  const start = starts ? starts.index + starts[0].length : 0
  // The clause's own subject must be the one asked: "X are …, while Y refers to …" states nothing of X.
  const own = new Set(analyze(sentence.slice(start, verb.index)))
  const terms = analyze(subject.replace(TERM_ASKED, ''))
  if (!terms.every((term) => own.has(term))) return null
  const rest = sentence.slice(verb.index).split(/,\s*(?:while|whereas)\b/)[0]!
  const statement = `${sentence.slice(start, verb.index)}${rest}`.replace(ENUMERATOR, '').replace(/\.$/, '').trim()
  return analyze(rest).length >= 3 ? statement : null
}

/** Where the question's verb is in a sentence, when the words before it name the question's subject. */
function verbAfterSubject(sentence: string, subject: string, forms: string[]) {
  const subjectTerms = analyze(subject)
  if (subjectTerms.length === 0) return null
  const lower = sentence.toLowerCase()
  // The verb nearest after the subject: a later one ("…, while distribution customers refers to…")
  // says something of another subject. At one place the longer form ("refers to") wins.
  let verb: RegExpExecArray | null = null
  for (const form of [...forms].sort((a, b) => b.length - a.length)) {
    const at = new RegExp(`\\b${form.replace(/\s+/g, '\\s+')}\\b`, 'i').exec(lower)
    if (!at || (verb && verb.index <= at.index)) continue
    const opening = sentence.slice(0, at.index)
    const before = new Set(analyze(opening))
    // A report says "we" of the company: "we completed the divestiture" is the company's doing.
    const named =
      THE_BUSINESS.test(subject.trim()) && WE.test(opening)
        ? subjectTerms.length
        : subjectTerms.filter((term) => before.has(term)).length
    // "X's current order backlog" is the backlog: its head noun names it, not the X before it.
    if (named * 2 >= subjectTerms.length && (!POSSESSIVE.test(subject) || before.has(subjectTerms.at(-1)!))) verb = at
  }
  return verb
}

// "Which is the largest customer?", "Who was the lead bidder?": a name, as a report writes it after
// the subject and a comma ("the Company's largest customer, Apple, represented 17.6%").
const ENTITY_QUESTION = /^(?:which|who) (?:is|was|are|were) (?:the )?(.+?)\s*\??$/i
const KIND_QUESTION = /^which ((?:[\w-]+ ){1,3}?)(?:is|was|are|were|has been|have been) (.+?)\s*\??$/i
const APPOSITIVE =
  /([^,;:]+),\s+((?:[A-Z][\p{L}\d&.'’-]*)(?:\s+(?:[A-Z][\p{L}\d&.'’-]*|of|and|&)){0,5})(?=[\s,;.(]|$)/gu

const WHICH_PREPOSITION =
  /^which [\w-]+(?: [\w-]+)? (?:does|do|did|is|are|was|were|has|have) (.+?) (in|at|on|to|from|with|for|by)\s*\??$/i
// Where what follows a phrase ends: another clause ("… and the Group operates …"), a sentence's end.
const CLAUSE_AFTER = /;|\.(?:\s|$)|,?\s+and\s+(?:the|we|our|its|their)\s+\p{L}+\s+\p{L}+(?:s|ed)\b|\s+\(/u

/** What a sentence says after the last words of the question and its closing preposition. */
function afterPhrase(sentence: string, rest: string, preposition: string) {
  const tail = analyze(rest).slice(-2)
  if (tail.length < 2) return null
  for (const at of sentence.matchAll(new RegExp(`\\b${preposition}\\s+`, 'gi'))) {
    const before = new Set(analyze(sentence.slice(0, at.index).split(/\s+/).slice(-4).join(' ')))
    if (!tail.every((term) => before.has(term))) continue
    const after = sentence.slice(at.index + at[0].length)
    const end = CLAUSE_AFTER.exec(after)
    const phrase = (end ? after.slice(0, end.index) : after).trim()
    if (analyze(phrase).length) return phrase
  }
  return null
}

const WHICH_KIND = /^which ((?:[\w-]+ ){0,2}?[\w-]+) (?:is|are|was|were|does|do|did|will|would|has|have|can)\b/i
const CAPITALISED_RUN = /(?:\p{Lu}[\p{L}\d&.'’-]*\s+){1,5}\p{Lu}[\p{L}\d&.'’-]*/gu

/**
 * A proper name whose last word is the kind asked: "Which ethical standard …?" is answered by
 * "The FRC’s Revised Ethical Standard will become effective…" with "FRC’s Revised Ethical Standard".
 */
function nameOfKind(sentence: string, kind: string) {
  const head = analyze(kind).at(-1)
  if (!head) return null
  for (const [run] of sentence.matchAll(CAPITALISED_RUN)) {
    const words = run.split(/\s+/)
    if (analyze(words.at(-1)!).at(-1) !== head) continue
    const name = (/^(?:The|A|An|Our|Its|Their)$/.test(words[0]!) ? words.slice(1) : words).join(' ')
    if (name.split(' ').length >= 2) return name
  }
  return null
}

/** The name a sentence sets after the question's subject and a comma. */
function appositiveOf(sentence: string, subject: string) {
  const terms = analyze(subject)
  if (terms.length === 0) return null
  for (const [, before, name] of sentence.matchAll(APPOSITIVE)) {
    const named = new Set(analyze(before!))
    const trimmed = name!.replace(/\s+(?:of|and|&)$/, '')
    if (
      terms.filter((term) => named.has(term)).length * 3 >= terms.length * 2 &&
      !/^(?:The|A|An|In|On|At|For)$/.test(trimmed)
    )
      return trimmed
  }
  return null
}

/**
 * What a sentence names the subject as when the subject comes last: "The excess of the purchase
 * price over the net assets was recorded as goodwill." answers "What is goodwill?".
 */
function namedAs(sentence: string, subject: string) {
  const terms = analyze(subject)
  const named = NAMED_AS.exec(sentence.trim())
  if (!named || terms.length === 0) return null
  const tail = new Set(analyze(named[2]!))
  return terms.every((term) => tail.has(term)) && analyze(named[1]!).length >= 2 ? named[1]!.trim() : null
}
const NAMED_AS =
  /^(.+?)\s+(?:is|are|was|were)\s+(?:recorded|recogni[sz]ed|referred to|known|defined|classified|presented|reported)\s+as\s+(.+?)\.?$/i

// "Who approved X?", "who might buy X?"; "who is X" is a definition (below).
const WHO_QUESTION =
  /^who (?:(?:might|may|could|would|will|can|should|does|do|did|has|have|had) )?(?!(?:is|are|was|were|be)\b)(\w+) (.+?)\s*\??$/i
// "What did X approve in 2003?": any verb after does, did, has…; the ones above with set answers go first.
const ACTION_QUESTION = /^what (?:does|do|did|has|have|had) (.+?)\s*\??$/i
// Where a noun phrase of a sentence ends: at a clause, a date or place after it, or punctuation.
const PHRASE_END =
  /\s+(?:on|in|at|during|for|since|as of|after|before|and|which|who|while|following)\b|[,;]|\((?![A-Z][\w&.-]{1,12}\))|\.(?:\s|$)/

const AUXILIARIES = /(?:\s+(?:has|have|had|is|are|was|were|will|would|also|then|now|already))+\s*$/i

/** The forms a report writes a question's verb in: "approve" → approves, approved, approving… */
// Verbs that say the same of a business: "Who started it?" is answered by "founded by".
const SAME_VERBS = [['start', 'found', 'establish', 'creat', 'launch', 'form']]

function inflections(verb: string) {
  const word = verb.toLowerCase()
  const stems = [
    word,
    ...['es', 'ed', 'ing', 'e', 's', 'd'].map((end) => (word.endsWith(end) ? word.slice(0, -end.length) : '')),
  ]
  const bases = [...stems, ...(SAME_VERBS.find((group) => group.some((base) => stems.includes(base))) ?? [])]
  // "rely" is written "relies", "relied": a consonant's y turns to i before -es and -ed.
  const y = /[^aeiou]y$/.test(word) ? word.slice(0, -1) : /[^aeiou]i(?:es|ed)$/.test(word) ? word.slice(0, -3) : null
  const turned = y === null ? [] : [`${y}y`, `${y}ies`, `${y}ied`, `${y}ying`]
  return [
    ...new Set([
      ...bases
        .filter((base) => base.length >= 3)
        .flatMap((base) => [base, ...['e', 's', 'es', 'ed', 'd', 'ing', 'n', 'en'].map((end) => base + end)]),
      ...turned,
    ]),
  ]
}

const upToPhraseEnd = (text: string) => {
  const end = PHRASE_END.exec(text)
  return (end ? text.slice(0, end.index) : text).trim()
}

/**
 * Who did something, from "X was approved by the Board of Directors on 6 June" or "the Board of
 * Directors approved X": the agent, when the rest of the question is named around the verb.
 */
// What an owner calls the business ("Who started the company?"): every sentence of its files is of it.
const THE_BUSINESS = /^(?:the |our |this )?(?:company|business|firm|shop|bakery|lab|laboratory|practice|studio)$/i

function agentOf(sentence: string, verb: string, object: string) {
  const objectTerms = analyze(object)
  if (objectTerms.length === 0) return null
  const named = (text: string) => {
    const terms = new Set(analyze(text))
    return objectTerms.filter((term) => terms.has(term)).length * 2 >= objectTerms.length
  }
  for (const form of inflections(verb)) {
    // "founded by Angela Bennett", "founded in 2008 by Angela Bennett".
    const passive = new RegExp(`\\b${form}\\s+(?:[^,.;]{1,30}?\\s)?by\\s+`, 'i').exec(sentence)
    // "It was founded in 2002 by Victor Nguyen": the business a passive sentence is of needs no name.
    if (passive && (THE_BUSINESS.test(object.trim()) || named(sentence.slice(0, passive.index)))) {
      const agent = upToPhraseEnd(sentence.slice(passive.index + passive[0].length))
      if (analyze(agent).length) return agent
    }
    const active = new RegExp(`\\b${form}\\b`, 'i').exec(sentence)
    if (active && named(sentence.slice(active.index + active[0].length))) {
      // "The head baker, Tomas Reyes, has run production": the last named phrase before the verb.
      const before = sentence.slice(0, active.index).replace(AUXILIARIES, '')
      const agent = before
        .split(/[,;:]/)
        .map((part) => part.trim())
        .filter((part) => analyze(part).length)
        .pop()
      if (agent && agent.split(/\s+/).length <= 8) return agent
    }
  }
  return null
}

/**
 * What a sentence says the question's subject did: "In May 2003, our Board of Directors approved a
 * stock repurchase program." answers "What did the Board of Directors approve in 2003?" with "a
 * stock repurchase program". Each word after the first is tried as the verb.
 */
const PARTICLE = /^(?:on|to|for|with|from|in|into|at|of|by|about|as)$/i

function objectOf(sentence: string, rest: string) {
  const words = rest.split(/\s+/)
  for (let at = 1; at < words.length; at++) {
    // A verb is written in lower case: "Board", "Directors" name the subject.
    if (!/^[a-z]{3,}$/.test(words[at]!)) continue
    const found = afterVerb(sentence, words.slice(0, at).join(' '), inflections(words[at]!))
    if (!found) continue
    // "What do capital leases reflect?": where the sentence goes on with the question's next word
    // ("Capital leases reflect …"), the word tried was a noun of the subject, not the verb.
    const next = analyze(words.slice(at + 1).join(' '))[0]
    if (next && analyze(found.replace(/^\p{L}+ly\s+/u, ''))[0] === next) continue
    // "What does it rely on…?": the verb's own particle is the question's, not the answer's.
    const particle = PARTICLE.test(words[at + 1] ?? '') ? words[at + 1]! : null
    const object = upToPhraseEnd(particle ? found.replace(new RegExp(`^${particle}\\s+`, 'i'), '') : found)
    if (analyze(object).length >= 2) return object
  }
  return null
}

const TABLE_QUESTION =
  /^what (?:does|do|did) (?:the|this|that) table (?:show|represent|present|summari[sz]e|illustrate|provide|contain|list|detail|describe)s?(?: us)?\s*\??$/i
export const asksWhatTableShows = (question: string) => TABLE_QUESTION.test(question.trim())

const ASKS_ARITHMETIC =
  /\b(?:difference|change|average|mean|ratio|percent(?:age)?|proportion|total|sum|increase|decrease|growth|cagr)\b/i
// What follows the end of a phrase: punctuation, a verb, a preposition or conjunction, an adverb.
const PHRASE_ENDED =
  /^(?:[,;:(]|(?:is|are|was|were|has|have|had|be|been|will|would|can|could|may|might|from|by|as|to|in|on|at|under|below|above|through|for|with|when|if|where|because|since|while|that|which|of)\b|\p{L}+(?:ly|ed|es|s)\b)/iu
// What links a restated subject to what the sentence says of it: "… is primarily related to", "… by".
const LINK = new RegExp(
  String.raw`^(?:(?:in|during|for) (?:fiscal )?${YEAR},?\s+)?(?:(?:is|are|was|were|has been|have been)\s+)?(?:${ADVERB_OF_EXTENT}\s+)?(?:(?:related to|due to|driven by|attributable to|performed by|by|from|as|that)\b)?\s*`,
  'i',
)

/**
 * What a sentence says beyond the question: when its opening words restate two thirds or more
 * of the question's terms ("Deferred income taxes result from …" for "What results in deferred
 * income taxes?"), the rest after the last of them, without the link word and up to a trailing
 * clause ("…, which …"). Null when the sentence does not restate the question or little is left.
 */
function remainderOf(question: string, sentence: string) {
  const asked = new Set(analyze(question))
  if (asked.size === 0) return null
  const seen = new Set<string>()
  let end = 0
  for (const word of sentence.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)) {
    for (const term of analyze(word[0])) {
      if (!asked.has(term) || seen.has(term)) continue
      seen.add(term)
      end = word.index + word[0].length
    }
  }
  if (seen.size * 3 < asked.size * 2) return null
  // The restated words must end a phrase: "Goodwill impairment tests ran…" goes on naming something else.
  if (!PHRASE_ENDED.test(sentence.slice(end).trimStart())) return null
  const rest = sentence
    .slice(end)
    .replace(/^[\s,]+/, '')
    .replace(LINK, '')
    .split(/,\s*(?:which|while|whereas)\b|;/)[0]!
    .trim()
    .replace(/\.$/, '')
  if (/^(?:and|or|but|of|in|on|at)\b/i.test(rest) || rest.split(/\s+/).length < 3 || analyze(rest).length < 2)
    return null
  return rest
}
