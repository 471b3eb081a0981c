// `npm run eval:retrieval -- <BEIR dir> [--weights=0.1,0.2] [--per-query]`: ingests corpus.jsonl into a
// scratch organization through the real upload and processing pipeline (one text document per passage),
// runs every judged query of queries.jsonl through POST /api/search/ in each ranking mode, and
// prints nDCG@10, Recall@5, Recall@10, MRR@10 and latency: over the whole corpus, and restricted to
// the passages of the query's own report (`doc_id`) through the API's document filter. `--per-query`
// adds, for each query, the rank of its first relevant passage and its nDCG@10 in every mode.
//
// It never touches DATA_DIR: an evaluation's thousands of uploads belong in a scratch folder and an
// in-memory database, both gone at the end. The other settings (EMBEDDING_PROVIDER…) apply as usual.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { createApi } from '../api/app'
import { createBackend } from '../api/backend'
import { loadApiConfig } from '../api/config'
import { openDatabase } from '../api/db/client'
import { seedDemo } from '../api/db/seed'
import { averageOf, type Metrics, percentile, scoreRanking } from './eval/metrics'

const argv = process.argv.slice(2)
const directory = argv.find((argument) => !argument.startsWith('--'))
if (!directory) {
  console.error(
    'Usage: npm run eval:retrieval -- <dir with corpus.jsonl, queries.jsonl, qrels/*.tsv> [--weights=0.1,0.2] [--per-query]',
  )
  process.exit(1)
}
const sweep =
  argv
    .find((argument) => argument.startsWith('--weights='))
    ?.slice('--weights='.length)
    .split(',')
    .map(Number) ?? []
const perQuery = argv.includes('--per-query')

const readJsonl = <T>(file: string) =>
  readFileSync(path.join(directory, file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T)

const corpus = readJsonl<{ _id: string; doc_id?: string; text: string; title?: string }>('corpus.jsonl')
const queries = readJsonl<{ _id: string; text: string; doc_id?: string }>('queries.jsonl')
const qrels = new Map<string, Map<string, number>>()
for (const file of readdirSync(path.join(directory, 'qrels')).filter((name) => name.endsWith('.tsv'))) {
  for (const line of readFileSync(path.join(directory, 'qrels', file), 'utf8')
    .split('\n')
    .slice(1)) {
    const [query, passage, score] = line.split('\t')
    if (!query || !passage || !(Number(score) > 0)) continue
    if (!qrels.has(query)) qrels.set(query, new Map())
    qrels.get(query)!.set(passage, Number(score))
  }
}
const judged = queries.filter((query) => qrels.has(query._id))

const dataDir = mkdtempSync(path.join(tmpdir(), 'eval-retrieval-'))
console.log(
  `Uploads go to the scratch folder ${dataDir} and an in-memory database, both removed at the end` +
    (process.env.DATA_DIR ? ` (DATA_DIR=${process.env.DATA_DIR} is not used).` : '.'),
)
const config = loadApiConfig({
  ...process.env,
  DATA_DIR: dataDir,
  JWT_SECRET: 'eval-secret-that-is-long-enough-for-hs256',
  JOB_POLL_MS: '20',
  ACCESS_TOKEN_TTL_SECONDS: '86400',
})
const database = await openDatabase({})
await database.migrate()
await seedDemo(database.db, 'demo-password')
const backend = await createBackend({ db: database.db, config, exclusiveDatabase: true })

type Api = ReturnType<typeof createApi>
const call = async (api: Api, url: string, init: RequestInit & { json?: unknown } = {}, token?: string) => {
  const headers = new Headers(init.headers)
  if (token) headers.set('Authorization', `Bearer ${token}`)
  if (init.json !== undefined) headers.set('Content-Type', 'application/json')
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body
  const response = await api.fetch(new Request(`http://eval/api${url}`, { ...init, headers, body }), {
    clientAddress: '127.0.0.1',
  })
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`)
  return response.json()
}

try {
  const { access } = await call(backend.api, '/token/obtain/', {
    method: 'POST',
    json: { username: 'admin', password: 'demo-password' },
  })
  const organization = await call(
    backend.api,
    '/organizations/',
    { method: 'POST', json: { name: 'Retrieval evaluation' } },
    access,
  )
  const scoped = (api: Api, url: string, init: RequestInit & { json?: unknown } = {}) =>
    call(api, url, { ...init, headers: { 'X-Organization': organization.slug } }, access)

  // Each passage is one text document titled with its id, so every hit maps back to its passage.
  const started = performance.now()
  const passageOf = new Map<number, string>()
  const documentsOfReport = new Map<string, number[]>()
  for (const passage of corpus) {
    const body = new FormData()
    body.append('title', passage._id)
    body.append('file', new Blob([passage.title ? `${passage.title}\n${passage.text}` : passage.text]), 'passage.txt')
    const document = await scoped(backend.api, '/documents/', { method: 'POST', body })
    passageOf.set(document.id, passage._id)
    if (passage.doc_id)
      documentsOfReport.set(passage.doc_id, [...(documentsOfReport.get(passage.doc_id) ?? []), document.id])
  }
  await backend.worker!.idle()
  const statistics = await scoped(backend.api, '/documents/statistics/')
  console.log(
    `Ingested ${statistics.processed_documents}/${corpus.length} passages in ${((performance.now() - started) / 1000).toFixed(1)} s` +
      ` (${statistics.failed_documents} failed); ${judged.length} judged queries; embeddings: ${backend.deps.embeddings.model}`,
  )

  async function evaluate(api: Api, mode: string, restrict: boolean) {
    const scores: Metrics[] = []
    const latencies: number[] = []
    /** Per query: the rank (1-10) of the first relevant passage, or null when none is in the top 10. */
    const firstRelevant = new Map<string, number | null>()
    for (const query of judged) {
      const documentIds = restrict && query.doc_id ? documentsOfReport.get(query.doc_id) : undefined
      const begin = performance.now()
      const { results } = await scoped(api, '/search/', {
        method: 'POST',
        json: { query: query.text, top_k: 10, mode, document_ids: documentIds },
      })
      latencies.push(performance.now() - begin)
      const ranked = [
        ...new Set((results as Array<{ document_id: number }>).map((result) => passageOf.get(result.document_id)!)),
      ]
      scores.push(scoreRanking(ranked, qrels.get(query._id)!))
      const rank = ranked.slice(0, 10).findIndex((id) => qrels.get(query._id)!.has(id)) + 1
      firstRelevant.set(query._id, rank || null)
    }
    const byQuery = judged.map((query, index) => ({
      id: query._id,
      rank: firstRelevant.get(query._id) ?? null,
      ndcg: scores[index]!.ndcg,
    }))
    return { ...averageOf(scores), p50: percentile(latencies, 50), p95: percentile(latencies, 95), byQuery }
  }

  const weight = config.SEARCH_SEMANTIC_WEIGHT ?? backend.deps.embeddings.hybridWeight ?? 0.5
  // [label, mode, api, short name for the per-query columns]
  const modes: Array<[string, string, Api, string]> = [
    ['full-text only (BM25 + phrases)', 'lexical', backend.api, 'lexical'],
    ['vectors only', 'vector', backend.api, 'vector'],
    [`hybrid (semantic weight ${weight})`, 'hybrid', backend.api, `hybrid ${weight}`],
    ...sweep.map((w): [string, string, Api, string] => [
      `hybrid (semantic weight ${w})`,
      'hybrid',
      createApi({ ...backend.deps, config: { ...config, SEARCH_SEMANTIC_WEIGHT: w } }),
      `hybrid ${w}`,
    ]),
  ]
  for (const [scope, restrict] of [
    ['whole corpus', false],
    ['within the query’s report', true],
  ] as const) {
    const rows: Record<string, Record<string, string>> = {}
    const queryRows: Record<string, Record<string, string>> = {}
    for (const [label, mode, api, short] of modes) {
      const result = await evaluate(api, mode, restrict)
      for (const { id, rank, ndcg } of result.byQuery) {
        queryRows[id] ??= {}
        queryRows[id][`${short} rank`] = rank === null ? '-' : String(rank)
        queryRows[id][`${short} nDCG@10`] = ndcg.toFixed(3)
      }
      rows[label] = {
        'nDCG@10': result.ndcg.toFixed(3),
        'Recall@5': result.recall5.toFixed(3),
        'Recall@10': result.recall10.toFixed(3),
        'MRR@10': result.mrr.toFixed(3),
        'p50 ms': result.p50.toFixed(1),
        'p95 ms': result.p95.toFixed(1),
      }
    }
    console.log(`\n${scope} (${corpus.length} passages; latency through the API, in process)`)
    console.table(rows)
    if (perQuery) {
      console.log(`\n${scope}, per query: rank of the first relevant passage ("-": none in the top 10), nDCG@10`)
      console.table(queryRows)
    }
  }
} finally {
  await backend.stop()
  await database.close()
  rmSync(dataDir, { recursive: true, force: true })
}
