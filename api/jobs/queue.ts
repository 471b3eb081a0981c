import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { jobs } from '../db/schema'

export type Job = typeof jobs.$inferSelect

export interface JobQueue {
  /** Pass `db` to enqueue inside a transaction, so the job exists exactly when the work's rows do. */
  enqueue(kind: string, payload: Record<string, unknown>, options?: { maxAttempts?: number; db?: Database }): Promise<Job>
  /** Wakes idle workers; call after the transaction that enqueued commits. */
  notify(): void
  /** Takes the oldest runnable job: queued and due, or running under a lease that ran out. */
  claim(): Promise<Job | null>
  renew(job: Job): Promise<void>
  complete(job: Job): Promise<void>
  /** Queues the job again with a backoff, or marks it failed after its last attempt. */
  retryOrFail(job: Job, error: string): Promise<'retried' | 'failed'>
  /** Puts jobs left running by a previous process back in the queue (single-process databases). */
  releaseAll(): Promise<number>
  /** Called after enqueue so an idle worker starts at once instead of at its next poll. */
  onEnqueue(listener: () => void): void
  readonly workerId: string
}

export function createJobQueue(db: Database, { leaseSeconds }: { leaseSeconds: number }): JobQueue {
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`
  const listeners = new Set<() => void>()
  const lease = sql`now() + make_interval(secs => ${leaseSeconds})`
  return {
    workerId,
    async enqueue(kind, payload, options = {}) {
      const [job] = await (options.db ?? db)
        .insert(jobs)
        .values({ kind, payload, maxAttempts: options.maxAttempts ?? 3 })
        .returning()
      if (!options.db) this.notify()
      return job!
    },
    notify() {
      for (const listener of listeners) listener()
    },
    async claim() {
      const rows = await db.execute(sql`
        update jobs set status = 'running', attempts = attempts + 1, locked_by = ${workerId},
          locked_until = ${lease}, updated_at = now()
        where id = (
          select id from jobs
          where (status = 'queued' and run_after <= now()) or (status = 'running' and locked_until < now())
          order by id
          for update skip locked
          limit 1
        )
        returning id`)
      const id = (rowsOf(rows)[0] as { id: number } | undefined)?.id
      if (id === undefined) return null
      const [job] = await db.select().from(jobs).where(eq(jobs.id, id))
      return job ?? null
    },
    async renew(job) {
      await db
        .update(jobs)
        .set({ lockedUntil: sql`${lease}`, updatedAt: sql`now()` })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)))
    },
    async complete(job) {
      await db
        .update(jobs)
        .set({ status: 'done', lockedBy: null, lockedUntil: null, updatedAt: sql`now()` })
        .where(eq(jobs.id, job.id))
    },
    async retryOrFail(job, error) {
      const last = job.attempts >= job.maxAttempts
      await db
        .update(jobs)
        .set({
          status: last ? 'failed' : 'queued',
          lastError: error.slice(0, 4000),
          lockedBy: null,
          lockedUntil: null,
          // 5 s, 25 s, 125 s...: a passing problem (a full disk, a restart) has time to clear.
          runAfter: sql`now() + make_interval(secs => ${5 ** job.attempts})`,
          updatedAt: sql`now()`,
        })
        .where(eq(jobs.id, job.id))
      return last ? 'failed' : 'retried'
    },
    async releaseAll() {
      const released = await db
        .update(jobs)
        .set({ status: 'queued', lockedBy: null, lockedUntil: null, runAfter: sql`now()` })
        .where(eq(jobs.status, 'running'))
        .returning({ id: jobs.id })
      return released.length
    },
    onEnqueue(listener) {
      listeners.add(listener)
    },
  }
}

/** PGlite answers `{rows}`, postgres-js an array of rows. */
function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result
  return (result as { rows?: unknown[] }).rows ?? []
}
