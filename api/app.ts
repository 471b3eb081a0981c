import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { routePath } from 'hono/route'
import type { StatusCode } from 'hono/utils/http-status'

import { log } from '../runtime/log'
import { count } from '../runtime/request-metrics'
import { WorkRefused } from '../runtime/work-pool'
import { isUpload } from './documents/routes'
import type { Deps } from './kernel/context'
import type { AppEnv } from './kernel/hono-env'
import { dataExceptionCode, HttpError, refusalError } from './kernel/http-error'
import { keepJsonText } from './kernel/json-text'
import { requestLog } from './kernel/request-log'
import { requestSanity } from './kernel/request-sanity'
import { securityHeaders } from './kernel/security-headers'
import { ROUTERS } from './routers'
import { isRecordingUpload, isTranscriptUpload } from './transcriptions/routes'
import { carryCallerProfile } from './users/caller-profile'

/** The REST backend of spec §7, mounted at /api. */
export function createApi(deps: Deps) {
  const app = new Hono<AppEnv>().basePath('/api')
  app.use(keepJsonText)
  app.use(requestLog)
  app.use(securityHeaders)
  app.use(async (c, next) => {
    c.set('deps', deps)
    c.set('scope', c.env?.scope ?? new Map())
    count('apiCalls')
    await next()
  })
  app.use(requestSanity)
  app.use(carryCallerProfile)
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
