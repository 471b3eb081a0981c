import { createEmbeddingProvider } from '../api/ai/embeddings'
import { embeddedElsewhere, type EmbeddingKind } from '../api/ai/embeddings/provider'
import { createBackend } from '../api/backend'
import { seedSampleTemplates } from '../api/conversation-templates/seed'
import { openDatabase } from '../api/db/client'
import { reportStaleVectors } from '../api/ingest/reindex-document-job'
import type { StopOptions } from '../api/jobs/worker'
import { loadApiConfig } from '../api/kernel/config'
import { describeDemoSignIns, seedDemo, warnOfDemoPassword } from '../api/seed'
import { markFileStorage } from '../api/storage/shared-storage'
import { uploadStagingAreas } from '../app/http/upload-staging.server'
import { keepSwept } from '../runtime/staging-sweeps'

type Env = Record<string, string | undefined>

/** What runs once per server before anything serves: opens the database, migrates, seeds. */
async function prepareDatabase(env: Env) {
  const config = loadApiConfig(env)
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  await database.migrate()
  let signIns: string | undefined
  if (config.SEED_DEMO) {
    await seedDemo(database.db, config.DEMO_PASSWORD)
    signIns = describeDemoSignIns(config.DEMO_PASSWORD)
  }
  await seedSampleTemplates(database.db)
  if (config.NODE_ENV === 'production') await warnOfDemoPassword(database.db)
  return { config, database, signIns }
}

/**
 * The web pages of this server stage uploads under its DATA_DIR (app/http/upload-staging.server.ts),
 * and a web process may be killed mid-upload: every process with the backend sweeps that staging
 * from its start, the primary of several web processes among them, so a dead one's is removed
 * within the minute (decision 048). The backend sweeps its own file store's.
 */
function withUploadStagingSwept<T extends { stop(options?: StopOptions): Promise<void> }>(env: Env, backend: T): T {
  const stops = uploadStagingAreas(env).map((area) => keepSwept(area))
  return {
    ...backend,
    async stop(options?: StopOptions) {
      stops.forEach((stop) => stop())
      await backend.stop(options)
    },
  }
}

/** The backend on a prepared database, its model loaded and stale vectors reported. */
async function backendOn(env: Env, { config, database }: Awaited<ReturnType<typeof prepareDatabase>>) {
  const backend = withUploadStagingSwept(
    env,
    await createBackend({ db: database.db, config, exclusiveDatabase: !config.DATABASE_URL }),
  )
  await backend.deps.embeddings.warm?.()
  await markFileStorage(database.db, backend.deps.files)
  await reportStaleVectors(database.db, backend.deps.embeddings.model)
  return backend
}

/** The whole backend in this process: database, API and (unless JOB_WORKER=false) the job worker. */
export async function startBackend(env: Record<string, string | undefined>) {
  const prepared = await prepareDatabase(env)
  const backend = await backendOn(env, prepared)
  backend.deps.postings.restore(prepared.database.db)
  return { api: backend.api, backend, ...prepared }
}

/**
 * The primary of a server in several web processes (decision 012): it opens the database (an
 * embedded one in its thread, which the web processes reach over its socket), migrates and seeds
 * once, runs the jobs and embeds for the web processes; it serves no HTTP.
 */
export async function startJobHost(env: Record<string, string | undefined>) {
  const prepared = await prepareDatabase(env)
  const { deps, stop } = await backendOn(env, prepared)
  return {
    database: prepared.database,
    signIns: prepared.signIns,
    /** Wakes the job worker for work another process queued. */
    jobsQueued: () => deps.jobs.notify(),
    /** Vectors for another process, by the one model this process holds. */
    embed: (texts: string[], kind: EmbeddingKind) => deps.embeddings.embed(texts, kind),
    stop: (graceMs: number) => stop({ graceMs }),
  }
}

/** How a web process of a server in several works with its primary. */
export interface Primary {
  /** The primary's embedded database; unset with DATABASE_URL. */
  databaseSocket?: string
  /** Wakes the primary's job worker for a job this process queued. */
  jobsQueued(): void
  /** Vectors by the primary's model (local models are held once, there). */
  embed(texts: string[], kind: EmbeddingKind): Promise<Float32Array[]>
}

/**
 * A web process of a server in several (decision 012): the API on the database the primary opened
 * (its embedded database's socket, or DATABASE_URL), without a job worker of its own.
 */
export async function attachBackend(env: Record<string, string | undefined>, primary: Primary) {
  const config = { ...loadApiConfig(env), JOB_WORKER: false }
  if (!config.DATABASE_URL && !primary.databaseSocket) throw new Error("A web process needs its primary's database")
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, socketPath: primary.databaseSocket })
  const provider = await createEmbeddingProvider(config)
  // A remote provider is called from here; a local model stays in the primary alone.
  const embeddings =
    config.EMBEDDING_PROVIDER === 'openai'
      ? provider
      : embeddedElsewhere(provider, (texts, kind) => primary.embed(texts, kind))
  const backend = withUploadStagingSwept(
    env,
    await createBackend({ db: database.db, config, exclusiveDatabase: false, embeddings }),
  )
  backend.deps.jobs.onEnqueue(() => primary.jobsQueued())
  backend.deps.postings.restore(database.db)
  return { api: backend.api, backend, database }
}
