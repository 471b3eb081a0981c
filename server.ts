import cluster from 'node:cluster'
import type { Socket } from 'node:net'

import { webEnv } from './app/http/env.server'
import { runEntryPoint } from './runtime/entry-point'
import { makeDataDirPrivate } from './runtime/owner-only-files'
import { withGeneratedSecrets } from './runtime/secrets'
import { onShutdownSignal } from './runtime/shutdown'
import { takeConnections } from './server/handed-connections'
import { sendHeartbeats } from './server/heartbeats'
import { DATABASE_SOCKET_ENV, primaryClient, type PrimaryMessage, type WebProcessMessage } from './server/messages'
import { runPrimary } from './server/primary'
import { listen, serveWeb } from './server/web-process'

/**
 * `npm start`: one process serving pages, /api and jobs, or with WEB_CONCURRENCY above 1 a primary
 * that holds the database and the jobs and that many web processes beside it (decision 012).
 */
runEntryPoint(async () => {
  // A web process of several starts after its primary has done this.
  if (!cluster.isWorker) makeDataDirPrivate(process.env)
  Object.assign(process.env, withGeneratedSecrets(process.env))
  const env = process.env
  // Fails fast on a bad web setting, before anything starts.
  const { WEB_CONCURRENCY, WEB_MIN_PROCESSES, WEB_STALL_KILL_SECONDS } = webEnv()
  // Links in e-mails point at this server unless a public origin is configured.
  env.APP_URL ??= `http://localhost:${env.PORT ?? 3000}`

  if (cluster.isWorker) {
    const primary = primaryClient((message: WebProcessMessage) => process.send!(message))
    // A send once the primary is gone would end this process with an error instead of its graceful
    // stop.
    const tell = (message: WebProcessMessage) => process.connected && process.send!(message)
    // The primary replaces a web process whose event loop stops answering (decision 028).
    sendHeartbeats(() => tell({ type: 'heartbeat' }))
    // Until it serves, a shutdown asked for is remembered and begun once it can be.
    let askedToStop: string | undefined
    let beginShutdown = (reason: string) => void (askedToStop ??= reason)
    process.on('message', (message: PrimaryMessage) => {
      if (message?.type === 'shutdown') beginShutdown('Asked by the primary')
      else primary.receive(message)
    })
    // Without its primary there is no database to serve from.
    process.on('disconnect', () => {
      primary.disconnected()
      beginShutdown('The primary is gone')
    })
    const web = await serveWeb(
      env,
      { kind: 'attached', primary: { ...primary, databaseSocket: env[DATABASE_SOCKET_ENV] } },
      {
        busy: () => process.send!({ type: 'busy' }),
        idle: () => process.send!({ type: 'idle', rssMb: process.memoryUsage.rss() / 2 ** 20 }),
      },
    )
    // The primary hands connections only to a process that said it serves (decision 045).
    const connections = takeConnections(web.server, tell)
    process.on('message', (message: PrimaryMessage, socket?: Socket) => {
      if (message?.type === 'connection') connections.take(message.id, socket!)
    })
    beginShutdown = onShutdownSignal(() => {
      connections.refuse()
      return web.stop()
    })
    tell({ type: 'serving' })
    if (askedToStop) beginShutdown(askedToStop)
    return
  }
  if (WEB_CONCURRENCY > 1) {
    return runPrimary(env, {
      most: WEB_CONCURRENCY,
      least: WEB_MIN_PROCESSES,
      killAfterMs: WEB_STALL_KILL_SECONDS * 1000,
    })
  }

  const web = await serveWeb(env, { kind: 'own' })
  const port = await listen(web.server, Number(env.PORT ?? 3000))
  if (web.signIns) console.log(web.signIns)
  console.log(`Exit Planner is ready at http://localhost:${port}`)
  onShutdownSignal(web.stop)
})
