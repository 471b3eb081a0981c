import type { Job, JobQueue } from './queue'

export type JobHandler = (job: Job) => Promise<void>

export interface JobWorker {
  /** Resolves when no job is running or queued and due (used by tests and benchmarks). */
  idle(): Promise<void>
  stop(): Promise<void>
}

/**
 * Runs queued jobs in this process: polls, wakes at once on enqueue, renews the lease of running
 * jobs, and retries failures with a backoff. `npm run worker` runs the same loop on its own.
 */
export function startJobWorker(
  queue: JobQueue,
  handlers: Record<string, JobHandler>,
  { concurrency = 1, pollMs = 1000, leaseSeconds = 60 }: { concurrency?: number; pollMs?: number; leaseSeconds?: number } = {},
): JobWorker {
  let stopped = false
  let running = 0
  let timer: NodeJS.Timeout | undefined
  let idleWaiters: Array<() => void> = []
  const inFlight = new Set<Promise<void>>()

  const settleIdle = () => {
    if (running > 0) return
    const waiters = idleWaiters
    idleWaiters = []
    for (const resolve of waiters) resolve()
  }

  async function run(job: Job) {
    const handler = handlers[job.kind]
    const heartbeat = setInterval(() => void queue.renew(job).catch(() => {}), (leaseSeconds * 1000) / 3)
    try {
      if (!handler) throw new Error(`No handler for job kind "${job.kind}"`)
      await handler(job)
      await queue.complete(job)
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error)
      const outcome = await queue.retryOrFail(job, message).catch(() => 'failed')
      if (outcome === 'failed') console.error(`[jobs] job ${job.id} (${job.kind}) failed for good:`, message)
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
    try {
      do {
        again = false
        while (!stopped && running < concurrency) {
          const job = await queue.claim()
          if (!job) break
          running++
          const task = run(job).finally(() => {
            running--
            inFlight.delete(task)
            void fill()
          })
          inFlight.add(task)
        }
      } while (again && !stopped && running < concurrency)
    } catch (error) {
      if (!stopped) console.error('[jobs] could not claim a job', error)
    }
    if (running === 0) settleIdle()
    if (!stopped) timer = setTimeout(() => void fill(), pollMs).unref()
  }

  queue.onEnqueue(() => void fill())
  void fill()

  return {
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve)
        void fill()
      }),
    async stop() {
      stopped = true
      clearTimeout(timer)
      await filling
      await Promise.allSettled([...inFlight])
    },
  }
}
