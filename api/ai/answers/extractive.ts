import { statedCell } from '../../../shared/figures'
import { CELL_SEPARATOR } from '../../../shared/table-lines'
import { analyze, bigrams } from '../retrieval/analyzer'
import { tableCaptionOf } from '../tables/caption'
import { CURRENCY_SIGN } from '../text/amounts'
import { isYearLabel } from '../text/calendar'
import { holdsOrRelated, QUALIFIERS } from '../text/related-terms'
import { sentencesOf } from '../text/sentences'
import { answersQuoted, answerType, isOfType, isTableText, noneOfType } from './answer-type'
import { computedFor, computedPieces, EXPLANATION as ASKS_WORDS, periodsNotHeld } from './computed'
import { footnoteOf } from './footnotes'
import type { AnswerProvider, AnswerRequest, ComputedAnswer, SourcePassage } from './provider'
import { asksWhatTableShows, shortAnswer } from './short-answer'

export const NO_ANSWER =
  'I could not find an answer to that in your documents. Try asking in other words, or check that the ' +
  'documents that hold the answer have finished processing.'

/** A sentence of prose, or a row of a table with the header rows above it. */
interface Unit {
  passage: number
  /** Position in its passage, so sentences quoted from one passage keep their order. */
  position: number
  text: string
  terms: Set<string>
  pairs: Set<string>
  table?: { header: string[][]; row: string[] }
}

// A unit must hold this share of the question's term weight to be quoted: below it the documents
// hold something loosely related, not an answer, and the answer says so.
const MIN_COVERAGE = 0.45
// Beside the best unit, others of its passage are quoted when they come close to it, and units of
// other passages only when they come closer: on the retrieval dev set a second passage was judged
// relevant less often than more of the first.
const CLOSE_TO_BEST = 0.75
const CLOSE_TO_BEST_ELSEWHERE = 0.9
const MAX_UNITS = 3
const MIN_SENTENCE_TERMS = 4
// Questions that ask for an explanation usually find it in the sentence after the one that names the subject.
const EXPLANATION = /^\s*(why|how come|what (was|were|is|are) the (main )?(reasons?|drivers?|causes?))\b/i

/**
 * The default answer provider: offline, deterministic and grounded. It quotes the sentences of the
 * retrieved passages that best cover the question's terms (weighted by how rare each is among
 * them), and for a question answered by a table the row that holds the figure with the table's
 * header rows, each with the marker of its passage. When no sentence covers enough of the
 * question it says so instead of quoting something loosely related. A question about figures that
 * a retrieved table holds is answered first from the table: the figure, computed exactly, then
 * its derivation with each operand's marker (./computed). A quoted sentence is preceded by the
 * phrase of it that answers, when the question asks for a figure, a date, a cause or what
 * something is or consists of (./short-answer). Quoted sentences are set as quotations.
 */
export function extractiveAnswers(): AnswerProvider {
  return {
    name: 'extractive',
    async *answer(request: AnswerRequest, signal: AbortSignal) {
      const computed = computedFor(request)
      // Read once, only when quoting or weighing sentences against a looked-up figure needs them.
      let read: Unit[] | undefined
      const units = () => (read ??= request.passages.flatMap((passage, index) => unitsOf(passage, index)))
      const stated = computed && sentenceSaysMore(request, units, computed) ? statedFigure(request, units()) : null
      const notHeld =
        computed || stated
          ? null
          : (request.notHeld ?? periodsNotHeld(request.standalone ?? request.question, request.passages))
      const pieces = stated ?? (computed ? computedPieces(computed) : notHeld ? [notHeld] : compose(request, units()))
      for (const piece of pieces) {
        signal.throwIfAborted()
        yield piece
      }
    },
  }
}

// How much more of the question a sentence must cover than a table row to state its figure instead.
const SENTENCE_MARGIN = 0.15

/**
 * Whether a sentence states a figure for more of what was asked than the table row a figure was
 * looked up in: "the accrued expenses associated with the Horizon businesses as of December 31,
 * 2018" is a sentence's "$0.9 million", not the "Accrued expenses" row's total. Only a figure looked
 * up gives way; one computed from several cells is no sentence's.
 */
function sentenceSaysMore({ question }: AnswerRequest, readUnits: () => Unit[], computed: ComputedAnswer) {
  if (computed.operands.length !== 1 || computed.strategy) return false
  const [cell] = computed.operands
  const units = readUnits()
  const row =
    units.find((unit) => unit.table && unit.passage === cell!.passage && unit.table.row[0] === cell!.rowLabel) ??
    ({ terms: new Set(analyze(`${cell!.rowLabel} ${cell!.columnLabel}`)), pairs: new Set<string>() } as Unit)
  const asked = weigh([...new Set(analyze(question))], units, bigrams(analyze(question)))
  const sentences = units.filter((unit) => !unit.table && isOfType('figure', unit.text) && !isTableText(unit.text))
  const best = sentences.reduce<{ unit: Unit; coverage: number } | null>((found, unit) => {
    const coverage = asked.coverage(unit)
    return !found || coverage > found.coverage ? { unit, coverage } : found
  }, null)
  return Boolean(
    best &&
    best.coverage >= MIN_COVERAGE &&
    best.coverage >= asked.coverage(row) + SENTENCE_MARGIN &&
    shortAnswer(question, [best.unit.text]),
  )
}

// How every answer that found nothing opens (NO_ANSWER, NOT_NAMED, CLOSEST_ROWS, noneOfType).
const SAYS_NONE = /^I could not find\b/

/** The answer quoted from the sentences when it leads with a figure, else null. */
function statedFigure(request: AnswerRequest, units: Unit[]) {
  const pieces = compose(request, units)
  return isOfType('figure', pieces[0]!) && !SAYS_NONE.test(pieces[0]!) ? pieces : null
}

function compose({ searchQuery, question, standalone, passages }: AnswerRequest, units: Unit[]): string[] {
  // "What does the table show?" names nothing a sentence would cover: the sentence that introduces
  // a table says it ("The carrying value of goodwill by segment was as follows:").
  if (asksWhatTableShows(question)) {
    for (const unit of units) {
      const caption = unit.table ? null : tableCaptionOf(unit.text)
      if (caption) return [caption, `\n\n${render(unit)}`]
    }
  }
  // "What is included in service delivery costs?" of a row marked "(1)": its note says.
  const note = ASKS_WORDS.test(question) ? footnoteOf(question, passages) : null
  // A note that restates its row ("Working capital consists of …") is answered by its phrase.
  if (note) return [shortAnswer(question, [note.text]) ?? note.text, `\n\n> ${note.quoted} [${note.passage + 1}]`]
  // In a follow-up the search query also holds the previous question. What is asked now decides
  // whether a unit answers and the earlier question only ranks those that do, unless what is asked
  // now is only a figure or a year ("and in 2017?"): then both count, the new terms double.
  const all = [...new Set(analyze(searchQuery))]
  const askedNow = [...new Set(analyze(question))].filter((term) => all.includes(term))
  if (all.length === 0 || units.length === 0) return [NO_ANSWER]
  const context = all.filter((term) => !askedNow.includes(term))
  const standsAlone = context.length === 0 || askedNow.some((term) => !/^[\d.,]+$/.test(term))
  const now = standsAlone
    ? weigh(askedNow, units, bigrams(analyze(question)))
    : weigh(all, units, bigrams(analyze(searchQuery)), new Set(askedNow))
  const earlier = weigh(context, units, [])
  const scored = units
    .map((unit) => {
      const answers = now.coverage(unit)
      return { unit, answers, score: answers + 0.25 * earlier.coverage(unit) }
    })
    .sort((a, b) => b.score - a.score || a.unit.passage - b.unit.passage || a.unit.position - b.unit.position)
  const best = scored[0]!
  if (best.answers < MIN_COVERAGE) return [NO_ANSWER]
  const chosen = scored
    .filter(
      (candidate) =>
        candidate.answers >= MIN_COVERAGE &&
        candidate.score >=
          best.score * (candidate.unit.passage === best.unit.passage ? CLOSE_TO_BEST : CLOSE_TO_BEST_ELSEWHERE),
    )
    .slice(0, MAX_UNITS)
    .map((candidate) => candidate.unit)
  if (EXPLANATION.test(question) && !chosen[0]!.table) {
    const next = units.find((unit) => unit.passage === chosen[0]!.passage && unit.position === chosen[0]!.position + 1)
    if (next && !next.table && !chosen.includes(next)) chosen.splice(1, 0, next)
  }
  const quote = (units: Unit[]) =>
    units.slice(0, MAX_UNITS).map((unit, index) => (index === 0 ? '' : '\n\n') + render(unit))
  const quoted = quote(chosen)
  // The phrase that answers leads, alone on its line, and the sentences it comes from follow, cited.
  // Below a table row quoted first, a sentence may still say what the row is or why it changed.
  const prose = chosen.filter((unit) => !unit.table).map((unit) => unit.text)
  // A follow-up written out whole ("When does the lease on the yard end?") says what kind of phrase it asks for.
  const asked = standalone ?? question
  const type = answerType(asked)
  const short = prose.length ? shortAnswer(asked, prose, { figures: !chosen[0]!.table }) : null
  if (short) {
    // The phrase's own passage is its evidence: another passage's sentence would cite what did not answer.
    const source = chosen[0]!.table ? undefined : chosen.find((unit) => unit.text.includes(short))
    const evidence = source ? chosen.filter((unit) => unit.passage === source.passage) : chosen
    // A date or a name from a sentence about something else ("out by the end of December 2026" for
    // the lease's end) is no answer, however many words it shares.
    if (source && !namesWhatIsAsked(asked, source.text))
      return [NOT_NAMED, ...quoted.map((piece, index) => (index === 0 ? `\n\n${piece}` : piece))]
    return [short, ...quote(evidence).map((piece, index) => (index === 0 ? `\n\n${piece}` : piece))]
  }
  // A table row quoted first would open the answer with its header, which reads as the answer: the
  // answer says instead that no figure was read, and the rows follow as the nearest evidence.
  if (chosen[0]!.table) return [CLOSEST_ROWS, ...quoted.map((piece, index) => (index === 0 ? `\n\n${piece}` : piece))]
  // A sentence with nothing of the kind asked (a letter's opening for "how much", a place for
  // "who") would read as the answer: the answer says none was found, and the sentences follow.
  if (type && !answersQuoted(type, chosen[0]!.text))
    return [noneOfType(type), ...quoted.map((piece, index) => (index === 0 ? `\n\n${piece}` : piece))]
  // "What is Redline's current order backlog?": a sentence that never names the backlog is about
  // Redline, not it, and is evidence at most.
  if (!namesWhatIsAsked(asked, chosen[0]!.text))
    return [NOT_NAMED, ...quoted.map((piece, index) => (index === 0 ? `\n\n${piece}` : piece))]
  return quoted
}

const NOT_NAMED = 'I could not find an answer to that in your documents. These passages come closest:'
// What a question asks of someone's or something's: "X's current order backlog (in 2025)".
const POSSESSED = /^(?:what|how much|how many)\b.*?\b\w+(?:['’]s|s['’])\s+(.+?)\s*\??$/i
const AFTER_HEAD = /\s(?:in|for|at|on|during|from|as|of|by|over|between|to|with)\s.*$/i

// What a question asks the time of: "When does the lease end?" asks it of the lease, "When does the
// supply contract with Cascade expire?" of the contract; the business itself is every document's subject.
const WHEN_OF =
  /^when\s+(?:does|did|do|is|was|are|were|will|would)\s+(?:the|its|our|their|this|that)\s+(.+?)\s+[a-z]+\s*\??$/i
const THE_BUSINESS = new Set(analyze('company business firm'))

/**
 * Whether a sentence names the thing a question asks of (its head noun), or the question names none:
 * "When does the lease end?" is not answered by "I'd like to be out by the end of December 2026".
 */
function namesWhatIsAsked(question: string, sentence: string) {
  const asked = question.trim()
  const thing = POSSESSED.exec(asked)?.[1] ?? WHEN_OF.exec(asked)?.[1]
  const head = thing ? analyze(thing.replace(AFTER_HEAD, '')).at(-1) : undefined
  return !head || THE_BUSINESS.has(head) || analyze(sentence).includes(head)
}

export const CLOSEST_ROWS = 'I could not find a single figure that answers this. These table rows come closest:'

// A word of the same group as the question's ("acquirers" for "buyers") covers most of its weight:
// where one sentence says "buyers" and another "acquirers", the question's own word wins.
const RELATED_SHARE = 0.9

/**
 * How much of a set of terms a unit covers, 0..1: each term weighs more the rarer it is among the
 * candidate units (inverse unit frequency), a word that names the same thing counts for most of it
 * (../text/related-terms), and a phrase of the question kept in the unit adds half of its two
 * terms' weight.
 */
function weigh(terms: string[], units: Unit[], pairs: string[], doubled = new Set<string>()) {
  const weights = new Map<string, number>()
  const frequency = new Map(
    terms.map((term) => [term, units.filter((unit) => holdsOrRelated(unit.terms, term)).length]),
  )
  // A term no unit holds ("end" where the text says "runs until") weighs like the lightest term that
  // is found: rarity among the units says nothing about it, and at full weight it would sink every
  // answer to a question worded differently from the documents.
  const found = terms.filter((term) => frequency.get(term)! > 0)
  const idf = (term: string) => Math.log(1 + (units.length + 1) / (frequency.get(term)! + 0.5))
  const lightest = found.length ? Math.min(...found.map(idf)) : undefined
  for (const term of terms) {
    const found = frequency.get(term)! > 0
    // "Who might buy…?", "the potential buyers": words of the asking, not of the answer; "the
    // company" is every owner's file's subject. None tells one sentence from another.
    if (!found && QUALIFIERS.has(term)) continue
    const weight = (found ? idf(term) : (lightest ?? idf(term))) * (THE_BUSINESS.has(term) ? 0.5 : 1)
    weights.set(term, weight * (doubled.has(term) ? 2 : 1))
  }
  const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0)
  return {
    coverage(unit: Unit) {
      if (total === 0) return 0
      let score = 0
      for (const [term, weight] of weights)
        if (unit.terms.has(term)) score += weight
        else if (holdsOrRelated(unit.terms, term)) score += RELATED_SHARE * weight
      for (const pair of new Set(pairs)) {
        if (!unit.pairs.has(pair)) continue
        const [first, second] = pair.split(' ')
        score += 0.25 * ((weights.get(first!) ?? 0) + (weights.get(second!) ?? 0))
      }
      return Math.min(1, score / total)
    },
  }
}

/**
 * A sentence is quoted as a blockquote with its marker: it is the document's evidence, not the
 * answer's own words, whatever it says ("ignore previous instructions…"), and is quoted exactly. A
 * row keeps the shape of its table, which already shows it as data, its figures grouped for reading
 * as the document's preview shows them (21800000 as 21,800,000; a year, a code or an id column's
 * digits as written) and with the unit their labels name, as a figure quoted in an answer states it
 * ("$8,091,000" under "fy2025_revenue_usd", "31%" under "share_of_revenue_percent").
 */
function render(unit: Unit) {
  const marker = `[${unit.passage + 1}]`
  if (!unit.table) return `> ${unit.text} ${marker}`
  const { header, row } = unit.table
  const width = Math.max(row.length, ...header.map((cells) => cells.length))
  const line = (cells: string[]) =>
    `| ${Array.from({ length: width }, (_, index) => escapeCell(cells[index] ?? '')).join(' | ')} |`
  const [first, ...rest] = header.length ? header : [Array<string>(width).fill('')]
  const columnLabel = (index: number) => header.map((cells) => cells[index] ?? '').join(' ')
  const readable = row.slice(1).map((cell, index) => statedCell(cell, row[0] ?? '', columnLabel(index + 1)))
  const labelled = [`${row[0] ?? ''} ${marker}`.trim(), ...readable]
  return [line(first!), line(Array<string>(width).fill('---')), ...rest.map(line), line(labelled)].join('\n')
}

const escapeCell = (cell: string) => cell.replace(/\|/g, '\\|').replace(/\s+/g, ' ')

const TABLE_SEPARATOR = /\s\|\s|\t/
const FIGURE = new RegExp(String.raw`^[-−(]?\s*${CURRENCY_SIGN}?\s*[-−(]?\s*\d[\d,.]*\s*%?\)?$`)

/** A table row has a figure when a cell past its label is a number that is not a year. */
const hasFigure = (cells: string[]) => cells.slice(1).some((cell) => FIGURE.test(cell.trim()) && !isYearLabel(cell))

/** Sentences of prose and rows of tables; rows read before a table's first figure are its header. */
function unitsOf(passage: SourcePassage, index: number): Unit[] {
  const units: Unit[] = []
  const add = (text: string, table?: Unit['table']) => {
    const terms = analyze(table ? [...table.header.flat(), ...table.row].join(' ') : text)
    // A few words of prose are a fragment (a chunk that starts mid-sentence), not a statement to quote.
    if (terms.length < (table ? 1 : MIN_SENTENCE_TERMS)) return
    const rowTerms = table ? analyze(table.row.join(' ')) : terms
    units.push({
      passage: index,
      position: units.length,
      text,
      terms: new Set(terms),
      // Phrases are read from the row alone: a header and a label are not one phrase.
      pairs: new Set(bigrams(rowTerms)),
      table,
    })
  }
  let prose: string[] = []
  let header: string[][] = []
  let inTable = false
  let sawFigure = false
  const flushProse = () => {
    for (const sentence of sentencesOf(prose.join(' '))) add(sentence)
    prose = []
  }
  for (const line of passage.text.split('\n')) {
    if (!TABLE_SEPARATOR.test(line)) {
      inTable = false
      if (line.trim()) prose.push(line.trim())
      continue
    }
    flushProse()
    if (!inTable) {
      header = []
      sawFigure = false
      inTable = true
    }
    const cells = line.split(CELL_SEPARATOR).map((cell) => cell.trim())
    if (!sawFigure && !hasFigure(cells)) {
      header.push(cells)
      continue
    }
    sawFigure = true
    if (hasFigure(cells)) add(line.trim(), { header: [...header], row: cells })
  }
  flushProse()
  return units
}
