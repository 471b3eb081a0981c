import { Hono } from 'hono'

import { currentMember, type MemberEnv } from '../auth/access'
import { requireCaller } from '../auth/middleware'
import { ReaderQuerySchema, readerTimeZone, readQuery } from '../kernel/validation'
import { dashboard } from './service'

/** GET /api/dashboard/: what the dashboard shows of the current organization, in one call. */
export const dashboardRoutes = new Hono<MemberEnv>()
  .use('/dashboard/', requireCaller, currentMember)
  .get('/dashboard/', async (c) => {
    const zone = readerTimeZone(readQuery(c, ReaderQuerySchema), c.get('user').timeZone)
    return c.json(await dashboard(c.get('deps'), c.get('member'), zone))
  })
