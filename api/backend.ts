import { keepSwept } from '../runtime/staging-sweeps'
import { createAnswerProvider } from './ai/answers'
import { createEmbeddingProvider } from './ai/embeddings'
import type { EmbeddingProvider } from './ai/embeddings/provider'
import { createListsKeeper } from './ai/retrieval/lists-keeper'
import { createSearchMaintenance } from './ai/retrieval/maintenance'
import { createPostingsCache } from './ai/retrieval/postings-cache'
import { createApi } from './app'
import { giveSampleTemplates } from './conversation-templates/seed'
import type { Database } from './db/database'
import { stopExtractionWorkers } from './ingest/extraction-pool'
import { PROCESS_DOCUMENT, processDocumentJob } from './ingest/process-document'
import { queueStaleFacts, READ_FACTS, readFactsJob } from './ingest/read-facts-job'
import { INDEX_DOCUMENT, indexDocumentJob } from './ingest/reindex-document-job'
import { createJobQueue } from './jobs/queue'
import { type JobHandler, startJobWorker, type StopOptions } from './jobs/worker'
import type { ApiConfig } from './kernel/config'
import { type Clock, type Deps, systemClock } from './kernel/context'
import { createMailer, type Mailer } from './mail/mailer'
import { createProposalCache } from './readiness/assessment/proposal-cache'
import { createChecklistMatchCache } from './readiness/checklist/match-in-thread'
import { createValueEvidenceCache } from './readiness/value-gap/evidence-cache'
import { createSearchResultCache } from './search/result-cache'
import { createFileStore } from './storage/create-file-store'
import type { FileStore } from './storage/file-store'
import { TRANSCRIBE_RECORDING } from './transcriptions/recordings'
import { transcribeRecordingJob } from './transcriptions/transcription-job'

export interface BackendOptions {
  db: Database
  config: ApiConfig
  mailer?: Mailer
  /** True when no other process can use the database (embedded PGlite): jobs left running are ours. */
  exclusiveDatabase: boolean
  clock?: Clock
  /** Replaces the provider the settings name: a web process of several embeds through its primary (decision 012). */
  embeddings?: EmbeddingProvider
}

/** The API with its dependencies and, unless JOB_WORKER=false, the in-process job worker. */
export async function createBackend({
  db,
  config,
  mailer,
  exclusiveDatabase,
  clock = systemClock,
  embeddings,
}: BackendOptions) {
  const deps = await createDeps({ db, config, mailer, clock, embeddings })
  const stopSweeping = sweepStaging(deps.files)
  let worker: Awaited<ReturnType<typeof startWorker>> | undefined
  if (config.JOB_WORKER) worker = await startWorker(deps, exclusiveDatabase)
  return {
    api: createApi(deps),
    deps,
    worker,
    /** Stops the job worker (running jobs go back to the queue) and what it holds; the database stays open. */
    async stop(options?: StopOptions) {
      stopSweeping()
      await worker?.stop(options)
      await stopExtractionWorkers()
      await deps.embeddings.close?.()
      await deps.postings.stop()
    },
  }
}

/** What every handler and job is given: the database, the configuration and the services built from it. */
export async function createDeps({
  db,
  config,
  mailer,
  clock = systemClock,
  embeddings,
}: Pick<BackendOptions, 'db' | 'config' | 'mailer' | 'clock' | 'embeddings'>): Promise<Deps> {
  return {
    db,
    config,
    mailer: mailer ?? createMailer(config),
    files: createFileStore(config),
    jobs: createJobQueue(db, { leaseSeconds: config.JOB_LEASE_SECONDS }),
    embeddings: embeddings ?? (await createEmbeddingProvider(config)),
    answers: await createAnswerProvider(config),
    clock,
    furnishOrganization: giveSampleTemplates,
    searchResults: createSearchResultCache(),
    postings: createPostingsCache(),
    readinessProposals: createProposalCache(),
    checklistMatches: createChecklistMatchCache(),
    valueEvidence: createValueEvidenceCache(),
  }
}

/**
 * Sweeps where the file store stages uploads now and every minute (decision 048): every process
 * that serves the API or runs jobs, so what a killed one staged is removed by another. A process
 * that holds several (the API and its worker) sweeps each place once.
 */
function sweepStaging(files: FileStore) {
  const stops = files.staging.map((place) => keepSwept(place))
  return () => stops.forEach((stop) => stop())
}

export async function startWorker(deps: Deps, exclusiveDatabase: boolean) {
  // A crash or kill leaves jobs "running"; on a database only we can use they resume at once,
  // elsewhere when their lease runs out.
  if (exclusiveDatabase) await deps.jobs.releaseAll()
  const maintenance = exclusiveDatabase ? createSearchMaintenance(deps.db) : undefined
  const keeper = createListsKeeper(deps.db)
  const indexing =
    (handler: JobHandler): JobHandler =>
    async (job, signal) => {
      await handler(job, signal)
      await maintenance?.afterIndexWrite()
      keeper.afterIndexWrite(job.organizationId)
    }
  const stopSweeping = sweepStaging(deps.files)
  await queueStaleFacts(deps)
  const worker = startJobWorker(
    deps.jobs,
    {
      [PROCESS_DOCUMENT]: indexing(processDocumentJob(deps)),
      [INDEX_DOCUMENT]: indexing(indexDocumentJob(deps)),
      [READ_FACTS]: readFactsJob(deps),
      [TRANSCRIBE_RECORDING]: transcribeRecordingJob(deps),
    },
    {
      concurrency: deps.config.JOB_CONCURRENCY,
      pollMs: deps.config.JOB_POLL_MS,
      onlyWorker: exclusiveDatabase,
      leaseSeconds: deps.config.JOB_LEASE_SECONDS,
    },
  )
  return {
    ...worker,
    /** Resolves when the lists of the organizations whose chunks the jobs changed are kept (decision 093). */
    listsKept: () => keeper.settled(),
    async stop(options?: StopOptions) {
      stopSweeping()
      await worker.stop(options)
      await keeper.stop()
      await maintenance?.stop()
    },
  }
}
