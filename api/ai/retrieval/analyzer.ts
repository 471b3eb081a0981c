import { stemmer } from 'stemmer'

import { STOP_WORDS } from '../../../shared/stop-words'

/**
 * The lexical analysis shared by indexing and querying: lower case, English stop words dropped,
 * Porter stems, and numbers kept whole ("1,452.4" stays one term, "$" and "%" are dropped).
 *
 * Postgres' `to_tsvector('english')` was measured first and lost 0.02 nDCG@10 on the retrieval dev
 * set: it splits "1,452.4" into "1" and "452.4" and adds extra terms for hyphenated compounds.
 * Changing anything here changes stored terms: bump ANALYZER_VERSION so `npm run reindex` rebuilds.
 */
export const ANALYZER_VERSION = 1

const WORD = /[\p{L}\p{N}]+(?:[.,'’][\p{L}\p{N}]+)*/gu
const NUMBER = /^[\p{N}.,]+$/u

/** The terms of a text in reading order (repeats kept: their count is the term frequency). */
export function analyze(text: string): string[] {
  const terms: string[] = []
  for (const [match] of text.toLowerCase().matchAll(WORD)) {
    const word = match.replace(/['’]s$/, '').replace(/['’]/g, '')
    if (NUMBER.test(word)) {
      terms.push(word)
      continue
    }
    for (const part of word.split(/[.,]/)) {
      if (part && !STOP_WORDS.has(part)) terms.push(stemmer(part))
    }
  }
  return terms
}

/** Stored terms: a term never holds a space (WORD matches none). */
export const joinTerms = (terms: string[]) => terms.join(' ')

/**
 * Adjacent term pairs ("net cash" → "net cash"). They are not stored: ranking scores them on the
 * lexical candidates, which lifted nDCG@10 on the dev set from 0.62 to 0.66 (docs/decisions/004).
 */
export function bigrams(terms: string[]): string[] {
  const pairs: string[] = []
  for (let index = 0; index + 1 < terms.length; index++) pairs.push(`${terms[index]} ${terms[index + 1]}`)
  return pairs
}

export function termFrequencies(terms: string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1)
  return counts
}
