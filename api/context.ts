import type { IncomingMessage } from 'node:http'

import type { Context } from 'hono'

import type { AnswerProvider } from './ai/answers/provider'
import type { EmbeddingProvider } from './ai/embeddings/provider'
import type { ApiConfig } from './config'
import type { Database } from './db/database'
import type { Role, users } from './db/schema'
import type { JobQueue } from './jobs/queue'
import type { Mailer } from './mail/mailer'
import type { FileStore } from './storage/file-store'

/**
 * What every handler and job is given; backend.ts builds it. A feature that keeps results in the
 * process declares its cache here itself, by declaration merging (search/result-cache.ts,
 * readiness/assessment/proposal-cache.ts, readiness/checklist/match-in-thread.ts): every layer
 * imports this module, so it names no feature.
 */
export interface Deps {
  db: Database
  config: ApiConfig
  mailer: Mailer
  files: FileStore
  jobs: JobQueue
  embeddings: EmbeddingProvider
  /** Who writes chat answers (DESIGN §5). */
  answers: AnswerProvider
  /** The time that sign-in throttling and access-token lifetimes are measured against. */
  clock: Clock
  /**
   * Gives an organization made through the API what a new one starts with (the sample templates),
   * in the transaction that makes it: backend.ts says what, so organizations/ names no feature.
   */
  furnishOrganization(tx: Database, organizationId: number): Promise<unknown>
}

/** Real time in production; tests move a clock of their own forward instead of waiting. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

export interface Caller {
  userId: number
  /** The refresh-token family of the session that made this call. */
  familyId: string
}

export interface OrgCaller extends Caller {
  organizationId: number
  role: Role
}

/**
 * What one call works out about its caller (the checked token and user, their memberships), kept
 * for the rest of the call. A page of the web tier makes several in-process calls for one browser
 * request and passes one scope to all of them, so the caller is resolved once per page; a call
 * that changes data clears it (api-fetch.server.ts), so nothing read before a change is reused.
 */
export type RequestScope = Map<string, Promise<unknown>>

export type AppEnv = {
  Bindings: {
    /** Set by the in-process web server, which knows the socket. */
    clientAddress?: string
    /** Set by @hono/node-server when the API runs on its own. */
    incoming?: IncomingMessage
    /** Set by the in-process web server: shared by every call one page request makes. */
    scope?: RequestScope
  }
  Variables: { deps: Deps; caller: Caller; user: typeof users.$inferSelect; scope: RequestScope }
}

/** A call's context; routes below a middleware that sets more variables have a wider `E`. */
export type AppContext<E extends AppEnv = AppEnv> = Context<E>

export function clientAddress(c: AppContext): string {
  const forwarded = c.var.deps.config.TRUST_PROXY ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined
  return forwarded || c.env?.clientAddress || c.env?.incoming?.socket.remoteAddress || 'unknown'
}
