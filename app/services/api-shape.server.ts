import type { z } from 'zod'

import { webEnv } from '~/http/env.server'
import { inProcessApiOfThisBuild } from '~/http/request-context.server'

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
 *
 * The backend built with these pages and running in this process is not checked again: the
 * compiler holds its payloads to the same schemas and the API tests parse its bodies with them,
 * while zod's parse of a list was a seventh of what a page of documents allocated (decision 083).
 */
export function expectShape<S extends z.ZodTypeAny>(schema: S, body: unknown, what: string): z.infer<S> {
  if (!webEnv().API_URL && inProcessApiOfThisBuild()) return body as z.infer<S>
  const parsed = schema.safeParse(body)
  if (parsed.success) return body as z.infer<S>
  log.error({ issues: parsed.error.issues.slice(0, 5) }, `unexpected ${what} response`)
  throw new ApiError(502, { detail: 'Invalid response from server' })
}
