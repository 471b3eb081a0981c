import { createEmbeddingProvider } from './ai/embeddings'
import { startWorker } from './backend'
import { loadApiConfig, ConfigError } from './config'
import { openDatabase } from './db/client'
import { stopExtractionWorkers } from './ingest/extraction-pool'
import { createJobQueue } from './jobs/queue'
import { createMailer } from './mail/mailer'
import { withGeneratedSecrets } from './secrets'
import { SHUTDOWN_GRACE_MS, onShutdownSignal } from './shutdown'
import { createDiskFileStore } from './storage/file-store'

// `npm run worker`: processes documents without serving HTTP, for running the work on more
// machines against one PostgreSQL (DATABASE_URL) and shared file storage. Start web servers with
// JOB_WORKER=false then.
try {
  const config = loadApiConfig(withGeneratedSecrets(process.env))
  if (!config.DATABASE_URL) {
    console.error('npm run worker needs DATABASE_URL: the embedded database belongs to the one `npm start` process.')
    process.exit(1)
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
  }
  const worker = await startWorker(deps, false)
  console.log(`Job worker ${deps.jobs.workerId} running (concurrency ${config.JOB_CONCURRENCY}).`)
  onShutdownSignal(async () => {
    await worker.stop({ graceMs: SHUTDOWN_GRACE_MS })
    await stopExtractionWorkers()
    await deps.embeddings.close?.()
    await database.close()
  })
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}
