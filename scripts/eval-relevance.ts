// `npm run eval:relevance -- <BEIR dir> [--reports=N] [--refit]`: whether a chat source's
// "(Relevance: N%)" tells the passage that answers from one that does not (decision 061). Ingests
// corpus.jsonl as eval:answers does (with --reports, only the passages of the first N reports that
// judged questions ask about, sorted by id, and those questions), asks every judged question in a
// fresh conversation, over the whole corpus and within the question's report, and for the passages
// each answer cites prints, beside the same for the retrieval score the chat showed before:
// - mean N of the cited passages judged relevant and of the others, and the share of each at 70% or more;
// - calibration: for N in bands, how many were shown so and the share of them judged relevant.
// `--refit` also fits the relevance model's coefficients (api/chat/source-relevance.ts) by
// logistic regression on every cited passage of both settings, and measures the same form fitted on
// half of the questions on the other half (ten random halvings), so that its figures are not those
// of passages it was fitted on.
import { createHash } from 'node:crypto'

import { askStreaming } from './eval/ask'
import { type BeirQuery, ingestPassages, readBeir, scratchBackend } from './eval/beir-corpus'

const argv = process.argv.slice(2)
const directory = argv.find((argument) => !argument.startsWith('--'))
if (!directory) {
  console.error(
    'Usage: npm run eval:relevance -- <dir with corpus.jsonl, queries.jsonl, qrels/*.tsv> [--reports=N] [--refit]',
  )
  process.exit(1)
}
const reportLimit = Number(argv.find((argument) => argument.startsWith('--reports='))?.slice('--reports='.length) ?? 0)
const refit = argv.includes('--refit')

const beir = readBeir(directory)
const reports = [...new Set(beir.judged.flatMap((query) => query.doc_id ?? []))].sort()
const kept = new Set(reportLimit > 0 ? reports.slice(0, reportLimit) : reports)
const corpus = reportLimit > 0 ? beir.corpus.filter((passage) => kept.has(passage.doc_id ?? '')) : beir.corpus
const questions = reportLimit > 0 ? beir.judged.filter((query) => kept.has(query.doc_id ?? '')) : beir.judged

/** A passage an answer cited, with what the relevance model reads of it and whether it was judged relevant. */
interface Cited {
  question: string
  setting: string
  shown: number
  /** The retrieval score of the passage, as the chat showed it before. */
  score: number
  margin: number
  lead: boolean
  cells: boolean
  relevant: boolean
}

const scratch = await scratchBackend('Relevance evaluation')
const { backend, scoped } = scratch
const topK = backend.deps.config.ANSWER_PASSAGES
try {
  const { passageOf, documentsOfReport } = await ingestPassages(scratch, corpus)
  console.log(`${questions.length} judged questions; answers by ${backend.deps.answers.name}`)
  const cited: Cited[] = []
  for (const [setting, restrict] of [
    ['whole corpus', false],
    ['within the question’s report', true],
  ] as const) {
    for (const query of questions) cited.push(...(await citedBy(query, setting, restrict)))
    const rows = cited.filter((source) => source.setting === setting)
    console.log(
      `\n${setting}: ${rows.length} cited passages, ${share(rows.filter((row) => row.relevant).length, rows.length)} judged relevant`,
    )
    console.table({
      'Relevance shown': summary(rows.map((row) => [row.shown, row.relevant])),
      'retrieval score (before)': summary(rows.map((row) => [row.score, row.relevant])),
    })
    console.log('Calibration: sources shown in each band, and the share of them judged relevant')
    console.table(calibration(rows))
  }
  if (refit) crossValidate(cited)

  async function citedBy(query: BeirQuery, setting: string, restrict: boolean): Promise<Cited[]> {
    const documentIds = restrict && query.doc_id ? documentsOfReport.get(query.doc_id) : undefined
    // The passages the answer is given, as the chat retrieves them.
    const { results } = await scoped(backend.api, '/search/', {
      method: 'POST',
      json: { query: query.text, top_k: topK, mode: 'hybrid', document_ids: documentIds },
    })
    const given = results as Array<{ chunk_id: number; document_id: number; score: number }>
    const { sources } = await askStreaming(scratch, query.text, documentIds)
    const relevant = beir.qrels.get(query._id)!
    return sources.flatMap((source, index) => {
      const passage = given.find((result) => result.chunk_id === source.chunkId)
      // A passage the fact layer brought, which retrieval did not, has no score of its own.
      if (!passage) return []
      const others = given.filter((result) => result !== passage).map((result) => result.score)
      return [
        {
          question: query._id,
          setting,
          shown: source.relevance,
          score: passage.score,
          margin: passage.score - (others.length ? Math.max(...others) : 0),
          lead: index === 0,
          cells: source.cells,
          relevant: relevant.has(passageOf.get(passage.document_id)!),
        },
      ]
    })
  }
} finally {
  await scratch.close()
}

function share(count: number, of: number) {
  return of ? `${((100 * count) / of).toFixed(1)}%` : '-'
}

function mean(values: number[]) {
  return values.reduce((sum, value) => sum + value, 0) / (values.length || 1)
}

/** Mean N (in percent) of relevant and other passages, and the share of each at 70% or more. */
function summary(pairs: Array<[number, boolean]>) {
  const relevant = pairs.filter(([, judged]) => judged).map(([value]) => value)
  const others = pairs.filter(([, judged]) => !judged).map(([value]) => value)
  return {
    'mean N, relevant': (100 * mean(relevant)).toFixed(1),
    'mean N, others': (100 * mean(others)).toFixed(1),
    'relevant at ≥70%': share(relevant.filter((value) => value >= 0.7).length, relevant.length),
    'others at ≥70%': share(others.filter((value) => value >= 0.7).length, others.length),
  }
}

function calibration(rows: Cited[]) {
  const bands: Array<[number, number]> = [
    [0, 0.3],
    [0.3, 0.5],
    [0.5, 0.7],
    [0.7, 0.9],
    [0.9, 1.01],
  ]
  return Object.fromEntries(
    bands.map(([low, high]) => {
      const band = rows.filter((row) => row.shown >= low && row.shown < high)
      return [
        `${Math.round(low * 100)}–${Math.min(100, Math.round(high * 100))}%`,
        { sources: band.length, 'judged relevant': share(band.filter((row) => row.relevant).length, band.length) },
      ]
    }),
  )
}

function features(row: Cited) {
  return [1, row.margin, row.lead ? 1 : 0, row.cells ? 1 : 0]
}

/** Logistic regression by Newton's method, with a little ridge so that a split without a feature still solves. */
function fitLogistic(rows: Cited[]): number[] {
  const width = 4
  let weights = Array<number>(width).fill(0)
  for (let step = 0; step < 50; step++) {
    const gradient = Array<number>(width).fill(0)
    const hessian = Array.from({ length: width }, (_, row) =>
      Array.from({ length: width }, (_, column) => (row === column ? 0.01 : 0)),
    )
    for (const row of rows) {
      const x = features(row)
      const p = probability(weights, x)
      for (let i = 0; i < width; i++) {
        gradient[i]! += (p - (row.relevant ? 1 : 0)) * x[i]! + (0.01 * weights[i]!) / rows.length
        for (let j = 0; j < width; j++) hessian[i]![j]! += p * (1 - p) * x[i]! * x[j]!
      }
    }
    weights = weights.map((weight, index) => weight - solve(hessian, gradient)[index]!)
  }
  return weights
}

function probability(weights: number[], x: number[]) {
  return 1 / (1 + Math.exp(-weights.reduce((sum, weight, index) => sum + weight * x[index]!, 0)))
}

/** Gaussian elimination with partial pivoting on a small system. */
function solve(matrix: number[][], vector: number[]) {
  const a = matrix.map((row, index) => [...row, vector[index]!])
  const n = vector.length
  for (let column = 0; column < n; column++) {
    const pivot = a.reduce(
      (best, row, index) => (index >= column && Math.abs(row[column]!) > Math.abs(a[best]![column]!) ? index : best),
      column,
    )
    ;[a[column], a[pivot]] = [a[pivot]!, a[column]!]
    for (let row = column + 1; row < n; row++) {
      const factor = a[row]![column]! / a[column]![column]!
      for (let k = column; k <= n; k++) a[row]![k]! -= factor * a[column]![k]!
    }
  }
  const x = Array<number>(n).fill(0)
  for (let row = n - 1; row >= 0; row--) {
    let sum = a[row]![n]!
    for (let k = row + 1; k < n; k++) sum -= a[row]![k]! * x[k]!
    x[row] = sum / a[row]![row]!
  }
  return x
}

function crossValidate(cited: Cited[]) {
  const all = fitLogistic(cited)
  console.log(
    `\nFitted on all ${cited.length} cited passages: intercept ${all[0]!.toFixed(2)}, margin ${all[1]!.toFixed(2)}, ` +
      `first citation ${all[2]!.toFixed(2)}, cells read ${all[3]!.toFixed(2)}`,
  )
  const half = (question: string, seed: number) => createHash('md5').update(`${seed}:${question}`).digest()[0]! % 2
  const settings = [...new Set(cited.map((row) => row.setting))]
  const held: Record<string, Array<[number, boolean]>> = Object.fromEntries(settings.map((setting) => [setting, []]))
  for (let seed = 0; seed < 10; seed++) {
    for (const side of [0, 1]) {
      const weights = fitLogistic(cited.filter((row) => half(row.question, seed) !== side))
      for (const row of cited.filter((each) => half(each.question, seed) === side))
        held[row.setting]!.push([probability(weights, features(row)), row.relevant])
    }
  }
  console.log('Fitted on half of the questions, measured on the other half (ten halvings, pooled):')
  console.table(Object.fromEntries(settings.map((setting) => [setting, summary(held[setting]!)])))
}
