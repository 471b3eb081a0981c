// `npm run restore -- <archive> [--force]`: with the server stopped, makes DATA_DIR what an archive of
// `npm run backup` holds: the database, the stored files, secrets.json and outbox/. A DATA_DIR with
// something in it is moved aside with --force (to <DATA_DIR>.before-restore-<time>), never deleted.
import path from 'node:path'
import { parseArgs } from 'node:util'

import { restoreBackup } from '../api/db/backup/restore-backup'
import { keepNewFilesPrivate, makeDataDirPrivate } from '../runtime/owner-only-files'

async function main() {
  keepNewFilesPrivate()
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  })
  if (positionals.length !== 1) throw new Error('Usage: npm run restore -- <archive> [--force]')
  if (process.env.DATABASE_URL) {
    throw new Error('DATABASE_URL is set: restore that database with pg_restore, not from an embedded backup.')
  }
  // The one --force moves aside is kept: it is made private like the restored one.
  makeDataDirPrivate(process.env)
  const dataDir = path.resolve(process.env.DATA_DIR || './data')
  const archive = path.resolve(positionals[0]!)
  console.log(`Restoring ${archive} into ${dataDir}...`)
  const result = await restoreBackup({ archive, dataDir, force: values.force })
  if (result.movedAside) console.log(`The previous data directory was moved to ${result.movedAside}.`)
  console.log(`Restored the database and ${result.files} stored file(s). Start the server with npm start.`)
}

main().catch((error) => {
  console.error((error as Error).message)
  process.exitCode = 1
})
