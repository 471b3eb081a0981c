import { Hono } from 'hono'
import { requireCaller } from '../auth/middleware'
import type { AppEnv } from '../context'
import { requireMember } from './access'
import { listMembers } from './service'

export const organizationRoutes = new Hono<AppEnv>()
  .use('/organizations/*', requireCaller)
  .get('/organizations/:slug/members/', async (c) => {
    const { caller } = await requireMember(c.var.deps, c.var.caller, c.req.param('slug'))
    return c.json(await listMembers(c.var.deps, caller))
  })
