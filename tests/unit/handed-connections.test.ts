import { createServer as createHttpServer, get, type IncomingMessage, type Server as HttpServer } from 'node:http'
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { log } from '../../runtime/log'
import { drainable } from '../../runtime/shutdown'
import { FRESH_WITHIN_MS, handConnections, takeConnections } from '../../server/handed-connections'
import { HEARTBEAT_MS } from '../../server/heartbeats'
import type { WebProcessMessage } from '../../server/messages'

interface FakeProcess {
  process: { pid: number }
}

interface FakeSocket {
  name: string
  destroyed: boolean
  destroy(): void
}

afterEach(() => {
  vi.restoreAllMocks()
})

/**
 * A primary handing connections to stand-in web processes (pids 100, 101, …), on a clock the test
 * moves: what it sent to whom, and what the processes answer.
 */
function primary(count = 2) {
  let clock = 0
  const processes: FakeProcess[] = Array.from({ length: count }, (_, index) => ({ process: { pid: 100 + index } }))
  /** What the pool says serves: started, not retiring, not found stalled. */
  const answering: FakeProcess[] = []
  const sent: Array<{ to: number; id: number; socket: string; failed: () => void }> = []
  const connections = handConnections<FakeProcess, FakeSocket>({
    answering: () => answering,
    send: (p, id, socket, failed) => void sent.push({ to: p.process.pid, id, socket: socket.name, failed }),
    now: () => clock,
  })
  const handedLast = (name: string) => sent.findLast((entry) => entry.socket === name)!
  const byPid = (pid: number) => processes.find((p) => p.process.pid === pid)!
  return {
    connections,
    processes,
    /** Which process each connection went to, in the order they were sent. */
    sent: () => sent.map((entry) => `${entry.socket}→${entry.to}`),
    serves(...started: FakeProcess[]) {
      for (const p of started) {
        answering.push(p)
        connections.serves(p)
      }
    },
    open(name: string) {
      const socket: FakeSocket = { name, destroyed: false, destroy: () => void (socket.destroyed = true) }
      connections.connection(socket)
      return socket
    },
    accept(name: string) {
      const { to, id } = handedLast(name)
      connections.accepted(byPid(to), id)
    },
    refuse(name: string) {
      const { to, id } = handedLast(name)
      connections.refused(byPid(to), id)
    },
    sendFails: (name: string) => handedLast(name).failed(),
    exits(p: FakeProcess) {
      answering.splice(answering.indexOf(p), 1)
      connections.exited(p)
    },
    /** Lets `ms` pass while the given web processes beat (the others are silent). */
    beating(ms: number, ...beating: FakeProcess[]) {
      for (let elapsed = 0; elapsed < ms; elapsed += HEARTBEAT_MS) {
        clock += HEARTBEAT_MS
        for (const p of beating) connections.heartbeat(p)
      }
    },
  }
}

describe('a primary handing new connections to its web processes', () => {
  it('hands them in turn, one at a time per process, and closes its own copy only once the process took it', () => {
    const { serves, processes, open, accept, sent } = primary()
    const [a, b] = processes as [FakeProcess, FakeProcess]
    serves(a, b)
    const first = open('c1')
    open('c2')
    // Both hold a connection they have not taken yet: the third waits for one of them.
    open('c3')
    expect(sent()).toEqual(['c1→100', 'c2→101'])
    expect(first.destroyed).toBe(false)
    accept('c1')
    expect(first.destroyed).toBe(true)
    expect(sent()).toEqual(['c1→100', 'c2→101', 'c3→100'])
    accept('c2')
    accept('c3')
    open('c4')
    expect(sent().at(-1)).toBe('c4→101')
  })

  it('passes over a process whose last heartbeat is more than one heartbeat late, until it beats again', () => {
    const { serves, processes, open, accept, sent, beating, connections } = primary()
    const [a, b] = processes as [FakeProcess, FakeProcess]
    serves(a, b)
    beating(FRESH_WITHIN_MS, b)
    // One heartbeat late is no sign of a stuck loop.
    open('c1')
    accept('c1')
    open('c2')
    accept('c2')
    expect(sent()).toEqual(['c1→100', 'c2→101'])
    beating(HEARTBEAT_MS, b)
    for (const name of ['c3', 'c4']) {
      open(name)
      accept(name)
    }
    expect(sent().slice(2)).toEqual(['c3→101', 'c4→101'])
    connections.heartbeat(a)
    open('c5')
    expect(sent().at(-1)).toBe('c5→100')
  })

  it('holds connections while no process can take one, and hands them in order when one serves or beats', () => {
    const { serves, processes, open, accept, sent, beating } = primary()
    const [a, b] = processes as [FakeProcess, FakeProcess]
    open('c1')
    open('c2')
    expect(sent()).toEqual([])
    serves(a)
    accept('c1')
    expect(sent()).toEqual(['c1→100', 'c2→100'])
    accept('c2')
    // Both silent: the connection waits for whichever beats first.
    serves(b)
    beating(2 * FRESH_WITHIN_MS)
    open('c3')
    expect(sent()).toHaveLength(2)
    beating(HEARTBEAT_MS, b)
    expect(sent().at(-1)).toBe('c3→101')
  })

  it('hands a connection a process never took to another when it ends, and warns naming both', () => {
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => {})
    const { serves, processes, open, accept, sent, beating, exits } = primary()
    const [stuck, healthy] = processes as [FakeProcess, FakeProcess]
    serves(stuck, healthy)
    const taken = open('c1')
    accept('c1')
    open('c2')
    accept('c2')
    // `stuck` stops here: it never takes c3.
    const held = open('c3')
    beating(5_000, healthy)
    open('c4')
    expect(sent()).toEqual(['c1→100', 'c2→101', 'c3→100', 'c4→101'])
    exits(stuck)
    // The primary's copy stays open until `healthy` takes it.
    expect(held.destroyed).toBe(false)
    accept('c4')
    expect(sent().at(-1)).toBe('c3→101')
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      { webProcess: 101, fromWebProcess: 100 },
      'a connection web process 100 never took is handed to web process 101',
    )
    accept('c3')
    expect(held.destroyed).toBe(true)
    // What `stuck` had taken ended with it; nothing of it is handed again.
    expect(taken.destroyed).toBe(true)
    expect(sent()).toHaveLength(5)
  })

  it('gives a connection a stopping process refused to another, and hands that process no more', () => {
    vi.spyOn(log, 'warn').mockImplementation(() => {})
    const { serves, processes, open, accept, refuse, sent } = primary()
    const [stopping, other] = processes as [FakeProcess, FakeProcess]
    serves(stopping, other)
    open('c1')
    refuse('c1')
    accept('c1')
    open('c2')
    expect(sent()).toEqual(['c1→100', 'c1→101', 'c2→101'])
  })

  it('gives a connection it could not send to another', () => {
    vi.spyOn(log, 'warn').mockImplementation(() => {})
    const { serves, processes, open, sendFails, sent } = primary()
    serves(...processes)
    open('c1')
    sendFails('c1')
    expect(sent()).toEqual(['c1→100', 'c1→101'])
  })

  it('closes the connections no process took once the server stops, and takes no more', () => {
    const { serves, processes, open, sent, exits, connections } = primary()
    const [a] = processes as [FakeProcess]
    serves(a)
    const handed = open('c1')
    const waiting = open('c2')
    connections.stop()
    expect(waiting.destroyed).toBe(true)
    exits(a)
    expect(handed.destroyed).toBe(true)
    expect(open('c3').destroyed).toBe(true)
    expect(sent()).toEqual(['c1→100'])
  })
})

let servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  servers = []
})

/**
 * A web process's HTTP server, which never listens, and what it tells its primary; `handTo` opens a
 * client connection and hands the server's end of it to `take` as it is created, reading already
 * started, as a socket received from the primary is.
 */
async function webProcess(server: HttpServer, replies: WebProcessMessage[] = []) {
  const taken = takeConnections(server, (message) => void replies.push(message))
  let handed: Socket | undefined
  let id = 0
  const accepting = createServer((socket) => {
    handed = socket
    taken.take(++id, socket)
  })
  servers.push(accepting)
  await new Promise<void>((resolve) => accepting.listen(0, '127.0.0.1', resolve))
  const { port } = accepting.address() as AddressInfo
  return {
    replies,
    taken,
    handed: () => handed,
    get: (path: string) =>
      new Promise<IncomingMessage & { body: string }>((resolve, reject) => {
        get({ port, host: '127.0.0.1', path, agent: false }, (response) => {
          let body = ''
          response.on('data', (chunk) => (body += chunk))
          response.on('end', () => resolve(Object.assign(response, { body })))
        }).on('error', reject)
      }),
    connect: () => connect(port, '127.0.0.1'),
  }
}

describe('a web process taking the connections its primary hands it', () => {
  it('acknowledges each before reading it, and serves it', async () => {
    const toldBeforeTheRequest: WebProcessMessage[] = []
    const replies: WebProcessMessage[] = []
    const server = createHttpServer((request, response) => {
      toldBeforeTheRequest.push(...replies)
      response.end(`served ${request.url}`)
    })
    const web = await webProcess(server, replies)
    const response = await web.get('/health')
    expect([response.statusCode, response.body]).toEqual([200, 'served /health'])
    expect(toldBeforeTheRequest).toEqual([{ type: 'accepted', id: 1 }])
  })

  it('refuses and closes its copy of one handed while it stops, reading nothing of it', async () => {
    const requests = vi.fn()
    const web = await webProcess(createHttpServer(requests))
    web.taken.refuse()
    const client = web.connect()
    // Closed with the request unread, the connection may be reset rather than ended.
    client.on('error', () => {})
    client.end('GET / HTTP/1.1\r\nHost: x\r\n\r\n')
    await new Promise((resolve) => client.on('close', resolve))
    expect(web.replies).toEqual([{ type: 'refused', id: 1 }])
    expect(web.handed()!.bytesRead).toBe(0)
    expect(requests).not.toHaveBeenCalled()
  })

  it('closes a connection that sends its headers too slowly, as a server that listens does', async () => {
    const server = createHttpServer({ connectionsCheckingInterval: 20, headersTimeout: 100, requestTimeout: 200 })
    const web = await webProcess(server)
    const client = web.connect()
    let answer = ''
    client.on('data', (chunk) => (answer += chunk))
    client.write('GET / HTTP/1.1\r\nHost: x\r\n')
    await new Promise((resolve) => client.on('close', resolve))
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('lets a request in flight finish when it stops, though its server never listened', async () => {
    let answer = () => {}
    let arrived = () => {}
    const inFlight = new Promise<void>((resolve) => (arrived = resolve))
    const server = createHttpServer((_request, response) => {
      answer = () => response.end('finished')
      arrived()
    })
    const http = drainable(server)
    const web = await webProcess(server)
    const response = web.get('/slow')
    await inFlight
    let stopped = false
    const closed = http.close(10_000).then(() => (stopped = true))
    // Node calls a server's close back on its next tick when it never listened.
    await new Promise((resolve) => setImmediate(resolve))
    expect(stopped).toBe(false)
    answer()
    expect(await response).toMatchObject({ statusCode: 200, body: 'finished', headers: { connection: 'close' } })
    await closed
  })
})
