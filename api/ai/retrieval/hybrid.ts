import { type SQL, sql } from 'drizzle-orm'

import { log } from '../../../runtime/log'
import type { Database } from '../../db/database'
import { intArray, rowsOf, vectorLiteral } from '../../db/sql-values'
import type { ApiConfig } from '../../kernel/config'
import type { EmbeddingProvider } from '../embeddings/provider'
import { isZero } from '../embeddings/vector-math'
import { relatedTerms } from '../text/related-terms'
import { analyze, joinTerms } from './analyzer'
import { candidateIds, lexicalCandidates, lexicalScorer } from './bm25'
import type { Passage, SearchMode } from './passage'
import type { PostingsCache } from './postings-cache'
import { readingNearest } from './vector-search'

// Each ranking hands this many candidates to fusion; phrase scoring re-orders them, and on the dev
// set more than 50 never changed the top 10.
const CANDIDATES = 100

// A passage that shares no word with the query is shown only when it is close in meaning; otherwise
// every question would list a few "5% match" passages about something else. At 0.5 the dev set lost
// 0.009 nDCG@10 within reports (relevant tables that share no word); at 0.3 it lost nothing.
const MIN_SEMANTIC_WITHOUT_WORDS = 0.3

/**
 * What retrieval reads of the backend's dependencies (api/kernel/context.ts `Deps`), named here because
 * ai/ sits below that bag, which names ai/'s providers.
 */
export interface RetrievalDeps {
  db: Database
  config: Pick<ApiConfig, 'SEARCH_SEMANTIC_WEIGHT'>
  embeddings: EmbeddingProvider
  /** The postings of the terms asked of large organizations that this process holds (docs/decisions/087). */
  postings?: PostingsCache
}

export interface RetrievalRequest {
  organizationId: number
  query: string
  topK: number
  mode: SearchMode
  /** Only these documents (still of the organization). */
  documentIds?: number[]
}

/**
 * Hybrid retrieval: BM25 candidates and nearest-vector candidates of the organization, fused by a
 * weighted sum of scores that are each absolute (not relative to the best hit), so the score means
 * the same from one query to the next. Chosen by `npm run eval:retrieval` (docs/decisions/004).
 * While it runs, the process reads no postings to hold (`PostingsCache.asking`).
 */
export async function retrieve(deps: RetrievalDeps, request: RetrievalRequest): Promise<Passage[]> {
  return deps.postings ? deps.postings.asking(() => retrieveNow(deps, request)) : retrieveNow(deps, request)
}

async function retrieveNow(deps: RetrievalDeps, request: RetrievalRequest): Promise<Passage[]> {
  const { db, embeddings } = deps
  const { organizationId, query, topK, mode, documentIds } = request
  const pool = Math.max(CANDIDATES, topK * 2)
  const lexicalOf = (terms: string[]) =>
    lexicalCandidates(db, {
      organizationId,
      terms,
      limit: mode === 'vector' ? 0 : pool,
      documentIds,
      held: deps.postings,
      // Ranked in the statement that reads the candidates.
      inline: true,
    })
  let terms = analyze(query)
  let lexical = await lexicalOf(terms)
  // A word no passage of the organization holds is looked for in the words that name the same thing
  // ("buyers" where the memo says "acquirers"); a word the files use is searched as asked.
  const unheld = terms.filter((term) => !lexical.statistics.documentFrequency.has(term) && relatedTerms(term).length)
  if (unheld.length) {
    terms = [...terms, ...unheld.flatMap(relatedTerms)]
    lexical = await lexicalOf(terms)
  }
  const queryVector = mode === 'lexical' ? null : await embedQuery(deps, query, mode === 'vector')
  const similarity = queryVector
    ? sql`case when c.embedding_model = ${embeddings.model}
        then 1 - (c.embedding <=> ${vectorLiteral(queryVector)}::vector) end`
    : sql`null::float8`
  // The candidates of either ranking, read in the statement that finds the nearest. Texts are read
  // only for the passages shown (below): for every candidate they were most of the bytes.
  const candidatesOf = (nearest: SQL | null) => sql`
      select c.id, c.terms, c.term_count, case when c.terms is null then c.text end as text, ${similarity} as similarity
      from document_chunks c
      where c.organization_id = ${organizationId} and c.id in (
        ${candidateIds(lexical)} ${nearest ? sql`union select n.id from (${nearest}) n` : sql``})`
  if (!queryVector && lexical.chunkIds.length === 0 && !lexical.ranking) return []
  const candidates = queryVector
    ? await readingNearest(
        db,
        {
          organizationId,
          model: embeddings.model,
          vector: queryVector,
          limit: pool,
          chunkCount: lexical.statistics.chunkCount,
          allChunks: lexical.statistics.allChunks,
          documentIds,
        },
        candidatesOf,
      )
    : rowsOf(await db.execute(candidatesOf(null)))
  const scoreLexically = lexicalScorer(terms, lexical.statistics)
  const baseline = embeddings.baselineSimilarity
  const weight =
    mode === 'lexical'
      ? 0
      : mode === 'vector'
        ? 1
        : (deps.config.SEARCH_SEMANTIC_WEIGHT ?? embeddings.hybridWeight ?? 0.5)
  const scored = candidates.map((row): Scored => {
    const similarity = row.similarity === null ? -1 : Number(row.similarity)
    const lexicalScore = mode === 'vector' ? 0 : scoreLexically(storedTerms(row), Number(row.term_count))
    const semantic = Math.min(1, Math.max(0, (similarity - baseline) / (1 - baseline)))
    return {
      chunkId: Number(row.id),
      score: (1 - weight) * lexicalScore + weight * semantic,
      lexical: lexicalScore,
      semantic,
      similarity,
    }
  })
  const ranked =
    mode === 'vector'
      ? scored.sort((a, b) => b.similarity - a.similarity || a.chunkId - b.chunkId)
      : scored
          .filter((passage) => passage.lexical > 0 || passage.semantic >= MIN_SEMANTIC_WITHOUT_WORDS)
          .sort((a, b) => b.score - a.score || b.lexical - a.lexical || a.chunkId - b.chunkId)
  return distinctPassages(deps, organizationId, ranked, topK)
}

interface Scored {
  chunkId: number
  score: number
  lexical: number
  semantic: number
  similarity: number
}

/** A candidate's stored terms; chunks indexed before terms were stored are analysed here. */
const storedTerms = (row: Record<string, unknown>) =>
  row.terms === null ? joinTerms(analyze(String(row.text))) : String(row.terms)

/**
 * The first `topK` passages whose text differs from every better one's (whitespace aside): the same
 * text in two documents (a file kept twice, a page footer repeated) is listed once, with its best
 * score, and a passage further down takes the place the copy would have had. Texts are read in
 * batches down the ranking until `topK` are kept, usually one.
 */
async function distinctPassages(
  { db }: RetrievalDeps,
  organizationId: number,
  ranked: Scored[],
  topK: number,
): Promise<Passage[]> {
  const seen = new Set<string>()
  const kept: Passage[] = []
  const batch = topK + 5
  for (let start = 0; start < ranked.length && kept.length < topK; start += batch) {
    const slice = ranked.slice(start, start + batch)
    const rows = rowsOf(
      await db.execute(sql`
        select c.id, c.document_id, c.text, c.page_number, c.sheet_name,
          (select title from documents d where d.id = c.document_id and d.organization_id = ${organizationId}) as title
        from document_chunks c
        where c.organization_id = ${organizationId} and c.id = any(${intArray(slice.map((passage) => passage.chunkId))})`),
    )
    // The title by the document's key for each passage: joined, the planner read every document of
    // the organization when the table's statistics were old (the embedded database analyses only
    // the search tables).
    const byId = new Map(rows.filter((row) => row.title !== null).map((row) => [Number(row.id), row]))
    for (const { chunkId, score, lexical, semantic } of slice) {
      const row = byId.get(chunkId)
      if (!row || kept.length === topK) continue
      const text = String(row.text)
      const normalised = text.replace(/\s+/g, ' ').trim()
      if (seen.has(normalised)) continue
      seen.add(normalised)
      kept.push({
        chunkId,
        documentId: Number(row.document_id),
        documentTitle: String(row.title),
        text,
        pageNumber: row.page_number === null ? null : Number(row.page_number),
        sheetName: (row.sheet_name as string | null) ?? null,
        score,
        lexical,
        semantic,
      })
    }
  }
  return kept
}

/**
 * The query's vector, or null when it holds nothing the model knows. In hybrid mode a provider
 * failure (a remote server down) falls back to lexical ranking instead of failing the search.
 */
async function embedQuery({ embeddings }: RetrievalDeps, query: string, required: boolean) {
  try {
    const [vector] = await embeddings.embed([query], 'query')
    return vector && !isZero(vector) ? vector : null
  } catch (error) {
    if (required) throw error
    log.warn({ err: error, model: embeddings.model }, `[search] ${embeddings.model} failed, ranking by words only`)
    return null
  }
}
