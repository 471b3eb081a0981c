import { Hono } from 'hono'
import { requireCaller } from '../auth/middleware'
import type { AppEnv } from '../context'
import { requireCurrentOrganization } from '../organizations/access'
import { documentStatistics } from './statistics'

export const documentRoutes = new Hono<AppEnv>()
  .use('/documents/*', requireCaller)
  .get('/documents/statistics/', async (c) => {
    const { caller } = await requireCurrentOrganization(c.var.deps, c.var.caller, c.req.header('x-organization'))
    return c.json(await documentStatistics(c.var.deps, caller))
  })
