import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import * as schema from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export interface DatabaseHandle {
  db: Database
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>
  close(): Promise<void>
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * PGlite is single-process and single-connection: two instances on one directory corrupt it. The
 * handle is kept per directory on globalThis so a second import of this module (dev reloads, or the
 * web bundle and the server both loading it) reuses the same instance.
 */
const openHandles: Map<string, Promise<DatabaseHandle>> = ((globalThis as Record<symbol, unknown>)[
  Symbol.for('exit-planning.pglite-handles')
] ??= new Map()) as Map<string, Promise<DatabaseHandle>>

export function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) return Promise.resolve(openPostgres(options.databaseUrl))
  const key = options.dataDir ? path.resolve(options.dataDir, 'pgdata') : `memory:${Math.random()}`
  let handle = openHandles.get(key)
  if (!handle) {
    handle = openPglite(options.dataDir ? key : undefined).catch((error) => {
      openHandles.delete(key)
      throw error
    })
    openHandles.set(key, handle)
  }
  return handle
}

async function openPglite(directory: string | undefined): Promise<DatabaseHandle> {
  if (directory) mkdirSync(directory, { recursive: true })
  const client = await PGlite.create(directory)
  const db = drizzlePglite(client, { schema }) as unknown as Database
  return {
    db,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    async close() {
      for (const [key, value] of openHandles) {
        if ((await value).db === db) openHandles.delete(key)
      }
      await client.close()
    },
  }
}

function openPostgres(url: string): DatabaseHandle {
  const client = postgres(url, { max: 10, onnotice: () => {} })
  const db = drizzlePostgres(client, { schema }) as unknown as Database
  return {
    db,
    migrate: () => migratePostgres(db as never, { migrationsFolder }),
    close: () => client.end({ timeout: 5 }),
  }
}
