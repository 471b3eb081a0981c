import { createServer, type Server, type Socket } from 'node:net'

import type { PGlite } from '@electric-sql/pglite'

import { log } from '../../runtime/log'

const SSL_REQUEST = 80877103
const GSSENC_REQUEST = 80877104
const CANCEL_REQUEST = 80877102
const TERMINATE = 0x58 // 'X'
const PARSE = 0x50 // 'P'
const READY_FOR_QUERY = 0x5a // 'Z'
const IDLE = 0x49 // 'I': ReadyForQuery outside a transaction block

/** A client of the one PGlite session. */
interface Client {
  socket: Socket
  /** Bytes received and not yet framed into whole messages. */
  received: Buffer
  /** The startup message, until the session has answered it (PGlite reads it alone). */
  startup: Buffer | null
  /** Whole messages waiting for the session, in order. */
  pending: Buffer[]
  started: boolean
  closed: boolean
  /** Named statements it prepared, closed when it leaves so the session does not fill with them. */
  statements: Set<string>
}

/**
 * Serves one PGlite session to several PostgreSQL clients (the web processes and the job worker)
 * over the wire protocol. PGlite is a single session, so a client's work must reach it whole: an
 * extended-protocol batch (Parse … Sync) interleaved with another client's would have that client's
 * Bind replace its unnamed portal or its error swallow the other's messages, and a statement run
 * between another client's BEGIN and COMMIT would join a transaction it never began. So a client
 * holds the session from its first message until the session answers ReadyForQuery outside a
 * transaction; the others wait their turn, in arrival order. Messages a client sent together go into
 * PGlite in one call. pglite-socket's own server queues message by message, which is why it takes
 * one connection only (decision 009).
 */
export class WireMultiplexer {
  private owner: Client | null = null
  private readonly waiting: Client[] = []
  private readonly clients = new Set<Client>()
  /** Work of this thread's own (a backup's snapshot) waiting for the session to be free. */
  private readonly tasks: Array<() => Promise<void>> = []
  private running = false
  private server: Server | null = null
  private closing = false

  constructor(private readonly db: PGlite) {}

  /**
   * Listens on a Unix socket, or on a TCP port (0 for a free one) for clients that reach it through a
   * postgres:// URL; resolves once listening, with the TCP port when there is one.
   */
  listen(target: string | { host: string; port: number }): Promise<number | undefined> {
    const server = createServer((socket) => this.accept(socket))
    this.server = server
    return new Promise((resolve, reject) => {
      server.once('error', reject)
      server.listen(target, () => {
        server.off('error', reject)
        const address = server.address()
        resolve(typeof address === 'object' && address ? address.port : undefined)
      })
    })
  }

  /** Stops accepting, and ends every client's connection. */
  async close() {
    this.closing = true
    for (const client of this.clients) client.socket.destroy()
    const server = this.server
    this.server = null
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /**
   * Runs `work` once no client holds the session (no batch or transaction under way) and serves no
   * client until it settles: what it reads and dumps is the state between two clients' work.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.tasks.push(() => work().then(resolve, reject))
      void this.run()
    })
  }

  private accept(socket: Socket) {
    const client: Client = {
      socket,
      received: Buffer.alloc(0),
      startup: null,
      pending: [],
      started: false,
      closed: false,
      statements: new Set(),
    }
    this.clients.add(client)
    socket.setNoDelay(true)
    socket.on('data', (data) => this.receive(client, data))
    // A client that goes away (a web process that crashed) gives the session back, reset.
    socket.on('error', () => socket.destroy())
    socket.on('close', () => this.leave(client))
  }

  private receive(client: Client, data: Buffer) {
    client.received = client.received.length ? Buffer.concat([client.received, data]) : data
    let offset = 0
    const buffer = client.received
    while (!client.closed) {
      if (!client.started) {
        // Before the startup message: an untyped message of length + code.
        if (buffer.length - offset < 8) break
        const length = buffer.readInt32BE(offset)
        if (length < 8 || length > 10_000) return this.refuse(client)
        if (buffer.length - offset < length) break
        const code = buffer.readInt32BE(offset + 4)
        const message = buffer.subarray(offset, offset + length)
        offset += length
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          client.socket.write('N') // no encryption on a private local socket; the client goes on in plain
        } else if (code === CANCEL_REQUEST) {
          return this.refuse(client) // nothing to cancel: a statement runs to its end
        } else {
          client.started = true
          client.startup = Buffer.from(message)
        }
        continue
      }
      if (buffer.length - offset < 5) break
      const length = buffer.readInt32BE(offset + 1)
      if (length < 4) return this.refuse(client)
      if (buffer.length - offset < 1 + length) break
      const type = buffer[offset]!
      const message = buffer.subarray(offset, offset + 1 + length)
      offset += 1 + length
      if (type === TERMINATE) {
        client.socket.end()
        continue
      }
      if (type === PARSE) {
        const name = message.toString('utf8', 5, message.indexOf(0, 5))
        if (name) client.statements.add(name)
      }
      client.pending.push(Buffer.from(message))
    }
    client.received = offset === buffer.length ? Buffer.alloc(0) : Buffer.from(buffer.subarray(offset))
    if (client.startup || client.pending.length) this.schedule(client)
  }

  private refuse(client: Client) {
    client.socket.destroy()
  }

  private schedule(client: Client) {
    if (client !== this.owner && !this.waiting.includes(client)) this.waiting.push(client)
    void this.run()
  }

  private leave(client: Client) {
    if (client.closed || this.closing) return
    client.closed = true
    client.startup = null
    client.pending = []
    this.clients.delete(client)
    const index = this.waiting.indexOf(client)
    if (index >= 0) this.waiting.splice(index, 1)
    // Its prepared statements are closed, and its unfinished batch or transaction undone, in turn.
    this.waiting.push(client)
    void this.run()
  }

  /** Gives the session to one client at a time until its work comes back ReadyForQuery and idle. */
  private async run() {
    if (this.running) return
    this.running = true
    try {
      for (;;) {
        const task = this.owner ? undefined : this.tasks.shift()
        if (task) {
          await task()
          continue
        }
        const client = this.owner ?? this.waiting.shift()
        if (!client) break
        if (client.closed) {
          await this.reset(client, client === this.owner)
          this.owner = null
          continue
        }
        let batch: Buffer
        if (client.startup) {
          batch = client.startup
          client.startup = null
        } else if (client.pending.length) {
          batch = client.pending.length === 1 ? client.pending[0]! : Buffer.concat(client.pending)
          client.pending = []
        } else {
          break // the owner is inside a transaction or a batch: its next messages continue it
        }
        // PGlite answers a batch in many pieces (a message each, often): corked, they leave in one write.
        client.socket.cork()
        const outcome = await this.execute(batch, (data) => {
          if (!client.closed) client.socket.write(data)
        }).finally(() => client.socket.uncork())
        if (outcome === 'failed') client.socket.destroy()
        this.owner = outcome === 'idle' ? null : client
        if (outcome === 'idle' && client.pending.length) this.waiting.push(client)
      }
    } finally {
      this.running = false
    }
  }

  /**
   * Runs messages in PGlite: 'idle' when the answer ends with ReadyForQuery outside a transaction
   * (the session is free), 'holding' when the client is inside a batch or a transaction.
   */
  private async execute(messages: Buffer, onData: (data: Buffer) => void): Promise<'idle' | 'holding' | 'failed'> {
    let tail = Buffer.alloc(0)
    try {
      await this.db.execProtocolRawStream(new Uint8Array(messages.buffer, messages.byteOffset, messages.length), {
        onRawData: (chunk) => {
          // PGlite reuses its buffer for the next chunk: copy before handing it on.
          const data = Buffer.from(chunk)
          tail = data.length >= 6 ? data.subarray(data.length - 6) : Buffer.concat([tail, data]).subarray(-6)
          onData(data)
        },
      })
    } catch (error) {
      log.error({ err: error }, 'the embedded database failed a request')
      return 'failed'
    }
    const idle = tail.length === 6 && tail[0] === READY_FOR_QUERY && tail.readInt32BE(1) === 5 && tail[5] === IDLE
    return idle ? 'idle' : 'holding'
  }

  /** Undoes what a departed client left in the session, so the next client finds it clean. */
  private async reset(client: Client, holdsSession: boolean) {
    const discard = () => {}
    if (holdsSession) {
      await this.execute(message('S', Buffer.alloc(0)), discard)
      if (this.db.isInTransaction()) await this.execute(message('Q', cString('ROLLBACK')), discard)
    }
    if (client.statements.size) {
      const closes = [...client.statements].map((name) =>
        message('C', Buffer.concat([Buffer.from('S'), cString(name)])),
      )
      await this.execute(Buffer.concat([...closes, message('S', Buffer.alloc(0))]), discard)
      client.statements.clear()
    }
  }
}

function cString(text: string) {
  return Buffer.concat([Buffer.from(text, 'utf8'), Buffer.from([0])])
}

function message(type: string, body: Buffer) {
  const header = Buffer.alloc(5)
  header.write(type, 0, 'latin1')
  header.writeInt32BE(4 + body.length, 1)
  return Buffer.concat([header, body])
}
