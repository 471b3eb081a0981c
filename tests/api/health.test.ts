import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { createBackend } from '../../api/backend'
import { openDatabase } from '../../api/db/client'
import { jobs } from '../../api/db/schema'
import { rowsOf } from '../../api/db/sql-values'
import { loadApiConfig } from '../../api/kernel/config'
import { loggedPath } from '../../runtime/log'
import { demoAndHarbor, type Harness, startApi, type TwoOrganizations } from './support/harness'
import { type CapturedLogs, captureLogs } from './support/logs'
import { form } from './support/uploads'

let api: Harness
let people: TwoOrganizations
let logs: CapturedLogs | undefined

beforeAll(async () => {
  api = await startApi()
  people = await demoAndHarbor(api)
})
afterAll(() => api.close())
afterEach(() => {
  logs?.stop()
  logs = undefined
})

const ready = async (request: Harness['request']) => {
  const response = await request('/ready/')
  return { status: response.status, cache: response.headers.get('cache-control'), body: await response.json() }
}

describe('GET /api/health/', () => {
  it('answers ok without a sign-in, never cached', async () => {
    const response = await api.request('/health/')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ status: 'ok' })
  })
})

describe('GET /api/ready/', () => {
  it('answers ready with each check ok on a fresh server', async () => {
    expect(await ready(api.request)).toEqual({
      status: 200,
      cache: 'no-store',
      body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } },
    })
  })

  it('answers 503 naming the migrations when the newest committed one has not been applied', async () => {
    const [newest] = rowsOf(
      await api.db.execute(
        sql`delete from drizzle.__drizzle_migrations
            where id = (select id from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1)
            returning id, hash, created_at`,
      ),
    )
    try {
      expect(await ready(api.request)).toEqual({
        status: 503,
        cache: 'no-store',
        body: {
          status: 'unavailable',
          checks: { database: 'ok', migrations: 'failed', storage: 'ok' },
          detail: 'Not ready: migrations.',
        },
      })
    } finally {
      await api.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      )
    }
    expect((await ready(api.request)).status).toBe(200)
  })

  it('answers 503 naming the storage when files cannot be stored under DATA_DIR, and says no more', async () => {
    const files = path.join(api.dataDir, 'files')
    rmSync(files, { recursive: true, force: true })
    writeFileSync(files, 'a file where the folder of uploads belongs')
    logs = captureLogs('warn')
    try {
      const answer = await ready(api.request)
      expect(answer).toEqual({
        status: 503,
        cache: 'no-store',
        body: {
          status: 'unavailable',
          checks: { database: 'ok', migrations: 'ok', storage: 'failed' },
          detail: 'Not ready: storage.',
        },
      })
      expect(JSON.stringify(answer.body)).not.toContain(api.dataDir)
      // The reason is for the operator: in the log, under the request's id.
      const warning = logs.lines().find((line) => line.check === 'storage')
      expect(warning).toMatchObject({ msg: 'readiness check failed: storage', err: { code: expect.any(String) } })
      expect(warning!.requestId).toEqual(expect.any(String))
    } finally {
      rmSync(files, { force: true })
    }
    expect((await ready(api.request)).status).toBe(200)
  })

  it('answers 503 naming the database when the database cannot be reached', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'exit-planning-ready-'))
    // A socket nobody listens on: every statement fails to connect, as with a database that is down.
    const database = await openDatabase({ socketPath: path.join(dataDir, 'no-database', '.s.PGSQL.5432') })
    const config = loadApiConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      JOB_WORKER: 'false',
    })
    const backend = await createBackend({ db: database.db, config, exclusiveDatabase: false })
    try {
      const response = await backend.api.fetch(new Request('http://api.test/api/ready/'))
      expect(response.status).toBe(503)
      const body = await response.json()
      expect(body).toEqual({
        status: 'unavailable',
        checks: { database: 'failed', migrations: 'failed', storage: 'ok' },
        detail: 'Not ready: database, migrations.',
      })
      expect(JSON.stringify(body)).not.toContain('PGSQL')
      const health = await backend.api.fetch(new Request('http://api.test/api/health/'))
      expect(health.status).toBe(200)
    } finally {
      await backend.stop()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('request ids and access lines', () => {
  it('logs one JSON line per API request with the request id it was given, and answers it', async () => {
    logs = captureLogs()
    const response = await api.request('/documents/?search=secret', {
      token: people.analyst.access,
      headers: { 'X-Request-Id': 'proxy-7f3a.42' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-request-id')).toBe('proxy-7f3a.42')
    const lines = logs.lines().filter((line) => line.msg === 'api request')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: 30,
      requestId: 'proxy-7f3a.42',
      method: 'GET',
      path: '/api/documents/',
      status: 200,
      userId: people.analyst.user.id,
      ms: expect.any(Number),
    })
    expect(lines[0]!.organizationId).toEqual(expect.any(Number))
  })

  it('logs the organization the call acted in, another one for a caller of another organization', async () => {
    logs = captureLogs()
    await api.request('/documents/', { token: people.analyst.access })
    await api.request('/documents/', { token: people.outsider.access, org: people.harbor })
    const [demo, harbor] = logs.lines().filter((line) => line.msg === 'api request')
    expect(demo!.userId).toBe(people.analyst.user.id)
    expect(harbor!.userId).toBe(people.outsider.user.id)
    expect(harbor!.organizationId).not.toBe(demo!.organizationId)
  })

  it('gives each request without an id a new one', async () => {
    logs = captureLogs()
    const first = await api.request('/health/')
    const second = await api.request('/health/')
    const ids = logs.lines().map((line) => line.requestId)
    expect(ids).toEqual([first.headers.get('x-request-id'), second.headers.get('x-request-id')])
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(ids[1]).not.toBe(ids[0])
  })

  it('replaces a malformed X-Request-Id (too long, spaces, control characters) instead of logging it', async () => {
    logs = captureLogs()
    const malformed = ['a'.repeat(129), 'two words', 'bell\u0007', '{"level":60}']
    for (const id of malformed) await api.request('/health/', { headers: { 'X-Request-Id': id } })
    const lines = logs.lines()
    expect(lines).toHaveLength(malformed.length)
    for (const line of lines) expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/)
    const raw = JSON.stringify(lines)
    for (const id of malformed) expect(raw).not.toContain(JSON.stringify(id).slice(1, -1))
  })

  it('keeps secret link tokens and query strings out of the logged path', async () => {
    logs = captureLogs()
    await api.request('/invitations/token/a-secret-invitation-token/?next=private')
    const [line] = logs.lines()
    expect(line!.path).toBe('/api/invitations/token/[redacted]/')
  })

  it("stores the request id with the job an upload queues, and the job's lines carry it", async () => {
    logs = captureLogs()
    const response = await api.request('/documents/', {
      method: 'POST',
      token: people.analyst.access,
      headers: { 'X-Request-Id': 'upload-1234' },
      body: form({ file: { name: 'Traced.txt', bytes: 'Revenue grew 12% last year.' } }),
    })
    expect(response.status).toBe(201)
    await api.worker!.idle()
    const [job] = await api.db.select().from(jobs).where(eq(jobs.requestId, 'upload-1234'))
    expect(job).toMatchObject({ status: 'done', kind: 'process-document' })
    const jobLines = logs.lines().filter((line) => line.jobId === job!.id)
    expect(jobLines.map((line) => line.msg)).toEqual(['job started', 'job finished'])
    for (const line of jobLines) expect(line).toMatchObject({ requestId: 'upload-1234', kind: 'process-document' })
    expect(logs.lines().find((line) => line.msg === 'api request')).toMatchObject({
      requestId: 'upload-1234',
      method: 'POST',
      status: 201,
    })
  })
})

describe('logged paths', () => {
  it.each([
    ['/api/invitations/token/abc-def/accept/', '/api/invitations/token/[redacted]/accept/'],
    ['/invitations/abc-def', '/invitations/[redacted]'],
    ['/confirm-email/abc-def', '/confirm-email/[redacted]'],
    ['/api/users/invitations/42/accept/', '/api/users/invitations/42/accept/'],
    ['/api/organizations/acme/invitations/', '/api/organizations/acme/invitations/'],
  ])('logs %s as %s', (given, logged) => {
    expect(loggedPath(given)).toBe(logged)
  })
})
