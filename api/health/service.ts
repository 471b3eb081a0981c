import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'

import { log } from '../../server/log'
import type { Deps } from '../context'
import type { Database } from '../db/client'
import { migrationsFolder } from '../db/client'
import { rowsOf } from '../db/sql-values'

/** A database that has not answered `select 1` by then is as good as down for a load balancer. */
export const READY_TIMEOUT_MS = 2_000

export type CheckName = 'database' | 'migrations' | 'storage'
export type Readiness = { ready: boolean; checks: Record<CheckName, 'ok' | 'failed'> }

/** The migrations this code was built with: read once, they do not change while it runs. */
let committed: ReturnType<typeof readMigrationFiles> | undefined
const committedMigrations = () => (committed ??= readMigrationFiles({ migrationsFolder }))

function withinTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

async function checkDatabase(db: Database) {
  await withinTimeout(db.execute(sql`select 1`), 'select 1')
}

/**
 * Every committed migration applied: drizzle's own table holds one row per applied migration, the
 * newest with the hash of the newest file (the same comparison drizzle's migrator makes).
 */
async function checkMigrations(db: Database) {
  const migrations = committedMigrations()
  const [row] = rowsOf(
    await withinTimeout(
      db.execute(sql`
        select count(*)::int as applied,
               (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as newest
        from drizzle.__drizzle_migrations`),
      'the migrations query',
    ),
  )
  const newest = migrations.at(-1)
  if (Number(row?.applied) < migrations.length || (newest && row?.newest !== newest.hash)) {
    throw new Error(`${migrations.length - Number(row?.applied ?? 0)} migration(s) not applied`)
  }
}

/**
 * Whether this process can serve: its database answers, its schema is the code's, its file storage
 * takes files. What failed is named; why is logged, not answered (it may hold paths or addresses).
 */
export async function readiness({ db, files }: Pick<Deps, 'db' | 'files'>): Promise<Readiness> {
  const checks: Record<CheckName, () => Promise<void>> = {
    database: () => checkDatabase(db),
    migrations: () => checkMigrations(db),
    storage: () => withinTimeout(files.check(), 'the storage check'),
  }
  const names = Object.keys(checks) as CheckName[]
  const outcomes = await Promise.allSettled(names.map((name) => checks[name]()))
  const result: Readiness = { ready: true, checks: { database: 'ok', migrations: 'ok', storage: 'ok' } }
  outcomes.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') return
    const name = names[index]!
    result.ready = false
    result.checks[name] = 'failed'
    log.warn({ check: name, err: outcome.reason }, `readiness check failed: ${name}`)
  })
  return result
}
