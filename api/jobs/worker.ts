import { log, newRequestId, withLogContext } from '../../runtime/log'
import type { Job, JobQueue } from './queue'

/**
 * Does one job. `signal` aborts when the worker stops: a handler ends what it can end at once
 * (a document reader process) by throwing, and lets a write that has started finish.
 */
export type JobHandler = (job: Job, signal: AbortSignal) => Promise<void>

export interface StopOptions {
  /**
   * How long jobs get to end after the abort. A job still running then is handed back anyway and
   * left behind, so a job stuck in a call that cannot be aborted cannot hold up a shutdown.
   */
  graceMs?: number
}

export interface JobWorker {
  /** Resolves when no job is running or queued and due (used by tests and benchmarks). */
  idle(): Promise<void>
  /** Claims nothing more, aborts the running jobs and hands them back to the queue, their attempt not counted. */
  stop(options?: StopOptions): Promise<void>
}

/**
 * Runs queued jobs in this process: polls (or, as the only worker, sleeps until a job is due), wakes at once on enqueue, renews the lease of running
 * jobs, and retries failures with a backoff. `npm run worker` runs the same loop on its own.
 *
 * With more than one slot, one organization holds at most `concurrency - 1` of them, so another
 * organization's document never waits behind a huge one; with one slot it is first come, first served.
 */
export function startJobWorker(
  queue: JobQueue,
  handlers: Record<string, JobHandler>,
  {
    concurrency = 1,
    pollMs = 1000,
    leaseSeconds = 60,
    onlyWorker = false,
  }: {
    concurrency?: number
    pollMs?: number
    leaseSeconds?: number
    /**
     * No other process enqueues or runs jobs (the embedded database): instead of polling, the
     * worker sleeps until the next delayed job is due or an enqueue wakes it.
     */
    onlyWorker?: boolean
  } = {},
): JobWorker {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let idleWaiters: Array<() => void> = []
  const running = new Map<Job, Promise<void>>()
  const shutdown = new AbortController()
  const perOrganization = Math.max(1, concurrency - 1)

  const settleIdle = () => {
    if (running.size > 0) return
    const waiters = idleWaiters
    idleWaiters = []
    for (const resolve of waiters) resolve()
  }

  /** Organizations holding all the slots one organization may have here. */
  function fullOrganizations() {
    if (concurrency === 1) return []
    const held = new Map<number, number>()
    for (const job of running.keys()) {
      if (job.organizationId !== null) held.set(job.organizationId, (held.get(job.organizationId) ?? 0) + 1)
    }
    return [...held].filter(([, count]) => count >= perOrganization).map(([organizationId]) => organizationId)
  }

  /**
   * Runs a job under the request id of the request that queued it (a new one for system work), so
   * its lines, and whatever its handler logs, can be found beside that request's.
   */
  function run(job: Job) {
    const context = { requestId: job.requestId ?? newRequestId(), jobId: job.id }
    return withLogContext(context, () => runLogged(job))
  }

  async function runLogged(job: Job) {
    const handler = handlers[job.kind]
    const heartbeat = setInterval(() => void queue.renew(job).catch(() => {}), (leaseSeconds * 1000) / 3)
    const started = performance.now()
    const fields = () => ({ kind: job.kind, attempt: job.attempts, ms: Math.round(performance.now() - started) })
    log.info({ kind: job.kind, attempt: job.attempts }, 'job started')
    try {
      if (!handler) throw new Error(`No handler for job kind "${job.kind}"`)
      await handler(job, shutdown.signal)
      await queue.complete(job)
      log.info(fields(), 'job finished')
    } catch (error) {
      // Whatever a stopped job threw (the abort, or a failure it caused), it is the shutdown's, not the job's.
      if (shutdown.signal.aborted) {
        await queue.handBack(job).catch(() => {})
        log.info(fields(), 'job handed back (the worker is stopping)')
        return
      }
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error)
      const outcome = await queue.retryOrFail(job, message).catch(() => 'failed')
      log[outcome === 'failed' ? 'error' : 'warn'](
        { ...fields(), err: error, outcome },
        outcome === 'failed' ? 'job failed for good' : 'job failed; it will be retried',
      )
    } finally {
      clearInterval(heartbeat)
    }
  }

  let filling: Promise<void> | undefined
  let again = false

  function fill(): Promise<void> {
    if (stopped) return Promise.resolve()
    // One claiming loop at a time, or two could both pass the concurrency check.
    if (filling) {
      again = true
      return filling
    }
    filling = claimWhileRoom().finally(() => {
      filling = undefined
    })
    return filling
  }

  async function claimWhileRoom() {
    clearTimeout(timer)
    for (;;) {
      try {
        do {
          again = false
          while (!stopped && running.size < concurrency) {
            const job = await queue.claim({ excludeOrganizations: fullOrganizations() })
            if (!job) break
            const task = run(job).finally(() => {
              running.delete(job)
              void fill()
            })
            running.set(job, task)
          }
        } while (again && !stopped && running.size < concurrency)
      } catch (error) {
        if (!stopped) log.error({ err: error }, 'could not claim a job')
      }
      if (running.size === 0) settleIdle()
      const wait = onlyWorker ? await queue.nextDue().catch(() => pollMs) : pollMs
      // A job that ended or was queued while the next due time was read asked for another look; without
      // it the worker would sleep until that time (or for good) with a slot free and work waiting.
      if (again && !stopped) continue
      if (!stopped && wait !== null) timer = setTimeout(() => void fill(), wait).unref()
      return
    }
  }

  queue.onEnqueue(() => void fill())
  void fill()

  return {
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve)
        void fill()
      }),
    async stop({ graceMs }: StopOptions = {}) {
      stopped = true
      clearTimeout(timer)
      await filling
      shutdown.abort(new Error('The job worker is stopping; the job goes back to the queue.'))
      const ended = Promise.allSettled([...running.values()])
      if (graceMs === undefined) {
        await ended
        return
      }
      let deadline: NodeJS.Timeout | undefined
      const late = await Promise.race([
        ended.then(() => false),
        new Promise<boolean>((resolve) => (deadline = setTimeout(() => resolve(true), graceMs))),
      ])
      clearTimeout(deadline)
      if (!late) return
      const stuck = [...running.keys()]
      log.warn(
        { jobIds: stuck.map((job) => job.id), graceMs },
        `${stuck.length} job(s) did not stop within ${graceMs} ms; handing them back and leaving them`,
      )
      await Promise.allSettled(stuck.map((job) => queue.handBack(job)))
    },
  }
}
