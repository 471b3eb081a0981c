import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'

import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../runtime/owner-only-files'

/*
 * A new PGlite database starts with initdb: 3–5 s of CPU here, most of a first `npm start` and of
 * each test database (about a hundred per `npm test`, one per API test file and per server an
 * end-to-end test starts). What initdb makes depends only on PGlite's version, so it is made once,
 * kept as a tarball, and a new database loads it: the way PGlite itself fills a data directory on
 * disk (initdb on a scratch file system, then its tarball copied in), without running initdb again.
 */

/** The installed PGlite's version (its package.json is not among its exports, so it is found on disk). */
function pgliteVersion() {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  while (!existsSync(path.join(dir, 'package.json')) && dir !== path.dirname(dir)) dir = path.dirname(dir)
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version
}

const initdbSnapshotPath = () => path.resolve(`node_modules/.cache/exit-planner/pglite-${pgliteVersion()}-initdb.tar`)

const made = new Map<string, Promise<void>>()

/**
 * The tarball of a data directory straight after initdb, made on first use; undefined when it can
 * be neither read nor written (PGlite then runs initdb itself, as before). Read whole each time:
 * a file-backed Blob can no longer be read once another process renames a new file over it.
 */
export async function initdbSnapshot(file = initdbSnapshotPath()): Promise<Blob | undefined> {
  if (!made.has(file)) made.set(file, existsSync(file) ? Promise.resolve() : writeSnapshot(file))
  try {
    await made.get(file)
    return new Blob([await readFile(file)])
  } catch {
    return undefined
  }
}

async function writeSnapshot(file: string) {
  mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE })
  const { PGlite } = await import('@electric-sql/pglite')
  const scratch = await PGlite.create()
  try {
    const tarball = Buffer.from(await (await scratch.dumpDataDir('none')).arrayBuffer())
    // Processes starting together may each make it: each writes its own file and renames it over.
    const partial = `${file}.${process.pid}.${Date.now()}.partial`
    writeFileSync(partial, tarball, { mode: PRIVATE_FILE_MODE })
    renameSync(partial, file)
  } finally {
    await scratch.close()
  }
}

/** The snapshot for a data directory on disk that has no database yet; undefined once it has one. */
export async function initdbSnapshotFor(dataDir: string | undefined) {
  if (dataDir && existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined
  return initdbSnapshot()
}
