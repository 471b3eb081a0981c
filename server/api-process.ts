import type { Server as HttpServer } from 'node:http'

import { serve } from '@hono/node-server'

import { runEntryPoint } from '../runtime/entry-point'
import { makeDataDirPrivate } from '../runtime/owner-only-files'
import { withGeneratedSecrets } from '../runtime/secrets'
import { drainable, onShutdownSignal, SHUTDOWN_GRACE_MS } from '../runtime/shutdown'
import { startBackend } from './bootstrap'

// The backend on its own (`npm run start:api`), for scale-out or other clients of the /api contract.
runEntryPoint(async () => {
  makeDataDirPrivate(process.env)
  const { api, backend, config, database, signIns } = await startBackend(withGeneratedSecrets(process.env))
  const port = config.API_PORT ?? config.PORT ?? 4000
  const server = serve({ fetch: api.fetch, port }, (info) => {
    if (signIns) console.log(signIns)
    console.log(`API listening on http://localhost:${info.port}/api/`)
  })
  const http = drainable(server as HttpServer)
  onShutdownSignal(async () => {
    await Promise.all([http.close(SHUTDOWN_GRACE_MS), backend.stop({ graceMs: SHUTDOWN_GRACE_MS })])
    await database.close()
  })
})
