import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'

import { type DatabaseHandle, openDatabase } from '../../api/db/client'
import { initdbSnapshotFor } from '../../api/db/initdb-snapshot'
import { WireMultiplexer } from '../../api/db/wire-multiplexer'

export interface WireDatabase {
  /** `postgres://…` on 127.0.0.1: what DATABASE_URL is set to for the processes under test. */
  url: string
  close(): Promise<void>
}

/**
 * PostgreSQL with pgvector on this machine, which has no pgvector package: PGlite (in memory, or
 * in `dataDir`) served over the wire protocol on a free TCP port, so everything under test reaches
 * it as it would a PostgreSQL server, through DATABASE_URL and the `postgres` driver.
 */
export async function serveWireDatabase(dataDir?: string): Promise<WireDatabase> {
  const pglite = await PGlite.create(dataDir, { extensions: { vector }, loadDataDir: await initdbSnapshotFor(dataDir) })
  const server = new WireMultiplexer(pglite)
  const port = await server.listen({ host: '127.0.0.1', port: 0 })
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async close() {
      await server.close()
      await pglite.close()
    },
  }
}

/** A database handle through the `postgres` driver on a database served as above; closing it stops both. */
export async function openWireDatabase(dataDir?: string): Promise<DatabaseHandle & { url: string }> {
  const served = await serveWireDatabase(dataDir)
  const handle = await openDatabase({ databaseUrl: served.url })
  return {
    ...handle,
    url: served.url,
    async close() {
      await handle.close()
      await served.close()
    },
  }
}
