import { sql } from 'drizzle-orm'

import type { Database } from '../../db/database'
import { floatArray, intArray, rowsOf, textArray } from '../../db/sql-values'
import { bigrams } from './analyzer'

/**
 * Okapi BM25 with Anserini's defaults (k1 0.9, b 0.4), chosen as published rather than tuned on our
 * dev set, where they also beat the textbook 1.2 / 0.75 (0.655 against 0.639 nDCG@10 with phrases).
 */
export const K1 = 0.9
export const B = 0.4

export interface CollectionStatistics {
  /** Chunks in the organization. */
  chunkCount: number
  averageLength: number
  /** Chunks of the organization containing each query term. */
  documentFrequency: Map<string, number>
}

const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5))

/**
 * The organization's top chunks by BM25 over single terms, with the statistics that score them.
 * Every statement filters by the organization, so no other organization's chunk or statistic takes
 * part. `documentIds` narrows the candidates, never the statistics. The statistics come first and
 * the weights travel into the ranking as values: one statement computing both materialised every
 * posting twice and took three times as long on 100,000 chunks.
 */
export async function lexicalCandidates(
  db: Database,
  {
    organizationId,
    terms,
    limit,
    documentIds,
  }: { organizationId: number; terms: string[]; limit: number; documentIds?: number[] },
): Promise<{ statistics: CollectionStatistics; chunkIds: number[] }> {
  const statistics = await collectionStatistics(db, organizationId, [...new Set(terms)])
  if (limit === 0 || statistics.documentFrequency.size === 0) return { statistics, chunkIds: [] }
  const known = [...statistics.documentFrequency.keys()]
  const weights = known.map((term) => idf(statistics.chunkCount, statistics.documentFrequency.get(term)!))
  const averageLength = Math.max(statistics.averageLength, 1)
  const lengthNorm = sql`(1 - ${B}::float8 + ${B}::float8 * p.chunk_length / ${averageLength}::float8)`
  const inDocuments = documentIds
    ? sql`and p.chunk_id in (select id from document_chunks
        where organization_id = ${organizationId} and document_id = any(${intArray(documentIds)}))`
    : sql``
  const score = sql`sum(w.idf * p.frequency * ${K1 + 1}::float8 / (p.frequency + ${K1}::float8 * ${lengthNorm}))`
  const rows = rowsOf(
    await db.execute(sql`
      select p.chunk_id
      from chunk_terms p join unnest(${textArray(known)}, ${floatArray(weights)}) as w(term, idf) using (term)
      where p.organization_id = ${organizationId} and p.term = any(${textArray(known)})
      ${inDocuments}
      group by p.chunk_id
      order by ${score} desc, p.chunk_id
      limit ${limit}`),
  )
  return { statistics, chunkIds: rows.map((row) => Number(row.chunk_id)) }
}

async function collectionStatistics(
  db: Database,
  organizationId: number,
  terms: string[],
): Promise<CollectionStatistics> {
  const rows = rowsOf(
    await db.execute(sql`
      select null::text as term, count(*)::float8 as n, coalesce(avg(term_count), 0)::float8 as avgdl
      from document_chunks where organization_id = ${organizationId}
      union all
      select term, count(*)::float8, null from chunk_terms
      where organization_id = ${organizationId} and term = any(${textArray(terms)})
      group by term`),
  )
  const statistics: CollectionStatistics = { chunkCount: 0, averageLength: 0, documentFrequency: new Map() }
  for (const row of rows) {
    if (row.term === null) {
      statistics.chunkCount = Number(row.n)
      statistics.averageLength = Number(row.avgdl)
    } else statistics.documentFrequency.set(String(row.term), Number(row.n))
  }
  return statistics
}

/**
 * A chunk's lexical score from its own terms: BM25 over the query's terms plus BM25 over its
 * adjacent term pairs, divided by what a chunk of average length holding every term and pair once
 * would score (capped at 1). A pair's document frequency is taken as the smaller of its two terms'
 * (an upper bound: pairs are not indexed). So 1 means every term and phrase of the question is
 * there; 0.5 about half of their weight.
 *
 * The scorer takes the chunk's stored terms (joinTerms) and their count, and finds each query term
 * and pair in them as a space-delimited substring: splitting some 200 candidates into arrays of
 * terms, and pairing them, cost more than the rest of a search.
 */
export function lexicalScorer(queryTerms: string[], statistics: CollectionStatistics) {
  const { chunkCount: n, averageLength, documentFrequency } = statistics
  const weights = new Map<string, number>()
  for (const term of new Set(queryTerms)) {
    const df = documentFrequency.get(term)
    if (df) weights.set(term, idf(n, df))
  }
  for (const pair of new Set(bigrams(queryTerms))) {
    const [first, second] = pair.split(' ')
    const df = Math.min(documentFrequency.get(first!) ?? 0, documentFrequency.get(second!) ?? 0)
    if (df) weights.set(pair, idf(n, df))
  }
  // At average length a term found once scores exactly its weight: (k1 + 1) / (1 + k1) = 1.
  let ideal = 0
  for (const weight of weights.values()) ideal += weight
  const needles = [...weights].map(([key, weight]) => ({ needle: ` ${key} `, weight }))
  return (storedTerms: string, length: number) => {
    if (ideal === 0) return 0
    const haystack = ` ${storedTerms} `
    const norm = K1 * (1 - B + (B * length) / Math.max(averageLength, 1))
    let score = 0
    for (const { needle, weight } of needles) {
      let frequency = 0
      // From one past each match, so pairs that share a term ("a a a" holds "a a" twice) all count.
      for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) frequency++
      if (frequency) score += (weight * frequency * (K1 + 1)) / (frequency + norm)
    }
    return Math.min(1, score / ideal)
  }
}
