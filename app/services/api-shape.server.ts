import type { z } from 'zod'

import { log } from '../../runtime/log'
import { ApiError } from './api-fetch.server'

/**
 * Checks a backend answer for the fields this tier reads before anything uses them. A backend that
 * changed shape then fails here as an ApiError, which every caller already turns into the spec's
 * "Failed to load …" message, instead of as a TypeError in a loader or a blank component.
 *
 * The schema names only what is read (zod drops nothing from `body`: the body itself is returned,
 * typed as the backend's payload type).
 */
export function expectShape<T>(schema: z.ZodTypeAny, body: unknown, what: string): T {
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    log.error({ issues: parsed.error.issues.slice(0, 5) }, `unexpected ${what} response`)
    throw new ApiError(502, { detail: 'Invalid response from server' })
  }
  return body as T
}
