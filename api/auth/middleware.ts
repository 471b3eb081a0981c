import { createMiddleware } from 'hono/factory'

import { noteCaller } from '../../runtime/log'
import { count } from '../../runtime/request-metrics'
import type { users } from '../db/schema'
import type { AppEnv } from '../kernel/hono-env'
import { unauthorized } from '../kernel/http-error'
import { memo } from '../kernel/request-scope'
import { type AccountNotices, resolveCaller } from './caller-statement'
import { CALLER_PROFILE_HEADER } from './contract'
import { membershipsOf } from './membership'
import { verifyAccessToken } from './tokens'

/**
 * Accepts `Authorization: Bearer <access>` and the spec's `Authorization: Token <access>` alike. A
 * valid signature is not enough: the session the token names must still be open, so signing out,
 * a password change or a deactivated account take effect on the next request. The token, its
 * session, its user and their memberships are resolved in one statement once per request scope (one
 * page's in-process calls share it); a call that asks for the caller's profile (CALLER_PROFILE_HEADER)
 * has the profile's notices asked in that statement too.
 */
export const requireCaller = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? ''
  const match = /^(?:Bearer|Token)\s+(\S+)$/i.exec(header)
  const token = match?.[1]
  if (!token) throw unauthorized('Authentication credentials were not provided.', 'not_authenticated')
  const deps = c.get('deps')
  const slug = c.req.header('x-organization')
  const { claims, user, notices } = await memo(c, `caller:${token}`, async () => {
    count('callerResolutions')
    const claims = await verifyAccessToken(deps.config, token, deps.clock.now())
    const resolved = await resolveCaller(deps.db, claims, slug, {
      notices: c.req.header(CALLER_PROFILE_HEADER) === '1',
    })
    // The calls of the scope read the memberships from here, as if they had asked for them.
    void membershipsOf(c, claims.userId, slug, resolved.memberships)
    return { claims, user: resolved.user, notices: resolved.notices }
  })
  c.set('caller', claims)
  noteCaller({ userId: claims.userId })
  c.set('user', user)
  c.set('notices', notices)
  await next()
})

declare module '../kernel/hono-env' {
  interface CallVariables {
    /** The caller's account, as requireCaller found it. */
    user: typeof users.$inferSelect
    /** The caller's notices, when the call asked for the caller's profile. */
    notices: AccountNotices | undefined
  }
}
