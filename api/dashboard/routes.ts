import { Hono } from 'hono'

import { requireCaller } from '../auth/middleware'
import type { AppEnv } from '../context'
import { requireCurrentOrganization } from '../organizations/access'
import { ReaderQuerySchema, readQuery } from '../validation'
import { dashboard } from './service'

/** GET /api/dashboard/: what the dashboard shows of the current organization, in one call. */
export const dashboardRoutes = new Hono<AppEnv>().use('/dashboard/', requireCaller).get('/dashboard/', async (c) => {
  const { time_zone } = readQuery(c, ReaderQuerySchema)
  return c.json(await dashboard(c.var.deps, await requireCurrentOrganization(c), time_zone))
})
