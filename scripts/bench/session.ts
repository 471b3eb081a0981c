import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { sql } from 'drizzle-orm'

import { resolveCaller } from '../../api/auth/caller-statement'
import { verifyAccessToken } from '../../api/auth/tokens'
import { createBackend } from '../../api/backend'
import { openDatabase } from '../../api/db/client'
import { loadApiConfig } from '../../api/kernel/config'
import { seedDemo } from '../../api/seed'
import { percentile } from '../eval/metrics'

export interface SessionBenchmark {
  refreshTokens: number
  /** The caller's statement (the session checked, the account and its memberships), per request. */
  check: { p50: number; p95: number }
  /** `select 1` on the same database: the floor any statement costs, for comparison. */
  floor: { p50: number; p95: number }
  /** GET /api/me/ through the in-process API, for scale: everything a minimal authenticated call does. */
  me: { p50: number; p95: number }
}

const time = async (runs: number, work: () => Promise<unknown>) => {
  const samples: number[] = []
  for (let run = 0; run < runs; run++) {
    const start = performance.now()
    await work()
    samples.push(performance.now() - start)
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) }
}

/**
 * What the revocation check on every authenticated request costs, on the embedded database with a
 * realistic token table (many users, each with rotated tokens in a few families).
 */
export async function measureSession({ tokens = 100_000, runs = 3_000 } = {}): Promise<SessionBenchmark> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'exit-planning-bench-session-'))
  const config = loadApiConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    JOB_WORKER: 'false',
  })
  const database = await openDatabase({})
  try {
    await database.migrate()
    await seedDemo(database.db, 'bench-password')
    const backend = await createBackend({ db: database.db, config, exclusiveDatabase: true })
    // Other people's sessions: ~10 rotations per family, one family in ten signed out.
    await database.db.execute(sql`
      insert into refresh_tokens (user_id, token_hash, family_id, expires_at, rotated_at, revoked_at)
      select 1, md5(n::text || 'bench'), 'family-' || (n / 10), now() + interval '30 days',
        case when n % 10 < 9 then now() end, case when (n / 10) % 10 = 0 then now() end
      from generate_series(1, ${tokens}) as n`)
    await database.db.execute(sql`analyze refresh_tokens`)
    const signIn = await backend.api.fetch(
      new Request('http://bench/api/token/obtain/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'member', password: 'bench-password' }),
      }),
      { clientAddress: '127.0.0.1' },
    )
    const { access } = (await signIn.json()) as { access: string }
    const claims = await verifyAccessToken(config, access, backend.deps.clock.now())
    const deps = backend.deps
    const checkCaller = () => resolveCaller(deps.db, claims, null, { notices: false })
    await time(200, checkCaller)
    const check = await time(runs, checkCaller)
    const floor = await time(runs, () => database.db.execute(sql`select 1`))
    const me = await time(runs, async () => {
      const response = await backend.api.fetch(
        new Request('http://bench/api/me/', { headers: { authorization: `Bearer ${access}` } }),
        {},
      )
      await response.text()
    })
    await backend.stop()
    return { refreshTokens: tokens, check, floor, me }
  } finally {
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
