import { chmod, rm } from 'node:fs/promises'
import { connect, createServer, type Socket } from 'node:net'
import path from 'node:path'

import type { BackupResult } from './create-backup'

export interface BackupRequest {
  type: 'backup'
  /** Absolute path of the archive to write. */
  out: string
  includeFiles: boolean
}
export type BackupReply = ({ type: 'done' } & BackupResult) | { type: 'failed'; message: string }

/** Unix socket paths are limited to about 100 bytes (108 with the terminating zero on Linux). */
const MAX_SOCKET_PATH = 100
const MAX_REQUEST_BYTES = 64 * 1024

/** Where the process holding a data directory's database answers `npm run backup`: beside its lock. */
export const backupSocketPath = (pgdata: string) => `${path.resolve(pgdata)}.backup.sock`

export class SocketPathTooLongError extends Error {
  name = 'SocketPathTooLongError'
}

function checkLength(socketPath: string) {
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    throw new SocketPathTooLongError(
      `${socketPath} is longer than a Unix socket path may be: use a shorter DATA_DIR, or stop the server and run npm run backup then.`,
    )
  }
}

/**
 * Answers backup requests, one at a time, each a line of JSON answered by a line of JSON. The socket
 * is the owner's only (0600, in DATA_DIR); only the process holding the database's lock listens, so a
 * socket file left by one that died is stale and replaced.
 */
export async function listenForBackups(socketPath: string, backup: (request: BackupRequest) => Promise<BackupResult>) {
  checkLength(socketPath)
  await rm(socketPath, { force: true })
  let busy = false
  const server = createServer((socket) => {
    socket.on('error', () => socket.destroy())
    readLine(socket, async (line) => {
      let reply: BackupReply
      try {
        const request = parseRequest(line)
        if (busy) throw new Error('A backup is already being written; try again once it has finished.')
        busy = true
        try {
          reply = { type: 'done', ...(await backup(request)) }
        } finally {
          busy = false
        }
      } catch (error) {
        reply = { type: 'failed', message: error instanceof Error ? error.message : String(error) }
      }
      if (!socket.destroyed) socket.end(`${JSON.stringify(reply)}\n`)
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, () => {
      server.off('error', reject)
      resolve()
    })
  })
  server.on('error', () => {})
  await chmod(socketPath, 0o600)
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await rm(socketPath, { force: true })
    },
  }
}

function parseRequest(line: string): BackupRequest {
  let request: Partial<BackupRequest>
  try {
    request = JSON.parse(line)
  } catch {
    throw new Error('The request is not JSON.')
  }
  if (request?.type !== 'backup' || typeof request.out !== 'string' || !path.isAbsolute(request.out)) {
    throw new Error('Expected {"type":"backup","out":"<absolute path>","includeFiles":true|false}.')
  }
  return { type: 'backup', out: request.out, includeFiles: request.includeFiles !== false }
}

/** Calls `onLine` with the first line the socket sends; a peer sending too much is cut off. */
function readLine(socket: Socket, onLine: (line: string) => void) {
  let received = ''
  const onData = (chunk: Buffer) => {
    received += chunk.toString('utf8')
    const end = received.indexOf('\n')
    if (end >= 0) {
      socket.off('data', onData)
      onLine(received.slice(0, end))
    } else if (received.length > MAX_REQUEST_BYTES) {
      socket.destroy()
    }
  }
  socket.on('data', onData)
}

/**
 * Asks the server holding the database to write a backup and waits for its answer; undefined when
 * no server listens (none is running, or it started before backups could be asked for).
 */
export function requestBackup(socketPath: string, request: BackupRequest): Promise<BackupResult | undefined> {
  checkLength(socketPath)
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath)
    let connected = false
    let reply: BackupReply | undefined
    socket.once('connect', () => {
      connected = true
      socket.write(`${JSON.stringify(request)}\n`)
    })
    readLine(socket, (line) => {
      try {
        reply = JSON.parse(line) as BackupReply
      } catch {
        reply = { type: 'failed', message: `The server answered something unexpected: ${line.slice(0, 200)}` }
      }
    })
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(undefined)
      else reject(new Error(`The server's backup socket failed: ${error.message}`))
    })
    socket.once('close', () => {
      if (!connected) return
      if (!reply) reject(new Error('The server closed the backup socket without an answer (did it stop?).'))
      else if (reply.type === 'failed') reject(new Error(`The server could not write the backup: ${reply.message}`))
      else {
        const { type: _type, ...result } = reply
        resolve(result)
      }
    })
  })
}
