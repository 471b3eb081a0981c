import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { routePath } from 'hono/route'
import type { StatusCode } from 'hono/utils/http-status'

import { log } from '../runtime/log'
import { count } from '../runtime/request-metrics'
import { WorkRefused } from '../runtime/work-pool'
import type { AppEnv, Deps } from './context'
import { isUpload } from './documents/routes'
import { dataExceptionCode, HttpError, refusalError } from './http-error'
import { isRecordingUpload, isTranscriptUpload } from './meetings/routes'
import { requestLog } from './request-log'
import { requestSanity } from './request-sanity'
import { ROUTERS } from './routers'
import { securityHeaders } from './security-headers'

/** The REST backend of spec §7, mounted at /api. */
export function createApi(deps: Deps) {
  const app = new Hono<AppEnv>().basePath('/api')
  app.use(requestLog)
  app.use(securityHeaders)
  app.use(async (c, next) => {
    c.set('deps', deps)
    c.set('scope', c.env?.scope ?? new Map())
    count('apiCalls')
    await next()
  })
  app.use(requestSanity)
  // Uploads stream to disk under their own limit (MAX_UPLOAD_MB); every other body is small JSON.
  const jsonLimit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: (c) => c.json({ detail: 'Request body is too large.' }, 413),
  })
  app.use((c, next) =>
    isUpload(c.req.method, c.req.path) ||
    isTranscriptUpload(c.req.method, c.req.path) ||
    isRecordingUpload(c.req.method, c.req.path)
      ? next()
      : jsonLimit(c, next),
  )
  // Each router's own types are the web tier's (api/routers.ts); mounted, they are all the same.
  for (const router of ROUTERS as readonly Hono<AppEnv>[]) app.route('/', router)
  app.notFound((c) => c.json({ detail: 'Not found.' }, 404))
  app.onError((error, c) => {
    if (error instanceof HttpError) {
      return c.json(error.body, error.status, error.headers)
    }
    if (error instanceof WorkRefused) {
      log.warn({ route: routePath(c, -1), reason: error.reason }, `heavy work refused: ${error.message}`)
      const refusal = refusalError(error)
      return c.json(refusal.body, refusal.status, refusal.headers)
    }
    if (error instanceof HTTPException) {
      return c.json({ detail: error.message || 'Request refused.' }, error.status)
    }
    // A safety net behind input validation: a value the database refuses is the request's fault.
    const dataException = dataExceptionCode(error)
    if (dataException) {
      log.warn(
        { route: routePath(c, -1), sqlState: dataException },
        `refused a value the database cannot store (SQLSTATE ${dataException})`,
      )
      return c.json({ detail: 'The request contains a value that is not valid here.' }, 400)
    }
    // A client that went away made the work fail (its signal aborted): nothing is wrong here, and
    // the access line says it was abandoned.
    if (c.req.raw.signal.aborted) return c.body(null, 499 as StatusCode)
    log.error({ err: error, route: routePath(c, -1) }, 'unexpected error')
    return c.json({ detail: 'Internal server error.' }, 500)
  })
  return app
}

export type Api = ReturnType<typeof createApi>
