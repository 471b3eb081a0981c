import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../context'
import { unauthorized } from '../http-error'
import { verifyAccessToken } from './tokens'

/** Accepts `Authorization: Bearer <access>` and the spec's `Authorization: Token <access>` alike. */
export const requireCaller = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? ''
  const match = /^(?:Bearer|Token)\s+(\S+)$/i.exec(header)
  if (!match?.[1]) throw unauthorized('Authentication credentials were not provided.', 'not_authenticated')
  const claims = await verifyAccessToken(c.var.deps.config, match[1])
  c.set('caller', claims)
  await next()
})
