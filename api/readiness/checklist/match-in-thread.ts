import { threadBundle } from '../../../runtime/thread-bundle'
import { workPool } from '../../../runtime/work-pool'
import { keptResults } from '../../kernel/kept-results'
import type { ItemResult } from './matching'
import type { MatchTask } from './matching-thread'

// Matching reads up to 500 documents' openings against every item: linear, but at those limits
// still more than a page may hold its event loop for (decision 049). One thread per process, kept
// warm between page views; a page waits for at most a few others' matchings.
const pool = workPool({
  name: 'checklist match',
  entry: () => threadBundle('api/readiness/checklist/matching-thread.ts'),
  threads: 1,
  queue: 16,
  perOwner: 4,
  deadlineMs: 10_000,
})

// Organizations whose last matching a process keeps.
const KEPT_MATCHINGS = 200

/**
 * Matchings kept by what they were matched from: each document's current version, title, category
 * and what its tables hold, the items, the confirmed links and the day (api/readiness/checklist/service.ts).
 */
export const createChecklistMatchCache = () => keptResults<Map<string, ItemResult>>({ max: KEPT_MATCHINGS })

export type ChecklistMatchCache = ReturnType<typeof createChecklistMatchCache>

declare module '../../kernel/context' {
  interface Deps {
    checklistMatches: ChecklistMatchCache
  }
}

/** matchChecklist (./matching.ts) in a worker thread: the same results, off the event loop. */
export const matchInThread = (task: MatchTask, owner: number) =>
  pool.run<Map<string, ItemResult>>('match', task, { owner: String(owner) })
