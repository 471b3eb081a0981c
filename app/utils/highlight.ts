/**
 * Which parts of a passage to highlight for a query: the query's words (stop words left out), found
 * case-insensitively, and their longer forms ("risk" → "risks", "concentration" ↔ "concentrated").
 * The split mirrors the backend's lexical analysis (api/ai/retrieval/analyzer.ts) closely enough that
 * the highlighted words are the ones the search matched on; it never builds HTML, only segments.
 */

import { STOP_WORDS } from '#shared/stop-words'

export interface Segment {
  text: string
  match: boolean
}

// Words as the backend reads them: letters and digits, with inner dots, commas and apostrophes
// ("1,452.4", "company's"). Numbers stay whole; other words split at dots and commas.
const WORD = /[\p{L}\p{N}]+(?:[.,'’][\p{L}\p{N}]+)*/gu
const NUMBER = /^[\p{N}.,]+$/u
const LETTERS = /^\p{L}+$/u

// One light suffix strip, so a word and its inflections share a prefix. A stem keeps at least four
// letters: shorter ones ("cas" from "cases") would light up unrelated words ("cash").
const SUFFIXES = [
  'ations',
  'ation',
  'itions',
  'ition',
  'ments',
  'ment',
  'ings',
  'ing',
  'ions',
  'ion',
  'ies',
  'ied',
  'ed',
  'es',
  'ly',
  's',
  'y',
  'e',
]
const MIN_STEM = 4

export function lightStem(word: string): string {
  for (const suffix of SUFFIXES) {
    if (!word.endsWith(suffix) || word.length - suffix.length < MIN_STEM) continue
    if (suffix === 's' && word.endsWith('ss')) continue
    return word.slice(0, -suffix.length)
  }
  return word
}

/** The distinct words of a query worth highlighting, lower-cased: two or more letters or digits, no stop words. */
export function queryTerms(query: string): string[] {
  const terms = new Set<string>()
  for (const [match] of query.toLowerCase().matchAll(WORD)) {
    const word = match.replace(/['’]s$/u, '').replace(/['’]/gu, '')
    const parts = NUMBER.test(word) ? [word] : word.split(/[.,]/)
    for (const part of parts) if (part.length >= 2 && !STOP_WORDS.has(part)) terms.add(part)
  }
  return [...terms]
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const BEFORE = '(?<![\\p{L}\\p{N}])'
const WORD_TAIL = '[\\p{L}\\p{N}]*'
const NUMBER_END = '(?![\\p{L}\\p{N}]|[.,]\\p{N})'

// A page of results asks for the same query's pattern for each passage it shows. Bounded: queries are
// the visitors' own text.
const patterns = new Map<string, RegExp | null>()
const PATTERNS_KEPT = 200

/**
 * One regular expression for every term, or null when the query has nothing to highlight. It is
 * shared, so it stays in this module and is used only through `matchAll`, which matches with a copy.
 */
function termPattern(query: string): RegExp | null {
  let pattern = patterns.get(query)
  if (pattern !== undefined) return pattern
  const alternatives = queryTerms(query).map((term) => {
    // Words of letters also match their longer forms; numbers and short or mixed tokens ("q3", "10")
    // match whole, so "10" never lights up "100".
    if (LETTERS.test(term) && term.length >= 3) return `${BEFORE}${escapeRegExp(lightStem(term))}${WORD_TAIL}`
    return `${BEFORE}${escapeRegExp(term)}${NUMBER_END}`
  })
  // Longest first, so a longer term wins where two could start at the same place.
  alternatives.sort((a, b) => b.length - a.length)
  pattern = alternatives.length ? new RegExp(alternatives.join('|'), 'giu') : null
  if (patterns.size === PATTERNS_KEPT) patterns.clear()
  patterns.set(query, pattern)
  return pattern
}

/** Where the query's words are in a text: [start, end) of each, in order. */
function matchesIn(text: string, query: string): Array<[number, number]> {
  const pattern = termPattern(query)
  if (!pattern) return []
  const matches: Array<[number, number]> = []
  for (const found of text.matchAll(pattern)) {
    if (found[0].length) matches.push([found.index!, found.index! + found[0].length])
  }
  return matches
}

/** The text from `from` to `to` as plain and matching segments; joined they give that text back. */
function segmentsBetween(text: string, matches: Array<[number, number]>, from: number, to: number): Segment[] {
  const segments: Segment[] = []
  let last = from
  for (const [start, end] of matches) {
    if (end <= from) continue
    if (start >= to) break
    const [matchFrom, matchTo] = [Math.max(start, from), Math.min(end, to)]
    if (matchFrom > last) segments.push({ text: text.slice(last, matchFrom), match: false })
    segments.push({ text: text.slice(matchFrom, matchTo), match: true })
    last = matchTo
  }
  if (last < to) segments.push({ text: text.slice(last, to), match: false })
  return segments
}

/** Splits a text into plain and matching segments, in order; joined they give the text back. */
export function highlightSegments(text: string, query: string): Segment[] {
  return segmentsBetween(text, matchesIn(text, query), 0, text.length)
}

export interface Excerpt {
  /** The excerpt's plain and matching segments, its ellipses among them. */
  segments: Segment[]
  /** Whether part of the passage is left out. */
  cut: boolean
}

/**
 * The part of a long passage worth reading first: about `maxChars` characters around the place where
 * the query's words are densest, cut at word boundaries and marked with ellipses where cut, with
 * those words marked. Whitespace is collapsed, since passages keep the line breaks of their source.
 * The words are found once, in the whole passage: finding them again in the excerpt cost as much.
 */
export function excerpt(text: string, query: string, maxChars = 420): Excerpt {
  const flat = text.replace(/\s+/g, ' ').trim()
  const matches = matchesIn(flat, query)
  if (flat.length <= maxChars) return { segments: segmentsBetween(flat, matches, 0, flat.length), cut: false }
  let best = 0
  let bestCount = 0
  // The matches within reach of each, counted with a second index that only moves on (the matches
  // are in order): counting them afresh for each match was quadratic in a passage full of them.
  let end = 0
  matches.forEach(([start], index) => {
    while (end < matches.length && matches[end]![0] < start + maxChars * 0.8) end++
    if (end - index > bestCount) {
      best = start
      bestCount = end - index
    }
  })
  // Some context before the first matching word, unless that reaches the start anyway.
  let from = Math.max(0, best - Math.round(maxChars * 0.2))
  if (from > 0) {
    const space = flat.indexOf(' ', from)
    from = space !== -1 && space < best ? space + 1 : best
  }
  let to = Math.min(flat.length, from + maxChars)
  if (to < flat.length) {
    const space = flat.lastIndexOf(' ', to)
    if (space > from) to = space
  }
  const ellipsis = { text: '…', match: false }
  return {
    segments: [
      ...(from > 0 ? [ellipsis] : []),
      ...segmentsBetween(flat, matches, from, to),
      ...(to < flat.length ? [ellipsis] : []),
    ],
    cut: true,
  }
}
