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

// What may not follow a number matched whole.
const GOES_ON = /[\p{L}\p{N}]|[.,]\p{N}/uy
// A letter or digit beyond ASCII.
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/uy

/** How many code units the letter or digit at `index` takes (two beyond the BMP), or 0 for any other character. */
function letterOrDigitAt(text: string, index: number) {
  const code = text.charCodeAt(index)
  if (code < 128) return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122) ? 1 : 0
  LETTER_OR_DIGIT.lastIndex = index
  return LETTER_OR_DIGIT.test(text) ? LETTER_OR_DIGIT.lastIndex - index : 0
}

interface MatchTerm {
  /** Lower-cased: a stem that starts a word, or a word (or number) matched whole. */
  text: string
  whole: boolean
}

/**
 * The query's terms by their first character, so each word of a text is compared only with the
 * terms that could start it. Words of letters also match their longer forms; numbers and short or
 * mixed tokens ("q3", "10") match whole, so "10" never lights up "100". At most one term can match at
 * a word's start (a stem takes the rest of the word, a whole term must end where the word or number
 * does), so the order they are tried in does not matter.
 */
function termsByStart(query: string) {
  const terms = new Map<number, MatchTerm[]>()
  for (const term of queryTerms(query)) {
    const whole = !(LETTERS.test(term) && term.length >= 3)
    const match = { text: whole ? term : lightStem(term), whole }
    const sharing = terms.get(term.charCodeAt(0))
    if (sharing) sharing.push(match)
    else terms.set(term.charCodeAt(0), [match])
  }
  return terms
}

// A page of results marks the same query in each of its passages.
let lastQuery: { query: string; terms: Map<number, MatchTerm[]> } | undefined
function termsOf(query: string) {
  if (lastQuery?.query !== query) lastQuery = { query, terms: termsByStart(query) }
  return lastQuery.terms
}

/**
 * The text lower-cased character by character where that keeps its length (every character but a
 * few, such as "İ"), so that its indexes are the text's.
 */
function lowerCaseInPlace(text: string) {
  const lower = text.toLowerCase()
  if (lower.length === text.length) return lower
  return Array.from(text, (character) => {
    const lowered = character.toLowerCase()
    return lowered.length === character.length ? lowered : character
  }).join('')
}

/**
 * Where the query's words are in a text: [start, end) of each, in order. The text's words are
 * walked once, rather than one regular expression built from the query: with Unicode classes and
 * case folding, such an expression took milliseconds to compile and tier up for each new query,
 * more than the rest of the results page.
 */
function matchesIn(text: string, query: string): Array<[number, number]> {
  const terms = termsOf(query)
  if (!terms.size) return []
  const lower = lowerCaseInPlace(text)
  const matches: Array<[number, number]> = []
  let index = 0
  while (index < text.length) {
    let width = letterOrDigitAt(text, index)
    if (!width) {
      index++
      continue
    }
    const start = index
    for (; width; width = letterOrDigitAt(text, index)) index += width
    for (const term of terms.get(lower.charCodeAt(start)) ?? []) {
      // A whole number may hold dots and commas ("1,452.4"): terms are compared with the text, not the word.
      if (!lower.startsWith(term.text, start)) continue
      if (term.whole) {
        GOES_ON.lastIndex = start + term.text.length
        if (GOES_ON.test(text)) continue
        index = start + term.text.length
      }
      matches.push([start, index])
      break
    }
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
  // Only what changes is replaced: every single space matched and replaced cost three times as much.
  const flat = text.replace(/\s{2,}|[^\S ]/g, ' ').trim()
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
