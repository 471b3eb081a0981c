import { chmod, copyFile, link, mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream } from 'node:stream/web'

import type { PGlite } from '@electric-sql/pglite'

import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../../runtime/owner-only-files'

export const BACKUP_FORMAT = 'exit-planner-backup'
export const BACKUP_VERSION = 1

/** What an archive holds, written into it as manifest.json and checked by a restore. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT
  version: typeof BACKUP_VERSION
  createdAt: string
  /** The database's data directory as PGlite dumps it (`dumpDataDir`), an uncompressed tar. */
  database: 'database.tar'
  /** The stored files the database refers to, by key; absent when they live in an S3 bucket. */
  files: string[] | 'bucket'
  /** Keys the database refers to whose file was not on disk when the backup was taken. */
  missingFiles: string[]
}

export interface SnapshotOptions {
  pg: PGlite
  /** DATA_DIR: the database in pgdata/, files in files/, secrets.json and outbox/. */
  dataDir: string
  /** An empty folder on the same disk as DATA_DIR, laid out as the archive will be. */
  staging: string
  /** False when uploaded files are kept in an S3 bucket (S3_BUCKET): only the database is taken. */
  includeFiles: boolean
  /** Runs its argument while nothing else uses the database (the server's other clients wait). */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>
}

const REFERENCED_KEYS = `
  select storage_key as key from document_versions
  union select recording_key from meetings where recording_key is not null`

/**
 * Takes the database and the files it refers to at one moment between two statements. Stored files
 * are immutable by key but removed once nothing refers to them, so they are hard-linked into the
 * staging folder in the same pause: a document deleted right after the dump keeps its file in the
 * backup. Hard links cost no copy; on another disk the files are copied instead.
 */
export async function takeSnapshot({ pg, dataDir, staging, includeFiles, exclusive }: SnapshotOptions) {
  const taken = await exclusive(async () => {
    const keys = (await pg.query<{ key: string }>(REFERENCED_KEYS)).rows.map((row) => row.key).sort()
    // Written out, the dump needs no recovery of its write-ahead log when it is loaded.
    await pg.exec('CHECKPOINT')
    const dump = await pg.dumpDataDir('none')
    const missingFiles: string[] = []
    if (includeFiles) {
      for (const key of keys) {
        const relative = path.join('files', key.slice(0, 2), key.slice(2, 4), key)
        if (!(await keep(path.join(dataDir, relative), path.join(staging, relative)))) missingFiles.push(key)
      }
    }
    return { dump, keys, missingFiles }
  })
  await writeFile(path.join(staging, 'database.tar'), Readable.fromWeb(taken.dump.stream() as ReadableStream), {
    mode: PRIVATE_FILE_MODE,
  })
  await keep(path.join(dataDir, 'secrets.json'), path.join(staging, 'secrets.json'))
  // Sent messages are written once and never changed.
  const outbox = await readdir(path.join(dataDir, 'outbox')).catch(() => [])
  for (const name of outbox) await keep(path.join(dataDir, 'outbox', name), path.join(staging, 'outbox', name))
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    database: 'database.tar',
    files: includeFiles ? taken.keys.filter((key) => !taken.missingFiles.includes(key)) : 'bucket',
    missingFiles: taken.missingFiles,
  }
  await writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest), { mode: PRIVATE_FILE_MODE })
  return manifest
}

/** Links (or copies) a file into the staging folder; false when there is no such file. */
async function keep(source: string, target: string) {
  await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE })
  try {
    await link(source, target)
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return false
    if (code !== 'EXDEV' && code !== 'EPERM') throw error
  }
  // A copy takes its source's mode; the archive records it, and a restore writes what it records.
  await copyFile(source, target)
  await chmod(target, PRIVATE_FILE_MODE)
  return true
}
