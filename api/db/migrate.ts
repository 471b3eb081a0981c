import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core'

import type { Database } from './database'

// drizzle-kit's own bookkeeping table, so `drizzle-kit` and this migrator agree on what has run.
const drizzle = pgSchema('drizzle')
const applied = drizzle.table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
})

/** Any fixed number: the key of the transaction lock that several starting instances queue on. */
const MIGRATIONS_LOCK = 2_026_112_518

/** The committed migrations, read once per folder: they do not change while the code runs. */
const committed = new Map<string, ReturnType<typeof readMigrationFiles>>()
function committedMigrations(migrationsFolder: string) {
  let migrations = committed.get(migrationsFolder)
  if (!migrations) committed.set(migrationsFolder, (migrations = readMigrationFiles({ migrationsFolder })))
  return migrations
}

/** When the newest applied migration was made (its folder time), as drizzle records it. */
async function newestApplied(db: Pick<Database, 'select'>) {
  const [newest] = await db
    .select({ createdAt: applied.createdAt })
    .from(applied)
    .orderBy(sql`${applied.createdAt} desc`)
    .limit(1)
  return newest ? Number(newest.createdAt) : undefined
}

/** How many committed migrations have not run, by the rule `migrateOnce` applies (for the readiness check). */
export async function pendingMigrations(db: Database, migrationsFolder: string) {
  const newest = await newestApplied(db)
  return committedMigrations(migrationsFolder).filter((migration) => !newest || newest < migration.folderMillis).length
}

/**
 * Applies the committed migrations that have not run yet, as drizzle's migrator does (a migration
 * runs when it is newer than the newest one recorded), but reads what has run and applies the rest
 * in one transaction that first takes an advisory lock. drizzle's migrator reads outside its
 * transaction, so two instances starting together against one PostgreSQL would both see a
 * migration as missing and the second would fail on the objects the first created; here the
 * second waits for the lock and then finds nothing left to do.
 */
export async function migrateOnce(db: Database, migrationsFolder: string) {
  const migrations = committedMigrations(migrationsFolder)
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATIONS_LOCK})`)
    await tx.execute(sql`create schema if not exists drizzle`)
    await tx.execute(
      sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    )
    const newest = await newestApplied(tx)
    for (const migration of migrations) {
      if (newest && newest >= migration.folderMillis) continue
      for (const statement of migration.sql) await tx.execute(sql.raw(statement))
      await tx.insert(applied).values({ hash: migration.hash, createdAt: migration.folderMillis })
    }
  })
}
