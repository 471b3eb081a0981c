import { sql } from 'drizzle-orm'

import { log } from '../../../runtime/log'
import type { Database } from '../../db/database'

/**
 * Vacuums and analyses the tables search reads: visibility for index-only scans, statistics for the
 * planner, and the space of the kept lists that a change of generation deleted (decision 092).
 */
export const vacuumSearchTables = (db: Database) =>
  db.execute(sql`vacuum (analyze) document_chunks, chunk_terms, document_embeddings, kept_posting_lists`)

/**
 * The embedded database has no autovacuum: without it the planner has no statistics (it would scan
 * a large organization's vectors exactly instead of through the HNSW index) and index-only scans of
 * postings read the heap. After index writes this vacuums and analyses the search tables, at most
 * once per interval, with one trailing run after a burst of writes; vacuum only visits pages changed
 * since the last one. A PostgreSQL server does this itself, so only PGlite uses it.
 */
export function createSearchMaintenance(db: Database, { intervalMs = 30_000 } = {}) {
  let last = 0
  let running: Promise<void> | undefined
  let trailing: NodeJS.Timeout | undefined
  let stopped = false

  async function run() {
    trailing = undefined
    if (stopped) return
    running ??= vacuumSearchTables(db)
      .then(
        () => undefined,
        (error: Error) => log.warn({ err: error }, '[search] vacuum/analyze of the search tables failed'),
      )
      .finally(() => {
        last = Date.now()
        running = undefined
      })
    await running
  }

  return {
    async afterIndexWrite() {
      const wait = last + intervalMs - Date.now()
      if (wait <= 0 && !running) return run()
      trailing ??= setTimeout(() => void run(), Math.max(wait, 0) + 1000).unref()
    },
    async stop() {
      stopped = true
      clearTimeout(trailing)
      await running
    },
  }
}
