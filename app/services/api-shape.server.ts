import type { z } from 'zod'

import { log } from '../../runtime/log'
import { ApiError } from './api-fetch.server'

/**
 * Checks a backend answer against the schema its feature's contract declares before anything uses
 * it. A backend that changed shape then fails here as an ApiError, which every caller already turns
 * into the spec's "Failed to load …" message, instead of as a TypeError in a loader or a blank
 * component.
 *
 * The body itself is returned, not zod's copy: the contracts' schemas transform nothing, so it is
 * the schema's type already, and a page is not asked to pay for a second copy of a long list.
 */
export function expectShape<S extends z.ZodTypeAny>(schema: S, body: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(body)
  if (parsed.success) return body as z.infer<S>
  log.error({ issues: parsed.error.issues.slice(0, 5) }, `unexpected ${what} response`)
  throw new ApiError(502, { detail: 'Invalid response from server' })
}
