import { type SQL, sql } from 'drizzle-orm'

import type { Database } from '../../db/database'
import { intArray, rowsOf, textArray } from '../../db/sql-values'
import { analyze, bigrams, joinTerms } from './analyzer'
import type { PostingList, PostingsCache } from './postings-cache'

/**
 * Okapi BM25 with Anserini's defaults (k1 0.9, b 0.4), chosen as published rather than tuned on our
 * dev set, where they also beat the textbook 1.2 / 0.75 (0.655 against 0.639 nDCG@10 with phrases).
 */
export const K1 = 0.9
export const B = 0.4

export interface CollectionStatistics {
  /** Chunks in the organization. */
  chunkCount: number
  /** Chunks of every organization: about what the vector index holds beside the organization's. */
  allChunks: number
  averageLength: number
  /** Chunks of the organization containing each query term. */
  documentFrequency: Map<string, number>
}

const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5))

/**
 * The postings a ranking statement reads at most, before the commonest terms of the query are left
 * to re-score the candidates the rarer ones found (`lexicalCandidates`). At 100,000 chunks "year"
 * and "net" have tens of thousands of postings each, and aggregating them was most of a search's
 * time. Below it (every dev-set question on its 1,634 passages) the ranking reads every posting.
 * Past it, a question whose terms' postings this process holds (`PostingsCache`) is ranked from them.
 */
export const POSTINGS_BUDGET = 20_000

// Candidates are scored fully in batches of this many, best partial score first.
const RESCORE_BATCH = 250
// Candidates scored fully at most: when the rarer terms cannot prove the top, their best this many
// (at 100,000 chunks, 300 kept the same full-text top 10 for 125 of 200 questions, 1,000 for 142,
// at 6 ms more); with a proof, the result is exact unless this many were not enough.
const RESCORED_AT_MOST = 1_000

/**
 * The organization's top chunks by BM25 over single terms, with the statistics that score them.
 * Every statement filters by the organization, so no other organization's chunk or statistic takes
 * part. `documentIds` narrows the candidates, never the statistics. The statistics come first and
 * the weights travel into the ranking as values: one statement computing both materialised every
 * posting twice and took three times as long on 100,000 chunks.
 *
 * When the query's postings exceed `POSTINGS_BUDGET`, the rarest terms whose postings fit in it
 * rank the chunks that hold one of them, and the other, common, terms only re-score those
 * candidates, counted in their stored terms. A chunk holding only common terms scores at most the sum
 * of their upper bounds (idf × (k1 + 1)), so when the `limit`-th best of the rarer terms' scores is
 * above that sum the top chunks all hold a rarer term, and candidates are scored fully, best partial
 * score first, until none left can reach the top: the result is exactly that of ranking every
 * posting (MaxScore, Turtle and Flood 1995). When it is not, the best `RESCORED_AT_MOST`
 * candidates by the rarer terms are scored fully and the top kept: an approximation, measured in
 * docs/decisions/070. When fewer chunks than `limit` hold a rarer term, the next term joins them.
 * `pruning: false` ranks every posting. Past the budget, when `held` has the lists of the terms at
 * the organization's generation but for some whose postings fit in the budget, those are read with
 * the question and all are ranked here, every posting exactly (docs/decisions/087); when not, the
 * missing lists are read for the next question.
 */
export async function lexicalCandidates(
  db: Database,
  {
    organizationId,
    terms,
    limit,
    documentIds,
    budget = POSTINGS_BUDGET,
    rescored = RESCORED_AT_MOST,
    pruning = true,
    held,
    inline = false,
  }: {
    organizationId: number
    terms: string[]
    limit: number
    documentIds?: number[]
    /** The postings a ranking statement may read (tests); `POSTINGS_BUDGET` by default. */
    budget?: number
    /** The candidates scored fully when the rarer terms cannot prove the top (tests, tuning). */
    rescored?: number
    pruning?: boolean
    /** The postings this process holds (`documentIds` aside). */
    held?: PostingsCache
    /**
     * When the ranking is one statement of every posting, leave it for the caller's statement to
     * read (`ranking`) instead of running it: one round trip fewer a question.
     */
    inline?: boolean
  },
): Promise<LexicalCandidates> {
  const { generation, ...statistics } = await collectionStatistics(db, organizationId, [...new Set(terms)])
  const { documentFrequency } = statistics
  if (limit === 0 || documentFrequency.size === 0) return { statistics, chunkIds: [] }
  const weights = new Map([...documentFrequency].map(([term, df]) => [term, idf(statistics.chunkCount, df)] as const))
  // Rarest first; the common terms are a suffix.
  const known = [...documentFrequency.keys()].sort(
    (a, b) => documentFrequency.get(a)! - documentFrequency.get(b)! || (a < b ? -1 : 1),
  )
  const everyPosting = known.reduce((sum, term) => sum + documentFrequency.get(term)!, 0)
  if (held && !documentIds && everyPosting > budget) {
    // Lists of a twentieth of the budget or less are read with the questions that ask them.
    held.readAhead(db, organizationId, generation, { minChunks: Math.ceil(budget / 20) })
    const { lists, missing } = held.lists(organizationId, generation, known)
    const unheld = missing.reduce((sum, term) => sum + documentFrequency.get(term)!, 0)
    // The terms not held are the rarer ones of a question whose common terms are: their few postings
    // are read with the question and ranked with the held lists.
    const read =
      missing.length === 0
        ? new Map<string, PostingList>()
        : unheld <= budget && (await held.readNow(db, organizationId, generation, missing))
    if (read) {
      const scored = known.map((term) => ({ list: lists.get(term) ?? read.get(term)!, weight: weights.get(term)! }))
      return { statistics, chunkIds: rankLists(scored, statistics.averageLength, limit) }
    }
    held.read(
      db,
      organizationId,
      missing.map((term) => ({ term, postings: documentFrequency.get(term)! })),
    )
  }
  // The rarest terms whose postings fit in the budget (at least one) select the candidates.
  let split = 0
  for (let postings = 0; split < known.length; split++) {
    postings += documentFrequency.get(known[split]!)!
    if (postings > budget && split > 0) break
  }
  const ranking = { db, organizationId, statistics, weights, limit, documentIds, rescored }
  // A term's BM25 is below idf × (k1 + 1) at any frequency and length.
  const boundFrom = (start: number) => known.slice(start).reduce((sum, term) => sum + weights.get(term)! * (K1 + 1), 0)
  for (; pruning && split < known.length; split++) {
    const chunkIds = await prunedRanking(ranking, known.slice(0, split), known.slice(split), boundFrom(split))
    if (chunkIds) return { statistics, chunkIds }
  }
  if (inline) return { statistics, chunkIds: [], ranking: rankingStatement(ranking, known, 0) }
  return { statistics, chunkIds: (await rankPostings(ranking, known, 0)).rows.map((row) => row.chunkId) }
}

export interface LexicalCandidates {
  statistics: CollectionStatistics
  /** The candidates, best first; empty when `ranking` is given. */
  chunkIds: number[]
  /** The statement whose rows (`chunk_id`, `score`, best first) are the candidates, left to the caller (`inline`). */
  ranking?: SQL
}

/** The candidates' ids as rows of a subquery, however `lexicalCandidates` gave them. */
export const candidateIds = ({ chunkIds, ranking }: LexicalCandidates) =>
  ranking ? sql`select chunk_id from (${ranking}) r` : sql`select unnest(${intArray(chunkIds)})`

interface Ranking {
  db: Database
  organizationId: number
  statistics: CollectionStatistics
  weights: Map<string, number>
  limit: number
  documentIds?: number[]
  rescored: number
}

/**
 * BM25 over the postings of `terms`, best first. With `bound` > 0, the chunks whose score plus
 * `bound` reaches the `limit`-th best score (`theta`, null when fewer chunks hold a term), the first
 * `RESCORED_AT_MOST` of them, else the top `limit`.
 */
async function rankPostings(
  ranking: Ranking,
  terms: string[],
  bound: number,
): Promise<{ rows: Array<{ chunkId: number; score: number }>; theta: number | null }> {
  const { db, limit } = ranking
  const rows = rowsOf(await db.execute(rankingStatement(ranking, terms, bound))).map((row) => ({
    chunkId: Number(row.chunk_id),
    score: Number(row.score),
  }))
  if (bound === 0) return { rows, theta: null }
  if (rows.length < limit) return { rows: [], theta: null }
  const theta = rows[limit - 1]!.score
  return { rows: rows.filter((row) => row.score + bound >= theta), theta }
}

/** `rankPostings`'s statement: the top chunks by BM25 over the postings of `terms`, best first. */
function rankingStatement(
  { organizationId, statistics, weights, limit, documentIds }: Ranking,
  terms: string[],
  bound: number,
) {
  const averageLength = Math.max(statistics.averageLength, 1)
  const inDocuments = documentIds
    ? sql`and p.chunk_id in (select id from document_chunks
        where organization_id = ${organizationId} and document_id = any(${intArray(documentIds)}))`
    : sql``
  // A term's postings scored with its weight and the length norm as constants:
  // idf × (k1 + 1) × tf / (tf + k1 × (1 − b) + k1 × b × length / avgdl).
  const scored = (term: string) => sql`
      select p.chunk_id, ${weights.get(term)! * (K1 + 1)}::float8 * p.frequency
        / (p.frequency + ${K1 * (1 - B)}::float8 + ${(K1 * B) / averageLength}::float8 * p.chunk_length) as score
      from chunk_terms p
      where p.organization_id = ${organizationId} and p.term = ${term} ${inDocuments}`
  // The commonest term (the last, rarest first) holds most of the postings, and a chunk holds each
  // term once: its postings are scored as they are read and only the other terms' are grouped by
  // chunk and joined to them. Grouping every posting built a hash table of every chunk (17,132 for
  // one question), which cost more than reading and scoring them.
  const last = terms.at(-1)!
  const others = terms.slice(0, -1)
  const ranked =
    others.length === 0
      ? scored(last)
      : sql`
      with others as materialized (
        select chunk_id, sum(score) as score
        from (${sql.join(others.map(scored), sql` union all `)}) o
        group by chunk_id)
      select coalesce(l.chunk_id, o.chunk_id) as chunk_id, coalesce(l.score, 0) + coalesce(o.score, 0) as score
      from (${scored(last)}) l full join others o on o.chunk_id = l.chunk_id`
  // With a bound, the best `RESCORED_AT_MOST` in one top-N sort, and θ and the cut taken from them
  // in rankPostings: the statement that found θ in SQL kept every chunk's score and read it twice more.
  return sql`
      select chunk_id, score from (${ranked}) r
      order by score desc, chunk_id
      limit ${bound === 0 ? limit : Math.max(limit, RESCORED_AT_MOST)}`
}

/**
 * The top `limit` chunks by BM25 over `rare` and `common` terms, reading only the rare terms'
 * postings: exact when the rare terms' `limit`-th best score is above `bound` (what a chunk holding
 * only common terms can score), else the best of the rare terms' first `RESCORED_AT_MOST`
 * candidates. Null when fewer than `limit` chunks hold a rare term.
 */
async function prunedRanking(
  ranking: Ranking,
  rare: string[],
  common: string[],
  bound: number,
): Promise<number[] | null> {
  const { db, organizationId, statistics, weights, limit, rescored } = ranking
  const { rows, theta } = await rankPostings(ranking, rare, bound)
  if (theta === null) return null
  const proved = theta > bound
  // Without a proof the candidates are read at once; with one, in batches until the rest cannot enter.
  const candidates = proved ? rows : rows.slice(0, Math.max(rescored, limit))
  const batchSize = proved ? RESCORE_BATCH : candidates.length
  const averageLength = Math.max(statistics.averageLength, 1)
  // Found as space-delimited substrings of the stored terms: splitting a thousand chunks' terms into
  // arrays to count a few common ones cost twice as much.
  const needles = common.map((term) => ({ needle: ` ${term} `, weight: weights.get(term)! }))
  const best: Array<{ chunkId: number; score: number }> = []
  // The limit-th best full score so far: a candidate whose partial score plus the bound is below it cannot enter.
  let floor = -Infinity
  for (let start = 0; start < candidates.length && candidates[start]!.score + bound >= floor; start += batchSize) {
    const batch = candidates.slice(start, start + batchSize).filter((row) => row.score + bound >= floor)
    const stored = rowsOf(
      await db.execute(sql`
        select id, terms, term_count, case when terms is null then text end as text
        from document_chunks
        where organization_id = ${organizationId} and id = any(${intArray(batch.map((row) => row.chunkId))})`),
    )
    const byId = new Map(stored.map((row) => [Number(row.id), row]))
    for (const { chunkId, score } of batch) {
      const row = byId.get(chunkId)
      if (!row) continue
      const analysed = row.terms === null ? analyze(String(row.text)) : null
      const haystack = ` ${analysed ? joinTerms(analysed) : String(row.terms)} `
      const length = analysed ? analysed.length : Number(row.term_count)
      const norm = K1 * (1 - B + (B * length) / averageLength)
      let full = score
      for (const { needle, weight } of needles) {
        let frequency = 0
        for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length - 1))
          frequency++
        if (frequency) full += (weight * frequency * (K1 + 1)) / (frequency + norm)
      }
      best.push({ chunkId, score: full })
    }
    best.sort((a, b) => b.score - a.score || a.chunkId - b.chunkId)
    best.length = Math.min(best.length, limit)
    if (best.length === limit) floor = best[limit - 1]!.score
  }
  return best.map((row) => row.chunkId)
}

// Chunks scored together by `rankLists`: a window of chunk ids whose scores are summed in an array
// (Lucene's BooleanScorer does the same), 512 KB of scores however far apart an organization's chunks are.
const WINDOW = 65_536
const windowScores = new Float64Array(WINDOW)
const windowTouched = new Int32Array(WINDOW)

/**
 * The top `limit` chunks by BM25 over every posting of the lists, best first (ties by chunk), as
 * `rankPostings` computes each term's part, summed in the lists' order. Term at a time within a
 * window of chunk ids: each list's postings in the window are added to their chunk's slot, then the
 * window's chunks are offered to the kept ones; a window starts at the lowest chunk not yet read, so
 * a stretch of ids no list holds costs nothing. Merging the lists a chunk at a time compared every
 * list at every chunk: ~7 ms of a held question's ~28 at 100,000 chunks (docs/benchmarks.md).
 */
export function rankLists(
  lists: Array<{ list: PostingList; weight: number }>,
  averageLength: number,
  limit: number,
): number[] {
  const constant = K1 * (1 - B)
  const perLength = (K1 * B) / Math.max(averageLength, 1)
  const positions = new Int32Array(lists.length)
  const kept: Array<{ chunkId: number; score: number }> = []
  // The limit-th best kept once `limit` are, which a chunk must beat (or tie with a lower id) to be kept.
  let floor = -Infinity
  let floorChunk = Infinity
  const cut = () => {
    kept.sort((a, b) => b.score - a.score || a.chunkId - b.chunkId)
    kept.length = Math.min(kept.length, limit)
    if (limit > 0 && kept.length === limit) ({ score: floor, chunkId: floorChunk } = kept[limit - 1]!)
  }
  for (;;) {
    let start = Infinity
    lists.forEach(({ list }, index) => {
      const at = positions[index]!
      if (at < list.chunkIds.length) start = Math.min(start, list.chunkIds[at]!)
    })
    if (start === Infinity) break
    const end = start + WINDOW
    let touched = 0
    lists.forEach(({ list: { chunkIds, frequencies, lengths }, weight }, index) => {
      const factor = weight * (K1 + 1)
      let at = positions[index]!
      for (; at < chunkIds.length && chunkIds[at]! < end; at++) {
        const slot = chunkIds[at]! - start
        const frequency = frequencies[at]!
        // Zero until a posting lands: a term's part is positive at any frequency of at least 1.
        if (windowScores[slot] === 0) windowTouched[touched++] = slot
        windowScores[slot] += (factor * frequency) / (frequency + constant + perLength * lengths[at]!)
      }
      positions[index] = at
    })
    for (let index = 0; index < touched; index++) {
      const slot = windowTouched[index]!
      const score = windowScores[slot]!
      windowScores[slot] = 0
      const chunkId = start + slot
      if (score > floor || (score === floor && chunkId < floorChunk)) {
        kept.push({ chunkId, score })
        if (kept.length >= 2 * limit) cut()
      }
    }
  }
  cut()
  return kept.map((row) => row.chunkId)
}

/**
 * The organization's chunk count and average length as the triggers of migration 0037 keep them in
 * `chunk_statistics`, and each term's document frequency as those of migration 0035 keep it in
 * `term_statistics`: counting a common term's postings at every query cost as much as ranking them,
 * and counting the chunks 10 ms at 100,000. With them the organization's search generation, under
 * which the postings this process holds are kept.
 */
async function collectionStatistics(
  db: Database,
  organizationId: number,
  terms: string[],
): Promise<CollectionStatistics & { generation: number }> {
  const rows = rowsOf(
    await db.execute(sql`
      select null::text as term, chunks::float8 as n, (terms::float8 / greatest(chunks, 1))::float8 as avgdl,
        (select sum(chunks) from chunk_statistics)::float8 as total,
        (select search_generation from organizations where id = ${organizationId})::float8 as generation
      from chunk_statistics where organization_id = ${organizationId}
      union all
      select term, chunks::float8, null, null, null from term_statistics
      where organization_id = ${organizationId} and term = any(${textArray(terms)}) and chunks > 0`),
  )
  const statistics = {
    chunkCount: 0,
    allChunks: 0,
    averageLength: 0,
    generation: 0,
    documentFrequency: new Map<string, number>(),
  }
  for (const row of rows) {
    if (row.term === null) {
      statistics.chunkCount = Number(row.n)
      statistics.allChunks = Number(row.total)
      statistics.averageLength = Number(row.avgdl)
      statistics.generation = Number(row.generation)
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
export function lexicalScorer(queryTerms: string[], statistics: Omit<CollectionStatistics, 'allChunks'>) {
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
