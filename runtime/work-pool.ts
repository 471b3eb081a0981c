import os from 'node:os'
import { parentPort, Worker } from 'node:worker_threads'

/**
 * Work whose cost grows with what users write (a report made into a PDF, a checklist matched against
 * every document) runs here, in worker threads, never on the event loop that serves everyone's pages
 * (decision 049): a pool of a few threads, a bounded queue, a deadline per task and a limit per
 * owner, so one user's heavy request waits its turn, is refused, or is stopped, and nobody else's
 * request waits on it.
 */

export type WorkRefusal =
  /** The queue is full: the server is busy with others' work. */
  | 'busy'
  /** The owner already has as many tasks as one may have at once. */
  | 'owner-busy'
  /** The task was not done by its deadline, waiting included; its thread was stopped. */
  | 'deadline'
  /** The task needed more memory than a thread may have; its thread was stopped. */
  | 'memory'

/** A task the pool did not do, and why. */
export class WorkRefused extends Error {
  name = 'WorkRefused'
  constructor(
    readonly reason: WorkRefusal,
    message: string,
  ) {
    super(message)
  }
}

export interface WorkPoolOptions {
  /** What the tasks are, for messages: "report". */
  name: string
  /** The thread's module (a bundle that calls `serveWork`). */
  entry: () => Promise<string>
  /** Threads at most; each runs one task at a time. */
  threads: number
  /** Tasks waiting for a thread at most; past it a task is refused at once. */
  queue: number
  /** Tasks of one owner (running and waiting) at most; past it a task is refused at once. */
  perOwner: number
  /** From the task being asked to its answer. */
  deadlineMs: number
  /** A thread without work ends after this, giving back its memory. */
  idleMs?: number
  /** The most a thread's heap may grow to. */
  memoryMb?: number
  /** The threads' nice value: the event loops serving pages come first when the cores are busy. */
  nice?: number
}

interface Task {
  id: number
  kind: string
  input: unknown
  owner: string | undefined
  resolve(value: unknown): void
  reject(error: Error): void
  timer: NodeJS.Timeout
  thread?: PoolThread
}

interface PoolThread {
  worker: Worker
  task?: Task
  retire?: NodeJS.Timeout
}

type Request = { id: number; kind: string; input: unknown; nice: number }
type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string }

export interface WorkPool {
  /**
   * Runs `kind` on `input` in a thread and answers its result, or rejects with WorkRefused (or the
   * task's own error). `owner` is whose task it is (a user), for the per-owner limit.
   */
  run<T>(kind: string, input: unknown, options?: { owner?: string }): Promise<T>
  /** Tasks running and waiting now. */
  load(): { running: number; waiting: number }
  /** Ends every thread; tasks in flight are refused. */
  stop(): Promise<void>
}

export function workPool({
  name,
  entry,
  threads: most,
  queue: queueLimit,
  perOwner,
  deadlineMs,
  idleMs = 30_000,
  memoryMb = 256,
  nice = 10,
}: WorkPoolOptions): WorkPool {
  const threads = new Set<PoolThread>()
  const waiting: Task[] = []
  const owned = new Map<string, number>()
  let starting = 0
  let nextId = 1
  let stopped = false

  const seconds = Math.round(deadlineMs / 1000)
  const deadlineText = `${seconds} second${seconds === 1 ? '' : 's'}`

  function settle(task: Task) {
    clearTimeout(task.timer)
    const at = waiting.indexOf(task)
    if (at >= 0) waiting.splice(at, 1)
    if (task.owner !== undefined) {
      const count = (owned.get(task.owner) ?? 1) - 1
      if (count > 0) owned.set(task.owner, count)
      else owned.delete(task.owner)
    }
  }

  /** Ends a thread that holds a task it cannot finish (its deadline, its memory) or that failed. */
  function discard(thread: PoolThread) {
    threads.delete(thread)
    clearTimeout(thread.retire)
    thread.worker.removeAllListeners('message').removeAllListeners('error').removeAllListeners('exit')
    // An error thrown after terminate() (the thread already gone) must not end the process.
    thread.worker.on('error', () => {})
    void thread.worker.terminate()
  }

  function fail(thread: PoolThread, error: Error) {
    const task = thread.task
    discard(thread)
    if (task) {
      settle(task)
      task.reject(error)
    }
    dispatch()
  }

  async function startThread() {
    starting++
    try {
      const worker = new Worker(await entry(), { resourceLimits: { maxOldGenerationSizeMb: memoryMb } })
      if (stopped) {
        void worker.terminate()
        return
      }
      const thread: PoolThread = { worker }
      threads.add(thread)
      worker.on('message', (reply: Reply) => {
        const task = thread.task
        if (!task || task.id !== reply.id) return
        thread.task = undefined
        settle(task)
        if (reply.ok) task.resolve(reply.value)
        else task.reject(new Error(reply.message))
        idle(thread)
        dispatch()
      })
      worker.on('error', (error: Error & { code?: string }) =>
        fail(
          thread,
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new WorkRefused('memory', `Making this ${name} needed more memory than it may have and was stopped.`)
            : error,
        ),
      )
      worker.on('exit', (code) =>
        fail(thread, new Error(`The ${name} thread stopped unexpectedly (exit code ${code}).`)),
      )
      idle(thread)
    } catch (error) {
      // No thread could start (its bundle failed to build): the waiting tasks fail with the reason.
      for (const task of waiting.splice(0)) {
        settle(task)
        task.reject(error as Error)
      }
    } finally {
      starting--
    }
    dispatch()
  }

  /** A thread without a task: kept for the next one for a while, and never keeping the process alive. */
  function idle(thread: PoolThread) {
    thread.worker.unref()
    clearTimeout(thread.retire)
    thread.retire = setTimeout(() => {
      threads.delete(thread)
      thread.worker.removeAllListeners('exit')
      void thread.worker.terminate()
    }, idleMs).unref()
  }

  function dispatch() {
    if (stopped) return
    for (const thread of threads) {
      if (thread.task || !waiting.length) continue
      const task = waiting.shift()!
      clearTimeout(thread.retire)
      thread.task = task
      task.thread = thread
      thread.worker.ref()
      thread.worker.postMessage({ id: task.id, kind: task.kind, input: task.input, nice } satisfies Request)
    }
    if (waiting.length > starting && threads.size + starting < most) void startThread()
  }

  return {
    run<T>(kind: string, input: unknown, { owner }: { owner?: string } = {}) {
      if (stopped) return Promise.reject(new WorkRefused('busy', `The server is stopping; try again in a minute.`))
      if (owner !== undefined && (owned.get(owner) ?? 0) >= perOwner) {
        return Promise.reject(
          new WorkRefused(
            'owner-busy',
            `You already have ${perOwner === 1 ? `a ${name}` : `${perOwner} ${name}s`} being made, the most at once. Please try again in a few seconds, once ${perOwner === 1 ? 'it' : 'one'} has finished.`,
          ),
        )
      }
      if (waiting.length >= queueLimit) {
        return Promise.reject(
          new WorkRefused('busy', `The server is busy making others’ ${name}s. Please try again in a minute.`),
        )
      }
      return new Promise<T>((resolve, reject) => {
        const task: Task = {
          id: nextId++,
          kind,
          input,
          owner,
          resolve: resolve as (value: unknown) => void,
          reject,
          timer: setTimeout(() => {
            if (task.thread) return fail(task.thread, late)
            settle(task)
            reject(late)
          }, deadlineMs),
        }
        const late = new WorkRefused(
          'deadline',
          `Making this ${name} took longer than ${deadlineText} and was stopped. Please try again in a minute.`,
        )
        if (owner !== undefined) owned.set(owner, (owned.get(owner) ?? 0) + 1)
        waiting.push(task)
        dispatch()
      })
    },
    load() {
      const running = [...threads].filter((thread) => thread.task).length
      return { running, waiting: waiting.length }
    },
    async stop() {
      stopped = true
      const refused = new WorkRefused('busy', 'The server is stopping; try again in a minute.')
      for (const task of waiting.splice(0)) {
        settle(task)
        task.reject(refused)
      }
      await Promise.all(
        [...threads].map(async (thread) => {
          const task = thread.task
          discard(thread)
          if (task) {
            settle(task)
            task.reject(refused)
          }
        }),
      )
    },
  }
}

/**
 * The thread's side: answers each task with its handler's result. A result that is bytes is
 * transferred, not copied.
 */
export function serveWork(handlers: Record<string, (input: never) => unknown>) {
  let niced = false
  parentPort!.on('message', async ({ id, kind, input, nice }: Request) => {
    // Linux keeps a nice value per thread: this lowers this thread only, never the event loop's.
    if (!niced) {
      niced = true
      try {
        os.setPriority(nice)
      } catch {
        // Not allowed here (another system): the thread runs at the process's priority.
      }
    }
    let reply: Reply
    const transfer: ArrayBuffer[] = []
    try {
      const handler = handlers[kind]
      if (!handler) throw new Error(`No handler for "${kind}"`)
      let value = await handler(input as never)
      if (value instanceof Uint8Array) {
        // A Buffer may be a slice of a shared pool: only a view of its own can be transferred.
        const own = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength ? value : value.slice()
        transfer.push(own.buffer as ArrayBuffer)
        value = own
      }
      reply = { id, ok: true, value }
    } catch (error) {
      reply = { id, ok: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) }
    }
    parentPort!.postMessage(reply, transfer)
  })
}
