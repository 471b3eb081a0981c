import { deepStrictEqual } from 'node:assert/strict'

import type { z } from 'zod'

/**
 * A response body, checked to be exactly what its feature's contract declares (decision 074): zod
 * drops the fields a schema does not name, so a field the API sends but the contract leaves out
 * fails here as surely as a missing or mistyped one. Node's assert, not vitest's expect: the browser
 * tests load this module through their upload helpers, and Playwright runs no vitest.
 */
export function inContract<S extends z.ZodTypeAny>(schema: S, body: unknown): z.infer<S> {
  deepStrictEqual(schema.parse(body), body)
  return body as z.infer<S>
}
