import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { createBackend } from '../../../api/backend'
import { openDatabase } from '../../../api/db/client'
import type { JobWorker } from '../../../api/jobs/worker'
import { loadApiConfig } from '../../../api/kernel/config'
import type { Clock, Deps } from '../../../api/kernel/context'
import type { CallBindings } from '../../../api/kernel/hono-env'
import type { RequestScope } from '../../../api/kernel/request-scope'
import { seedDemo } from '../../../api/seed'
import { openWireDatabase } from '../../support/wire-database'

export const DEMO_PASSWORD = 'demo-password'

export interface Harness {
  request(
    path: string,
    init?: RequestInit & {
      json?: unknown
      token?: string
      org?: string
      address?: string
      /** Shared by calls made for one page, as the in-process web tier does. */
      scope?: RequestScope
    },
  ): Promise<Response>
  /** The API's own fetch, as the in-process web tier calls it (request and bindings as given). */
  fetch(request: Request, bindings?: CallBindings): Promise<Response>
  db: Awaited<ReturnType<typeof openDatabase>>['db']
  deps: Deps
  /** The in-process job worker; absent when started with JOB_WORKER=false. */
  worker?: JobWorker
  dataDir: string
  /** The backend's clock: a test moves it forward instead of waiting for time to pass. */
  clock: TestClock
  outbox(): string[]
  close(options?: { keepData?: boolean }): Promise<void>
}

export interface TestClock extends Clock {
  advance(seconds: number): void
}

/** Real time plus however far the test has moved it on, so time still passes between requests. */
export function testClock(): TestClock {
  let offsetMs = 0
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(seconds) {
      offsetMs += seconds * 1000
    },
  }
}

/**
 * The real backend on an in-memory PGlite, called through `app.fetch` with no network in between.
 * The demo organization is seeded; DATA_DIR is a fresh temporary folder for the mail outbox.
 */
export async function startApi(
  env: Record<string, string> = {},
  {
    dataDir = mkdtempSync(path.join(tmpdir(), 'exit-planning-api-')),
    persistent = false,
    databaseUrl,
  }: {
    dataDir?: string
    persistent?: boolean
    /** Another instance's database: this one joins it (and leaves it open when it closes). */
    databaseUrl?: string
  } = {},
): Promise<Harness> {
  // In memory unless a test needs the database to outlive a restart. With TEST_DATABASE=wire (the
  // suite's second run) the same database is reached as a PostgreSQL server: through DATABASE_URL
  // and the `postgres` driver.
  const database = databaseUrl
    ? { ...(await openDatabase({ databaseUrl })), url: databaseUrl }
    : process.env.TEST_DATABASE === 'wire'
      ? await openWireDatabase(persistent ? path.join(dataDir, 'pgdata') : undefined)
      : await openDatabase(persistent ? { dataDir } : {})
  const config = loadApiConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    JOB_POLL_MS: '50',
    // A file signs its users in once, and its clock moves on by minutes in some tests: the default
    // five minutes would run out mid-file on a loaded machine. Tests of expiry set their own.
    ACCESS_TOKEN_TTL_SECONDS: String(24 * 60 * 60),
    ...('url' in database ? { DATABASE_URL: database.url } : {}),
    ...env,
  })
  await database.migrate()
  await seedDemo(database.db, DEMO_PASSWORD)
  const clock = testClock()
  const backend = await createBackend({ db: database.db, config, exclusiveDatabase: !databaseUrl, clock })
  const api = backend.api
  return {
    db: database.db,
    deps: backend.deps,
    worker: backend.worker,
    dataDir,
    clock,
    fetch: (request, bindings = {}) => Promise.resolve(api.fetch(request, bindings)),
    request(url, { json, token, org, address = '203.0.113.7', headers, scope, ...init } = {}) {
      const merged = new Headers(headers)
      if (json !== undefined) merged.set('Content-Type', 'application/json')
      if (token) merged.set('Authorization', `Bearer ${token}`)
      if (org) merged.set('X-Organization', org)
      const body = json !== undefined ? JSON.stringify(json) : init.body
      return Promise.resolve(
        api.fetch(new Request(`http://api.test/api${url}`, { ...init, headers: merged, body }), {
          clientAddress: address,
          scope,
        }),
      )
    },
    outbox() {
      const folder = path.join(dataDir, 'outbox')
      try {
        return readdirSync(folder)
          .sort()
          .map((name) => readFileSync(path.join(folder, name), 'utf8'))
      } catch {
        return []
      }
    },
    async close({ keepData = false } = {}) {
      await backend.stop()
      await database.close()
      if (!keepData) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface Session {
  access: string
  refresh: string
  user: { id: number; email: string; username: string; role: string | null; organization: string | null }
}

export async function signIn(api: Harness, username: string, password = DEMO_PASSWORD): Promise<Session> {
  const response = await api.request('/token/obtain/', { method: 'POST', json: { username, password } })
  if (response.status !== 200)
    throw new Error(`sign-in as ${username} failed: ${response.status} ${await response.text()}`)
  return (await response.json()) as Session
}

/** A new user who joins `organization` with `role` the way real people do: invited by e-mail, account made from the link. */
export async function registerThroughInvitation(
  api: Harness,
  admin: Session,
  organization: string,
  { email, username, role = 'member' }: { email: string; username: string; role?: string },
): Promise<Session> {
  const before = api.outbox().length
  const invited = await api.request(`/organizations/${organization}/invite/`, {
    method: 'POST',
    token: admin.access,
    json: { email, role },
  })
  if (invited.status >= 300) throw new Error(`invite failed: ${invited.status} ${await invited.text()}`)
  const mail = api.outbox().slice(before).join('\n')
  const token = invitationToken(mail)
  const accepted = await api.request(`/invitations/token/${token}/accept/`, {
    method: 'POST',
    json: { username, password: 'a-long-password-1' },
  })
  if (accepted.status >= 300) throw new Error(`accept failed: ${accepted.status} ${await accepted.text()}`)
  return signIn(api, username, 'a-long-password-1')
}

/** The token of a link under `path` in a sent .eml (quoted-printable soft breaks undone). */
export function mailedToken(mail: string, path: '/invitations/' | '/confirm-email/'): string {
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  const match = text.match(new RegExp(`${path}([A-Za-z0-9_-]{20,})`))
  if (!match) throw new Error(`no ${path} link in the mail`)
  return match[1]!
}

export const invitationToken = (mail: string) => mailedToken(mail, '/invitations/')

export interface TwoOrganizations {
  admin: Session
  analyst: Session
  member: Session
  /** A member of Harbor Capital (its analyst unless asked otherwise), never of the demo organization. */
  outsider: Session
  harbor: string
}

/** The demo organization's three roles, and a second organization (Harbor Capital) with its own analyst. */
export async function demoAndHarbor(
  api: Harness,
  { outsiderRole = 'analyst' }: { outsiderRole?: 'admin' | 'analyst' | 'member' } = {},
): Promise<TwoOrganizations> {
  const [admin, analyst, member] = await Promise.all(['admin', 'analyst', 'member'].map((name) => signIn(api, name)))
  const created = await api.request('/organizations/', {
    method: 'POST',
    token: admin!.access,
    json: { name: 'Harbor Capital' },
  })
  const harbor = (await created.json()).slug as string
  const outsider = await registerThroughInvitation(api, admin!, harbor, {
    email: 'olivia@harbor.example',
    username: 'olivia',
    role: outsiderRole,
  })
  return { admin: admin!, analyst: analyst!, member: member!, outsider, harbor }
}
