import { CURRENCY_SIGN } from '../ai/text/amounts'
import { SCALE_WORD } from '../ai/text/scales'
// Common English words that say nothing about a document's subject.
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by can
  could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i
  if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own
  same she should so some such than that the their theirs them themselves then there these they this those through to too under
  until up very was we were what when where which while who whom why will with would you your yours yourself yourselves may might
  must shall one two three per new use used using within without upon via et al page`.split(/\s+/),
)

// At most 25 digits and commas: with `[\d,]*` every digit of "1,1,1,…" (each a word start) scanned
// the whole run, quadratic in its length; no figure is longer.
const FIGURE = new RegExp(
  String.raw`(?:${CURRENCY_SIGN}\s?\d[\d,]{0,24}(?:\.\d+)?(?:\s?${SCALE_WORD}\b|(?:mm|bn|[mkb])\b)?|\b\d[\d,]{0,24}(?:\.\d+)?\s?%|\b\d+(?:\.\d+)?x\b)`,
  'gi',
)

// Key facts are worked out for each request (the document's Insights tab): over 3,000,000
// characters they took 1.8 s of the event loop. Past this many characters they are read from a
// sample, stretches spread evenly over the text, which costs milliseconds at any size.
const SAMPLE_CHARS = 60_000
const STRETCHES = 20

/** Where a stretch may end: after a sentence or a line, else after a word; -1 when it holds none. */
function lastBreak(stretch: string) {
  const sentence = Math.max(stretch.lastIndexOf('. '), stretch.lastIndexOf('\n'))
  return sentence > stretch.length / 2 ? sentence + 1 : stretch.search(/\s\S*$/)
}

/** Where a stretch may start: after its first sentence or line end, else after a word; 0 when it holds none. */
function firstBreak(stretch: string) {
  const ends = [stretch.indexOf('. '), stretch.indexOf('\n')].filter((at) => at !== -1)
  const sentence = ends.length ? Math.min(...ends) : -1
  return (sentence !== -1 && sentence < stretch.length / 2 ? sentence : stretch.search(/\s/)) + 1
}

/**
 * The text, or when it is longer than SAMPLE_CHARS, stretches of it spread evenly, each cut at
 * sentence or line ends where it has them (else at spaces), so that no figure or term is cut short.
 */
export function sampleOf(text: string): { text: string; sampled: boolean } {
  if (text.length <= SAMPLE_CHARS) return { text, sampled: false }
  const size = SAMPLE_CHARS / STRETCHES
  const step = (text.length - size) / (STRETCHES - 1)
  const stretches: string[] = []
  for (let index = 0; index < STRETCHES; index++) {
    const start = Math.round(index * step)
    const stretch = text.slice(start, start + size)
    const first = start > 0 ? firstBreak(stretch) : 0
    const last = start + size < text.length ? lastBreak(stretch) : -1
    stretches.push(stretch.slice(first, last > first ? last : undefined))
  }
  // Two line breaks apart, so that no figure (`$ 5`) is read across two stretches.
  return { text: stretches.join('\n\n'), sampled: true }
}

/**
 * The most frequent meaningful terms and the money, percentage and multiple figures of a text, or
 * of a sample of it when it is long (`sampled`: the counts are the sample's).
 */
export function keyFacts(whole: string) {
  const { text, sampled } = sampleOf(whole)
  const counts = new Map<string, number>()
  for (const match of text.toLowerCase().matchAll(/\p{L}[\p{L}\p{N}'&-]{2,}/gu)) {
    const word = match[0].replace(/'s$/, '')
    if (STOP_WORDS.has(word)) continue
    counts.set(word, (counts.get(word) ?? 0) + 1)
  }
  const keyTerms = [...counts.entries()]
    .filter(([, occurrences]) => occurrences > 1)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 12)
    .map(([term, occurrences]) => ({ term, count: occurrences }))
  const figures = new Set<string>()
  for (const match of text.matchAll(FIGURE)) {
    if (figures.add(match[0].trim()).size === 12) break
  }
  return { key_terms: keyTerms, figures: [...figures], sampled }
}
