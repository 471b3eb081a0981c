import { createMiddleware } from 'hono/factory'

import { noteCaller } from '../../runtime/log'
import { count } from '../../runtime/request-metrics'
import type { users } from '../db/schema'
import type { AppEnv } from '../kernel/hono-env'
import { unauthorized } from '../kernel/http-error'
import { memo } from '../kernel/request-scope'
import { membershipsOf } from './membership'
import { activeSessionUser } from './sessions'
import { verifyAccessToken } from './tokens'

/**
 * Accepts `Authorization: Bearer <access>` and the spec's `Authorization: Token <access>` alike. A
 * valid signature is not enough: the session the token names must still be open, so signing out,
 * a password change or a deactivated account take effect on the next request. The token, its
 * session and its user are resolved once per request scope (one page's in-process calls share it).
 */
export const requireCaller = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? ''
  const match = /^(?:Bearer|Token)\s+(\S+)$/i.exec(header)
  const token = match?.[1]
  if (!token) throw unauthorized('Authentication credentials were not provided.', 'not_authenticated')
  const { deps } = c.var
  const { claims, user } = await memo(c, `caller:${token}`, async () => {
    count('callerResolutions')
    const claims = await verifyAccessToken(deps.config, token, deps.clock.now())
    // The membership every page reads, asked beside the session check so both take one round trip
    // (memo keeps it for the calls, and a failure for them to see); it is used only once the session
    // is found open.
    void membershipsOf(c, claims.userId, c.req.header('x-organization'))
    return { claims, user: await activeSessionUser(deps, claims) }
  })
  c.set('caller', claims)
  noteCaller({ userId: claims.userId })
  c.set('user', user)
  await next()
})

declare module '../kernel/hono-env' {
  interface CallVariables {
    /** The caller's account, as requireCaller found it. */
    user: typeof users.$inferSelect
  }
}
