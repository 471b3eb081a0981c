// `npm run eval:retrieval -- <BEIR dir> [--weights=0.1,0.2]`: ingests corpus.jsonl into a scratch
// organization through the real upload and processing pipeline (one text document per passage),
// runs every judged query of queries.jsonl through POST /api/search/ in each ranking mode, and
// prints nDCG@10, Recall@5, Recall@10, MRR@10 and latency: over the whole corpus, and restricted to
// the passages of the query's own report (`doc_id`) through the API's document filter.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createApi } from '../api/app'
import { createBackend } from '../api/backend'
import { loadApiConfig } from '../api/config'
import { openDatabase } from '../api/db/client'
import { seedDemo } from '../api/db/seed'
import { type Metrics, averageOf, percentile, scoreRanking } from './eval/metrics'

const argv = process.argv.slice(2)
const directory = argv.find((argument) => !argument.startsWith('--'))
if (!directory) {
  console.error('Usage: npm run eval:retrieval -- <dir with corpus.jsonl, queries.jsonl, qrels/*.tsv> [--weights=0.1,0.2]')
  process.exit(1)
}
const sweep = argv.find((argument) => argument.startsWith('--weights='))?.slice('--weights='.length).split(',').map(Number) ?? []

const readJsonl = <T>(file: string) =>
  readFileSync(path.join(directory, file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T)

const corpus = readJsonl<{ _id: string; doc_id?: string; text: string; title?: string }>('corpus.jsonl')
const queries = readJsonl<{ _id: string; text: string; doc_id?: string }>('queries.jsonl')
const qrels = new Map<string, Map<string, number>>()
for (const file of readdirSync(path.join(directory, 'qrels')).filter((name) => name.endsWith('.tsv'))) {
  for (const line of readFileSync(path.join(directory, 'qrels', file), 'utf8').split('\n').slice(1)) {
    const [query, passage, score] = line.split('\t')
    if (!query || !passage || !(Number(score) > 0)) continue
    if (!qrels.has(query)) qrels.set(query, new Map())
    qrels.get(query)!.set(passage, Number(score))
  }
}
const judged = queries.filter((query) => qrels.has(query._id))

const dataDir = mkdtempSync(path.join(tmpdir(), 'eval-retrieval-'))
const config = loadApiConfig({ ...process.env, DATA_DIR: dataDir, JWT_SECRET: 'eval-secret-that-is-long-enough-for-hs256', JOB_POLL_MS: '20', ACCESS_TOKEN_TTL_SECONDS: '86400' })
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
  const response = await api.fetch(new Request(`http://eval/api${url}`, { ...init, headers, body }), { clientAddress: '127.0.0.1' })
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`)
  return response.json()
}

try {
  const { access } = await call(backend.api, '/token/obtain/', { method: 'POST', json: { username: 'admin', password: 'demo-password' } })
  const organization = await call(backend.api, '/organizations/', { method: 'POST', json: { name: 'Retrieval evaluation' } }, access)
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
    if (passage.doc_id) documentsOfReport.set(passage.doc_id, [...(documentsOfReport.get(passage.doc_id) ?? []), document.id])
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
    for (const query of judged) {
      const documentIds = restrict && query.doc_id ? documentsOfReport.get(query.doc_id) : undefined
      const begin = performance.now()
      const { results } = await scoped(api, '/search/', { method: 'POST', json: { query: query.text, top_k: 10, mode, document_ids: documentIds } })
      latencies.push(performance.now() - begin)
      const ranked = [...new Set((results as Array<{ document_id: number }>).map((result) => passageOf.get(result.document_id)!))]
      scores.push(scoreRanking(ranked, qrels.get(query._id)!))
    }
    return { ...averageOf(scores), p50: percentile(latencies, 50), p95: percentile(latencies, 95) }
  }

  const weight = config.SEARCH_SEMANTIC_WEIGHT ?? backend.deps.embeddings.hybridWeight ?? 0.5
  const modes: Array<[string, string, Api]> = [
    ['full-text only (BM25 + phrases)', 'lexical', backend.api],
    ['vectors only', 'vector', backend.api],
    [`hybrid (semantic weight ${weight})`, 'hybrid', backend.api],
    ...sweep.map((w): [string, string, Api] => [
      `hybrid (semantic weight ${w})`,
      'hybrid',
      createApi({ ...backend.deps, config: { ...config, SEARCH_SEMANTIC_WEIGHT: w } }),
    ]),
  ]
  for (const [scope, restrict] of [['whole corpus', false], ['within the query’s report', true]] as const) {
    const rows: Record<string, Record<string, string>> = {}
    for (const [label, mode, api] of modes) {
      const result = await evaluate(api, mode, restrict)
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
  }
} finally {
  await backend.stop()
  await database.close()
  rmSync(dataDir, { recursive: true, force: true })
}
