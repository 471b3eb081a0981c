import { createEmbeddingProvider } from './ai/embeddings'
import { startWorker } from './backend'
import { ConfigError, loadApiConfig } from './config'
import { systemClock } from './context'
import { openDatabase } from './db/client'
import { runEntryPoint } from './entry-point'
import { stopExtractionWorkers } from './ingest/extraction-pool'
import { createJobQueue } from './jobs/queue'
import { createMailer } from './mail/mailer'
import { withGeneratedSecrets } from './secrets'
import { onShutdownSignal, SHUTDOWN_GRACE_MS } from './shutdown'
import { createDiskFileStore } from './storage/file-store'

// `npm run worker`: processes documents without serving HTTP, for running the work on more
// machines against one PostgreSQL (DATABASE_URL) and shared file storage. Start web servers with
// JOB_WORKER=false then.
runEntryPoint(async () => {
  const config = loadApiConfig(withGeneratedSecrets(process.env))
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      'npm run worker needs DATABASE_URL: the embedded database belongs to the one `npm start` process.',
    )
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL })
  await database.migrate()
  const deps = {
    db: database.db,
    config,
    mailer: createMailer(config),
    files: createDiskFileStore(config.DATA_DIR),
    jobs: createJobQueue(database.db, { leaseSeconds: config.JOB_LEASE_SECONDS }),
    embeddings: await createEmbeddingProvider(config),
    clock: systemClock,
  }
  const worker = await startWorker(deps, false)
  console.log(`Job worker ${deps.jobs.workerId} running (concurrency ${config.JOB_CONCURRENCY}).`)
  onShutdownSignal(async () => {
    await worker.stop({ graceMs: SHUTDOWN_GRACE_MS })
    await stopExtractionWorkers()
    await deps.embeddings.close?.()
    await database.close()
  })
})
