import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
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

/**
 * Marks a data directory as open by this process. A second process (`npm run reindex` while
 * `npm start` runs) is refused instead of corrupting the files; a lock left by a process that has
 * died is taken over.
 */
function lockDirectory(directory: string) {
  const lock = `${directory}.lock`
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    const owner = Number(readFileSync(lock, 'utf8'))
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `The embedded database in ${directory} is open in process ${owner} (npm start, or another command). ` +
          'Stop that process first, or run every process against one PostgreSQL server with DATABASE_URL.',
      )
    }
    writeFileSync(lock, String(process.pid))
  }
  return () => rmSync(lock, { force: true })
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function openPglite(directory: string | undefined): Promise<DatabaseHandle> {
  let unlock = () => {}
  if (directory) {
    mkdirSync(directory, { recursive: true })
    unlock = lockDirectory(directory)
  }
  const client = await PGlite.create(directory, { extensions: { vector } }).catch((error) => {
    unlock()
    throw error
  })
  const db = drizzlePglite(client, { schema }) as unknown as Database
  return {
    db,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    async close() {
      for (const [key, value] of openHandles) {
        if ((await value).db === db) openHandles.delete(key)
      }
      await client.close()
      unlock()
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
