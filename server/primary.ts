import cluster, { type Worker } from 'node:cluster'
import { type AddressInfo, createServer, type Socket } from 'node:net'

import { log } from '../runtime/log'
import { onShutdownSignal, SHUTDOWN_GRACE_MS } from '../runtime/shutdown'
import { startJobHost } from './bootstrap'
import { handConnections } from './handed-connections'
import { DATABASE_SOCKET_ENV, type PrimaryMessage, type WebProcessMessage } from './messages'
import { webPool } from './web-pool'

export interface WebProcessSettings {
  /** WEB_CONCURRENCY */
  most: number
  /** WEB_MIN_PROCESSES */
  least: number
  /** WEB_STALL_KILL_SECONDS, in milliseconds */
  killAfterMs: number
}

/**
 * A server in several web processes (decision 012): this process opens the database, migrates,
 * seeds and runs the jobs, and starts web processes that reach the database through it. It listens
 * on the port itself, once the first web process serves, and hands each new connection to one of
 * them (`handConnections`, decision 045). How many run, and what becomes of one that is stuck, is
 * `webPool`'s (decisions 016 and 028). A web process that dies before it ever served stops a server
 * that is starting, since the next would fail the same way; later it is reported, and the ones
 * serving go on.
 */
export async function runPrimary(env: NodeJS.ProcessEnv, settings: WebProcessSettings) {
  const host = env.API_URL ? undefined : await startJobHost(env)
  const socket = host?.database.socketPath
  const workerEnv = socket ? { [DATABASE_SOCKET_ENV]: socket } : {}
  const pool = webPool<Worker>({
    ...settings,
    start: () => cluster.fork(workerEnv),
    retire: (worker) => void stop(worker),
    kill: (worker) => worker.process.kill('SIGKILL'),
  })

  // Vectors travel as Float32Arrays, not as JSON. A web process runs with this process's node
  // arguments: `npm start`'s young generation (decisions 016 and 091) is theirs too.
  cluster.setupPrimary({ serialization: 'advanced' })
  const connections = handConnections<Worker, Socket>({
    answering: pool.answering,
    send: (worker, id, socket, failed) =>
      worker.send({ type: 'connection', id } satisfies PrimaryMessage, socket, { keepOpen: true }, (error) => {
        if (error) failed()
      }),
  })
  // Paused: what a client sends is read by the web process it is handed to, never here.
  const listener = createServer({ pauseOnConnect: true }, connections.connection)

  let started = false
  let failStart = (_error: Error) => {}
  const ready = new Promise<number>((resolve, reject) => {
    failStart = reject
    listener.once('listening', () => resolve((listener.address() as AddressInfo).port))
  })
  listener.on('error', (error) => {
    if (!listener.listening) return failStart(error)
    // A connection the system could not accept (out of descriptors): the next may be.
    log.error({ err: error }, 'a connection could not be accepted')
  })
  const serving = (worker: Worker) => {
    pool.listening(worker)
    connections.serves(worker)
    if (started) return
    started = true
    listener.listen(Number(env.PORT ?? 3000))
  }
  cluster.on('message', (worker, message: WebProcessMessage) => {
    if (message?.type === 'jobs-queued') host?.jobsQueued()
    else if (message?.type === 'embed') void answerEmbed(worker, message)
    else if (message?.type === 'accepted') connections.accepted(worker, message.id)
    else if (message?.type === 'refused') connections.refused(worker, message.id)
    else if (message?.type === 'serving') serving(worker)
    else if (message?.type) {
      pool.message(worker, message)
      if (message.type === 'heartbeat') connections.heartbeat(worker)
    }
  })
  const answerEmbed = async (worker: Worker, { id, texts, kind }: Extract<WebProcessMessage, { type: 'embed' }>) => {
    let reply: PrimaryMessage
    try {
      if (!host) throw new Error('This server has no backend of its own (API_URL)')
      reply = { type: 'embedded', id, vectors: await host.embed(texts, kind) }
    } catch (error) {
      reply = { type: 'embed-failed', id, message: error instanceof Error ? error.message : String(error) }
    }
    if (worker.isConnected()) worker.send(reply)
  }
  cluster.on('exit', (worker, code, signal) => {
    const how = signal ?? `exit code ${code}`
    connections.exited(worker)
    if (!pool.exited(worker, how)) return
    const ended = `web process ${worker.process.pid} ended (${how})`
    if (started) log.error(`the ${ended} before it could serve`)
    else failStart(new Error(`The ${ended} before it could serve.`))
  })
  onShutdownSignal(async () => {
    pool.stop()
    // No new connections; those no web process took are closed, as a stopping server's are.
    listener.close()
    connections.stop()
    await Promise.all([
      ...Object.values(cluster.workers ?? {}).map((worker) => stop(worker!)),
      host?.stop(SHUTDOWN_GRACE_MS),
    ])
    await host?.database.close()
  })
  pool.start()
  try {
    const port = await ready
    if (host?.signIns) console.log(host.signIns)
    console.log(`Exit Planner is ready at http://localhost:${port}`)
  } catch (error) {
    pool.stop()
    connections.stop()
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
    throw error
  }
}

/** Asks a web process to finish its requests and exit; kills it if it has not by the deadline. */
function stop(worker: Worker) {
  return new Promise<void>((resolve) => {
    if (worker.isDead()) return resolve()
    const deadline = setTimeout(() => worker.process.kill('SIGKILL'), SHUTDOWN_GRACE_MS + 1_000)
    worker.once('exit', () => {
      clearTimeout(deadline)
      resolve()
    })
    if (worker.isConnected()) worker.send({ type: 'shutdown' } satisfies PrimaryMessage)
  })
}
