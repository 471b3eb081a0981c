import { Hono } from 'hono'

import type { AppEnv } from '../kernel/hono-env'
import { readiness } from './service'

const noStore = { 'Cache-Control': 'no-store' }

/**
 * Liveness and readiness for load balancers and orchestrators: no sign-in, no rate limit, never
 * cached. Liveness asks nothing of the database, so a slow database never gets a serving process
 * restarted; readiness takes a process out of rotation until it can serve again.
 */
export const healthRoutes = new Hono<AppEnv>()
  .get('/health/', (c) => c.json({ status: 'ok' }, 200, noStore))
  .get('/ready/', async (c) => {
    const { ready, checks } = await readiness(c.get('deps'))
    if (ready) return c.json({ status: 'ready', checks }, 200, noStore)
    const failed = Object.entries(checks)
      .filter(([, state]) => state !== 'ok')
      .map(([name]) => name)
    return c.json({ status: 'unavailable', checks, detail: `Not ready: ${failed.join(', ')}.` }, 503, noStore)
  })
