// `npm run eval:advisor -- <dir> [--per-question]`: a sale file as an advisor receives it (every
// file of <dir> but README.md and questions.jsonl, uploaded through the real pipeline as an owner
// would) and the advisor's questions.jsonl, each asked through the streaming chat API in a fresh
// conversation, as eval:answers does. Prints, per kind of question and per source file, how many
// answers were right, abstained (said the files do not hold it) and wrong, scored as the corpus's
// README says (./eval/advisor-score.ts), and the time to the first chunk. `--per-question` lists
// every question with its gold answer and the answer's first line.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { type AdvisorQuestion, leadingLine, type Outcome, scoreAdvisorAnswer } from './eval/advisor-score'
import { askStreaming } from './eval/ask'
import { scratchBackend } from './eval/beir-corpus'
import { percentile } from './eval/metrics'

const perQuestion = process.argv.includes('--per-question')
const directory = process.argv.slice(2).find((argument) => !argument.startsWith('--'))
if (!directory) {
  console.error('Usage: npm run eval:advisor -- <dir with the sale file and questions.jsonl> [--per-question]')
  process.exit(1)
}

const NOT_DOCUMENTS = new Set(['README.md', 'questions.jsonl'])
const questions = readFileSync(path.join(directory, 'questions.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as AdvisorQuestion)
const files = readdirSync(directory)
  .filter((name) => !NOT_DOCUMENTS.has(name) && !name.startsWith('.'))
  .sort()

const scratch = await scratchBackend('Advisor evaluation')
const { backend, scoped } = scratch

try {
  const started = performance.now()
  for (const name of files) {
    const body = new FormData()
    body.append('title', name)
    body.append('file', new Blob([readFileSync(path.join(directory, name))]), name)
    await scoped(backend.api, '/documents/', { method: 'POST', body })
  }
  await backend.worker!.idle()
  const { results: documents } = await scoped(backend.api, '/documents/?page_size=100')
  const failed = (
    documents as Array<{ title: string; processing_status: string; failure_reason: string | null }>
  ).filter((document) => document.processing_status !== 'processed')
  console.log(
    `Ingested ${files.length - failed.length}/${files.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s` +
      `; embeddings: ${backend.deps.embeddings.model}; answers by ${backend.deps.answers.name}`,
  )
  for (const document of failed)
    console.log(`  ${document.title}: ${document.processing_status} (${document.failure_reason ?? 'no reason'})`)

  const outcomes: Array<{ question: AdvisorQuestion; answer: string; outcome: Outcome; firstChunkMs: number }> = []
  for (const question of questions) {
    const { content, firstChunkMs } = await askStreaming(scratch, question.question)
    outcomes.push({ question, answer: content, outcome: scoreAdvisorAnswer(content, question), firstChunkMs })
  }

  if (perQuestion) {
    const mark = { right: '✓', abstained: '·', wrong: '✗' } satisfies Record<Outcome, string>
    console.log('\nEach question, its gold answer and the answer’s first line (✓ right, · abstained, ✗ wrong)')
    for (const { question, answer, outcome } of outcomes)
      console.log(
        `${mark[outcome]} ${question.id} [${question.kind}] ${question.question}\n` +
          `    gold ${question.answerable ? question.answer.join(' | ') : '(not in the files)'}${question.scale ? ` (${question.scale})` : ''}\n` +
          `    got  ${leadingLine(answer)}`,
      )
  }

  const rows: Record<string, Record<string, string | number>> = {}
  const tally = (name: string, group: typeof outcomes) => {
    if (!group.length) return
    const count = (outcome: Outcome) => group.filter((entry) => entry.outcome === outcome).length
    rows[name] = {
      questions: group.length,
      right: count('right'),
      abstained: count('abstained'),
      wrong: count('wrong'),
      'first chunk p50 ms': percentile(
        group.map((entry) => entry.firstChunkMs),
        50,
      ).toFixed(1),
    }
  }
  const answerable = outcomes.filter((entry) => entry.question.answerable)
  for (const kind of [...new Set(answerable.map((entry) => entry.question.kind))].sort())
    tally(
      kind,
      answerable.filter((entry) => entry.question.kind === kind),
    )
  tally('answerable', answerable)
  // Right here means said not to be in the files; wrong, answered with something.
  tally(
    'not in the files',
    outcomes.filter((entry) => !entry.question.answerable),
  )
  for (const file of files)
    tally(
      `from ${file}`,
      answerable.filter((entry) => entry.question.source.includes(file)),
    )
  tally(
    'from several files',
    answerable.filter((entry) => entry.question.source.length > 1),
  )
  console.log(`\n${questions.length} questions over ${files.length} files`)
  console.table(rows)
} finally {
  await scratch.close()
}
