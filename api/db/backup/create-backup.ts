import { randomUUID } from 'node:crypto'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'

import { create } from 'tar'

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
 * its name only once complete.
 */
export async function createBackup(options: Omit<SnapshotOptions, 'staging'> & { out: string }): Promise<BackupResult> {
  const out = path.resolve(options.out)
  // In DATA_DIR, so the files can be hard-linked (decision 021).
  const staging = path.resolve(options.dataDir, 'backups', `.staging-${randomUUID()}`)
  const partial = `${out}.partial`
  await mkdir(staging, { recursive: true })
  try {
    const manifest = await takeSnapshot({ ...options, staging })
    await mkdir(path.dirname(out), { recursive: true })
    const entries = ['manifest.json', manifest.database, 'files', 'secrets.json', 'outbox']
    const present = await Promise.all(
      entries.map((entry) => stat(path.join(staging, entry)).then(Boolean, () => false)),
    )
    await create(
      { gzip: true, cwd: staging, portable: true, file: partial },
      entries.filter((_, index) => present[index]),
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
