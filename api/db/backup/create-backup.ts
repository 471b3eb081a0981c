import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'

import { create } from 'tar'

import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../../runtime/owner-only-files'
import { type SnapshotOptions, takeSnapshot } from './snapshot'

export interface BackupResult {
  out: string
  bytes: number
  files: number
  /** Keys the database refers to whose file was missing on disk (left out of the backup). */
  missingFiles: string[]
}

/** Where `npm run backup` writes when not told: DATA_DIR/backups/exit-planner-backup-<time>.tar.gz. */
export function defaultBackupPath(dataDir: string, now = new Date()) {
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  return path.resolve(dataDir, 'backups', `exit-planner-backup-${stamp}.tar.gz`)
}

/**
 * Writes one gzipped tar: manifest.json, database.tar (PGlite's dump), files/, secrets.json and
 * outbox/. The archive is streamed from the staging folder, never held in memory, and appears under
 * its name only once complete. It holds the token-signing secret, so it is its user's only (0600),
 * wherever `out` is.
 */
export async function createBackup(options: Omit<SnapshotOptions, 'staging'> & { out: string }): Promise<BackupResult> {
  const out = path.resolve(options.out)
  // In DATA_DIR, so the files can be hard-linked (decision 021).
  const staging = path.resolve(options.dataDir, 'backups', `.staging-${randomUUID()}`)
  const partial = `${out}.partial`
  await mkdir(staging, { recursive: true, mode: PRIVATE_DIR_MODE })
  try {
    const manifest = await takeSnapshot({ ...options, staging })
    await mkdir(path.dirname(out), { recursive: true, mode: PRIVATE_DIR_MODE })
    const entries = ['manifest.json', manifest.database, 'files', 'secrets.json', 'outbox']
    const present = await Promise.all(
      entries.map((entry) => stat(path.join(staging, entry)).then(Boolean, () => false)),
    )
    // One left by a backup that died is removed; then the file must be new ('wx'), so it is created
    // with this mode, never an existing file (or a link someone placed) opened with its own.
    await rm(partial, { force: true })
    await pipeline(
      create(
        { gzip: true, cwd: staging, portable: true },
        entries.filter((_, index) => present[index]),
      ),
      createWriteStream(partial, { flags: 'wx', mode: PRIVATE_FILE_MODE }),
    )
    await rename(partial, out)
    return {
      out,
      bytes: (await stat(out)).size,
      files: Array.isArray(manifest.files) ? manifest.files.length : 0,
      missingFiles: manifest.missingFiles,
    }
  } finally {
    await rm(partial, { force: true })
    await rm(staging, { recursive: true, force: true })
  }
}
