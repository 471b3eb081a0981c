import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { setTimeout as delay } from 'node:timers/promises'

import { eq } from 'drizzle-orm'

import { ConfigError } from '../../runtime/config-error'
import { log } from '../../runtime/log'
import type { Database } from '../db/database'
import { deploymentSettings } from '../db/schema'
import type { FileStore } from './file-store'

const MARKER = 'file_storage_marker'

async function markerKey(db: Database) {
  const [row] = await db.select().from(deploymentSettings).where(eq(deploymentSettings.name, MARKER))
  return row?.value
}

async function holds(store: FileStore, key: string) {
  try {
    for await (const chunk of store.read(key)) void chunk
    return true
  } catch {
    return false
  }
}

/**
 * What the web servers store uploads in is marked once per deployment: a small file of their store,
 * its key kept in the database. A process that runs their jobs elsewhere can then prove, before it
 * takes any, that it reads the same files (decision 059). A web server whose store has lost the
 * marker (a fresh volume under a database that outlived the old one) says so: the documents the
 * database lists are not there either.
 */
export async function markFileStorage(db: Database, store: FileStore) {
  const key = await markerKey(db)
  if (key) {
    if (!(await holds(store, key))) {
      log.error(
        { marker: key },
        'this server cannot read the file storage the database was used with: documents stored before will not open. Set S3_BUCKET (or DATA_DIR) as before',
      )
    }
    return
  }
  const stored = await store.put(Readable.from([`Exit Planner file storage, marked ${randomUUID()}\n`]), 1024)
  await db.insert(deploymentSettings).values({ name: MARKER, value: stored.key }).onConflictDoNothing()
}

/**
 * A job worker started apart from the web servers refuses to start unless it reads the files they
 * store: otherwise every document job would fail on a missing file. It waits for the mark of a web
 * server starting beside it (compose starts both at once) up to `waitMs`.
 */
export async function assertSharedFileStorage(db: Database, store: FileStore, { waitMs = 60_000 } = {}) {
  const deadline = Date.now() + waitMs
  let key = await markerKey(db)
  while (!key && Date.now() < deadline) {
    await delay(500)
    key = await markerKey(db)
  }
  if (!key) {
    throw new ConfigError(
      'No web server has marked its file storage in this database yet: start the web servers first, then this worker.',
    )
  }
  if (!(await holds(store, key))) {
    throw new ConfigError(
      'This worker cannot read the files the web servers store: give it the same S3_BUCKET (and S3_ENDPOINT, S3_PREFIX) as the web servers, or the same DATA_DIR on a shared disk.',
    )
  }
}
