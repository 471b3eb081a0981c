import type { ExtractedPage } from '../ai/text/pages'
import { pageSentences } from '../ai/text/sentences'
import { premisesOf } from './lease-terms'
import { countsPeople, figuresIn, type ProseFigure } from './prose-figures'
import { cuesIn, type MeasureCue, needCues } from './prose-measures'
import { type PeriodMention, periodsIn } from './prose-periods'
import type { Fact, FactPeriod } from './types'

/*
 * Figures stated in prose, read once at ingestion (issue 45, item 1). Each figure of a sentence
 * becomes a fact: its measure the nearest measured phrase (prose-measures.ts), its period the
 * nearest period the sentence names (prose-periods.ts), a range's two ends and a stated midpoint
 * bound low, high and mid under one measure. The owner's after-tax need takes the deadline of its
 * own sentence, or of one of the next few that speaks of the sale ("I want $9M after taxes. I'd
 * like to be out by June 2028.").
 */

// Words that may stand between a measure and a bare number it names: "EBITDA of 1,614,060",
// "Headcount: 52", "revenue was 8,967,000".
const LINKS_ONLY =
  /^(?:\s|[:=–—-]|\b(?:of|is|was|were|are|at|about|approximately|around|roughly|nearly|some|totaled|totalled|totaling|reached|stood|came|to|in|for|our|its|the|a|an|total)\b)*$/i
// Rent as a lease states it: "leased from Miller Family Trust … at $22,750 a month".
const A_MONTH = /^\s*(?:a|per|each|every)\s+month\b/i
const LEASE = /\blease[ds]?\b|\blandlord\b|\btenan(?:t|cy)\b/i
// A percentage of revenue: "38% of revenue", "about 38 percent of sales last year".
const OF_REVENUE = /^\s*of\s+(?:(?:our|its|the|total|net|annual)\s+)*(?:revenues?|sales|turnover)\b/i
// The subject a share belongs to, at the start of the sentence: "Cascade Foods is our biggest customer, about 38%…".
const SUBJECT_END =
  /\s(?:is|was|are|were|accounts?|accounted|represents?|represented|makes?|made|brings?|brought|generates?|generated)\b|,/
const NOT_A_NAME = /^(?:it|we|our|the|this|that|they|he|she|i|its|their|about|approximately|sales|revenue|total)\b/i
// What an add-back is for: "310 thousand for the owner's salary and 120 thousand for…".
const FOR_WHAT = /^\s*(?:for|of|on)\s+(?:the\s+)?([^,;.]+?)(?=\s+and\s|[,;.]|$)/i
// Words of a measure not in the lexicon, read back from a figure: "a settlement of $250,000".
const GENERIC_LINKS =
  /(?:\s+(?:of|is|was|were|are|at|about|approximately|around|roughly|nearly|totaled|totalled|reached|to|by|for|:))*\s*$/i
const MAX_GENERIC_WORDS = 3
// The owner's deadline may follow the need a few sentences on ("That is the number that matters.
// As for timing, I would like the sale closed by June 30, 2028."), in a sentence about the sale.
const DEADLINE_SENTENCES = 3
const SALE_TIMING = /\b(?:clos(?:e|ed|ing)|sale|sold|sell|done|complete[d]?|exit|retire|out)\b/i
// How far a measured phrase may stand from its figure: in "Sales office: <address>, leased from…
// to January 31, 2030, at $12,750 a month" the figure is no sales.
const MAX_CUE_DISTANCE = 80
const STOP_WORDS = new Set(
  (
    'a an the our its their his her my this that these those we i it they he she and or but with from in on to by for as ' +
    'have has had be been will would could should can may might do does did get got'
  ).split(' '),
)

// Amounts of another thing: a valuation's loose words ("worth", "valuation") do not reach a figure
// past one ("worth more with the lease extended, though fees of $150,000 to $250,000 apply").
const OTHER_AMOUNT =
  /\b(?:fees?|costs?|expenses?|charges?|salar(?:y|ies)|payroll|wages|bonus(?:es)?|deposits?|loans?|commissions?|revenues?|sales)\b/i
const guarded = (cue: MeasureCue, between: string) => cue.key === 'enterprise_value' && OTHER_AMOUNT.test(between)

// How much of the text around a figure is read for its measure's words: bounded, so a sentence of
// many figures is read in time linear in its length.
const REACH = 120

/** A sentence as its figures are read: its measured phrases and periods, found once. */
interface Sentence {
  text: string
  cues: MeasureCue[]
  /** Periods figures are measured over, in order (deadlines apart). */
  periods: PeriodMention[]
  /** The date the owner wants the sale done by: of this sentence, else of one of the next few about the sale. */
  deadline: () => FactPeriod | null
  subject: () => string | null
}

/** Every figure stated in the sentences of a document's pages (table lines left to the table reader), as facts. */
export function proseFacts(pages: ExtractedPage[]): Fact[] {
  const facts: Fact[] = []
  // Carried from sentence to sentence: the document's currency, for "add-backs of 310 thousand"
  // that name none, and the last range's measure, for a midpoint stated after it.
  let currency = '$'
  let lastRange: { phrase: string; key: string | null; period: FactPeriod | null } | null = null
  pages.forEach((page, index) => {
    const texts = pageSentences(page.text)
    texts.forEach((text, at) => {
      const figures = figuresIn(text)
      if (figures.length === 0) return
      const sentence = sentenceOf(text, texts.slice(at + 1, at + 1 + DEADLINE_SENTENCES))
      for (const figure of figures) {
        const read = measureOf(sentence, figure)
        if (!read) continue
        if (figure.kind === 'money') currency = figure.unit!
        // A midpoint or concluded value is of the range stated before it: its measure, and its period unless it names one.
        const mid = read.cue?.mid && lastRange && (read.key === null || read.key === lastRange.key) ? lastRange : null
        const measure = mid?.phrase ?? read.measure
        const measureKey = mid ? mid.key : read.key
        const period =
          measureKey === 'after_tax_need'
            ? sentence.deadline()
            : (nearest(sentence.periods, figure) ?? mid?.period ?? null)
        const bound = figure.bound ?? (read.cue?.mid ? 'mid' : undefined)
        if (figure.bound === 'low') lastRange = { phrase: measure, key: measureKey, period }
        facts.push({
          kind: 'prose',
          measure,
          measureKey,
          entity: read.entity,
          // A sentence names an add-back by what it is for, a rent by its premises; another entity's kind it does not say.
          entityKind: read.entity ? (ENTITY_KINDS[measureKey ?? ''] ?? null) : null,
          period,
          value: figure.value.toFixed(),
          unit: figure.kind === 'number' && read.unit === 'money' ? currency : figure.unit,
          scale: figure.scale,
          ...(bound ? { bound } : {}),
          source: { page: index + 1, row: null, column: null, quote: text },
        })
      }
    })
  })
  return facts
}

const ENTITY_KINDS: Record<string, Fact['entityKind']> = { add_back: 'add_back', monthly_rent: 'premises' }

function sentenceOf(text: string, following: string[]): Sentence {
  const mentions = periodsIn(text)
  const once = <T>(read: () => T) => {
    let value: { read: T } | null = null
    return () => (value ??= { read: read() }).read
  }
  const deadlineIn = (mentions: PeriodMention[]) => mentions.find((mention) => mention.deadline)?.period
  return {
    text,
    cues: [...cuesIn(text), ...needCues(text)].sort((a, b) => a.start - b.start),
    periods: mentions.filter((mention) => !mention.deadline),
    deadline: once(
      () =>
        deadlineIn(mentions) ??
        following.flatMap((next) => (SALE_TIMING.test(next) ? (deadlineIn(periodsIn(next)) ?? []) : []))[0] ??
        null,
    ),
    subject: once(() => subjectOf(text)),
  }
}

interface Reading {
  measure: string
  key: string | null
  entity: string | null
  cue: MeasureCue | null
  unit: MeasureCue['unit'] | null
}

/** What a figure measures, or null for a number the sentence gives no measure (an address's, a ZIP code). */
function measureOf(sentence: Sentence, figure: ProseFigure): Reading | null {
  const after = sentence.text.slice(figure.end, figure.end + REACH)
  if (figure.kind === 'percent' && OF_REVENUE.test(after))
    return { measure: 'share of revenue', key: 'revenue_share', entity: sentence.subject(), cue: null, unit: 'percent' }
  if (figure.kind === 'count') {
    const noun = figure.noun!
    return { measure: noun, key: countsPeople(noun) ? 'headcount' : null, entity: null, cue: null, unit: 'count' }
  }
  if (figure.kind === 'money' && A_MONTH.test(after) && LEASE.test(sentence.text))
    return {
      measure: 'monthly rent',
      key: 'monthly_rent',
      entity: premisesOf(sentence.text) ?? null,
      cue: null,
      unit: 'money',
    }
  const cue = cueFor(sentence, figure)
  if (cue) {
    const entity = cue.key === 'add_back' ? (FOR_WHAT.exec(after)?.[1]?.trim() ?? null) : null
    return { measure: cue.phrase, key: cue.key, entity, cue, unit: cue.unit }
  }
  // A bare number, or one with a scale and no currency, is a figure only of a measure named.
  if (figure.kind === 'number') return null
  const before = sentence.text.slice(Math.max(0, figure.start - REACH), figure.start)
  return { measure: genericMeasure(before), key: null, entity: null, cue: null, unit: null }
}

const fits = (cue: MeasureCue, figure: ProseFigure) =>
  figure.kind === 'number' ||
  (figure.kind === 'money' && cue.unit === 'money') ||
  (figure.kind === 'percent' && cue.unit === 'percent')

/**
 * The measured phrase of a figure: the nearest before it in its clause (a semicolon ends one),
 * else the nearest after it, either within 80 characters. A bare number ("EBITDA of 1,614,060")
 * takes only a phrase right before it, with nothing but linking words between. Only the phrases
 * within reach are looked at, found by a binary search among the sentence's.
 */
function cueFor({ text, cues }: Sentence, figure: ProseFigure): MeasureCue | null {
  const bare = figure.kind === 'number' && figure.scale === 1
  const fitting = (cue: MeasureCue) => fits(cue, figure) && !(bare && cue.unit === 'percent')
  const first = firstAtOrAfter(cues, figure.end)
  for (let at = first - 1; at >= 0 && figure.start - cues[at]!.end <= MAX_CUE_DISTANCE; at--) {
    const cue = cues[at]!
    if (cue.end > figure.start || !fitting(cue)) continue
    const between = text.slice(cue.end, figure.start)
    if (bare ? LINKS_ONLY.test(between) : !between.includes(';') && !guarded(cue, between)) return cue
    break
  }
  if (bare) return null
  for (let at = first; at < cues.length && cues[at]!.start - figure.end <= MAX_CUE_DISTANCE; at++) {
    const cue = cues[at]!
    if (!fitting(cue)) continue
    const between = text.slice(figure.end, cue.start)
    return between.includes(';') || guarded(cue, between) ? null : cue
  }
  return null
}

/** The index of the first of `spans` (in order of start) starting at or after `at`. */
function firstAtOrAfter(spans: Array<{ start: number }>, at: number) {
  let [low, high] = [0, spans.length]
  while (low < high) {
    const middle = (low + high) >> 1
    if (spans[middle]!.start < at) low = middle + 1
    else high = middle
  }
  return low
}

/** The last few words before a figure, past its linking words: "Monthly rent" of "Monthly rent is $18,500". */
function genericMeasure(before: string): string {
  const words = before.replace(GENERIC_LINKS, '').split(/\s+/).slice(-MAX_GENERIC_WORDS)
  const kept: string[] = []
  for (let index = words.length - 1; index >= 0; index--) {
    const word = words[index]!
    if (!/^\p{L}[\p{L}'’-]*$/u.test(word) || STOP_WORDS.has(word.toLowerCase())) break
    kept.unshift(word)
  }
  return kept.join(' ')
}

/** The name a sentence starts with, when it is about a named customer or line: "Cascade Foods is…". */
function subjectOf(sentence: string): string | null {
  const end = SUBJECT_END.exec(sentence)
  const subject = (end ? sentence.slice(0, end.index) : '').trim()
  return /^\p{Lu}/u.test(subject) && !NOT_A_NAME.test(subject) ? subject : null
}

/** The period nearest a figure: "EBITDA of $4.2 million in 2025". The periods are in order and apart. */
function nearest(periods: PeriodMention[], figure: ProseFigure): FactPeriod | null {
  const next = firstAtOrAfter(periods, figure.end)
  const [before, after] = [periods[next - 1], periods[next]]
  if (!before) return after?.period ?? null
  if (!after) return before.period
  return after.start - figure.end < figure.start - before.end ? after.period : before.period
}
