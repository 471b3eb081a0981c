import { serve } from '@hono/node-server'
import { startBackend } from './bootstrap'
import { ConfigError } from './config'
import { withGeneratedSecrets } from './secrets'
import { SHUTDOWN_GRACE_MS, drainable, onShutdownSignal } from './shutdown'

// The backend on its own (`npm run start:api`), for scale-out or other clients of the /api contract.
try {
  const env = withGeneratedSecrets(process.env)
  const { api, backend, database, signIns } = await startBackend(env)
  const port = Number(env.API_PORT || env.PORT || 4000)
  const server = serve({ fetch: api.fetch, port }, (info) => {
    if (signIns) console.log(signIns)
    console.log(`API listening on http://localhost:${info.port}/api/`)
  })
  const http = drainable(server as import('node:http').Server)
  onShutdownSignal(async () => {
    await Promise.all([http.close(SHUTDOWN_GRACE_MS), backend.stop({ graceMs: SHUTDOWN_GRACE_MS })])
    await database.close()
  })
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}
