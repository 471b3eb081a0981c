import cluster, { type Worker } from 'node:cluster'

import { startJobHost } from '../api/bootstrap'
import { onShutdownSignal, SHUTDOWN_GRACE_MS } from '../api/shutdown'
import { log } from './log'
import { DATABASE_SOCKET_ENV, type PrimaryMessage, type WebProcessMessage } from './messages'

// A web process starts at about 110 MB. V8 keeps the young generation it grew under load (and some
// of the old) after the load has passed; a fresh process is cheaper to hold than to shrink that.
const RECYCLE_ABOVE_MB = 180
// Twice V8's default young generation: a page allocates a few megabytes, and at 16 MB the scavenges
// and the promotions they cause took a tenth of a web process's time; 32 MB gave 5-30% more pages
// per second at 50 connections (decision 016). What it holds after the load goes with the recycling.
const WEB_SEMI_SPACE_MB = 32

/**
 * A server in several web processes (decision 012): this process opens the database, migrates,
 * seeds and runs the jobs, and starts web processes that share the port (Node's cluster hands each
 * new connection to the next one in turn) and reach the database through it. One web process
 * always serves; up to `processes` run while the load needs them: a web process whose event loop is
 * saturated asks for another, and one without requests for a while retires unless it is the last,
 * so an idle server holds the memory of two processes, not of one per core. The last one, if the
 * load left it holding more than `RECYCLE_ABOVE_MB`, hands over to a fresh one (decision 016).
 * A web process that dies is replaced if it was the last one serving. One that dies before it ever
 * listened stops a server that is starting, since the next would fail the same way; later it is
 * reported, and the ones serving go on.
 */
export async function runPrimary(env: NodeJS.ProcessEnv, processes: number) {
  const host = env.API_URL ? undefined : await startJobHost(env)
  const socket = host?.database.socketPath
  const workerEnv = socket ? { [DATABASE_SOCKET_ENV]: socket } : {}
  const listened = new WeakSet<Worker>()
  const retiring = new WeakSet<Worker>()
  let starting: Worker | undefined
  /** The last web process, grown under a load that has passed, while a fresh one starts to take its place. */
  let replacing: Worker | undefined
  let stopping = false
  const serving = () =>
    Object.values(cluster.workers ?? {}).filter((worker) => worker && !worker.isDead() && !retiring.has(worker))
  const startOne = () => {
    starting = cluster.fork(workerEnv)
  }

  // Vectors travel as Float32Arrays, not as JSON.
  cluster.setupPrimary({
    serialization: 'advanced',
    execArgv: [...process.execArgv, `--max-semi-space-size=${WEB_SEMI_SPACE_MB}`],
  })
  cluster.on('message', (worker, message: WebProcessMessage) => {
    if (message?.type === 'jobs-queued') host?.jobsQueued()
    if (message?.type === 'embed') void answerEmbed(worker, message)
    if (message?.type === 'busy' && !stopping && !starting && serving().length < processes) startOne()
    if (message?.type === 'idle' && !stopping && !retiring.has(worker)) {
      if (serving().length > 1) retire(worker)
      else if (message.rssMb > RECYCLE_ABOVE_MB && !starting) {
        replacing = worker
        startOne()
      }
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
  const retire = (worker: Worker) => {
    retiring.add(worker)
    void stop(worker)
  }
  let started = false
  const ready = new Promise<number>((resolve, reject) => {
    cluster.on('listening', (worker, address) => {
      started = true
      listened.add(worker)
      if (worker === starting) starting = undefined
      if (replacing) retire(replacing)
      replacing = undefined
      resolve(address.port)
    })
    cluster.on('exit', (worker, code, signal) => {
      if (worker === starting) starting = undefined
      if (worker === replacing) replacing = undefined
      if (stopping || retiring.has(worker)) return
      const ended = `web process ${worker.process.pid} ended (${signal ?? `exit code ${code}`})`
      if (!listened.has(worker)) {
        if (started) log.error(`the ${ended} before it could serve`)
        else reject(new Error(`The ${ended} before it could serve.`))
        return
      }
      log.error(`the ${ended}; starting another`)
      if (serving().length === 0) startOne()
    })
  })
  onShutdownSignal(async () => {
    stopping = true
    await Promise.all([
      ...Object.values(cluster.workers ?? {}).map((worker) => stop(worker!)),
      host?.stop(SHUTDOWN_GRACE_MS),
    ])
    await host?.database.close()
  })
  startOne()
  try {
    const port = await ready
    if (host?.signIns) console.log(host.signIns)
    console.log(`Exit Planner is ready at http://localhost:${port}`)
  } catch (error) {
    stopping = true
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
