// `npm run reindex [-- --organization <slug> ...] [--force]`: rebuilds the search index of every
// processed document (of the named organizations, or all): BM25 postings, and vectors wherever they
// were made by another embedding model than the configured one (all of them with --force). Run it
// after changing EMBEDDING_PROVIDER or its model. With the embedded database, stop `npm start` first;
// with DATABASE_URL it can run beside the servers, whose job workers then share the work.
import { parseArgs } from 'node:util'

import { sql } from 'drizzle-orm'

import { createBackend } from '../api/backend'
import { openDatabase } from '../api/db/client'
import { rowsOf } from '../api/db/sql-values'
import { enqueueReindex, INDEX_DOCUMENT } from '../api/ingest/reindex-document-job'
import { ConfigError, loadApiConfig } from '../api/kernel/config'
import { keepNewFilesPrivate, makeDataDirPrivate } from '../runtime/owner-only-files'
import { withGeneratedSecrets } from '../runtime/secrets'

const { values } = parseArgs({
  options: { organization: { type: 'string', multiple: true }, force: { type: 'boolean', default: false } },
})

keepNewFilesPrivate()
makeDataDirPrivate(process.env)
let config
try {
  config = loadApiConfig({ ...withGeneratedSecrets(process.env), JOB_WORKER: 'true' })
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(1)
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
await database.migrate()
const backend = await createBackend({ db: database.db, config, exclusiveDatabase: !config.DATABASE_URL })
const remaining = async () =>
  Number(
    rowsOf(
      await database.db.execute(
        sql`select count(*) as n from jobs where kind = ${INDEX_DOCUMENT} and status in ('queued', 'running')`,
      ),
    )[0]!.n,
  )
try {
  const model = backend.deps.embeddings.model
  const queued = await enqueueReindex(backend.deps, { organizations: values.organization, force: values.force })
  console.log(`Re-indexing ${queued} document(s) with ${model}${values.force ? ' (every vector, --force)' : ''}...`)
  const progress = setInterval(() => void remaining().then((left) => console.log(`  ${left} to go`)), 5000)
  await backend.worker!.idle()
  clearInterval(progress)
  const [counts] = rowsOf(
    await database.db.execute(sql`
      select count(*) filter (where embedding_model = ${model}) as current, count(*) filter (where embedding_model is distinct from ${model}) as other
      from document_chunks`),
  )
  const failed = rowsOf(
    await database.db.execute(sql`select count(*) as n from jobs where kind = ${INDEX_DOCUMENT} and status = 'failed'`),
  )[0]!.n
  console.log(
    `Done. Chunks with ${model} vectors: ${counts!.current}; without (no known words, or the provider failed): ${counts!.other}; failed jobs: ${failed}.`,
  )
} catch (error) {
  console.error((error as Error).message)
  process.exitCode = 1
} finally {
  await backend.stop()
  await database.close()
}
