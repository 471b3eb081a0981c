import { readFileSync } from 'node:fs'

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { rowsOf } from '../../api/db/sql-values'
import { serveWireDatabase, type WireDatabase } from '../support/wire-database'
import { type Harness, signIn, startApi } from './support/harness'

const journal = JSON.parse(readFileSync(new URL('../../api/db/migrations/meta/_journal.json', import.meta.url), 'utf8'))

// Several API instances behind a load balancer, on one database as they would be on PostgreSQL:
// nothing that decides access may live in one instance's memory.
describe('instances sharing one database', () => {
  let database: WireDatabase
  let instances: Harness[]

  beforeAll(async () => {
    database = await serveWireDatabase()
    // Started together, as a deploy starts them: each migrates and seeds at start.
    instances = await Promise.all([0, 1, 2].map(() => startApi({}, { databaseUrl: database.url })))
  })

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()))
    await database.close()
  })

  it('applies each migration once and seeds the demo organization once when they start together', async () => {
    const [first] = instances
    const applied = rowsOf(await first!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))
    expect(applied[0]!.n).toBe(journal.entries.length)
    const organizations = rowsOf(
      await first!.db.execute(sql`select count(*)::int as n from organizations where slug = 'demo-advisory-group'`),
    )
    expect(organizations[0]!.n).toBe(1)
    const users = rowsOf(await first!.db.execute(sql`select count(*)::int as n from users`))
    expect(users[0]!.n).toBe(3)
  })

  it('gives two tabs refreshing one session on different instances the same successor, and keeps the session', async () => {
    const [a, b] = instances
    const session = await signIn(a!, 'analyst')
    const [onA, onB] = await Promise.all(
      [a!, b!].map((instance) =>
        instance.request('/token/refresh/', { method: 'POST', json: { refresh: session.refresh } }),
      ),
    )
    expect(onA!.status).toBe(200)
    expect(onB!.status).toBe(200)
    const [pairA, pairB] = (await Promise.all([onA!.json(), onB!.json()])) as Array<{ refresh: string; access: string }>
    expect(pairA!.refresh).toBe(pairB!.refresh)
    // The family was not taken for stolen: the successor refreshes again, on either instance.
    const next = await b!.request('/token/refresh/', { method: 'POST', json: { refresh: pairA!.refresh } })
    expect(next.status).toBe(200)
    const me = await a!.request('/me/', { token: ((await next.json()) as { access: string }).access })
    expect(me.status).toBe(200)
  })

  it('ends a session on every instance once it is signed out on one', async () => {
    const [a, b] = instances
    const session = await signIn(b!, 'member')
    const revoked = await a!.request('/token/revoke/', { method: 'POST', json: { refresh: session.refresh } })
    expect(revoked.status).toBeLessThan(300)
    const refreshed = await b!.request('/token/refresh/', { method: 'POST', json: { refresh: session.refresh } })
    expect(refreshed.status).toBe(401)
    // Its access token too, though still within its lifetime: revocation is read from the database.
    expect((await b!.request('/me/', { token: session.access })).status).toBe(401)
  })

  it('counts failed sign-ins across instances', async () => {
    const attempts = []
    for (let attempt = 0; attempt < 6; attempt++) {
      const instance = instances[attempt % instances.length]!
      attempts.push(
        await instance.request('/token/obtain/', {
          method: 'POST',
          json: { username: 'admin', password: 'not-the-password' },
          address: '198.51.100.23',
        }),
      )
    }
    // Five failures per account and address (LOGIN_MAX_FAILURES_PER_ACCOUNT), wherever they landed.
    expect(attempts.map((response) => response.status)).toEqual([401, 401, 401, 401, 401, 429])
  })
})
