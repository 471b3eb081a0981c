import { createMiddleware } from 'hono/factory'

import type { AppEnv } from '../context'
import { unauthorized } from '../http-error'
import { assertSessionActive } from './sessions'
import { verifyAccessToken } from './tokens'

/**
 * Accepts `Authorization: Bearer <access>` and the spec's `Authorization: Token <access>` alike. A
 * valid signature is not enough: the session the token names must still be open, so signing out,
 * a password change or a deactivated account take effect on the next request.
 */
export const requireCaller = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? ''
  const match = /^(?:Bearer|Token)\s+(\S+)$/i.exec(header)
  if (!match?.[1]) throw unauthorized('Authentication credentials were not provided.', 'not_authenticated')
  const claims = await verifyAccessToken(c.var.deps.config, match[1], c.var.deps.clock.now())
  await assertSessionActive(c.var.deps, claims)
  c.set('caller', claims)
  await next()
})
