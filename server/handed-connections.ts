import type { Server as HttpServer } from 'node:http'
import type { Socket } from 'node:net'
import { performance } from 'node:perf_hooks'

import { log } from '../runtime/log'
import { HEARTBEAT_MS } from './heartbeats'
import type { WebProcessMessage } from './messages'

/**
 * How recent a web process's last heartbeat must be for it to be handed a new connection (decision
 * 045): one heartbeat late. A loop that answers is never passed over for it (a page renders in
 * milliseconds, a major collection takes tens), and one that stopped gets nothing more half a second
 * after its last beat, long before the 1.5 s after which it is no longer counted.
 */
export const FRESH_WITHIN_MS = 2 * HEARTBEAT_MS

/** What the primary reads of a web process here: node:cluster's Worker, or a stand-in in tests. */
export interface ConnectionTaker {
  readonly process: { readonly pid?: number }
}

export interface HandingOptions<P, S> {
  /** The web processes that serve: started serving, not retiring, not found stalled (the pool's). */
  answering(): readonly P[]
  /** Sends connection `id` to `process`, the primary keeping its copy open; `failed` if it could not be sent. */
  send(process: P, id: number, socket: S, failed: () => void): void
  freshWithinMs?: number
  now?: () => number
}

interface Connection<P, S> {
  id: number
  socket: S
  /** The web process that had it and never took it. */
  from?: P
}

/**
 * The primary's side (decision 045): it accepts every connection itself and hands each to a web
 * process that serves and beat recently, in turn, one at a time per process, as node:cluster's round
 * robin did (the next goes to a process once it took the last). The primary keeps its copy of a
 * connection until the process says it took it: a process that ends before that (killed while
 * stuck, or gone) has read nothing of it, so it goes to another one instead of hanging. Connections
 * no process can take now wait in the primary, in order, until one can.
 */
export function handConnections<P extends ConnectionTaker, S extends { destroy(): void }>({
  answering,
  send,
  freshWithinMs = FRESH_WITHIN_MS,
  now = () => performance.now(),
}: HandingOptions<P, S>) {
  const waiting: Array<Connection<P, S>> = []
  /** The connection each process was handed and has not taken yet: at most one. */
  const handed = new Map<P, Connection<P, S>>()
  const lastBeat = new Map<P, number>()
  const refusing = new WeakSet<P>()
  let last: P | undefined
  let nextId = 1
  let stopped = false

  const takes = (p: P) => !handed.has(p) && !refusing.has(p) && now() - (lastBeat.get(p) ?? -Infinity) <= freshWithinMs
  /** The first process after the last one handed a connection that can take one now. */
  const next = () => {
    const candidates = answering()
    const first = candidates.indexOf(last!) + 1
    for (let i = 0; i < candidates.length; i++) {
      const p = candidates[(first + i) % candidates.length]!
      if (takes(p)) return p
    }
    return undefined
  }
  const dispatch = () => {
    while (waiting.length > 0 && !stopped) {
      const to = next()
      if (!to) return
      const connection = waiting.shift()!
      last = to
      handed.set(to, connection)
      if (connection.from) {
        const [from, by] = [connection.from.process.pid, to.process.pid]
        log.warn(
          { webProcess: by, fromWebProcess: from },
          `a connection web process ${from} never took is handed to web process ${by}`,
        )
      }
      send(to, connection.id, connection.socket, () => giveBack(to, connection.id))
    }
  }
  /** `p` will not take its connection: it goes first to the next process, as the oldest waiting. */
  const giveBack = (p: P, id: number) => {
    const connection = handed.get(p)
    if (connection?.id !== id) return
    handed.delete(p)
    refusing.add(p)
    if (stopped) return connection.socket.destroy()
    waiting.unshift({ ...connection, from: p })
    dispatch()
  }

  return {
    /** A new client connection, paused: nothing is read from it here. */
    connection(socket: S) {
      if (stopped) return socket.destroy()
      waiting.push({ id: nextId++, socket })
      dispatch()
    },
    /** A web process started serving: it is as fresh as a heartbeat. */
    serves(p: P) {
      lastBeat.set(p, now())
      dispatch()
    },
    heartbeat(p: P) {
      lastBeat.set(p, now())
      if (waiting.length > 0) dispatch()
    },
    accepted(p: P, id: number) {
      const connection = handed.get(p)
      if (connection?.id !== id) return
      handed.delete(p)
      // Closes the primary's descriptor only; the connection lives on in the process that took it.
      connection.socket.destroy()
      dispatch()
    },
    /** The process is stopping and closed its copy without reading from it. */
    refused: (p: P, id: number) => giveBack(p, id),
    /** A web process ended: the connection it never took goes to another. Those it took ended with it. */
    exited(p: P) {
      lastBeat.delete(p)
      const connection = handed.get(p)
      if (connection) giveBack(p, connection.id)
    },
    /** The server is stopping: connections no process took are closed, and no more are handed. */
    stop() {
      stopped = true
      for (const connection of waiting.splice(0)) connection.socket.destroy()
    },
  }
}

/**
 * The web process's side: serves on `server`, which never listens, the connections its primary
 * hands it. Each is acknowledged at once, before it is read, so that the primary closes its copy;
 * once the process is stopping, it is refused and closed here, and the primary gives it to another.
 */
export function takeConnections(server: HttpServer, reply: (message: WebProcessMessage) => void) {
  // Node's HTTP server starts its bookkeeping of connections when it listens: the headers and request
  // timeouts that close a connection sending its request too slowly, closeIdleConnections. One that
  // is handed its connections needs them as much.
  server.emit('listening')
  let refusing = false
  return {
    take(id: number, socket: Socket) {
      if (refusing) {
        // Its reading starts on the next turn of the event loop, after this: nothing of it was read.
        socket.destroy()
        reply({ type: 'refused', id })
        return
      }
      reply({ type: 'accepted', id })
      server.emit('connection', socket)
    },
    refuse() {
      refusing = true
    },
  }
}
