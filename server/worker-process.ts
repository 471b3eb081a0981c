import { createDeps, startWorker } from '../api/backend'
import { openDatabase } from '../api/db/client'
import { stopExtractionWorkers } from '../api/ingest/extraction-pool'
import { ConfigError, loadApiConfig } from '../api/kernel/config'
import { assertSharedFileStorage } from '../api/storage/shared-storage'
import { runEntryPoint } from '../runtime/entry-point'
import { log } from '../runtime/log'
import { makeDataDirPrivate } from '../runtime/owner-only-files'
import { withGeneratedSecrets } from '../runtime/secrets'
import { onShutdownSignal, SHUTDOWN_GRACE_MS } from '../runtime/shutdown'

// `npm run worker`: processes documents without serving HTTP, for running the work on more
// machines against one PostgreSQL (DATABASE_URL) and shared file storage. Start web servers with
// JOB_WORKER=false then.
runEntryPoint(async () => {
  // Its scratch copies of stored files are kept under DATA_DIR.
  makeDataDirPrivate(process.env)
  const config = loadApiConfig(withGeneratedSecrets(process.env))
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      'npm run worker needs DATABASE_URL: the embedded database belongs to the one `npm start` process.',
    )
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL })
  await database.migrate()
  const deps = await createDeps({ db: database.db, config })
  await assertSharedFileStorage(database.db, deps.files)
  const worker = await startWorker(deps, false)
  log.info(
    { workerId: deps.jobs.workerId, concurrency: config.JOB_CONCURRENCY },
    `job worker ${deps.jobs.workerId} running`,
  )
  onShutdownSignal(async () => {
    await worker.stop({ graceMs: SHUTDOWN_GRACE_MS })
    await stopExtractionWorkers()
    await deps.embeddings.close?.()
    await database.close()
  })
})
