import { threadBundle } from '../../runtime/thread-bundle'
import { workPool } from '../../runtime/work-pool'
import type { ExportFormat } from './formats'
import type { Report } from './report'

// A report grows with what users wrote (a conversation's tables, 500 tasks of 500 characters) and
// took seconds of an event loop to make (issue 43): it is made in a thread (decision 049). One per
// process, so the cores stay with the pages; a user has at most two reports in hand at once, and a
// handful more wait their turn before the server says it is busy. The deadline counts the wait.
const pool = workPool({
  name: 'report',
  entry: () => threadBundle('api/exports/render-thread.ts'),
  threads: 1,
  queue: 6,
  perOwner: 2,
  deadlineMs: 30_000,
  memoryMb: 384,
})

/** The report as a file in `format`, made in a worker thread for `owner` (a user id). */
export const renderInThread = (report: Report, format: ExportFormat, owner: number) =>
  pool.run<Uint8Array>(format, report, { owner: String(owner) })
