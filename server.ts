import cluster from 'node:cluster'

import { runEntryPoint } from './api/entry-point'
import { makeDataDirPrivate } from './api/owner-only-files'
import { withGeneratedSecrets } from './api/secrets'
import { onShutdownSignal } from './api/shutdown'
import { webEnv } from './app/services/env.server'
import { DATABASE_SOCKET_ENV, primaryClient, type PrimaryMessage, type WebProcessMessage } from './server/messages'
import { runPrimary } from './server/primary'
import { serveWeb } from './server/web-process'

/**
 * `npm start`: one process serving pages, /api and jobs, or with WEB_CONCURRENCY above 1 a primary
 * that holds the database and the jobs and that many web processes beside it (decision 012).
 */
runEntryPoint(async () => {
  // A web process of several starts after its primary has done this.
  if (!cluster.isWorker) makeDataDirPrivate(process.env)
  Object.assign(process.env, withGeneratedSecrets(process.env))
  const env = process.env
  const { WEB_CONCURRENCY } = webEnv() // fail fast on a bad web setting, before anything starts
  // Links in e-mails point at this server unless a public origin is configured.
  env.APP_URL ??= `http://localhost:${env.PORT ?? 3000}`

  if (cluster.isWorker) {
    const primary = primaryClient((message: WebProcessMessage) => process.send!(message))
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
    beginShutdown = onShutdownSignal(web.stop)
    if (askedToStop) beginShutdown(askedToStop)
    return
  }
  if (WEB_CONCURRENCY > 1) return runPrimary(env, WEB_CONCURRENCY)

  const web = await serveWeb(env, { kind: 'own' })
  if (web.signIns) console.log(web.signIns)
  console.log(`Exit Planner is ready at http://localhost:${web.port}`)
  onShutdownSignal(web.stop)
})
