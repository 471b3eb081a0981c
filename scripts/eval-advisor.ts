// `npm run eval:advisor -- <dir> [--per-question]`: a sale file as an advisor receives it (every
// file of <dir> but its description files, uploaded through the real pipeline as an owner would)
// and the advisor's questions.jsonl, each asked through the streaming chat API in a fresh
// conversation (a follow-up after the question it follows), as eval:answers does. Prints, per kind
// of question and per source file, how many answers were right, abstained (said the files do not
// hold it) and wrong, scored as the corpus's README says (./eval/advisor-score.ts), and the time to
// the first chunk. When <dir> holds a readiness.json, the readiness pages' readings are scored too.
//
// `npm run eval:advisor -- --generated 1000-1049` reads the sale files generated from those seeds
// (./eval/sale-file), each in an organization of its own, and adds tallies per layout family and
// per format of the files a question's operands come from. `--generated 7` reads one seed and keeps
// its files in eval-output/seed-7 to look at. Seeds below 1000 are for debugging and tuning;
// 1000–1049 for reporting only (docs/evaluation.md). `--per-question` lists every question with
// its gold answer and the answer's first line, and every readiness reading.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { type Asked, readSaleFile, type SaleFileInput } from './eval/advisor-run'
import { leadingLine, type Outcome } from './eval/advisor-score'
import { scratchBackend } from './eval/beir-corpus'
import { percentile } from './eval/metrics'
import { type FieldRead, NOT_IN_FILES, type ReadinessGold, type ReadOutcome } from './eval/readiness-read'
import { DESCRIPTION_FILES, type GeneratedQuestion, generateSaleFile, writeSaleFile } from './eval/sale-file'
import { seedRange } from './eval/seeds'

const args = process.argv.slice(2)
const perQuestion = args.includes('--per-question')
const generatedAt = args.indexOf('--generated')
const seeds = generatedAt >= 0 ? seedsOr(args[generatedAt + 1] ?? '') : null
const directory = seeds ? null : args.find((argument) => !argument.startsWith('--'))

function seedsOr(text: string) {
  const named = seedRange(text)
  if (named) return named
  console.error(`--generated takes a seed or a range of at most 1,000 seeds, like 1000-1049 (got "${text}")`)
  process.exit(1)
}

if (!seeds && !directory) {
  console.error(
    'Usage: npm run eval:advisor -- <dir with the sale file and questions.jsonl> [--per-question]\n' +
      '       npm run eval:advisor -- --generated <seed or first-last> [--per-question]',
  )
  process.exit(1)
}

const scratch = await scratchBackend('Advisor evaluation')
const asked: Asked[] = []
const reads: Array<FieldRead & { label: string }> = []
let ingested = { files: 0, processed: 0, seconds: 0 }

try {
  if (seeds) for (const seed of seeds) await read(await generatedInput(seed))
  else await read(directoryInput(directory!))
  report()
} finally {
  await scratch.close()
}

async function generatedInput(seed: number): Promise<SaleFileInput> {
  const saleFile = await generateSaleFile(seed)
  if (seeds!.length === 1) {
    const kept = path.join('eval-output', `seed-${seed}`)
    writeSaleFile(kept, saleFile)
    console.log(`Seed ${seed}: ${saleFile.company.name}; its files, questions and gold are in ${kept}/`)
  }
  return { label: `seed ${seed}`, files: saleFile.files, questions: saleFile.questions, readiness: saleFile.readiness }
}

function directoryInput(folder: string): SaleFileInput {
  const names = readdirSync(folder)
    .filter((name) => !DESCRIPTION_FILES.includes(name) && !name.startsWith('.'))
    .sort()
  const readinessFile = path.join(folder, 'readiness.json')
  return {
    label: path.basename(folder),
    files: names.map((name) => ({
      name,
      bytes: new Uint8Array(readFileSync(path.join(folder, name))),
      format: path.extname(name).slice(1).toLowerCase(),
      families: [],
    })),
    questions: readFileSync(path.join(folder, 'questions.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as GeneratedQuestion),
    readiness: existsSync(readinessFile) ? (JSON.parse(readFileSync(readinessFile, 'utf8')) as ReadinessGold) : null,
  }
}

async function read(input: SaleFileInput) {
  const result = await readSaleFile(scratch, input)
  ingested = {
    files: ingested.files + result.files,
    processed: ingested.processed + result.files - result.failed.length,
    seconds: ingested.seconds + result.seconds,
  }
  for (const document of result.failed)
    console.log(
      `  ${input.label}, ${document.title}: ${document.processing_status} (${document.failure_reason ?? 'no reason'})`,
    )
  asked.push(...result.asked)
  reads.push(...result.reads)
}

function report() {
  console.log(
    `\nIngested ${ingested.processed}/${ingested.files} files in ${ingested.seconds.toFixed(1)} s` +
      `; embeddings: ${scratch.backend.deps.embeddings.model}; answers by ${scratch.backend.deps.answers.name}`,
  )
  if (perQuestion) listEach()

  const answerable = asked.filter((entry) => entry.question.answerable)
  const table = (title: string, groups: Array<[string, Asked[]]>) => {
    const rows: Record<string, Record<string, string | number>> = {}
    for (const [name, group] of groups) if (group.length) rows[name] = tally(group)
    console.log(`\n${title}`)
    console.table(rows)
  }
  const kinds = [...new Set(answerable.map((entry) => entry.question.kind))].sort()
  table(`${asked.length} questions over ${ingested.files} files, by kind of question`, [
    ...kinds.map((kind) => [kind, answerable.filter((entry) => entry.question.kind === kind)] as [string, Asked[]]),
    ['answerable', answerable],
    // Right here means said not to be in the files; wrong, answered with something.
    ['not in the files', asked.filter((entry) => !entry.question.answerable)],
  ])
  // Each fact-layer strategy by what it answered (issue 45): a wrong answer of one is a rule to fix.
  const strategies = [...new Set(asked.map((entry) => entry.strategy ?? '(from passages)'))].sort()
  table(
    'All questions by how they were answered (a strategy of the fact layer, or the readers of passages)',
    strategies.map(
      (name) => [name, asked.filter((entry) => (entry.strategy ?? '(from passages)') === name)] as [string, Asked[]],
    ),
  )
  if (seeds) {
    const by = (key: 'formats' | 'families') =>
      [...new Set(answerable.flatMap((entry) => entry[key]))]
        .sort()
        .map((name) => [name, answerable.filter((entry) => entry[key].includes(name))] as [string, Asked[]])
    table('Answerable questions by the format of the files their operands come from', by('formats'))
    table('Answerable questions by the layout families of those files', by('families'))
  } else {
    const files = [...new Set(answerable.flatMap((entry) => entry.question.source))].sort()
    table('Answerable questions by the file their operands come from', [
      ...files.map(
        (file) =>
          [`from ${file}`, answerable.filter((entry) => entry.question.source.includes(file))] as [string, Asked[]],
      ),
      ['from several files', answerable.filter((entry) => entry.question.source.length > 1)],
    ])
  }
  if (reads.length) {
    const rows: Record<string, Record<ReadOutcome | 'of them, none to read', number>> = {}
    for (const read of reads) {
      rows[read.field] ??= { right: 0, missing: 0, wrong: 0, 'of them, none to read': 0 }
      rows[read.field]![read.outcome]++
      if (read.gold === NOT_IN_FILES) rows[read.field]!['of them, none to read']++
    }
    console.log(
      '\nReadiness readings (right; missing: the page reads none; wrong: it reads another figure, or one the files' +
        ' do not hold). Where the files hold none, reading none is right.',
    )
    console.table(rows)
  }
}

function tally(group: Asked[]) {
  const count = (outcome: Outcome) => group.filter((entry) => entry.outcome === outcome).length
  return {
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

function listEach() {
  const mark = { right: '✓', abstained: '·', wrong: '✗', missing: '·' } as const
  console.log('\nEach question, its gold answer and the answer’s first line (✓ right, · abstained, ✗ wrong)')
  for (const { label, question, answer, outcome, strategy, families } of asked)
    console.log(
      `${mark[outcome]} ${seeds ? `${label} ` : ''}${question.id} [${[question.kind, ...families].join(', ')}] ` +
        `${question.follows ? `(after "${question.follows}") ` : ''}${question.question}\n` +
        `    gold ${question.answerable ? question.answer.join(' | ') : '(not in the files)'}${question.scale ? ` (${question.scale})` : ''}\n` +
        `    got  ${leadingLine(answer)}${strategy ? ` (${strategy})` : ''}`,
    )
  if (reads.length) console.log('\nEach readiness reading (✓ right, · missing, ✗ wrong)')
  for (const read of reads)
    console.log(`${mark[read.outcome]} ${read.label} ${read.field}: gold ${read.gold}, read ${read.read}`)
}
