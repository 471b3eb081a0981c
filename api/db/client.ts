import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'

import { log } from '../../runtime/log'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../runtime/owner-only-files'
import { count } from '../../runtime/request-metrics'
import { threadBundle } from '../../runtime/thread-bundle'
import type { Database } from './database'
import { initdbSnapshot } from './initdb-snapshot'
import { migrateOnce } from './migrate'
import type { PgliteThreadData, PgliteThreadReply } from './pglite-thread'
import * as schema from './schema'
import { databaseBytes, memoryLimitBytes, sharedBuffersMb } from './shared-buffers'

export interface DatabaseHandle {
  db: Database
  /**
   * Where other processes of this server reach an embedded database in its thread: the Unix socket
   * of its wire protocol (decision 012). Absent for PostgreSQL and for in-memory databases.
   */
  socketPath?: string
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>
  close(): Promise<void>
}

/** Every statement counts against the page request it serves (its Server-Timing). */
const countingLogger = { logQuery: () => count('sqlStatements') }

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * PGlite is single-process and single-connection: two instances on one directory corrupt it. The
 * handle is kept per directory on globalThis so a second import of this module (dev reloads, or the
 * web bundle and the server both loading it) reuses the same instance.
 */
const openHandles: Map<string, Promise<DatabaseHandle>> = ((globalThis as Record<symbol, unknown>)[
  Symbol.for('exit-planning.pglite-handles')
] ??= new Map()) as Map<string, Promise<DatabaseHandle>>

export function openDatabase(options: {
  databaseUrl?: string
  dataDir?: string
  /** The socket of an embedded database that another process of this server opened. */
  socketPath?: string
  /** The embedded database's shared buffers in MB, instead of the size its files give (benchmarks). */
  sharedBuffersMb?: number
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return Promise.resolve(openPostgres(options.databaseUrl))
  if (options.socketPath) return Promise.resolve(connectToThread(options.socketPath))
  const key = options.dataDir ? path.resolve(options.dataDir, 'pgdata') : `memory:${Math.random()}`
  let handle = openHandles.get(key)
  if (!handle) {
    handle = (options.dataDir ? openPgliteThread(key, options.sharedBuffersMb) : openPglite()).catch((error) => {
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
export function lockDirectory(directory: string) {
  const lock = `${directory}.lock`
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx', mode: PRIVATE_FILE_MODE })
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

const socketFileOf = (directory: string) => `${directory}.socket`

/**
 * The socket of the embedded database in `dataDir` while another process (`npm start`) holds it
 * open, for a command to work beside the server instead of being refused. The socket's folder is
 * this user's only, as is the file naming it.
 */
export function runningDatabaseSocket(dataDir: string) {
  const directory = path.resolve(dataDir, 'pgdata')
  try {
    const owner = Number(readFileSync(`${directory}.lock`, 'utf8'))
    if (!owner || owner === process.pid || !isAlive(owner)) return undefined
    return readFileSync(socketFileOf(directory), 'utf8')
  } catch {
    return undefined
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function forgetHandle(db: Database) {
  return Promise.all(
    [...openHandles].map(async ([key, value]) => {
      if ((await value.catch(() => undefined))?.db === db) openHandles.delete(key)
    }),
  )
}

/**
 * In memory, on this thread: the tests' database, one per test file. Loaded here only: a server's
 * processes reach theirs through its thread (api/db/pglite-thread.ts) and never need PGlite's code.
 */
async function openPglite(): Promise<DatabaseHandle> {
  const [{ PGlite }, { vector }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-pgvector'),
    import('drizzle-orm/pglite'),
  ])
  const client = await PGlite.create({ extensions: { vector }, loadDataDir: await initdbSnapshot() })
  const db = drizzlePglite(client, { schema, logger: countingLogger })
  return {
    db,
    migrate: () => migrateOnce(db, migrationsFolder),
    async close() {
      await forgetHandle(db)
      await client.close()
    },
  }
}

/**
 * Drizzle asks the driver to prepare only statements given a name; on our own single connection
 * every statement is worth preparing (parsing and planning are most of a small query's cost in
 * PGlite), and the statements are a bounded set: the queries the code builds, with parameters.
 */
function preparingEverything(client: postgres.Sql) {
  const unsafe = client.unsafe.bind(client)
  return Object.assign(client, {
    unsafe: (query: string, parameters?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
      unsafe(query, parameters, { ...options, prepare: true }),
  })
}

function nextReply(worker: Worker): Promise<PgliteThreadReply> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: PgliteThreadReply) => {
      worker.off('error', onError).off('exit', onExit)
      resolve(message)
    }
    const onError = (error: Error) => {
      worker.off('message', onMessage).off('exit', onExit)
      reject(error)
    }
    const onExit = (code: number) => {
      worker.off('message', onMessage).off('error', onError)
      reject(new Error(`The database thread exited (code ${code})`))
    }
    worker.once('message', onMessage).once('error', onError).once('exit', onExit)
  })
}

/** Closes the database in its thread (PGlite writes its files out) and ends the thread. */
async function stopThread(thread: Worker) {
  const closed = nextReply(thread)
  thread.postMessage({ type: 'close' })
  await closed.catch(() => undefined)
  await thread.terminate()
}

/**
 * A data directory's database, in a thread of its own reached over a Unix socket in a folder only
 * this user can open (the socket asks for no password). Measured in decision 009.
 */
async function openPgliteThread(directory: string, sharedBuffers?: number): Promise<DatabaseHandle> {
  const fresh = !existsSync(path.join(directory, 'PG_VERSION'))
  mkdirSync(directory, { recursive: true, mode: PRIVATE_DIR_MODE })
  const unlock = lockDirectory(directory)
  const socketDir = mkdtempSync(path.join(tmpdir(), 'exit-planning-db-'))
  const cleanUp = () => {
    rmSync(socketFileOf(directory), { force: true })
    rmSync(socketDir, { recursive: true, force: true })
    unlock()
  }
  const workerData: PgliteThreadData = {
    dataDir: directory,
    socketPath: path.join(socketDir, '.s.PGSQL.5432'),
    sharedBuffersMb:
      sharedBuffers ?? sharedBuffersMb({ databaseBytes: databaseBytes(directory), memoryBytes: memoryLimitBytes() }),
  }
  const startThread = async () => {
    const thread = new Worker(await threadBundle('api/db/pglite-thread.ts'), { workerData })
    const started = await nextReply(thread)
    if (started.type !== 'ready') throw new Error(started.type === 'failed' ? started.message : 'no start')
    return thread
  }
  let worker: Worker
  try {
    worker = await startThread()
    if (fresh) {
      // Creating the database (initdb) grows the thread's WebAssembly memory by some 500 MB that
      // PGlite never hands back; a new thread on the files just made starts at its usual size.
      await stopThread(worker)
      worker = await startThread()
    }
  } catch (error) {
    cleanUp()
    throw new Error(`The embedded database in ${directory} did not start: ${(error as Error).message}`, {
      cause: error,
    })
  }
  writeFileSync(socketFileOf(directory), workerData.socketPath, { mode: PRIVATE_FILE_MODE })
  let closing = false
  // Without its database the server can only fail every request; a supervisor restarts it whole.
  worker.once('error', (error) => {
    if (closing) return
    log.fatal({ err: error }, 'the database thread failed')
    process.exit(1)
  })
  const connection = connectToThread(workerData.socketPath)
  return {
    ...connection,
    async close() {
      closing = true
      await forgetHandle(connection.db)
      await connection.close()
      await stopThread(worker)
      cleanUp()
    },
  }
}

/**
 * One connection to the embedded database's thread, every statement prepared once. Each process of
 * the server holds one; the thread serves them in turn (api/db/wire-multiplexer.ts).
 */
function connectToThread(socketPath: string): DatabaseHandle {
  const client = postgres({
    path: socketPath,
    username: 'postgres',
    database: 'postgres',
    max: 1,
    idle_timeout: 0,
    onnotice: () => {},
  })
  const db = drizzlePostgres(preparingEverything(client), { schema, logger: countingLogger })
  return {
    db,
    socketPath,
    migrate: () => migrateOnce(db, migrationsFolder),
    close: () => client.end({ timeout: 5 }),
  }
}

function openPostgres(url: string): DatabaseHandle {
  const client = postgres(url, { max: 10, onnotice: () => {} })
  const db = drizzlePostgres(client, { schema, logger: countingLogger })
  return {
    db,
    migrate: () => migrateOnce(db, migrationsFolder),
    close: () => client.end({ timeout: 5 }),
  }
}
