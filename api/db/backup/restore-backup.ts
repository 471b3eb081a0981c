import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, openAsBlob } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'

import { extract, list } from 'tar'

import { PRIVATE_DIR_MODE, tightenToOwnerOnly } from '../../../runtime/owner-only-files'
import { lockDirectory } from '../client'
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupManifest } from './snapshot'

/** A restore refused or failed with DATA_DIR left as it was; the message says why. */
export class RestoreError extends Error {
  name = 'RestoreError'
}

export interface RestoreResult {
  files: number
  /** Where the data directory that was replaced (with --force) now is. */
  movedAside?: string
}

/**
 * Restores DATA_DIR from an archive of `npm run backup`. Everything is unpacked and checked beside
 * it first (the archive whole, each file against its key, the database started from its dump); only
 * then is the old directory moved aside and the new one renamed into place, so a corrupt archive,
 * or one cut short, changes nothing.
 */
export async function restoreBackup({
  archive,
  dataDir: given,
  force,
}: {
  archive: string
  dataDir: string
  force: boolean
}): Promise<RestoreResult> {
  const dataDir = path.resolve(given)
  const pgdata = path.join(dataDir, 'pgdata')
  // Held until the end: a server started meanwhile is refused rather than opening a half-restored directory.
  const unlock = await lockExisting(pgdata)
  const staging = `${dataDir}.restoring-${randomUUID()}`
  try {
    if (!force && !(await isEmpty(dataDir))) {
      throw new RestoreError(
        `${dataDir} is not empty. Restore into an empty DATA_DIR, or add --force to move the current one aside (it is kept, not deleted).`,
      )
    }
    await mkdir(staging, { recursive: true, mode: PRIVATE_DIR_MODE })
    await unpack(archive, staging)
    const manifest = await readManifest(staging)
    await checkFiles(staging, manifest)
    await loadDatabase(path.join(staging, manifest.database), path.join(staging, 'pgdata'))
    await rm(path.join(staging, manifest.database))
    await rm(path.join(staging, 'manifest.json'))
    // tar writes each file with the mode the archive records, less only the umask (an archive made
    // by an older version records 0644).
    tightenToOwnerOnly(staging)
    const movedAside = await moveAside(dataDir)
    await rename(staging, dataDir)
    return { files: Array.isArray(manifest.files) ? manifest.files.length : 0, movedAside }
  } finally {
    // An extraction that failed midway may still be closing files it wrote: removal is retried.
    await rm(staging, { recursive: true, force: true, maxRetries: 5 })
    unlock()
  }
}

/** Takes the lock of an existing data directory; none to take when there is no directory yet. */
async function lockExisting(pgdata: string) {
  try {
    await readdir(path.dirname(pgdata))
  } catch {
    return () => {}
  }
  try {
    return lockDirectory(pgdata)
  } catch (error) {
    throw new RestoreError(`${(error as Error).message.split('. Stop')[0]}. Stop the server before restoring.`)
  }
}

async function isEmpty(directory: string) {
  const entries = await readdir(directory).catch(() => [])
  return entries.every((entry) => entry === 'pgdata.lock')
}

/**
 * Reads the archive through once before writing anything: gzip's checksum and the tar framing catch
 * a damaged or truncated archive here, while the staging folder is still empty.
 */
async function unpack(archive: string, staging: string) {
  try {
    await list({ file: archive, strict: true })
    await extract({
      file: archive,
      cwd: staging,
      strict: true,
      // Only plain files and folders: a link in a crafted archive could point writes elsewhere.
      filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    })
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message
    throw new RestoreError(`${archive} cannot be read as a backup (${reason}); nothing was changed.`)
  }
}

async function readManifest(staging: string): Promise<BackupManifest> {
  let manifest: Partial<BackupManifest>
  try {
    manifest = JSON.parse(await readFile(path.join(staging, 'manifest.json'), 'utf8'))
  } catch {
    throw new RestoreError(
      'The archive has no readable manifest.json: it is not an npm run backup archive; nothing was changed.',
    )
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
    throw new RestoreError(
      `The archive is not an Exit Planner backup of version ${BACKUP_VERSION} (manifest says ${manifest.format} ${manifest.version}); nothing was changed.`,
    )
  }
  return manifest as BackupManifest
}

/** Every file the database refers to is there, with the bytes its key (their SHA-256) names. */
async function checkFiles(staging: string, manifest: BackupManifest) {
  if (!Array.isArray(manifest.files)) return
  for (const key of manifest.files) {
    const file = path.join(staging, 'files', key.slice(0, 2), key.slice(2, 4), key)
    const hash = createHash('sha256')
    try {
      await pipeline(createReadStream(file), hash)
    } catch {
      throw new RestoreError(`The archive lacks the stored file ${key}; nothing was changed.`)
    }
    if (hash.digest('hex') !== key)
      throw new RestoreError(`The stored file ${key} in the archive is damaged; nothing was changed.`)
  }
}

async function loadDatabase(dump: string, pgdata: string) {
  const [{ PGlite }, { vector }, { OwnerOnlyNodeFS }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-pgvector'),
    import('../owner-only-node-fs'),
  ])
  try {
    const db = await PGlite.create({
      fs: new OwnerOnlyNodeFS(pgdata),
      loadDataDir: await openAsBlob(dump),
      extensions: { vector },
    })
    try {
      await db.query('select count(*) from documents')
    } finally {
      await db.close()
    }
  } catch (error) {
    throw new RestoreError(
      `The database in the archive does not start: ${(error as Error).message}; nothing was changed.`,
    )
  }
}

/** Renames a data directory with something in it to <DATA_DIR>.before-restore-<time>; removes an empty one. */
async function moveAside(dataDir: string) {
  if (await isEmpty(dataDir)) {
    await rm(path.join(dataDir, 'pgdata.lock'), { force: true })
    await rmdir(dataDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error
    })
    return undefined
  }
  const aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
  await rename(dataDir, aside)
  await rm(path.join(aside, 'pgdata.lock'), { force: true })
  return aside
}
