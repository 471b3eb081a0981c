import { sql } from 'drizzle-orm'

import type { Database } from '../../db/database'
import { intArray, textArray } from '../../db/sql-values'
import { termFrequencies } from './analyzer'

// One statement per this many postings: large enough to amortise the round trip, small enough that
// the arrays stay a few MB.
const POSTINGS_PER_STATEMENT = 20_000

/** Writes the BM25 postings of chunks whose analysed terms are given (old ones must be gone). */
export async function writePostings(
  db: Database,
  organizationId: number,
  chunks: Array<{ id: number; terms: string[] }>,
) {
  let terms: string[] = []
  let chunkIds: number[] = []
  let frequencies: number[] = []
  let lengths: number[] = []
  const flush = async () => {
    if (terms.length === 0) return
    await db.execute(sql`
      insert into chunk_terms (organization_id, term, chunk_id, frequency, chunk_length)
      select ${organizationId}, term, chunk_id, frequency, chunk_length
      from unnest(${textArray(terms)}, ${intArray(chunkIds)}, ${intArray(frequencies)}, ${intArray(lengths)})
        as p(term, chunk_id, frequency, chunk_length)`)
    terms = []
    chunkIds = []
    frequencies = []
    lengths = []
  }
  for (const chunk of chunks) {
    for (const [term, frequency] of termFrequencies(chunk.terms)) {
      terms.push(term)
      chunkIds.push(chunk.id)
      frequencies.push(frequency)
      lengths.push(chunk.terms.length)
    }
    if (terms.length >= POSTINGS_PER_STATEMENT) await flush()
  }
  await flush()
}
