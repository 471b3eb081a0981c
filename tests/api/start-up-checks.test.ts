import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'

import { openDatabase } from '../../api/db/client'
import { users } from '../../api/db/schema'
import { createDiskFileStore } from '../../api/storage/file-store'
import { assertSharedFileStorage, markFileStorage } from '../../api/storage/shared-storage'
import { ConfigError } from '../../runtime/config-error'
import { startBackend } from '../../server/bootstrap'
import { captureLogs, ERROR, WARN } from './support/logs'

const folders: string[] = []
const folder = () => {
  const made = mkdtempSync(path.join(tmpdir(), 'start-up-checks-'))
  folders.push(made)
  return made
}
afterEach(() => {
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true })
})

describe('a production server at start', () => {
  it('warns while demo users sign in with the published password, and not once they are gone', async () => {
    const logs = captureLogs('warn')
    const dataDir = folder()
    const env = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      JWT_SECRET: 'a-secret-long-enough-for-hs256-signing-000',
      SESSION_SECRET: 'a-session-secret-long-enough',
      SEED_DEMO: 'true',
    }
    try {
      const first = await startBackend(env)
      const warnings = logs.lines().filter((line) => line.level === WARN && line.msg.includes('demo users'))
      expect(warnings).toHaveLength(1)
      expect(warnings[0]!.msg).toContain('admin, analyst, member sign in with the published default password')
      expect(warnings[0]!.msg).toContain('npm run accounts -- remove-demo')
      await first.backend.stop()
      await first.database.close()

      // The same data with the demo users' password changed (DEMO_PASSWORD seeds only an empty
      // database, so the operator's own change is what counts): no warning.
      const second = await startBackend({ ...env, SEED_DEMO: 'false' })
      await second.database.db.update(users).set({ passwordHash: 'changed' }).where(eq(users.username, 'member'))
      await second.backend.stop()
      await second.database.close()
      const before = logs.lines().length
      const third = await startBackend({ ...env, SEED_DEMO: 'false' })
      const again = logs.lines().slice(before)
      expect(again.find((line) => line.msg.includes('demo users'))?.msg).toContain(
        'the demo users admin, analyst sign in',
      )
      await third.backend.stop()
      await third.database.close()
    } finally {
      logs.stop()
    }
  })
})

describe('file storage shared by web servers and workers', () => {
  it('lets a worker start only where it reads the files the web servers store', async () => {
    const database = await openDatabase({})
    await database.migrate()
    const web = createDiskFileStore(folder())
    try {
      await expect(assertSharedFileStorage(database.db, web, { waitMs: 0 })).rejects.toThrow(
        'No web server has marked its file storage',
      )
      await markFileStorage(database.db, web)
      await markFileStorage(database.db, web)
      await expect(assertSharedFileStorage(database.db, web, { waitMs: 0 })).resolves.toBeUndefined()
      // A worker whose own volume holds the files (no S3_BUCKET): refused, naming the setting.
      const elsewhere = createDiskFileStore(folder())
      const refusal = assertSharedFileStorage(database.db, elsewhere, { waitMs: 0 })
      await expect(refusal).rejects.toBeInstanceOf(ConfigError)
      await expect(refusal).rejects.toThrow('give it the same S3_BUCKET')
    } finally {
      await database.close()
    }
  })

  it('has a web server that lost the marked storage say so, and leaves the mark as it was', async () => {
    const database = await openDatabase({})
    await database.migrate()
    const logs = captureLogs('warn')
    try {
      await markFileStorage(database.db, createDiskFileStore(folder()))
      const fresh = createDiskFileStore(folder())
      await markFileStorage(database.db, fresh)
      expect(logs.lines().find((line) => line.level === ERROR)?.msg).toContain(
        'this server cannot read the file storage the database was used with',
      )
      await expect(assertSharedFileStorage(database.db, fresh, { waitMs: 0 })).rejects.toThrow('S3_BUCKET')
    } finally {
      logs.stop()
      await database.close()
    }
  })
})
