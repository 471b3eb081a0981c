// `npm run eval:answers -- <BEIR dir> [--per-query]`: ingests corpus.jsonl through the real pipeline
// (as eval:retrieval does), asks every judged question of queries.jsonl through the streaming chat API
// in a fresh conversation, over the whole corpus and limited to the question's own report, and prints
// per answer type (TAT-QA's span, multi-span, arithmetic, count), for all questions, and per source
// (table, text, table-text):
// - answer hit: every gold answer appears in the answer, compared without case, spaces, `$`, `,` and `%`;
// - exact match and F1 as TAT-QA's own script computes them (./eval/tatqa), with the answer's
//   leading line as the prediction: its first line without citation markers, split at "; " into
//   spans (a multi-value answer lists its figures there). That line is what a reader takes for the
//   answer: the computed figure ("$293.6 million", "24.41%", "2019"), the figures asked for
//   ("$161 thousand; $186 thousand"), the short phrase a span answer opens with, or else the first
//   sentence quoted (without its quotation mark `>`) or table row. "figure first" is the share of
//   answers whose leading line is a number;
// - citation precision (markers whose passage is judged relevant) and coverage (answers citing at
//   least one relevant passage), mean answer length, and p50/p95 time to the first chunk and the last;
// - a baseline: the top search result's text cut to the answers' mean length, with its answer hit.
// `--per-query` also lists every question with its gold answer, the leading line and its exact match.
import { askStreaming } from './eval/ask'
import { type BeirQuery, ingestPassages, readBeir, scratchBackend } from './eval/beir-corpus'
import { percentile } from './eval/metrics'
import { goldSpans, isNumber, scoreAnswer } from './eval/tatqa'

const perQuery = process.argv.includes('--per-query')
const directory = process.argv.slice(2).find((argument) => !argument.startsWith('--'))
if (!directory) {
  console.error('Usage: npm run eval:answers -- <dir with corpus.jsonl, queries.jsonl (with answers), qrels/*.tsv>')
  process.exit(1)
}

const goldOf = goldSpans
const squeeze = (text: string) => text.toLowerCase().replace(/[\s$,%]/g, '')
const hits = (answer: string, gold: string[]) =>
  gold.length > 0 && gold.every((item) => squeeze(answer).includes(squeeze(item)))
const withoutMarkers = (text: string) => text.replace(/\s?\[\d+\]/g, '')

/**
 * The prediction TAT-QA scores: the answer's first line without markers or quotation mark, its
 * spans split at "; ".
 */
const leadingSpans = (answer: string) =>
  withoutMarkers(answer)
    .trim()
    .split('\n')[0]!
    .replace(/^>\s*/, '')
    .split(/;\s+/)
    .map((span) => span.trim())
    .filter(Boolean)

const { corpus, qrels, judged } = readBeir(directory)
const answerable = judged.filter((query) => goldOf(query).length > 0)
const scratch = await scratchBackend('Answer evaluation')
const { backend, scoped } = scratch

interface Outcome {
  query: BeirQuery
  answer: string
  cited: string[]
  firstChunkMs: number
  lastMs: number
  strategy: string | null
}

async function ask(query: BeirQuery, documentIds: number[] | undefined): Promise<Outcome> {
  const {
    content,
    documentIds: cited,
    firstChunkMs,
    lastMs,
    strategy,
  } = await askStreaming(scratch, query.text, documentIds)
  return { query, answer: content, cited: cited.map((id) => passageOf.get(id)!), firstChunkMs, lastMs, strategy }
}

const { passageOf, documentsOfReport } = await ingestPassages(scratch, corpus)
console.log(`${answerable.length} judged questions with gold answers; answers by ${backend.deps.answers.name}`)

try {
  for (const [scope, restrict] of [
    ['whole corpus', false],
    ['within the question’s report', true],
  ] as const) {
    const outcomes: Outcome[] = []
    for (const query of answerable) {
      outcomes.push(await ask(query, restrict && query.doc_id ? documentsOfReport.get(query.doc_id) : undefined))
    }
    if (perQuery) {
      console.log(`\n${scope}: each question, its gold answer and the answer's leading line`)
      for (const { query, answer, strategy } of outcomes) {
        const { exact } = scoreAnswer(leadingSpans(answer), query)
        console.log(
          `${exact ? '✓' : '✗'} [${query.answer_type}/${query.answer_from}] ${query.text.trim()}\n` +
            `    gold ${goldOf(query).join(' | ')}${query.scale ? ` (${query.scale})` : ''}\n` +
            `    got  ${leadingSpans(answer).join(' | ')}${strategy ? ` (${strategy})` : ''}`,
        )
      }
    }
    const meanLength = outcomes.reduce((sum, outcome) => sum + outcome.answer.length, 0) / outcomes.length
    const baselineHits = new Map<string, boolean>()
    for (const query of answerable) {
      const documentIds = restrict && query.doc_id ? documentsOfReport.get(query.doc_id) : undefined
      const { results } = await scoped(backend.api, '/search/', {
        method: 'POST',
        json: { query: query.text, top_k: 1, document_ids: documentIds },
      })
      const text = String(results[0]?.text ?? '').slice(0, Math.round(meanLength))
      baselineHits.set(query._id, hits(text, goldOf(query)))
    }
    const rows: Record<string, Record<string, string>> = {}
    const types = [...new Set(answerable.map((query) => query.answer_type ?? 'unknown'))].sort()
    const sources = [...new Set(answerable.map((query) => query.answer_from ?? 'unknown'))].sort()
    // Per answer type, all, then per source (TAT-QA's table, text and table-text).
    const groups: Array<[string, (query: BeirQuery) => boolean]> = [
      ...types.map((type): [string, (query: BeirQuery) => boolean] => [
        type,
        (query) => (query.answer_type ?? 'unknown') === type,
      ]),
      ['all', () => true],
      // How each was answered: a strategy of the fact layer (issue 45), or the readers of passages.
      ...[...new Set(outcomes.map((outcome) => outcome.strategy ?? '(from passages)'))]
        .sort()
        .map((name): [string, (query: BeirQuery) => boolean] => [
          `by ${name}`,
          (query) => (outcomes.find((outcome) => outcome.query === query)!.strategy ?? '(from passages)') === name,
        ]),
      ...sources.map((source): [string, (query: BeirQuery) => boolean] => [
        `from ${source}`,
        (query) => (query.answer_from ?? 'unknown') === source,
      ]),
    ]
    for (const [type, belongs] of groups) {
      const group = outcomes.filter((outcome) => belongs(outcome.query))
      const scores = group.map((outcome) => scoreAnswer(leadingSpans(outcome.answer), outcome.query))
      const markers = group.flatMap((outcome) =>
        outcome.cited.map((passage) => qrels.get(outcome.query._id)!.has(passage)),
      )
      const share = (count: number, of: number) => (of ? (count / of).toFixed(3) : '-')
      rows[type] = {
        questions: String(group.length),
        'answer hit': share(
          group.filter((outcome) => hits(outcome.answer, goldOf(outcome.query))).length,
          group.length,
        ),
        'baseline hit': share(group.filter((outcome) => baselineHits.get(outcome.query._id)).length, group.length),
        'figure first': share(
          group.filter((outcome) => {
            const [first, ...rest] = leadingSpans(outcome.answer)
            return first !== undefined && rest.length === 0 && isNumber(first)
          }).length,
          group.length,
        ),
        EM: share(
          scores.reduce((sum, score) => sum + score.exact, 0),
          scores.length,
        ),
        F1: share(
          scores.reduce((sum, score) => sum + score.f1, 0),
          scores.length,
        ),
        'citation precision': share(markers.filter(Boolean).length, markers.length),
        'citation coverage': share(
          group.filter((outcome) => outcome.cited.some((passage) => qrels.get(outcome.query._id)!.has(passage))).length,
          group.length,
        ),
        'mean chars': (group.reduce((sum, outcome) => sum + outcome.answer.length, 0) / (group.length || 1)).toFixed(0),
        'first chunk p50/p95 ms': `${percentile(
          group.map((outcome) => outcome.firstChunkMs),
          50,
        ).toFixed(1)}/${percentile(
          group.map((outcome) => outcome.firstChunkMs),
          95,
        ).toFixed(1)}`,
        'last p50/p95 ms': `${percentile(
          group.map((outcome) => outcome.lastMs),
          50,
        ).toFixed(1)}/${percentile(
          group.map((outcome) => outcome.lastMs),
          95,
        ).toFixed(1)}`,
      }
    }
    console.log(
      `\n${scope} (${corpus.length} passages; baseline: the top search result cut to ${meanLength.toFixed(0)} characters)`,
    )
    console.table(rows)
  }
} finally {
  await scratch.close()
}
