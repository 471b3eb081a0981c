// `npm run eval:answers -- <BEIR dir>`: ingests corpus.jsonl through the real pipeline (as
// eval:retrieval does), asks every judged question of queries.jsonl through the streaming chat API in
// a fresh conversation, over the whole corpus and limited to the question's own report, and prints
// per answer type (TAT-QA's span, multi-span, arithmetic, count), for all questions, and per source
// (table, text, table-text):
// - answer hit: every gold answer appears in the answer, compared without case, spaces, `$`, `,` and `%`;
// - exact match and F1 as TAT-QA defines them, where the gold answer is a number, with the whole
//   answer (markers removed) as the prediction: a grounded answer quotes more than the number, so
//   these are low by design and show how much else an answer says;
// - exact match and F1 on the leading figure, over every question, as TAT-QA scores a predicted
//   answer value: when an answer starts with a computed figure alone on its first line (the table
//   answerer's "$293.6 million", "24.41%", "2019"), that line without markers is the prediction, a
//   number matching the gold after scale and rounded to its precision; otherwise the whole answer
//   is (and scores as above). "figure first" is the share of answers that start with one;
// - citation precision (markers whose passage is judged relevant) and coverage (answers citing at
//   least one relevant passage), mean answer length, and p50/p95 time to the first chunk and the last;
// - a baseline: the top search result's text cut to the answers' mean length, with its answer hit.
import { createParser } from 'eventsource-parser'

import { type BeirQuery, ingestPassages, readBeir, scratchBackend } from './eval/beir-corpus'
import { percentile } from './eval/metrics'
import { exactAndF1, number, sameNumber } from './eval/tatqa'

const directory = process.argv.slice(2).find((argument) => !argument.startsWith('--'))
if (!directory) {
  console.error('Usage: npm run eval:answers -- <dir with corpus.jsonl, queries.jsonl (with answers), qrels/*.tsv>')
  process.exit(1)
}

/** Gold answers as strings: TAT-QA gives a list for spans, a number or a string otherwise. */
const goldOf = (query: BeirQuery) =>
  (Array.isArray(query.answer) ? query.answer : [query.answer]).filter((item) => item !== undefined).map(String)
const squeeze = (text: string) => text.toLowerCase().replace(/[\s$,%]/g, '')
const hits = (answer: string, gold: string[]) =>
  gold.length > 0 && gold.every((item) => squeeze(answer).includes(squeeze(item)))
const withoutMarkers = (text: string) => text.replace(/\s?\[\d+\]/g, '')

const FIGURE = /^-?[$€£¥]?-?\d[\d,]*(?:\.\d+)?(?:%| (thousand|million|billion))?$/
/** The answer's first line without markers when it is a figure alone ("$293.6 million", "24.41%"), else null. */
const leadingFigure = (answer: string) => {
  const first = withoutMarkers(answer).trim().split('\n')[0]!.trim()
  return FIGURE.test(first) ? first : null
}

/** TAT-QA's exact match and F1 with the leading figure as the prediction, or the whole answer when it has none. */
function leadingScores(answer: string, query: BeirQuery) {
  const gold = goldOf(query)
  const figure = leadingFigure(answer)
  if (figure && gold.length === 1 && number(gold[0]!) !== null) {
    const [, scale] = FIGURE.exec(figure)!
    const value = number(figure.replace(/ (?:thousand|million|billion)$/, ''))!
    const same = sameNumber(
      { value, scale: scale ?? null, percent: figure.endsWith('%') },
      { text: gold[0]!, scale: query.scale ?? '' },
    )
    if (same) return { exact: 1, f1: 1 }
  }
  return exactAndF1(figure ?? withoutMarkers(answer), gold.join(' '))
}

const { corpus, qrels, judged } = readBeir(directory)
const answerable = judged.filter((query) => goldOf(query).length > 0)
const scratch = await scratchBackend('Answer evaluation')
const { backend, scoped, raw } = scratch

interface Outcome {
  query: BeirQuery
  answer: string
  cited: string[]
  firstChunkMs: number
  lastMs: number
}

/** Asks in a fresh conversation through the streaming endpoint, timing the first chunk and the end. */
async function ask(query: BeirQuery, documentIds: number[] | undefined): Promise<Outcome> {
  const conversation = await scoped(backend.api, '/conversations/', {
    method: 'POST',
    json: { title: 'Evaluation', document_ids: documentIds },
  })
  const started = performance.now()
  const response = await raw(backend.api, `/conversations/${conversation.id}/add_message_streaming/?stream=true`, {
    method: 'POST',
    json: { content: query.text },
  })
  let firstChunkMs = Number.NaN
  let final: { content: string; document_references: Array<{ document_id: number }> } | null = null
  const parser = createParser({
    onEvent(event) {
      const data = JSON.parse(event.data)
      if (data.type === 'chunk' && Number.isNaN(firstChunkMs)) firstChunkMs = performance.now() - started
      if (data.type === 'metadata') final = data.message
      if (data.type === 'error') throw new Error(`${query._id}: ${data.error}`)
    },
  })
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  for (let read = await reader.read(); !read.done; read = await reader.read()) parser.feed(read.value)
  const lastMs = performance.now() - started
  if (!final) throw new Error(`${query._id}: the stream ended without the final message`)
  const message = final as { content: string; document_references: Array<{ document_id: number }> }
  return {
    query,
    answer: message.content,
    cited: message.document_references.map((reference) => passageOf.get(reference.document_id)!),
    firstChunkMs,
    lastMs,
  }
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
      ...sources.map((source): [string, (query: BeirQuery) => boolean] => [
        `from ${source}`,
        (query) => (query.answer_from ?? 'unknown') === source,
      ]),
    ]
    for (const [type, belongs] of groups) {
      const group = outcomes.filter((outcome) => belongs(outcome.query))
      const numeric = group.filter(
        (outcome) => goldOf(outcome.query).length === 1 && number(goldOf(outcome.query)[0]!) !== null,
      )
      const scores = numeric.map((outcome) => exactAndF1(withoutMarkers(outcome.answer), goldOf(outcome.query)[0]!))
      const leading = group.map((outcome) => leadingScores(outcome.answer, outcome.query))
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
        'EM (numbers)': share(
          scores.reduce((sum, score) => sum + score.exact, 0),
          scores.length,
        ),
        'F1 (numbers)': share(
          scores.reduce((sum, score) => sum + score.f1, 0),
          scores.length,
        ),
        'figure first': share(group.filter((outcome) => leadingFigure(outcome.answer)).length, group.length),
        'EM (leading figure)': share(
          leading.reduce((sum, score) => sum + score.exact, 0),
          leading.length,
        ),
        'F1 (leading figure)': share(
          leading.reduce((sum, score) => sum + score.f1, 0),
          leading.length,
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
