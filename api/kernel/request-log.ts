import { createMiddleware } from 'hono/factory'

import {
  currentLogContext,
  log,
  type LogContext,
  loggedPath,
  newRequestId,
  requestEnd,
  saneRequestId,
  withLogContext,
} from '../../runtime/log'
import type { AppEnv } from './hono-env'
import { setHeader } from './response-headers'

/**
 * Gives each call a request id and writes one access line when it is answered. A call the web tier
 * makes in process keeps the id of the page request it serves; a call over HTTP keeps a sane
 * X-Request-Id (the web tier's, or a proxy's), else gets a new one. Every line logged while the call
 * runs, and every job it queues, carries the id (runtime/log.ts).
 */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = performance.now()
  const context: LogContext = {
    requestId: currentLogContext()?.requestId ?? saneRequestId(c.req.header('x-request-id')) ?? newRequestId(),
  }
  await withLogContext(context, async () => {
    await next()
    setHeader(c, 'X-Request-Id', context.requestId)
    log.info(
      {
        method: c.req.method,
        path: loggedPath(c.req.path),
        ...requestEnd(c.req.raw.signal, c.res.status),
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      c.req.raw.signal.aborted ? 'api request abandoned by its client' : 'api request',
    )
  })
})
