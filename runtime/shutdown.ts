import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

import { log } from './log'

/**
 * What a shutdown gives requests in flight and running jobs. Container runtimes kill a process 10 s
 * after SIGTERM (Docker's stop timeout, Kubernetes' default grace period); the rest of the 10 s is
 * for closing the database.
 */
export const SHUTDOWN_GRACE_MS = 8_000

/**
 * Lets an HTTP server stop gracefully: `close` stops accepting connections, lets requests in flight
 * finish, and ends every connection still open at the deadline. Call it right after the server is
 * created, so every connection and request is seen.
 *
 * Node's own `server.close` closes only connections idle at that moment: a keep-alive connection
 * whose request finishes later would hold the close for the keep-alive timeout, so each response
 * that ends during the drain closes its connection. The drain ends when the last connection has
 * closed, not when `server.close` calls back: a server handed its connections by another process
 * never listened, and Node calls that back at once, requests in flight or not.
 */
export function drainable(server: Server) {
  const connections = new Set<Socket>()
  const active = new Set<ServerResponse>()
  let closing = false
  let drained = () => {}
  server.on('connection', (socket: Socket) => {
    connections.add(socket)
    socket.once('close', () => {
      connections.delete(socket)
      if (closing && connections.size === 0) drained()
    })
  })
  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    active.add(response)
    if (closing) response.setHeader('Connection', 'close')
    response.once('close', () => {
      active.delete(response)
      if (closing) server.closeIdleConnections()
    })
  })
  return {
    close(deadlineMs: number) {
      closing = true
      return new Promise<void>((resolve) => {
        const deadline = setTimeout(() => {
          for (const socket of connections) socket.destroy()
          drained()
        }, deadlineMs)
        drained = () => {
          clearTimeout(deadline)
          resolve()
        }
        server.close()
        for (const response of active) if (!response.headersSent) response.setHeader('Connection', 'close')
        server.closeIdleConnections()
        if (connections.size === 0) drained()
      })
    },
  }
}

/**
 * Runs `shutdown` on the first SIGTERM or SIGINT and exits when it is done; a second signal exits at
 * once, for the person pressing Ctrl-C twice. Returns a function that begins the same shutdown for
 * another reason (a web process told by its primary); once begun, it does nothing.
 */
export function onShutdownSignal(shutdown: () => Promise<void>) {
  let stopping = false
  const begin = (reason: string) => {
    if (stopping) return false
    stopping = true
    const started = Date.now()
    log.info(`${reason}: finishing requests in flight and handing running jobs back to the queue`)
    shutdown().then(
      () => {
        log.info({ ms: Date.now() - started }, `stopped in ${((Date.now() - started) / 1000).toFixed(1)} s`)
        process.exit(0)
      },
      (error) => {
        log.error({ err: error }, 'the shutdown failed')
        process.exit(1)
      },
    )
    return true
  }
  const handle = (signal: NodeJS.Signals) => {
    if (begin(signal)) return
    log.warn(`${signal} again: exiting without waiting`)
    process.exit(1)
  }
  process.on('SIGINT', handle)
  process.on('SIGTERM', handle)
  return (reason: string) => void begin(reason)
}
