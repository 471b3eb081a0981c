import fs, { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { initdbSnapshotFor } from '../../api/db/initdb-snapshot'
import { OwnerOnlyNodeFS } from '../../api/db/owner-only-node-fs'

const folder = mkdtempSync(path.join(tmpdir(), 'kept-file-sizes-'))
const dataDir = path.join(folder, 'pgdata')
let db: PGlite

const open = async () =>
  PGlite.create({ fs: new OwnerOnlyNodeFS(dataDir), loadDataDir: await initdbSnapshotFor(dataDir) })

/** What PostgreSQL takes the table's main file to hold, beside what the disk says it holds. */
async function sizesOf(table: string) {
  const [{ file, size }] = (
    await db.query<{ file: string; size: number }>(
      `select pg_relation_filepath($1) as file, pg_relation_size($1)::int as size`,
      [table],
    )
  ).rows as [{ file: string; size: number }]
  return { database: size, disk: statSync(path.join(dataDir, file)).size }
}

beforeAll(async () => {
  db = await open()
  await db.exec(`create table notes (id int primary key, body text)`)
}, 60_000)
afterAll(async () => {
  await db.close()
  rmSync(folder, { recursive: true, force: true })
})

describe("the database's file sizes kept in memory", () => {
  it('follow the files as rows are added, vacuumed away and truncated', async () => {
    await db.query(`insert into notes select n, repeat('x', 200) from generate_series(1, 20000) n`)
    const grown = await sizesOf('notes')
    expect(grown.database).toBe(grown.disk)
    expect(grown.disk).toBeGreaterThan(100 * 8192)

    // VACUUM gives the emptied end of the table back to the file system (ftruncate).
    await db.exec(`delete from notes where id > 2000`)
    await db.exec(`vacuum notes`)
    const shrunk = await sizesOf('notes')
    expect(shrunk.database).toBe(shrunk.disk)
    expect(shrunk.disk).toBeLessThan(grown.disk / 5)

    await db.query(`insert into notes select n, repeat('y', 300) from generate_series(2001, 6000) n`)
    const regrown = await sizesOf('notes')
    expect(regrown.database).toBe(regrown.disk)
    expect(regrown.disk).toBeGreaterThan(shrunk.disk)
    expect((await db.query<{ count: number }>(`select count(*)::int as count from notes`)).rows).toEqual([
      { count: 6000 },
    ])
  })

  it('answer the seeks of repeated statements without asking the disk', async () => {
    const stats = vi.spyOn(fs, 'fstatSync')
    try {
      await db.query(`select count(*) from notes where body like 'x%'`)
      const before = stats.mock.calls.length
      for (let round = 0; round < 20; round++) await db.query(`select count(*) from notes where body like 'y%'`)
      expect(stats.mock.calls.length).toBe(before)
    } finally {
      stats.mockRestore()
    }
  })

  it('leave the data whole after the database is closed and opened again', async () => {
    const contents = () => db.query(`select count(*)::int as count, sum(length(body))::int as length from notes`)
    const held = (await contents()).rows
    await db.close()
    db = await open()
    const reopened = await sizesOf('notes')
    expect(reopened.database).toBe(reopened.disk)
    expect((await contents()).rows).toEqual(held)
  }, 60_000)
})
