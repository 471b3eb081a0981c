import type { WorkRefusal, WorkRefused } from '../../runtime/work-pool'

/** An error the API answers with, rendered in Django REST Framework's shape by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${status}`)
  }
}

export const badRequest = (fields: Record<string, string[]>) => new HttpError(400, fields)
export const formError = (message: string) => new HttpError(400, { non_field_errors: [message] })
export const unauthorized = (detail: string, code?: string) => new HttpError(401, code ? { detail, code } : { detail })
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new HttpError(403, { detail })
export const notFound = (detail = 'Not found.') => new HttpError(404, { detail })

// How long to wait before asking again: a user's own report is done in seconds; a queue full of
// others' work, or one that ran out of time, in about a minute.
const REFUSALS: Record<WorkRefusal, { status: 413 | 429 | 503; retryAfterSeconds?: number }> = {
  'owner-busy': { status: 429, retryAfterSeconds: 5 },
  busy: { status: 503, retryAfterSeconds: 30 },
  deadline: { status: 503, retryAfterSeconds: 60 },
  memory: { status: 413 },
}

/** Heavy work the pool would not do (runtime/work-pool.ts), as the answer that says so and when to retry. */
export function refusalError(refused: WorkRefused) {
  const { status, retryAfterSeconds } = REFUSALS[refused.reason]
  return new HttpError(
    status,
    { detail: refused.message },
    retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : {},
  )
}

/**
 * The SQLSTATE of a PostgreSQL "data exception" (class 22: invalid byte sequence, invalid text for a
 * number, value out of range...) anywhere in an error's cause chain, else undefined. Such an error
 * means a value from the request reached the database unchecked: the request is at fault, not the
 * server, so the error handler answers 400 rather than 500.
 */
export function dataExceptionCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
