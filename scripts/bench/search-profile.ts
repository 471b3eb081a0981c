// `npx tsx scripts/bench/search-profile.ts <data dir> [--explain=N] [--mode=hybrid] [--shared-buffers=MB] [--warm]`:
// where a search's time goes, on a data dir kept by `npm run bench -- --only=search --search-data-dir=<data dir>`.
// Every statement `retrieve` sends is timed and grouped by what it does; `--explain=N` prints
// EXPLAIN (ANALYZE, BUFFERS) of each statement of the first N questions; `--shared-buffers` sets the
// embedded database's instead of the size its files give. The process's memory (the database's
// thread included) is printed after opening and after each organization's questions. `--warm` asks
// every question once before the measured pass, so the process holds their terms' postings
// (api/ai/retrieval/postings-cache.ts) as a server that has answered them does; `--after-idle` asks
// one question and waits for the lists it set to be read (its own and the organization's commonest,
// read ahead), as a server idle for a few seconds after an organization's first question.
import { readFileSync } from 'node:fs'
import path from 'node:path'

import { type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'

import { retrieve } from '../../api/ai/retrieval/hybrid'
import { createBackend } from '../../api/backend'
import { openDatabase } from '../../api/db/client'
import type { Database } from '../../api/db/database'
import { rowsOf } from '../../api/db/sql-values'
import { loadApiConfig } from '../../api/kernel/config'
import { percentile } from '../eval/metrics'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: search-profile.ts <data dir> [--explain=N] [--mode=hybrid|lexical|vector]')
const option = (name: string) =>
  process.argv.find((argument) => argument.startsWith(`${name}=`))?.slice(name.length + 1)
const explainFirst = Number(option('--explain') ?? 0)
const mode = (option('--mode') ?? 'hybrid') as 'hybrid' | 'lexical' | 'vector'
const sharedBuffers = option('--shared-buffers')
const warmFirst = process.argv.includes('--warm')
const afterIdle = process.argv.includes('--after-idle')

/** RSS and PSS of this process in MB: the database's thread and its WebAssembly memory are in it. */
function memory() {
  const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync('/proc/self/smaps_rollup', 'utf8'))
  return `RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB, PSS ${pss ? Math.round(Number(pss[1]) / 1024) : '?'} MB`
}

/** What a statement does, from its text. */
function stepOf(text: string) {
  if (/chunk_statistics|count\(\*\)::float8 as n/.test(text)) return 'statistics'
  if (/string_agg/.test(text)) return 'postings read (held, or a question’s rarer terms)'
  if (/from chunk_terms/.test(text)) return 'postings ranking'
  if (/select id, terms, term_count/.test(text)) return 'common terms re-scored'
  if (/union select n\.id/.test(text)) return 'vectors (nearest) and candidates fetched'
  if (/<=>/.test(text) && /order by/.test(text)) return 'vectors (nearest)'
  if (/set_config|^set local|^begin|^commit|^rollback/i.test(text.trim())) return 'vectors (settings)'
  if (/similarity/.test(text)) return 'candidates fetched'
  if (/join documents d|from documents d/.test(text)) return 'passages read'
  return text.replace(/\s+/g, ' ').slice(0, 60)
}

const dialect = new PgDialect()
const questions = readFileSync(path.resolve('../shared/corpus/retrieval-dev/queries.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => (JSON.parse(line) as { text: string }).text)
  .slice(0, 200)

const database = await openDatabase({ dataDir, sharedBuffersMb: sharedBuffers ? Number(sharedBuffers) : undefined })
await database.migrate()
const config = loadApiConfig({ DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256' })
const backend = await createBackend({ db: database.db, config, exclusiveDatabase: true })
const [buffers] = rowsOf(await database.db.execute(sql`show shared_buffers`))
console.log(`shared_buffers ${String(buffers?.shared_buffers)}; idle, the backend started: ${memory()}`)
let timings = new Map<string, number>()
let explaining = false
const explained: string[] = []
/** The database, timing every statement by its step (and explaining it when asked). */
function timed<T extends Database>(db: T): T {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'transaction')
        return (work: (tx: Database) => Promise<unknown>) => target.transaction((tx) => work(timed(tx)))
      if (property !== 'execute') return Reflect.get(target, property, receiver)
      return async (query: SQL) => {
        const { sql: text } = dialect.sqlToQuery(query)
        const step = stepOf(text)
        if (explaining && !/^set local/i.test(text.trim())) {
          // Through the same connection: the vector step's statements run in a transaction.
          const plan = rowsOf(await target.execute(sql`explain (analyze, buffers) ${query}`))
          explained.push(`-- ${step}\n${plan.map((row) => String(Object.values(row)[0])).join('\n')}`)
        }
        const started = performance.now()
        const result = await target.execute(query)
        timings.set(step, (timings.get(step) ?? 0) + performance.now() - started)
        return result
      }
    },
  })
}

const deps = { ...backend.deps, db: timed(backend.deps.db) }
try {
  const organizations = rowsOf(
    await database.db.execute(sql`select id, name from organizations where name like 'Data room %' order by id`),
  )
  for (const organization of organizations) {
    const perStep = new Map<string, number[]>()
    const totals: number[] = []
    // CPU time of the whole process (the database's thread included): what a search costs whatever
    // else the machine runs, where wall time on a shared machine swings with its load.
    const cpu: number[] = []
    if (warmFirst) {
      for (const query of questions) {
        await retrieve(deps, { organizationId: Number(organization.id), query, topK: 5, mode })
        await deps.postings.settled()
      }
    }
    if (afterIdle) {
      await retrieve(deps, { organizationId: Number(organization.id), query: questions[0]!, topK: 5, mode })
      await deps.postings.settled()
    }
    for (const [index, question] of questions.entries()) {
      explaining = index < explainFirst
      timings = new Map()
      const started = performance.now()
      const usage = process.cpuUsage()
      await retrieve(deps, { organizationId: Number(organization.id), query: question, topK: 5, mode })
      if (explaining) continue
      totals.push(performance.now() - started)
      const used = process.cpuUsage(usage)
      cpu.push((used.user + used.system) / 1000)
      for (const [step, ms] of timings) perStep.set(step, [...(perStep.get(step) ?? []), ms])
    }
    console.log(`\n${String(organization.name)} (${mode}), ${totals.length} questions: p50 / p95 / mean ms`)
    const row = (values: number[]) =>
      `${percentile(values, 50).toFixed(1)} / ${percentile(values, 95).toFixed(1)} / ${(values.reduce((a, b) => a + b, 0) / values.length).toFixed(1)}`
    console.log(`  whole retrieve: ${row(totals)}`)
    console.log(`  CPU time of the whole retrieve: ${row(cpu)}`)
    for (const [step, values] of perStep)
      console.log(`  ${step} (${values.length}): ${row([...values, ...Array(totals.length - values.length).fill(0)])}`)
    console.log(`  memory after: ${memory()}`)
    if (explained.length) console.log(explained.splice(0).join('\n\n'))
  }
} finally {
  await backend.stop()
  await database.close()
}
