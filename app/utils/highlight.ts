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

/** One regular expression for every term, or null when the query has nothing to highlight. */
export function termPattern(query: string): RegExp | null {
  const alternatives = queryTerms(query).map((term) => {
    // Words of letters also match their longer forms; numbers and short or mixed tokens ("q3", "10")
    // match whole, so "10" never lights up "100".
    if (LETTERS.test(term) && term.length >= 3) return `${BEFORE}${escapeRegExp(lightStem(term))}${WORD_TAIL}`
    return `${BEFORE}${escapeRegExp(term)}${NUMBER_END}`
  })
  if (alternatives.length === 0) return null
  // Longest first, so a longer term wins where two could start at the same place.
  alternatives.sort((a, b) => b.length - a.length)
  return new RegExp(alternatives.join('|'), 'giu')
}

/** Splits a text into plain and matching segments, in order; joined they give the text back. */
export function highlightSegments(text: string, query: string): Segment[] {
  const pattern = termPattern(query)
  if (!pattern || !text) return text ? [{ text, match: false }] : []
  const segments: Segment[] = []
  let last = 0
  for (const found of text.matchAll(pattern)) {
    const start = found.index ?? 0
    if (found[0].length === 0) continue
    if (start > last) segments.push({ text: text.slice(last, start), match: false })
    segments.push({ text: found[0], match: true })
    last = start + found[0].length
  }
  if (last < text.length) segments.push({ text: text.slice(last), match: false })
  return segments
}

/**
 * The part of a long passage worth reading first: about `maxChars` characters around the place where
 * the query's words are densest, cut at word boundaries and marked with ellipses where cut.
 * Whitespace is collapsed, since passages keep the line breaks of their source.
 */
export function excerpt(text: string, query: string, maxChars = 420): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= maxChars) return flat
  const pattern = termPattern(query)
  const starts = pattern ? [...flat.matchAll(pattern)].map((found) => found.index ?? 0) : []
  let best = 0
  let bestCount = 0
  // The matches within reach of each, counted with a second index that only moves on (the starts
  // are in order): counting them afresh for each match was quadratic in a passage full of them.
  let end = 0
  starts.forEach((start, index) => {
    while (end < starts.length && starts[end]! < start + maxChars * 0.8) end++
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
  return `${from > 0 ? '…' : ''}${flat.slice(from, to)}${to < flat.length ? '…' : ''}`
}
