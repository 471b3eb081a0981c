import { Hono } from 'hono'

import { requireRole, slugMember } from '../auth/access'
import { requireCaller } from '../auth/middleware'
import type { AppEnv } from '../kernel/hono-env'
import { readQuery } from '../kernel/validation'
import { describeEventsPage } from './payload'
import { AuditQuerySchema } from './schema'
import { listAuditEvents } from './service'

/**
 * An organization's audit log: its admins read it; its analysts and members get 403, and anyone
 * else 404, as for the organization's other admin endpoints. Who is refused is settled before the
 * query is read, so a refusal never depends on it.
 */
export const auditRoutes = new Hono<AppEnv>().get(
  '/organizations/:slug/audit/',
  requireCaller,
  slugMember,
  async (c) => {
    const { caller } = c.get('member')
    requireRole(caller, ['admin'])
    const query = readQuery(c, AuditQuerySchema)
    return c.json(describeEventsPage(new URL(c.req.url), query, await listAuditEvents(c.get('deps'), caller, query)))
  },
)
