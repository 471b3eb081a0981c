import { z } from 'zod'

import { idFrom } from '../../shared/ids'
import { canonicalTimeZone } from '../../shared/time-zones'
import { innerSchema } from '../../shared/zod-schema'
import type { AppContext, AppEnv } from './hono-env'
import { HttpError, notFound } from './http-error'

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Reads and validates a JSON body, answering 400 in DRF's `{field: [message]}` shape. The body must
 * be UTF-8 (RFC 8259) and a JSON object, and no string in it may hold a NUL character or half of a
 * surrogate pair: PostgreSQL cannot store either, and would answer a 500 where the client erred.
 */
export async function readJson<T extends z.ZodTypeAny, E extends AppEnv>(
  c: AppContext<E>,
  schema: T,
): Promise<z.infer<T>> {
  // Read errors (the body limit, a client gone) are not the JSON's fault: they go to their handlers.
  const bytes = await c.req.arrayBuffer()
  let body: unknown
  try {
    body = JSON.parse(strictUtf8.decode(bytes))
  } catch (error) {
    if (error instanceof TypeError) throw new HttpError(400, { detail: 'The request body is not valid UTF-8.' })
    throw new HttpError(400, { detail: 'Malformed JSON in the request body.' })
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, { non_field_errors: ['Invalid data. Expected a JSON object.'] })
  }
  const unstorable = unstorableText(body)
  if (unstorable) throw new HttpError(400, unstorable)
  const overlong = overlongList(body, schema)
  if (overlong) throw new HttpError(400, overlong)
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new HttpError(400, fieldErrors(parsed.error))
  return parsed.data
}

/** A whole number from `min` to `max` in the query string, refused with DRF's messages. */
export const queryInteger = (min: number, max: number) =>
  z.coerce
    .number({ invalid_type_error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(min, `Ensure this value is greater than or equal to ${min}.`)
    .max(max, `Ensure this value is less than or equal to ${max}.`)

/** Reads and validates the query string, answering 400 in DRF's shape like `readJson`. */
export function readQuery<T extends z.ZodTypeAny, E extends AppEnv>(c: AppContext<E>, schema: T): z.infer<T> {
  const parsed = schema.safeParse(c.req.query())
  if (!parsed.success) throw new HttpError(400, fieldErrors(parsed.error))
  return parsed.data
}

const NUL = /\u0000/
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/**
 * The first string (or key) in a parsed JSON value that PostgreSQL's text cannot hold, as a field
 * error. Walked with a stack of its own, not recursion: a 1 MB body can nest arrays 500,000 deep.
 */
function unstorableText(root: object): Record<string, string[]> | null {
  type Entry = { value: unknown; key: string; parent: Entry | null }
  const pathOf = (entry: Entry) => {
    const keys: string[] = []
    for (let at: Entry | null = entry; at?.parent; at = at.parent) keys.unshift(at.key)
    return keys.join('.') || 'non_field_errors'
  }
  const stack: Entry[] = [{ value: root, key: '', parent: null }]
  while (stack.length) {
    const entry = stack.pop()!
    if (typeof entry.value === 'string') {
      const message = textProblem(entry.value)
      if (message) return { [pathOf(entry)]: [message] }
    } else if (typeof entry.value === 'object' && entry.value !== null) {
      for (const [key, value] of Object.entries(entry.value)) {
        const message = textProblem(key)
        if (message) return { non_field_errors: [message] }
        stack.push({ value, key, parent: entry })
      }
    }
  }
  return null
}

/**
 * The first list in a body longer than its schema's `.max()`, as its field error. zod checks a
 * list's length only after parsing every item, and a 360 KB body of 120,000 empty sections took
 * 15 s to refuse item by item; checked first, the list's items are never read.
 */
function overlongList(value: unknown, schema: z.ZodTypeAny, path: string[] = []): Record<string, string[]> | null {
  const node = innerSchema(schema)
  if (Array.isArray(value) && node instanceof z.ZodArray) {
    const max = (node as z.ZodArray<z.ZodTypeAny>)._def.maxLength
    if (max && value.length > max.value) {
      return {
        [path.join('.') || 'non_field_errors']: [
          max.message ?? `Ensure this list has no more than ${max.value} items.`,
        ],
      }
    }
    for (const [index, item] of value.entries()) {
      const found = overlongList(item, node.element as z.ZodTypeAny, [...path, String(index)])
      if (found) return found
    }
  } else if (typeof value === 'object' && value !== null && node instanceof z.ZodObject) {
    const shape = node.shape as Record<string, z.ZodTypeAny>
    for (const [key, item] of Object.entries(value)) {
      const found = Object.hasOwn(shape, key) ? overlongList(item, shape[key]!, [...path, key]) : null
      if (found) return found
    }
  }
  return null
}

const textProblem = (text: string) =>
  NUL.test(text) ? 'Null characters are not allowed.' : LONE_SURROGATE.test(text) ? 'Not valid Unicode text.' : null

/** Zod issues as DRF field errors; an unknown field is named as the field it is (`{extra: ['Unknown field.']}`). */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  // A Map, not an object: the client names the keys, and `__proto__` or `constructor` would find
  // Object.prototype's members instead of a list of messages.
  const fields = new Map<string, string[]>()
  const add = (key: string, message: string) => fields.set(key, [...(fields.get(key) ?? []), message])
  for (const issue of error.issues) {
    const prefix = issue.path.join('.')
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(prefix ? `${prefix}.${key}` : key, issue.message)
      continue
    }
    add(prefix || 'non_field_errors', issue.message)
  }
  return Object.fromEntries(fields)
}

export const requiredString = () =>
  z
    .string({ required_error: 'This field is required.', invalid_type_error: 'Not a valid string.' })
    .trim()
    .min(1, 'This field may not be blank.')

/** An id from the path: a whole number from 1 to MAX_ID, else 404, since no row can have it. */
export function pathId(raw: string | undefined, detail = 'Not found.') {
  const id = idFrom(raw)
  if (id === null) throw notFound(detail)
  return id
}

/** An IANA time zone Intl knows ("Europe/Amsterdam"), as its canonical name. */
export const TimeZoneSchema = z.string({ invalid_type_error: 'Not a valid string.' }).transform((value, context) => {
  const zone = canonicalTimeZone(value)
  if (!zone) context.addIssue({ code: 'custom', message: `"${value.slice(0, 64)}" is not a known time zone.` })
  return zone ?? z.NEVER
})

/**
 * `?time_zone=`: the reader's zone, whose calendar a page's "today" is on. Without it, the zone the
 * caller chose, else `?fallback_time_zone=` (the browser's), else UTC (`readerTimeZone`): a page's
 * call then needs nothing of the caller's profile, which comes with it (decision 079).
 */
export const ReaderQuerySchema = z.object({
  time_zone: TimeZoneSchema.optional(),
  fallback_time_zone: TimeZoneSchema.optional(),
})

/** The zone of ReaderQuerySchema's rule; undefined is UTC. */
export const readerTimeZone = (query: z.infer<typeof ReaderQuerySchema>, chosen: string | null) =>
  query.time_zone ?? chosen ?? query.fallback_time_zone
