import { z } from 'zod'
import type { AppContext } from './context'
import { HttpError } from './http-error'

/** Reads and validates a JSON body, answering 400 in DRF's `{field: [message]}` shape. */
export async function readJson<T extends z.ZodTypeAny>(c: AppContext, schema: T): Promise<z.infer<T>> {
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw new HttpError(400, { detail: 'Malformed JSON in the request body.' })
  }
  const parsed = schema.safeParse(body ?? {})
  if (!parsed.success) throw new HttpError(400, fieldErrors(parsed.error))
  return parsed.data
}

export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'non_field_errors'
    ;(fields[key] ??= []).push(issue.message)
  }
  return fields
}

export const requiredString = () =>
  z
    .string({ required_error: 'This field is required.', invalid_type_error: 'Not a valid string.' })
    .trim()
    .min(1, 'This field may not be blank.')
