import { randomUUID } from 'node:crypto'

import { and, eq, sql } from 'drizzle-orm'

import { currentLogContext } from '../../runtime/log'
import type { Database } from '../db/database'
import { jobs } from '../db/schema'
import { rowsOf } from '../db/sql-values'

export type Job = typeof jobs.$inferSelect

export interface ClaimOptions {
  /** Organizations that already hold all the slots this worker lets one organization have. */
  excludeOrganizations?: number[]
}

export interface JobQueue {
  /**
   * Pass `db` to enqueue inside a transaction, so the job exists exactly when the work's rows do, and
   * the organization whose work it is, so claims are shared fairly (none for system work).
   */
  enqueue(
    kind: string,
    payload: Record<string, unknown>,
    options?: { maxAttempts?: number; db?: Database; organizationId?: number | null },
  ): Promise<Job>
  /** Wakes idle workers; call after the transaction that enqueued commits. */
  notify(): void
  /**
   * Takes a runnable job (queued and due, or running under a lease that ran out): of the
   * organization with the fewest jobs running on any worker, then with the least work done in the
   * last minutes (WORK_WINDOW_MINUTES), then the oldest.
   */
  claim(options?: ClaimOptions): Promise<Job | null>
  /**
   * Who else wants the job's slot (decision 047). `giveWay`: another organization has a job due
   * and none running, and the job's organization did at least `marginMs` more work than it (its
   * runs ended in the window, and those going on so far), and more than any other organization
   * running a job, so one slot is given up for it, not every one. `anotherDue`: a job is due that
   * could take the slot were the run to end: of its own organization, of one with none running, or
   * system work.
   */
  contention(job: Job, marginMs: number): Promise<{ giveWay: boolean; anotherDue: boolean }>
  renew(job: Job): Promise<void>
  complete(job: Job): Promise<void>
  /** Queues the job again with a backoff, or marks it failed after its last attempt. */
  retryOrFail(job: Job, error: string): Promise<'retried' | 'failed'>
  /** Gives a job this worker stopped (a shutdown) back to the queue, to run at once, its attempt not counted. */
  handBack(job: Job): Promise<void>
  /** Puts jobs left running by a previous process back in the queue (single-process databases). */
  releaseAll(): Promise<number>
  /** Milliseconds until the next queued job is due (0 if one is due now), or null if none is queued. */
  nextDue(): Promise<number | null>
  /** Called after enqueue so an idle worker starts at once instead of at its next poll. */
  onEnqueue(listener: () => void): void
  readonly workerId: string
}

/**
 * How far back a claim looks at the work each organization's jobs did (decision 047): long enough
 * to remember scans read run after run, short enough that an organization that
 * uploaded a lot this morning is not behind everyone this afternoon.
 */
export const WORK_WINDOW_MINUTES = 10

/** The run being settled: its milliseconds go to the job's work, and it ended now. */
const runEnded = {
  ranMs: sql`ran_ms + coalesce(round(extract(epoch from now() - started_at) * 1000)::integer, 0)`,
  endedAt: sql`now()`,
}

export function createJobQueue(db: Database, { leaseSeconds }: { leaseSeconds: number }): JobQueue {
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`
  const listeners = new Set<() => void>()
  const lease = sql`now() + make_interval(secs => ${leaseSeconds})`
  // A job is settled only by the worker holding it: after a hand-back, or once another worker took
  // it over an ended lease, a late outcome from this one must change nothing.
  const held = (job: Job) => and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId))
  return {
    workerId,
    async enqueue(kind, payload, options = {}) {
      const [job] = await (options.db ?? db)
        .insert(jobs)
        .values({
          kind,
          payload,
          maxAttempts: options.maxAttempts ?? 3,
          organizationId: options.organizationId ?? null,
          // The request that queued it, so the job's log lines can be traced back to it.
          requestId: currentLogContext()?.requestId ?? null,
        })
        .returning()
      if (!options.db) this.notify()
      return job!
    },
    notify() {
      for (const listener of listeners) listener()
    },
    async claim({ excludeOrganizations = [] } = {}) {
      const excluded = excludeOrganizations.length
        ? sql`and (j.organization_id is null or j.organization_id not in (${sql.join(
            excludeOrganizations.map((id) => sql`${id}`),
            sql`, `,
          )}))`
        : sql``
      // One statement: SKIP LOCKED keeps two workers off the same job. Two claims at the same instant
      // may both see an organization as idle; the sharing is fair on average across workers, and
      // exact within one, whose cap (excludeOrganizations) keeps a slot for the others.
      // Running means holding a live lease: a crashed worker's jobs stop counting when theirs ends.
      // Between organizations running as many, the one whose runs took less time lately goes first,
      // however old the other's jobs: one that queued many long runs (scans read run after run)
      // waits while one with a first upload is served (decision 047).
      const [job] = await db
        .update(jobs)
        .set({
          status: 'running',
          attempts: sql`attempts + 1`,
          lockedBy: workerId,
          lockedUntil: sql`${lease}`,
          startedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(
          sql`id = (
          select j.id from jobs j
          left join (
            select organization_id, count(*) as running from jobs
            where status = 'running' and locked_until >= now() and organization_id is not null
            group by organization_id
          ) busy on busy.organization_id = j.organization_id
          left join (
            select organization_id, sum(ran_ms) as worked from jobs
            where ended_at > now() - make_interval(mins => ${WORK_WINDOW_MINUTES}) and organization_id is not null
            group by organization_id
          ) recent on recent.organization_id = j.organization_id
          where ((j.status = 'queued' and j.run_after <= now()) or (j.status = 'running' and j.locked_until < now()))
            ${excluded}
          order by coalesce(busy.running, 0), coalesce(recent.worked, 0), j.id
          for update of j skip locked
          limit 1
        )`,
        )
        .returning()
      return job ?? null
    },
    async contention(job, marginMs) {
      const mine = job.organizationId ?? 0
      const [row] = await db
        .execute(
          sql`
        with ended as (
          select organization_id, sum(ran_ms) as ms from jobs
          where ended_at > now() - make_interval(mins => ${WORK_WINDOW_MINUTES}) and organization_id is not null
          group by organization_id
        ), running as (
          select organization_id, sum(extract(epoch from now() - started_at) * 1000) as ms from jobs
          where status = 'running' and locked_until >= now() and organization_id is not null
          group by organization_id
        ), work as (
          select organization_id, sum(ms) as ms from (select * from ended union all select * from running) runs
          group by organization_id
        ), my as (
          select coalesce((select ms from work where organization_id = ${mine}), 0) as ms
        ), due as (
          select organization_id from jobs where status = 'queued' and run_after <= now()
        )
        select exists (
            select 1 from due
            where due.organization_id is not null and due.organization_id <> ${mine}
              and due.organization_id not in (select organization_id from running)
              and coalesce((select ms from work where organization_id = due.organization_id), 0) + ${marginMs}
                < (select ms from my)
          ) and not exists (
            select 1 from running r join work w on w.organization_id = r.organization_id
            where r.organization_id <> ${mine} and w.ms > (select ms from my)
          ) as give_way,
          exists (
            select 1 from due
            where due.organization_id is null or due.organization_id = ${mine}
              or due.organization_id not in (select organization_id from running)
          ) as another_due`,
        )
        .then(rowsOf)
      // System work (no organization) gives way to none; it takes turns like any job.
      return { giveWay: job.organizationId !== null && row?.give_way === true, anotherDue: row?.another_due === true }
    },
    async nextDue() {
      const [row] = await db
        .select({ ms: sql<number | null>`extract(epoch from min(${jobs.runAfter}) - now()) * 1000`.mapWith(Number) })
        .from(jobs)
        .where(eq(jobs.status, 'queued'))
      return row?.ms === null || row?.ms === undefined || Number.isNaN(row.ms) ? null : Math.max(0, Math.ceil(row.ms))
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
        .set({ status: 'done', lockedBy: null, lockedUntil: null, ...runEnded, updatedAt: sql`now()` })
        .where(held(job))
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
          ...runEnded,
          updatedAt: sql`now()`,
        })
        .where(held(job))
      return last ? 'failed' : 'retried'
    },
    async handBack(job) {
      await db
        .update(jobs)
        .set({
          status: 'queued',
          // Stopping the job was our doing, not the job's: its attempts stay for real failures.
          attempts: sql`greatest(attempts - 1, 0)`,
          lockedBy: null,
          lockedUntil: null,
          runAfter: sql`now()`,
          // What it did before the stop was work all the same.
          ...runEnded,
          updatedAt: sql`now()`,
        })
        .where(and(held(job), eq(jobs.status, 'running')))
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

declare module '../kernel/context' {
  interface Deps {
    jobs: JobQueue
  }
}
