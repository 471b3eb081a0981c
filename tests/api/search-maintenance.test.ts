import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { createSearchMaintenance } from '../../api/ai/retrieval/maintenance'
import { openDatabase } from '../../api/db/client'
import { rowsOf } from '../../api/db/sql-values'

let database: Awaited<ReturnType<typeof openDatabase>>

async function vacuums() {
  const rows = rowsOf(
    await database.db.execute(
      sql`select relname, vacuum_count, analyze_count from pg_stat_user_tables where relname in ('document_chunks', 'chunk_terms', 'document_embeddings')`,
    ),
  )
  expect(rows).toHaveLength(3)
  for (const row of rows) expect(row.analyze_count).toBe(row.vacuum_count)
  return Math.min(...rows.map((row) => Number(row.vacuum_count)))
}

beforeAll(async () => {
  database = await openDatabase({})
  await database.migrate()
})
afterAll(() => database.close())

describe('search maintenance on the embedded database', () => {
  it('vacuums and analyses the search tables after the first write, then once for a burst of writes', async () => {
    const maintenance = createSearchMaintenance(database.db, { intervalMs: 60_000 })
    const before = await vacuums()
    await maintenance.afterIndexWrite()
    expect(await vacuums()).toBe(before + 1)
    // Inside the interval: nothing now, one trailing run is scheduled for the burst.
    await maintenance.afterIndexWrite()
    await maintenance.afterIndexWrite()
    expect(await vacuums()).toBe(before + 1)
    await maintenance.stop()
  })

  it('runs the trailing vacuum once the interval has passed', async () => {
    const maintenance = createSearchMaintenance(database.db, { intervalMs: 10 })
    const before = await vacuums()
    await maintenance.afterIndexWrite()
    await maintenance.afterIndexWrite()
    await maintenance.afterIndexWrite()
    await vi.waitFor(async () => expect(await vacuums()).toBe(before + 2), { timeout: 5_000, interval: 100 })
    await maintenance.stop()
  })
})
