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
const FIGURE =
  /(?:[$€£]\s?\d[\d,]{0,24}(?:\.\d+)?(?:\s?(?:million|billion|thousand)\b|(?:mm|bn|[mkb])\b)?|\b\d[\d,]{0,24}(?:\.\d+)?\s?%|\b\d+(?:\.\d+)?x\b)/gi

/** The most frequent meaningful terms and the money, percentage and multiple figures of a text. */
export function keyFacts(text: string) {
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
  const figures = [...new Set([...text.matchAll(FIGURE)].map((match) => match[0].trim()))].slice(0, 12)
  return { key_terms: keyTerms, figures }
}
