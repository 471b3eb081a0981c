// `npm run eval:retrieval -- <BEIR dir> [--weights=0.1,0.2] [--per-query]`: ingests corpus.jsonl into a
// scratch organization through the real upload and processing pipeline (one text document per passage),
// runs every judged query of queries.jsonl through POST /api/search/ in each ranking mode, and
// prints nDCG@10, Recall@5, Recall@10, MRR@10 and latency: over the whole corpus, and restricted to
// the passages of the query's own report (`doc_id`) through the API's document filter. `--per-query`
// adds, for each query, the rank of its first relevant passage and its nDCG@10 in every mode.
//
// It never touches DATA_DIR: an evaluation's thousands of uploads belong in a scratch folder and an
// in-memory database, both gone at the end. The other settings (EMBEDDING_PROVIDER…) apply as usual.
import { createApi } from '../api/app'
import { type Api, ingestPassages, readBeir, scratchBackend } from './eval/beir-corpus'
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

const { corpus, qrels, judged } = readBeir(directory)
const scratch = await scratchBackend('Retrieval evaluation')
const { backend, config, scoped } = scratch

try {
  const { passageOf, documentsOfReport } = await ingestPassages(scratch, corpus)
  console.log(`${judged.length} judged queries`)

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
  await scratch.close()
}
