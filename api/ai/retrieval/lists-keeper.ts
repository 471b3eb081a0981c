import { sql } from 'drizzle-orm'

import { log } from '../../../runtime/log'
import type { Database } from '../../db/database'
import { rowsOf } from '../../db/sql-values'
import { POSTINGS_BUDGET } from './bm25'
import { createPostingsCache } from './postings-cache'

// After an organization's last indexing job of a burst: an upload of many documents is a job each,
// back to back, and its lists are kept once, after the last.
const QUIET_MS = 2_000
// Organizations waiting for their quiet moment at most; past it, one's next question reads them ahead.
const MAX_WAITING = 1_000

/**
 * Keeps a large organization's commonest posting lists at its new search generation once the jobs
 * that changed its chunks have gone quiet (decision 093), as a question's read-ahead would
 * (decision 092), so that the first question after an upload restores them from `kept_posting_lists`
 * instead of being ranked by the database while they are read from `chunk_terms`. The lists are
 * read a slice a statement into a cache of their own, dropped once kept: the process running the
 * jobs need not answer questions. An organization whose lists are kept at its generation already (a
 * question came first), or with fewer than `minChunks` chunks (and so no term in as many), is left as
 * it is.
 */
export function createListsKeeper(
  db: Database,
  { quietMs = QUIET_MS, minChunks = Math.ceil(POSTINGS_BUDGET / 20) }: { quietMs?: number; minChunks?: number } = {},
) {
  const waiting = new Map<number, NodeJS.Timeout>()
  let keeping: Promise<void> = Promise.resolve()
  let running = 0
  let settledWaiters: Array<() => void> = []
  let stopped = false
  let cache: ReturnType<typeof createPostingsCache> | undefined

  const settle = () => {
    if (waiting.size > 0 || running > 0) return
    for (const resolve of settledWaiters) resolve()
    settledWaiters = []
  }
  const keep = async (organizationId: number) => {
    const [row] = rowsOf(
      await db.execute(sql`
        select o.search_generation::float8 as generation,
          exists (select 1 from kept_posting_lists k
            where k.organization_id = o.id and k.generation = o.search_generation) as kept,
          coalesce((select c.chunks from chunk_statistics c where c.organization_id = o.id), 0) >= ${minChunks} as large
        from organizations o where o.id = ${organizationId}`),
    )
    if (!row || row.kept === true || row.large !== true || stopped) return
    cache = createPostingsCache()
    cache.readAhead(db, organizationId, Number(row.generation), { minChunks })
    await cache.settled()
    cache = undefined
  }
  const due = (organizationId: number) => {
    waiting.delete(organizationId)
    running++
    keeping = keeping
      .then(() => (stopped ? undefined : keep(organizationId)))
      .catch((error: unknown) => log.warn({ err: error, organizationId }, '[search] keeping the lists failed'))
      .finally(() => {
        running--
        settle()
      })
  }
  return {
    /** After a job wrote the organization's chunks or postings: its lists are kept once it goes quiet. */
    afterIndexWrite(organizationId: number | null) {
      if (stopped || organizationId === null) return
      const timer = waiting.get(organizationId)
      if (timer) clearTimeout(timer)
      else if (waiting.size >= MAX_WAITING) return
      waiting.set(organizationId, setTimeout(() => due(organizationId), quietMs).unref())
    },
    /** Resolves when no organization is waiting for its lists to be kept, nor being kept (tests, benchmarks). */
    settled() {
      return new Promise<void>((resolve) => {
        settledWaiters.push(resolve)
        settle()
      })
    },
    /** Keeps nothing more: the waiting are dropped, and the lists being read are left unkept. */
    async stop() {
      stopped = true
      for (const timer of waiting.values()) clearTimeout(timer)
      waiting.clear()
      await cache?.stop()
      await keeping
      settle()
    },
  }
}
