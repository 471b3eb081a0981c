import type { Role } from '../../shared/accounts'
import type { ApiConfig } from './config'

/**
 * What every handler and job is given; backend.ts builds it. It names nothing above the kernel:
 * each layer or feature that adds a member declares it beside itself, by declaration merging, so
 * the kernel stays at the bottom of api/ (decision 077). The members so added: `db` and
 * `furnishOrganization` (db/database.ts, organizations/service.ts), `files` (storage/file-store.ts),
 * `jobs` (jobs/queue.ts), `mailer` (mail/mailer.ts), `embeddings` and `answers` (ai/embeddings/provider.ts,
 * ai/answers/provider.ts), and the caches a feature keeps (search/result-cache.ts,
 * readiness/assessment/proposal-cache.ts, readiness/checklist/match-in-thread.ts).
 */
export interface Deps {
  config: ApiConfig
  /** The time that sign-in throttling and access-token lifetimes are measured against. */
  clock: Clock
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
