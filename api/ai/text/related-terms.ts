import { stemmer } from 'stemmer'

/*
 * Words an owner's file and an advisor's question use for the same party or measure of a business
 * (issue 46, paraphrases): "Who might buy the company?" is answered by "Two strategic acquirers have
 * approached us", "How many drivers does it employ?" by "Headcount at year end was 64: 41 drivers".
 * Only words that name one thing whichever is written: not "revenue" and "income", which are
 * different lines of a statement, and not word vectors, which hold "buyers" as close to "sellers"
 * (0.75) as to "acquirers" (0.44).
 */
const GROUPS = [
  'buyer buy acquirer purchaser bidder suitor',
  'employ employee headcount staff workforce personnel',
  'customer client',
  'supplier vendor',
]

// Stemmed as the analyzer stems a word (../retrieval/analyzer), which this layer does not import.
const stems = (words: string) => [...new Set(words.split(' ').map((word) => stemmer(word)))]

// A word's stem → the other stems of its group.
const RELATED = new Map<string, string[]>()
for (const group of GROUPS) {
  const members = stems(group)
  for (const stem of members)
    RELATED.set(
      stem,
      members.filter((other) => other !== stem),
    )
}

/** The other stems that name what `stem` names (none for most words). */
export const relatedTerms = (stem: string): readonly string[] => RELATED.get(stem) ?? []

/** Whether `terms` hold `stem` or a word that names the same thing. */
export const holdsOrRelated = (terms: ReadonlySet<string>, stem: string) =>
  terms.has(stem) || relatedTerms(stem).some((other) => terms.has(other))

/**
 * Words that qualify what is asked rather than name it: a hoped-for party ("potential buyers" are the
 * buyers a file names) or the question's mood ("Who might buy…?"). Where no passage holds one, a
 * sentence is judged without it.
 */
export const QUALIFIERS = new Set(stems('potential prospective possible likely interested might could would may'))
