import { createBackend } from './backend'
import { loadApiConfig } from './config'
import { seedSampleTemplates } from './conversation-templates/seed'
import { openDatabase } from './db/client'
import { describeDemoSignIns, seedDemo } from './db/seed'
import { reportStaleVectors } from './ingest/reindex-document-job'

/** Opens the database, applies migrations, seeds the demo organization, and builds the API. */
export async function startBackend(env: Record<string, string | undefined>) {
  const config = loadApiConfig(env)
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  await database.migrate()
  let signIns: string | undefined
  if (config.SEED_DEMO) {
    await seedDemo(database.db, config.DEMO_PASSWORD)
    signIns = describeDemoSignIns(config.DEMO_PASSWORD)
  }
  await seedSampleTemplates(database.db)
  const backend = await createBackend({ db: database.db, config, exclusiveDatabase: !config.DATABASE_URL })
  await backend.deps.embeddings.warm?.()
  await reportStaleVectors(database.db, backend.deps.embeddings.model)
  return { api: backend.api, backend, config, database, signIns }
}
