import { expect } from 'vitest'
import type { z } from 'zod'

/**
 * A response body, checked to be exactly what its feature's contract declares (decision 074): zod
 * drops the fields a schema does not name, so a field the API sends but the contract leaves out
 * fails here as surely as a missing or mistyped one.
 */
export function inContract<S extends z.ZodTypeAny>(schema: S, body: unknown): z.infer<S> {
  expect(schema.parse(body)).toEqual(body)
  return body as z.infer<S>
}
