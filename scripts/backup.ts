// `npm run backup [-- --out <file>]`: writes one archive of DATA_DIR's embedded database, the files it
// refers to, secrets.json and outbox/ (decision 021), by default to
// DATA_DIR/backups/exit-planner-backup-<time>.tar.gz. While `npm start` runs, the server takes the
// dump (it alone has the database open) between two statements; when it is stopped, this command
// opens the database itself.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { backupSocketPath, requestBackup } from '../api/db/backup/control-socket'
import { type BackupResult, createBackup, defaultBackupPath } from '../api/db/backup/create-backup'
import { lockDirectory } from '../api/db/client'
import { keepNewFilesPrivate, makeDataDirPrivate } from '../runtime/owner-only-files'

async function backupStopped(pgdata: string, options: { dataDir: string; out: string; includeFiles: boolean }) {
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) throw new Error(`There is no database in ${pgdata} to back up.`)
  const unlock = lockDirectory(pgdata)
  try {
    const [{ PGlite }, { vector }, { OwnerOnlyNodeFS }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite-pgvector'),
      import('../api/db/owner-only-node-fs'),
    ])
    const pg = await PGlite.create({ fs: new OwnerOnlyNodeFS(pgdata), extensions: { vector } })
    try {
      return await createBackup({ ...options, pg, exclusive: (work) => work() })
    } finally {
      await pg.close()
    }
  } finally {
    unlock()
  }
}

async function main() {
  keepNewFilesPrivate()
  const { values } = parseArgs({ options: { out: { type: 'string' } } })
  if (process.env.DATABASE_URL) {
    throw new Error('DATABASE_URL is set: back that database up with pg_dump (and the files with their storage).')
  }
  makeDataDirPrivate(process.env)
  const dataDir = path.resolve(process.env.DATA_DIR || './data')
  const pgdata = path.join(dataDir, 'pgdata')
  const out = values.out ? path.resolve(values.out) : defaultBackupPath(dataDir)
  // Files in a bucket are kept by the bucket (its versioning), not copied here.
  const includeFiles = !process.env.S3_BUCKET
  const request = { type: 'backup', out, includeFiles } as const
  let result: BackupResult | undefined = await requestBackup(backupSocketPath(pgdata), request)
  const by = result ? 'the running server' : 'this command (no server running)'
  result ??= await backupStopped(pgdata, { dataDir, out, includeFiles })
  console.log(
    `Backup written by ${by}: ${result.out} (${(result.bytes / 2 ** 20).toFixed(1)} MB, ${includeFiles ? `${result.files} stored file(s)` : 'files left in the S3 bucket'}).`,
  )
  if (result.missingFiles.length) {
    console.warn(
      `Warning: ${result.missingFiles.length} stored file(s) the database refers to were missing from ${path.join(dataDir, 'files')} and are not in the backup: ${result.missingFiles.join(', ')}`,
    )
  }
}

main().catch((error) => {
  console.error((error as Error).message)
  process.exitCode = 1
})
