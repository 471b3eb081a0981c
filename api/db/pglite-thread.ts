import path from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'

import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'

import { log } from '../../runtime/log'
import { backupSocketPath, listenForBackups } from './backup/control-socket'
import { createBackup } from './backup/create-backup'
import { initdbSnapshotFor } from './initdb-snapshot'
import { OwnerOnlyNodeFS } from './owner-only-node-fs'
import { WireMultiplexer } from './wire-multiplexer'

/** What the server thread sends this thread, and what it answers. */
export interface PgliteThreadData {
  dataDir: string
  socketPath: string
  /** `shared_buffers` in MB (api/db/shared-buffers.ts). */
  sharedBuffersMb: number
}
export type PgliteThreadReply = { type: 'ready' } | { type: 'failed'; message: string } | { type: 'closed' }

/**
 * The embedded database in a thread of its own, reached over the PostgreSQL wire protocol on a
 * private Unix socket: its WASM work no longer blocks page rendering on the server's event loop,
 * the drivers prepare hot statements once (decision 009), and every process of the server (the web
 * processes and the one running jobs) holds a connection of its own (decision 012).
 */
const { dataDir, socketPath, sharedBuffersMb } = workerData as PgliteThreadData
const reply = (message: PgliteThreadReply) => parentPort!.postMessage(message)

try {
  // PGlite makes its shared buffers resident at start, so they are sized by the data
  // (api/db/shared-buffers.ts); the WASM memory it grows for maintenance (64 MB by default) is never
  // handed back, and the embedded database works in far less.
  const db = await PGlite.create({
    fs: new OwnerOnlyNodeFS(dataDir),
    loadDataDir: await initdbSnapshotFor(dataDir),
    extensions: { vector },
    postgresqlconf: [`shared_buffers=${sharedBuffersMb}MB`, 'maintenance_work_mem=16MB'],
  })
  const server = new WireMultiplexer(db)
  await server.listen(socketPath)
  // `npm run backup` asks here: the dump must be taken by the one process that has the database open.
  const backups = await listenForBackups(backupSocketPath(dataDir), ({ out, includeFiles }) =>
    createBackup({
      pg: db,
      dataDir: path.dirname(dataDir),
      out,
      includeFiles,
      exclusive: (work) => server.exclusive(work),
    }),
  ).catch((error: Error) => {
    log.warn({ err: error }, 'npm run backup cannot reach this server; it works while the server is stopped')
    return undefined
  })
  parentPort!.on('message', async (message: { type: 'close' }) => {
    if (message.type !== 'close') return
    await backups?.close()
    await server.close()
    await db.close()
    reply({ type: 'closed' })
  })
  reply({ type: 'ready' })
} catch (error) {
  reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
}
