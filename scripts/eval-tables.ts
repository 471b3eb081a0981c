// `npm run eval:tables [-- <BEIR dir>] [--per-query]`: the table answerer (api/ai/tables) alone,
// offline, on every question of queries.jsonl answered from a table or a table and text. Each
// question is asked over the tables of its own report, parsed from their `text` as the pipeline
// writes them (the report's paragraphs are given as the tables' surrounding text, for the scale).
// Prints per answer type how many it answered and how many it declined (null), and TAT-QA's exact
// match (./eval/tatqa): numbers compared after scale, rounded to the gold answer's decimals.
import { answerFromTables, type TableAnswer } from '../api/ai/tables/answer'
import { parseTables } from '../api/ai/tables/table'
import { type BeirPassage, type BeirQuery, readBeir } from './eval/beir-corpus'
import { goldSpans, scoreAnswer } from './eval/tatqa'

const directory =
  process.argv.slice(2).find((argument) => !argument.startsWith('--')) ?? '../shared/corpus/retrieval-dev'
const perQuery = process.argv.includes('--per-query')

const { corpus, queries } = readBeir(directory)
const asked = queries.filter((query) => query.answer_from === 'table' || query.answer_from === 'table-text')

const byReport = new Map<string, BeirPassage[]>()
for (const passage of corpus) {
  if (!passage.doc_id) continue
  byReport.set(passage.doc_id, [...(byReport.get(passage.doc_id) ?? []), passage])
}

const goldOf = goldSpans

/** TAT-QA's exact match with the answer as chat leads with it: its figure, or its figures split at "; ". */
const exact = (answer: TableAnswer<string>, query: BeirQuery) =>
  scoreAnswer(answer.display.split(/;\s+/), query).exact === 1

const rows: Record<string, Record<string, string>> = {}
const tally = new Map<string, { questions: number; answered: number; correct: number }>()
const count = (type: string, answered: boolean, correct: boolean) => {
  for (const key of [type, 'all']) {
    const entry = tally.get(key) ?? { questions: 0, answered: 0, correct: 0 }
    entry.questions++
    if (answered) entry.answered++
    if (correct) entry.correct++
    tally.set(key, entry)
  }
}

for (const query of asked) {
  const passages = byReport.get(query.doc_id ?? '') ?? []
  const context = passages
    .filter((passage) => passage.kind !== 'table')
    .map((passage) => passage.text)
    .join('\n')
  const tables = passages
    .filter((passage) => passage.kind === 'table')
    .flatMap((passage) => parseTables(passage.text, context).map((table) => ({ table, source: passage._id })))
  const answer = answerFromTables(query.text, tables)
  const correct = answer ? exact(answer, query) : false
  count(query.answer_type ?? 'unknown', answer !== null, correct)
  if (perQuery) {
    console.log(
      `${correct ? '✓' : answer ? '✗' : '·'} [${query.answer_type}] ${query.text.trim()}\n    gold ${goldOf(query).join(' | ')} ${query.scale ?? ''}` +
        (answer ? `\n    got  ${answer.display} (${answer.operation}) ${answer.derivation}` : ''),
    )
  }
}

const share = (count: number, of: number) => (of ? (count / of).toFixed(3) : '-')
for (const type of [...[...tally.keys()].filter((key) => key !== 'all').sort(), 'all']) {
  const { questions, answered, correct } = tally.get(type)!
  rows[type] = {
    questions: String(questions),
    answered: String(answered),
    null: String(questions - answered),
    'exact match': share(correct, questions),
    'exact match when answered': share(correct, answered),
  }
}
console.log(`${asked.length} questions answered from a table or a table and text, each over its own report's tables`)
console.table(rows)
