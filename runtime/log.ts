import { randomUUID } from 'node:crypto'
import { isMainThread } from 'node:worker_threads'

import pino, { type DestinationStream, type Level, type Logger } from 'pino'

import { type ScopedValue, scopedValue } from './request-scope'

/** What every log line written while serving one request (or running one job) carries. */
export interface LogContext {
  requestId: string
  userId?: number
  organizationId?: number
  jobId?: number
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

interface Shared {
  context: ScopedValue<LogContext>
  logger: Logger
  /** Where the lines go: standard output, or a test's capture. */
  sink: DestinationStream
}

const key = Symbol.for('exit-planning.log')

/** The default level: LOG_LEVEL when valid (the API's config refuses an invalid one at start), else info; tests are quiet. */
function levelFrom(env: NodeJS.ProcessEnv): Level | 'silent' {
  const asked = env.LOG_LEVEL as (typeof LOG_LEVELS)[number] | undefined
  if (asked && LOG_LEVELS.includes(asked)) return asked
  return env.VITEST || env.NODE_ENV === 'test' ? 'silent' : 'info'
}

function create(): Shared {
  const context = scopedValue<LogContext>('log')
  const shared: Shared = {
    context,
    // Asynchronous writes: a request does not wait for the terminal or the pipe. Buffered to 4 KB
    // (or 200 ms) in a process's main thread, so a page's three lines do not each cost a write (3–5%
    // of a web process's CPU under load, issue 49); pino flushes what is buffered when the process
    // exits. A worker thread's lines go at once: nothing flushes them when the thread ends.
    sink: pino.destination({ dest: 1, sync: false, ...(isMainThread && { minLength: 4096, periodicFlush: 200 }) }),
    logger: undefined as unknown as Logger,
  }
  shared.logger = pino(
    {
      level: levelFrom(process.env),
      base: { pid: process.pid },
      // A copy: pino merges the line's own fields into what the mixin returns.
      mixin: () => {
        const current = context.getStore()
        return current ? { ...current } : {}
      },
    },
    { write: (line: string) => shared.sink.write(line) },
  )
  return shared
}

// One logger and one context across the server entry and the Remix bundle, which load this file separately.
const shared: Shared = ((globalThis as Record<symbol, unknown>)[key] ??= create()) as Shared

/** The process's logger: JSON lines on standard output, each with the request id of the work it belongs to. */
export const log: Logger = shared.logger

/** Runs `work` with every log line it writes (and every job it queues) tied to `context`. */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return shared.context.run(context, work)
}

export function currentLogContext(): LogContext | undefined {
  return shared.context.getStore()
}

/** Adds who the caller turned out to be to the request's later lines (its access line above all). */
export function noteCaller(fields: Pick<LogContext, 'userId' | 'organizationId'>) {
  const current = shared.context.getStore()
  if (current) Object.assign(current, fields)
}

/**
 * A request id taken from a header: short, printable and without spaces or quotes, so it can be
 * logged and searched as it is. Anything else is replaced by a new one, never logged raw.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._~:@=+/-]{1,128}$/

export function saneRequestId(value: string | null | undefined): string | undefined {
  return value && SANE_REQUEST_ID.test(value) ? value : undefined
}

export const newRequestId = () => randomUUID()

/** The segment after these is a secret link's token (an invitation, an e-mail confirmation), unless it is a number. */
const SECRET_SEGMENT = /(\/(?:invitations\/token|invitations|confirm-email)\/)(?!\d+(?:\/|$))[^/]+/g

/** A path as logged: without its query string (the caller passes the path alone) or a secret link's token. */
export function loggedPath(path: string) {
  return path.replace(SECRET_SEGMENT, '$1[redacted]').slice(0, 300)
}

/**
 * How an access line states a request's end: a client that went away before its answer (a browser
 * that left the page) is no server error, whatever the handler made of its aborted signal. 499 is
 * nginx's "client closed request".
 */
export function requestEnd(signal: AbortSignal, status: number) {
  return signal.aborted ? { status: 499, abandoned: true } : { status }
}

/**
 * Sends the log lines to `sink` until the returned function is called, at `level` (tests read them;
 * the logger is otherwise silent under test).
 */
export function redirectLogs(sink: DestinationStream, level: Level = 'info') {
  const previous = { sink: shared.sink, level: shared.logger.level }
  shared.sink = sink
  shared.logger.level = level
  return () => {
    shared.sink = previous.sink
    shared.logger.level = previous.level
  }
}
