import { sql } from 'drizzle-orm'

import { log } from '../../runtime/log'
import { migrationsFolder } from '../db/client'
import type { Database } from '../db/database'
import { pendingMigrations } from '../db/migrate'
import type { Deps } from '../kernel/context'

/** A database that has not answered `select 1` by then is as good as down for a load balancer. */
export const READY_TIMEOUT_MS = 2_000

export type CheckName = 'database' | 'migrations' | 'storage'
export type Readiness = { ready: boolean; checks: Record<CheckName, 'ok' | 'failed'> }

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

/** Every committed migration applied, by the rule the migrator itself applies (api/db/migrate.ts). */
async function checkMigrations(db: Database) {
  const pending = await withinTimeout(pendingMigrations(db, migrationsFolder), 'the migrations query')
  if (pending > 0) throw new Error(`${pending} migration(s) not applied`)
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
