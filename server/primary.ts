import cluster, { type Worker } from 'node:cluster'

import { log } from '../runtime/log'
import { onShutdownSignal, SHUTDOWN_GRACE_MS } from '../runtime/shutdown'
import { startJobHost } from './bootstrap'
import { DATABASE_SOCKET_ENV, type PrimaryMessage, type WebProcessMessage } from './messages'
import { webPool } from './web-pool'

// Twice V8's default young generation: a page allocates a few megabytes, and at 16 MB the scavenges
// and the promotions they cause took a tenth of a web process's time; 32 MB gave 5-30% more pages
// per second at 50 connections (decision 016). What it holds after the load goes with the recycling.
const WEB_SEMI_SPACE_MB = 32

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
 * seeds and runs the jobs, and starts web processes that share the port (Node's cluster hands each
 * new connection to the next one in turn) and reach the database through it. How many run, and
 * what becomes of one that is stuck, is `webPool`'s (decisions 016 and 028). A web process that
 * dies before it ever listened stops a server that is starting, since the next would fail the same
 * way; later it is reported, and the ones serving go on.
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

  // Vectors travel as Float32Arrays, not as JSON.
  cluster.setupPrimary({
    serialization: 'advanced',
    execArgv: [...process.execArgv, `--max-semi-space-size=${WEB_SEMI_SPACE_MB}`],
  })
  cluster.on('message', (worker, message: WebProcessMessage) => {
    if (message?.type === 'jobs-queued') host?.jobsQueued()
    else if (message?.type === 'embed') void answerEmbed(worker, message)
    else if (message?.type) pool.message(worker, message)
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
  let started = false
  const ready = new Promise<number>((resolve, reject) => {
    cluster.on('listening', (worker, address) => {
      started = true
      pool.listening(worker)
      resolve(address.port)
    })
    cluster.on('exit', (worker, code, signal) => {
      const how = signal ?? `exit code ${code}`
      if (!pool.exited(worker, how)) return
      const ended = `web process ${worker.process.pid} ended (${how})`
      if (started) log.error(`the ${ended} before it could serve`)
      else reject(new Error(`The ${ended} before it could serve.`))
    })
  })
  onShutdownSignal(async () => {
    pool.stop()
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
