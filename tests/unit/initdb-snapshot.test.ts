import { mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'

import { initdbSnapshot } from '../../api/db/initdb-snapshot'

describe("initdb's snapshot", () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'initdb-snapshot-'))
  const file = path.join(folder, 'cache', 'initdb.tar')
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  it('is made once, private to the server, and a new database starts from it', async () => {
    const snapshot = await initdbSnapshot(file)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700)
    const db = await PGlite.create({ loadDataDir: snapshot })
    try {
      await db.exec('create table notes (body text)')
      await db.query('insert into notes values ($1)', ['kept'])
      expect((await db.query<{ body: string }>('select body from notes')).rows).toEqual([{ body: 'kept' }])
    } finally {
      await db.close()
    }
  }, 60_000)

  it('is still read after another process renames its own copy over the file', async () => {
    const copy = `${file}.other`
    writeFileSync(copy, Buffer.from(await (await initdbSnapshot(file))!.arrayBuffer()))
    renameSync(copy, file)
    const db = await PGlite.create({ loadDataDir: await initdbSnapshot(file) })
    expect((await db.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }])
    await db.close()
  }, 60_000)

  it('is left to PGlite (undefined) when it can be neither made nor read', async () => {
    const blocked = path.join(folder, 'not-a-folder')
    writeFileSync(blocked, '')
    expect(await initdbSnapshot(path.join(blocked, 'initdb.tar'))).toBeUndefined()
  }, 60_000)
})
