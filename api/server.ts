import { serve } from '@hono/node-server'
import { startBackend } from './bootstrap'
import { ConfigError } from './config'
import { withGeneratedSecrets } from './secrets'

// The backend on its own (`npm run start:api`), for scale-out or other clients of the /api contract.
try {
  const env = withGeneratedSecrets(process.env)
  const { api, backend, database, signIns } = await startBackend(env)
  const port = Number(env.API_PORT || env.PORT || 4000)
  const server = serve({ fetch: api.fetch, port }, (info) => {
    if (signIns) console.log(signIns)
    console.log(`API listening on http://localhost:${info.port}/api/`)
  })
  const stop = () => server.close(() => void backend.stop().then(() => database.close()).then(() => process.exit(0)))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}
