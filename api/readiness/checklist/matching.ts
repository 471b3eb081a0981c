import { calendarDay } from '../../../shared/calendar'
import type { ChecklistStatus } from '../../../shared/checklist'
import { MONTH, monthIndex, YEAR } from '../../ai/text/calendar'
import type { ContentFound } from '../../facts/tables-hold'
import type { MatchKind } from './contract'
import { PhraseCounter } from './phrase-counts'
import type { ChecklistRule } from './standard-items'

/**
 * Matching an organization's documents to its checklist (decision 040). Pure: the caller reads the
 * documents (with at most TEXT_CHARS of each one's text) and passes the time, so a test can hold it.
 */

/** How much of a document's text is read for terms: its opening pages, where a document says what it is. */
export const TEXT_CHARS = 20_000
/** How much of it is read for the document's own date: a date stated up front, as reports state it. */
export const DATE_CHARS = 5_000
/** The matched documents listed under an item, strongest first. */
export const MAX_MATCHES = 5
/** Content alone suggests a document after this many mentions of at least two of the item's terms. */
const MIN_MENTIONS = 3

export interface MatchDocument {
  id: number
  title: string
  category: string
  /** The start of the extracted text (the caller cuts it at TEXT_CHARS; longer text is cut here). */
  text: string
  /** What its tables hold, read with its facts (api/facts/tables-hold.ts); null before they are read. */
  content?: ContentFound[] | null
}

/** How a document was matched: by an advisor, its title, its category, what its tables hold, or words of its text. */

export interface DocumentMatch {
  documentId: number
  title: string
  kind: MatchKind
  /** How it matched, in words: "title says “lease”", "content mentions “landlord” 4 times". */
  how: string[]
  /** The date the document states for itself (YYYY-MM-DD), never its upload time; null when it states none. */
  date: string | null
  /** The words the date was read from: "as of March 31, 2024", "FY2023". */
  dateText: string | null
}

export interface ItemResult {
  status: ChecklistStatus
  /** Why the status is what it is, in a sentence. */
  reason: string
  yearsNeeded: number
  /** The distinct years the matched documents state, oldest first. */
  yearsFound: number[]
  matches: DocumentMatch[]
}

/** Lowercase words and numbers, single-spaced and padded with a space each side, so ` term ` finds whole words. */
export function normalize(text: string) {
  return ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9&]+/g, ' ')
    .trim()} `
}

const A_MONTH = `(${MONTH})\\.?`
const KEY = '(?:as of|as at|ended|ending|end(?:ed)? on|dated|effective(?: as of| date:?)?|through|date:)\\s{1,3}'
// Bounded repeats only: every pattern runs in time linear in the text.
const KEYED_MONTH_FIRST = new RegExp(
  `\\b${KEY}${A_MONTH}\\s{1,3}(\\d{1,2})(?:st|nd|rd|th)?,?\\s{1,3}(${YEAR})\\b`,
  'gi',
)
const KEYED_DAY_FIRST = new RegExp(`\\b${KEY}(\\d{1,2})(?:st|nd|rd|th)?\\s{1,3}${A_MONTH}\\s{1,3}(${YEAR})\\b`, 'gi')
const KEYED_ISO = new RegExp(`\\b${KEY}(${YEAR})-(\\d\\d)-(\\d\\d)\\b`, 'gi')
const FISCAL_YEAR = new RegExp(
  String.raw`\b(?:fy\s?'?|fiscal(?: year)?\s{1,3}|financial year\s{1,3}|tax year\s{1,3}|year ended\s{1,3})(${YEAR}|\d\d)\b`,
  'gi',
)
const MONTH_YEAR = new RegExp(`\\b${A_MONTH}\\s{1,3}(${YEAR})\\b`, 'gi')

function isoDay(year: number, month: number, day: number) {
  const date = new Date(Date.UTC(year, month, day))
  // 31 February is no date at all.
  if (date.getUTCMonth() !== month || date.getUTCDate() !== day) return null
  return date.toISOString().slice(0, 10)
}

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).toISOString().slice(0, 10)

interface StatedDate {
  date: string
  text: string
}

/**
 * The dates a document states for itself: keyed dates ("as of March 31, 2024", "year ended
 * 31 December 2023", "dated 2024-06-30"), fiscal years ("FY2023": taken as that year's 31 December,
 * the year end not being known), and a month and year in the title ("Management accounts March
 * 2024"). Dates after `now` are terms (a lease running to 2030), not the document's date.
 */
export function statedDates(title: string, text: string, now: Date): StatedDate[] {
  const found: StatedDate[] = []
  const today = now.toISOString().slice(0, 10)
  const add = (date: string | null, words: string) => {
    if (date && date <= today) found.push({ date, text: words.trim().replace(/\s+/g, ' ') })
  }
  const sources = [title, text.slice(0, DATE_CHARS)]
  for (const source of sources) {
    for (const m of source.matchAll(KEYED_MONTH_FIRST)) add(isoDay(+m[3]!, monthIndex(m[1]!), +m[2]!), m[0])
    for (const m of source.matchAll(KEYED_DAY_FIRST)) add(isoDay(+m[3]!, monthIndex(m[2]!), +m[1]!), m[0])
    for (const m of source.matchAll(KEYED_ISO)) add(isoDay(+m[1]!, +m[2]! - 1, +m[3]!), m[0])
    for (const m of source.matchAll(FISCAL_YEAR)) {
      const year = m[1]!.length === 2 ? 2000 + Number(m[1]) : Number(m[1])
      add(`${year}-12-31`, m[0])
    }
  }
  for (const m of title.matchAll(MONTH_YEAR)) add(lastDayOf(+m[2]!, monthIndex(m[1]!)), m[0])
  return found
}

/** How often a rule's term occurs in one of a document's texts. */
type TermCount = (term: string) => number

const quote = (term: string) => `“${term.trim()}”`
const times = (count: number) => (count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`)

interface Candidate extends DocumentMatch {
  strength: number
  years: number[]
  /** Its title names one part of what is asked. */
  part: boolean
}

/** One document against one item: how it matched, or null. */
function matchOne(
  rule: ChecklistRule,
  document: {
    id: number
    title: string
    category: string
    inTitle: TermCount
    inCategory: TermCount
    inText: TermCount
    content: ContentFound[]
  },
  dates: StatedDate[],
  confirmed: boolean,
): Candidate | null {
  const how: string[] = []
  let kind: MatchKind | null = confirmed ? 'confirmed' : null
  if (confirmed) how.push('confirmed by an advisor')
  // A document's tables say what it is as surely as its title: an income statement titled "financials".
  const held = rule.holds ? document.content.find((content) => content.kind === rule.holds) : undefined
  if (held) how.push(`its tables hold ${held.what}`)
  const inTitle = rule.titleTerms.find((term) => document.inTitle(term) > 0)
  if (inTitle) {
    how.push(`title says ${quote(inTitle)}`)
    kind ??= 'title'
  }
  if (held) kind ??= 'tables'
  const inCategory = inTitle ? undefined : rule.titleTerms.find((term) => document.inCategory(term) > 0)
  if (inCategory) {
    how.push(`category is ${quote(document.category)}`)
    kind ??= 'category'
  }
  const inPart = kind ? undefined : rule.partTerms?.find((term) => document.inTitle(term) > 0)
  if (inPart) how.push(`title says ${quote(inPart)}, one part of what is asked`)
  const mentions = rule.contentTerms
    .map((term) => ({ term, count: document.inText(term) }))
    .filter((mention) => mention.count > 0)
    .sort((a, b) => b.count - a.count)
  const total = mentions.reduce((sum, mention) => sum + mention.count, 0)
  const contentEnough = total >= MIN_MENTIONS && mentions.length >= 2
  if (mentions.length && (kind || contentEnough)) {
    how.push(
      `content mentions ${mentions
        .slice(0, 3)
        .map((mention) => `${quote(mention.term)} ${times(mention.count)}`)
        .join(', ')}`,
    )
  }
  if (!kind && (contentEnough || inPart)) kind = 'content'
  if (!kind) return null
  const latest = dates.reduce<StatedDate | null>((best, date) => (!best || date.date > best.date ? date : best), null)
  const strength = (kind === 'content' ? (inPart ? 500 : 0) : 1000) + Math.min(total, 499)
  return {
    documentId: document.id,
    title: document.title,
    kind,
    how,
    date: latest?.date ?? null,
    dateText: latest?.text ?? null,
    strength,
    years: [...new Set([...dates.map((date) => Number(date.date.slice(0, 4))), ...(held?.years ?? [])])],
    part: Boolean(inPart),
  }
}

/** The status of one item from its candidates. */
function settle(rule: ChecklistRule, candidates: Candidate[], now: Date): ItemResult {
  const yearsNeeded = rule.years ?? 1
  candidates.sort((a, b) => b.strength - a.strength || a.documentId - b.documentId)
  const matches = candidates.slice(0, MAX_MATCHES).map(({ strength: _s, years: _y, part: _p, ...match }) => match)
  const strong = candidates.filter((candidate) => candidate.kind !== 'content')
  const counted = strong.length ? strong : candidates
  const yearsFound = [...new Set(counted.flatMap((candidate) => candidate.years))].sort((a, b) => a - b)
  const result = (status: ChecklistStatus, reason: string): ItemResult => ({
    status,
    reason,
    yearsNeeded,
    yearsFound,
    matches,
  })
  if (!candidates.length) return result('missing', 'No document matches it yet.')
  const cutoff = new Date(now)
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - 1)
  const undated = counted.some((candidate) => candidate.date === null)
  const newest = counted.reduce<string | null>((best, c) => (c.date && (!best || c.date > best) ? c.date : best), null)
  if (rule.dated && !undated && newest && newest < cutoff.toISOString().slice(0, 10)) {
    return result('stale', `The newest matching document is dated ${calendarDay(newest)}, over a year ago.`)
  }
  if (!strong.length) {
    return candidates.some((candidate) => candidate.part)
      ? result('probable', 'A document names one part of what is asked: confirm it, or add the rest.')
      : result('probable', 'Found by its content only: confirm that it is the right document.')
  }
  const confirmed = strong.some((candidate) => candidate.kind === 'confirmed')
  if (yearsNeeded > 1 && yearsFound.length < yearsNeeded && !confirmed) {
    const which = yearsFound.length ? ` (${yearsFound.join(', ')})` : ''
    return result(
      'probable',
      `${yearsFound.length} of the ${yearsNeeded} years asked for found${which}: confirm or add the rest.`,
    )
  }
  const count = strong.length === 1 ? 'one document' : `${strong.length} documents`
  const dated = undated && rule.dated ? ' A document without a date of its own is not counted as stale.' : ''
  return result('present', `Provided in ${count}.${dated}`)
}

/**
 * Every item's status and matches. Work is linear in the documents and the rules: each document's
 * title, category and TEXT_CHARS of its text are normalized once and read once for every term of
 * every rule together (./phrase-counts.ts).
 */
export function matchChecklist(
  rules: readonly ChecklistRule[],
  documents: readonly MatchDocument[],
  { now, confirmed = new Map() }: { now: Date; confirmed?: ReadonlyMap<string, number> },
): Map<string, ItemResult> {
  const spelled = new Map<string, string>()
  for (const rule of rules)
    for (const term of [...rule.titleTerms, ...rule.contentTerms, ...(rule.partTerms ?? [])])
      if (!spelled.has(term)) spelled.set(term, normalize(term).trim())
  const counter = new PhraseCounter(spelled.values())
  const counts = (text: string): TermCount => {
    const found = counter.count(normalize(text))
    return (term) => found.get(spelled.get(term)!)
  }
  const prepared = documents.map((document) => {
    const text = document.text.slice(0, TEXT_CHARS)
    return {
      document: {
        id: document.id,
        title: document.title,
        category: document.category,
        inTitle: counts(document.title),
        inCategory: counts(document.category),
        inText: counts(text),
        content: document.content ?? [],
      },
      dates: statedDates(document.title, text, now),
    }
  })
  const results = new Map<string, ItemResult>()
  for (const rule of rules) {
    const candidates: Candidate[] = []
    for (const { document, dates } of prepared) {
      const match = matchOne(rule, document, dates, confirmed.get(rule.key) === document.id)
      if (match) candidates.push(match)
    }
    results.set(rule.key, settle(rule, candidates, now))
  }
  return results
}
