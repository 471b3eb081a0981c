import { createMiddleware } from 'hono/factory'

import type { AppEnv } from './hono-env'
import { setHeader } from './response-headers'

/**
 * Headers for every /api answer (decision 005). `no-store` goes on all of them, not only on those
 * to an Authorization header or carrying tokens: every answer is about someone's account or about
 * a secret link (an invitation preview), none is public, and a list of token routes would miss
 * the next one. A handler that chose its own caching (file downloads) keeps it.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  setHeader(c, 'X-Content-Type-Options', 'nosniff')
  setHeader(c, 'Referrer-Policy', 'no-referrer')
  if (!c.res.headers.has('Cache-Control')) setHeader(c, 'Cache-Control', 'no-store')
})
